import { describe, expect, it } from "vitest";
import { maxError } from "../../src/stats/maxError.js";
import { fixture } from "./_fixture.js";

const f = (v: number[]) => Float64Array.from(v);

describe("maxError(estimates, truth) inputs", () => {
  it("leaves inputs unchanged and ignores the sign of errors", () => {
    const e = Float64Array.from([0.5, 0.9, 0.1]);
    expect(maxError(e, 0.5)).toBeCloseTo(0.4, 15);
    expect(Array.from(e)).toEqual([0.5, 0.9, 0.1]);
  });
});

describe("maxError(estimates, truth)", () => {
  it("computes worked examples by hand", () => {
    // errors -0.02, 0.03, -0.04 -> 0.04 (up to rounding of 0.68 - 0.72)
    expect(maxError(f([0.7, 0.75, 0.68]), 0.72)).toBeCloseTo(0.04, 15);
    expect(maxError(f([1, 2]), f([1, 4]))).toBe(2);
  });

  it("matches numpy (test/fixtures/stats.json)", () => {
    for (const c of fixture.errors) {
      expect(maxError(f(c.estimates), c.truthScalar)).toBe(c.maxErrorScalar);
      expect(maxError(f(c.estimates), f(c.truth))).toBe(c.maxError);
    }
  });

  it("rejects bad input with typed errors", () => {
    expect(() => maxError(f([]), 1)).toThrow(/maxError: estimates is empty/);
    expect(() => maxError(f([1]), f([1, 2]))).toThrow(
      /maxError: estimates and truth lengths differ/,
    );
    expect(() => maxError(f([1]), Number.NaN)).toThrow(RangeError);
  });
});
