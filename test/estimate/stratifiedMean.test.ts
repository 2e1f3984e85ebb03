import { describe, expect, it } from "vitest";
import { stratifiedMean } from "../../src/estimate/stratifiedMean.js";

const f = (xs: number[]) => new Float64Array(xs);
const i32 = (xs: number[]) => new Int32Array(xs);

describe("stratifiedMean(y, strata, stratumSizes, options)", () => {
  it("weights stratum means by N_h / N and applies the fpc, worked by hand", () => {
    // stratum 0: y = 1, 3 (mean 2, s^2 = 2), N_0 = 10, W = 0.25, fpc 0.8 -> 0.0625 * 0.8 * 2 / 2 = 0.05
    // stratum 1: y = 10, 14 (mean 12, s^2 = 8), N_1 = 30, W = 0.75, fpc 28/30 -> 0.5625 * 28/30 * 8 / 2 = 2.1
    const e = stratifiedMean(f([1, 10, 3, 14]), i32([0, 1, 0, 1]), i32([10, 30]));
    expect(e.estimate).toBeCloseTo(9.5, 15);
    expect(e.variance).toBeCloseTo(2.15, 14);
    expect(e.n).toBe(4);
    expect(e.method).toBe("stratifiedMean");
  });

  it("reduces to SRS with fpc for one stratum", () => {
    // y = 2, 4, 9: mean 5, s^2 = (9 + 1 + 16) / 2 = 13, N = 6: (1 - 3/6) * 13 / 3
    const e = stratifiedMean(f([2, 4, 9]), i32([0, 0, 0]), i32([6]));
    expect(e.estimate).toBe(5);
    expect(e.variance).toBeCloseTo((0.5 * 13) / 3, 15);
  });

  it("gives a census stratum (n_h = N_h, also N_h = 1) zero variance and ignores empty strata", () => {
    // stratum 0 census of 1 unit (y = 7), stratum 1 census of 2, stratum 2 has N_h = 0
    const e = stratifiedMean(f([7, 1, 3]), i32([0, 1, 1]), i32([1, 2, 0]));
    expect(e.estimate).toBeCloseTo((7 + 1 + 3) / 3, 15);
    expect(e.variance).toBe(0);
  });

  it("does not mutate its inputs", () => {
    const y = f([1, 10, 3, 14]);
    const strata = i32([0, 1, 0, 1]);
    const sizes = i32([10, 30]);
    stratifiedMean(y, strata, sizes, { level: 0.9 });
    expect(y).toEqual(f([1, 10, 3, 14]));
    expect(strata).toEqual(i32([0, 1, 0, 1]));
    expect(sizes).toEqual(i32([10, 30]));
  });

  describe("rejects bad input", () => {
    const y = f([1, 3, 10, 14]);
    const s = i32([0, 0, 1, 1]);
    const cases: [string, () => unknown, ErrorConstructor, RegExp][] = [
      [
        "y not a Float64Array",
        () => stratifiedMean("1, 3" as never, i32([0, 0]), i32([5])),
        TypeError,
        /y must be a Float64Array/,
      ],
      [
        "strata not an Int32Array",
        () => stratifiedMean(y, "0, 0, 1, 1" as never, i32([5, 5])),
        TypeError,
        /strata must be an Int32Array/,
      ],
      [
        "stratumSizes not an Int32Array",
        () => stratifiedMean(y, s, "55" as never),
        TypeError,
        /stratumSizes must be an Int32Array/,
      ],
      [
        "NaN in y",
        () => stratifiedMean(f([1, Number.NaN, 10, 14]), s, i32([5, 5])),
        RangeError,
        /y\[1\] is not finite/,
      ],
      [
        "lengths differ",
        () => stratifiedMean(f([1, 3, 10]), s, i32([5, 5])),
        RangeError,
        /y and strata lengths differ \(3 vs 4\)/,
      ],
      [
        "stratum id out of range",
        () => stratifiedMean(y, i32([0, 0, 2, 2]), i32([5, 5])),
        RangeError,
        /strata\[2\] must lie in \[0, 1\]/,
      ],
      [
        "negative stratum id",
        () => stratifiedMean(y, i32([-1, 0, 1, 1]), i32([5, 5])),
        RangeError,
        /strata\[0\] must lie in/,
      ],
      [
        "negative stratum size",
        () => stratifiedMean(y, s, i32([5, -5])),
        RangeError,
        /stratumSizes\[1\] must lie in/,
      ],
      [
        "no strata",
        () => stratifiedMean(f([]), i32([]), i32([])),
        RangeError,
        /stratumSizes is empty/,
      ],
      [
        "all sizes zero (empty population)",
        () => stratifiedMean(f([]), i32([]), i32([0, 0])),
        RangeError,
        /all zero/,
      ],
      [
        "more sampled units than N_h",
        () => stratifiedMean(y, s, i32([1, 5])),
        RangeError,
        /^stratifiedMean: stratum 0 of strata has more sampled units than its size stratumSizes\[0\] \(2 vs 1\)/,
      ],
      [
        "unsampled non-empty stratum",
        () => stratifiedMean(y, s, i32([5, 5, 3])),
        RangeError,
        // names the arguments (was "stratum 2 has no sampled unit (N_h = 3)")
        /^stratifiedMean: stratum 2 of strata has no sampled unit \(stratumSizes\[2\] = 3\)/,
      ],
      [
        "single unit out of several",
        () => stratifiedMean(f([1, 3, 10]), i32([0, 0, 1]), i32([5, 5])),
        RangeError,
        /stratum 1 has a single sampled unit out of 5/,
      ],
      [
        "options not an object",
        () => stratifiedMean(y, s, i32([5, 5]), [] as never),
        TypeError,
        /options must be an object/,
      ],
      [
        "level 0",
        () => stratifiedMean(y, s, i32([5, 5]), { level: 0 }),
        RangeError,
        /level must be greater than 0/,
      ],
    ];
    for (const [what, call, type, message] of cases) {
      it(what, () => {
        expect(call).toThrow(type);
        expect(call).toThrow(/^stratifiedMean: /);
        expect(call).toThrow(message);
      });
    }
  });
});
