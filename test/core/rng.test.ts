import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";

describe("createRng(seed)", () => {
  it("is deterministic and agrees for numeric and string seeds", () => {
    const a = createRng(42);
    const b = createRng("42");
    const xs = Array.from({ length: 5 }, () => a());
    expect(xs).toEqual(Array.from({ length: 5 }, () => b()));
    expect(xs[0]).toBe(0.6848634963389486);
  });
  it("yields values in [0, 1) with mean near 1/2", () => {
    const r = createRng("u");
    let s = 0;
    let outside = 0;
    for (let i = 0; i < 100_000; i++) {
      const u = r();
      if (!(u >= 0 && u < 1)) outside++;
      s += u;
    }
    expect(outside).toBe(0);
    // SE of the mean of 1e5 uniforms is 0.000913; allow 5 SE
    expect(Math.abs(s / 100_000 - 0.5)).toBeLessThan(5 * 0.000913);
  });
  it("different seeds give different streams", () => {
    expect(createRng(1)()).not.toBe(createRng(2)());
  });
  it("rejects bad seeds", () => {
    expect(() => createRng(Number.NaN)).toThrow(RangeError);
    expect(() => createRng(Number.NaN)).toThrow(/createRng: seed/);
    expect(() => createRng(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => createRng({} as unknown as string)).toThrow(TypeError);
  });
});
