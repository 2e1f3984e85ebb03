import { describe, expect, it } from "vitest";
import { raoHartleyCochran } from "../../src/estimate/raoHartleyCochran.js";

const f = (xs: number[]) => new Float64Array(xs);
const y = f([4, 9]);
const share = f([0.5, 0.75]);
const total = f([0.6, 0.4]);

describe("raoHartleyCochran(y, groupShare, groupTotal, N, options)", () => {
  it("estimates the mean and the RHC variance, worked by hand (unequal groups)", () => {
    // N = 5, n = 2: groups of 3 and 2 units, sum N_g^2 = 13, factor (13 - 5) / (25 - 13) = 2/3
    // T = 4 / 0.5 + 9 / 0.75 = 20; p = share * total = 0.3, 0.3; y / p = 13.333, 30
    // v(T) = 2/3 * (0.6 * (13.333 - 20)^2 + 0.4 * (30 - 20)^2) = 2/3 * 66.667 = 44.444; / 5^2
    const e = raoHartleyCochran(y, share, total, 5);
    expect(e.estimate).toBe(4);
    expect(e.variance).toBeCloseTo(((2 / 3) * (0.6 * (40 / 3 - 20) ** 2 + 40)) / 25, 14);
    expect(e.method).toBe("rhc");
    expect(e.n).toBe(2);
  });

  it("uses the floor/ceil group sizes: N = 4, n = 2 gives equal groups of 2", () => {
    // sum N_g^2 = 8, factor (8 - 4) / (16 - 8) = 1/2
    const e = raoHartleyCochran(y, share, total, 4);
    expect(e.variance).toBeCloseTo((0.5 * (0.6 * (40 / 3 - 20) ** 2 + 40)) / 16, 14);
  });

  it("has zero variance when every group is one unit (n = N)", () => {
    const e = raoHartleyCochran(f([1, 2, 3]), f([1, 1, 1]), f([0.2, 0.3, 0.5]), 3);
    expect(e.estimate).toBe(2);
    expect(e.variance).toBe(0);
  });

  it("does not mutate its inputs", () => {
    raoHartleyCochran(y, share, total, 5);
    expect(y).toEqual(f([4, 9]));
    expect(share).toEqual(f([0.5, 0.75]));
    expect(total).toEqual(f([0.6, 0.4]));
  });

  describe("rejects bad input", () => {
    const cases: [string, () => unknown, ErrorConstructor, RegExp][] = [
      [
        "y not a Float64Array",
        () => raoHartleyCochran("4, 9" as never, share, total, 5),
        TypeError,
        /y must be a Float64Array/,
      ],
      [
        "groupTotal not a Float64Array",
        () => raoHartleyCochran(y, share, "0.6, 0.4" as never, 5),
        TypeError,
        /groupTotal must be a Float64Array/,
      ],
      [
        "NaN in y",
        () => raoHartleyCochran(f([Number.NaN, 9]), share, total, 5),
        RangeError,
        /y\[0\] is not finite/,
      ],
      [
        "groupShare = 0",
        () => raoHartleyCochran(y, f([0, 0.75]), total, 5),
        RangeError,
        /groupShare\[0\] must lie in \(0, 1\]/,
      ],
      [
        "groupShare > 1",
        () => raoHartleyCochran(y, f([1.5, 0.75]), total, 5),
        RangeError,
        /groupShare\[0\] must lie in \(0, 1\]/,
      ],
      [
        "groupTotal NaN",
        () => raoHartleyCochran(y, share, f([Number.NaN, 0.4]), 5),
        RangeError,
        /groupTotal\[0\] is not finite/,
      ],
      [
        "groupShare length differs",
        () => raoHartleyCochran(y, f([0.5]), total, 5),
        RangeError,
        /y and groupShare lengths differ/,
      ],
      [
        "groupTotal length differs",
        () => raoHartleyCochran(y, share, f([1]), 5),
        RangeError,
        /y and groupTotal lengths differ/,
      ],
      [
        "groupTotal not summing to 1",
        () => raoHartleyCochran(y, share, f([0.6, 0.3]), 5),
        RangeError,
        /groupTotal must sum to 1/,
      ],
      [
        "a single group",
        () => raoHartleyCochran(f([4]), f([0.5]), f([1]), 5),
        RangeError,
        /at least two groups for a variance estimate \(got 1\)/,
      ],
      [
        "N below n",
        () => raoHartleyCochran(y, share, total, 1),
        RangeError,
        /N must be at least the number of groups \(1 vs 2\)/,
      ],
      [
        "N not an integer",
        () => raoHartleyCochran(y, share, total, 4.5),
        RangeError,
        /N must be an integer/,
      ],
      [
        "options not an object",
        () => raoHartleyCochran(y, share, total, 5, 0.9 as never),
        TypeError,
        /options must be an object/,
      ],
      [
        "level > 1",
        () => raoHartleyCochran(y, share, total, 5, { level: 2 }),
        RangeError,
        /level must be less than 1/,
      ],
    ];
    for (const [what, call, type, message] of cases) {
      it(what, () => {
        expect(call).toThrow(type);
        expect(call).toThrow(/^raoHartleyCochran: /);
        expect(call).toThrow(message);
      });
    }
  });
});
