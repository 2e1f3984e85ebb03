import { describe, expect, it } from "vitest";
import { rmse as r, rmse } from "../../src/stats/rmse.js";
import { expectClose, fixture } from "./_fixture.js";

const f = (v: number[]) => Float64Array.from(v);

describe("rmse(estimates, truth)", () => {
  it("computes worked examples by hand", () => {
    // errors -0.02, 0.03, -0.04: mean square (4 + 9 + 16) e-4 / 3 -> sqrt(29e-4 / 3)
    expect(rmse(f([0.7, 0.75, 0.68]), 0.72)).toBeCloseTo(Math.sqrt(0.0029 / 3), 15);
    // paired: errors 0, -2 -> sqrt(4 / 2)
    expect(rmse(f([1, 2]), f([1, 4]))).toBe(Math.SQRT2);
    expect(rmse(f([3]), 3)).toBe(0);
  });

  it("leaves inputs unchanged", () => {
    const e = f([1, 2]);
    const t = f([0, 0]);
    rmse(e, t);
    expect(Array.from(e)).toEqual([1, 2]);
    expect(Array.from(t)).toEqual([0, 0]);
  });

  it("matches numpy (test/fixtures/stats.json)", () => {
    for (const c of fixture.errors) {
      expectClose(rmse(f(c.estimates), c.truthScalar), c.rmseScalar, 1e-13);
      expectClose(rmse(f(c.estimates), f(c.truth)), c.rmse, 1e-13);
    }
  });

  it("rejects bad input with typed errors", () => {
    expect(() => rmse("1" as never, 1)).toThrow(TypeError);
    expect(() => rmse(f([]), 1)).toThrow(/rmse: estimates is empty/);
    expect(() => rmse(f([Number.NaN]), 1)).toThrow(/rmse: estimates\[0\] is not finite/);
    expect(() => rmse(f([1]), Number.NaN)).toThrow(/rmse: truth must be finite/);
    expect(() => rmse(f([1, 2]), f([1]))).toThrow(
      /rmse: estimates and truth lengths differ \(2 vs 1\)/,
    );
    expect(() => rmse(f([1]), f([Number.POSITIVE_INFINITY]))).toThrow(
      /rmse: truth\[0\] is not finite/,
    );
    expect(() => rmse(f([1]), "0.5" as never)).toThrow(TypeError);
  });
});

describe("rmse at the ends of the double range", () => {
  it("scales before squaring instead of returning NaN, Infinity or 0", () => {
    expect(r(f([1e200, 1e200]), 0)).toBe(1e200);
    expect(r(f([3e200, -4e200]), 0)).toBeCloseTo(Math.sqrt(12.5) * 1e200, -186);
    expect(r(f([1e-200, -1e-200]), 0)).toBe(1e-200);
    // the differences themselves overflow: 1.5e308 - (-1.5e308)
    expect(r(f([1.5e308, 1.5e308]), f([-1.5e308, -1.5e308]))).toBe(Number.POSITIVE_INFINITY);
    expect(r(f([1.5e308, 0, 0, 0]), f([-1.5e308, 0, 0, 0]))).toBe(1.5e308);
  });
});
