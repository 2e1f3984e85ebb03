import { describe, expect, it } from "vitest";
import { holm } from "../../src/stats/holm.js";

describe("holm(pValues)", () => {
  it("adjusts a worked example by hand", () => {
    // sorted: 0.005 (x4 = 0.02), 0.01 (x3 = 0.03), 0.03 (x2 = 0.06), 0.04 (x1 = 0.04 -> max 0.06)
    const r = holm(new Float64Array([0.01, 0.04, 0.03, 0.005]));
    expect(Array.from(r).map((v) => +v.toFixed(12))).toEqual([0.03, 0.06, 0.06, 0.02]);
  });

  it("caps at 1, accepts the empty family, keeps input unchanged", () => {
    const p = new Float64Array([0.5, 0.9]);
    expect(Array.from(holm(p))).toEqual([1, 1]);
    expect(p).toEqual(new Float64Array([0.5, 0.9]));
    expect(holm(new Float64Array(0)).length).toBe(0);
  });

  it("rejects bad input with typed errors", () => {
    expect(() => holm("0.1" as never)).toThrow(TypeError);
    expect(() => holm(new Float64Array([0.1, Number.NaN]))).toThrow(
      /holm: pValues\[1\] is not finite/,
    );
    expect(() => holm(new Float64Array([1.5]))).toThrow(/holm: pValues\[0\] is above 1/);
    expect(() => holm(new Float64Array([-0.1]))).toThrow(/holm: pValues\[0\] is below 0/);
  });
});
