import { describe, expect, it } from "vitest";
import { normalQuantile } from "../../src/core/normal.js";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { studentTQuantile } from "../../src/core/studentT.js";
import { horvitzThompson } from "../../src/estimate/horvitzThompson.js";

const f = (xs: number[]) => new Float64Array(xs);
const y = f([3, 5, 10]);
const pik = f([0.2, 0.4, 0.8]);
const pi2 = rowMatrix([
  [0.2, 0.05, 0.15],
  [0.05, 0.4, 0.3],
  [0.15, 0.3, 0.8],
]);

describe("horvitzThompson(y, pik, N, options)", () => {
  it("estimates the mean as sum(y / pik) / N", () => {
    // y / pik = 15, 12.5, 12.5 -> total 40 -> mean 40 / 20 = 2
    expect(horvitzThompson(y, pik, 20).estimate).toBe(2);
  });

  it("Sen–Yates–Grundy variance (the default with pi2), worked by hand", () => {
    // pairs (k, l): (pik_k pik_l - pi_kl) / pi_kl * (y_k/pik_k - y_l/pik_l)^2
    // (0,1): (0.08 - 0.05) / 0.05 * 2.5^2 = 3.75; (0,2): (0.16 - 0.15) / 0.15 * 2.5^2 = 0.41667;
    // (1,2): difference 0 -> 0. Total 4.16667, / 20^2 = 0.0104167
    const e = horvitzThompson(y, pik, 20, { pi2 });
    expect(e.method).toBe("horvitzThompson (syg)");
    expect(e.variance).toBeCloseTo((3.75 + 6.25 / 15) / 400, 15);
  });

  it("Horvitz–Thompson variance form, worked by hand", () => {
    // diagonal (1 - pik) (y/pik)^2: 0.8*225 + 0.6*156.25 + 0.2*156.25 = 305
    // pairs 2 (pi_kl - pik_k pik_l) / pi_kl * (y_k/pik_k)(y_l/pik_l):
    // (0,1): 2 * (-0.03 / 0.05) * 187.5 = -225; (0,2): 2 * (-0.01 / 0.15) * 187.5 = -25;
    // (1,2): 2 * (-0.02 / 0.3) * 156.25 = -20.8333. Sum 34.1667, / 400
    const e = horvitzThompson(y, pik, 20, { pi2, variance: "ht" });
    expect(e.variance).toBeCloseTo((305 - 225 - 25 - 62.5 / 3) / 400, 14);
  });

  it("Deville's variance (the default without pi2), worked by hand", () => {
    // a = (0.8, 0.6, 0.2) / 1.6 = (0.5, 0.375, 0.125); A = 7.5 + 4.6875 + 1.5625 = 13.75
    // sum (1 - pik)(y/pik - A)^2 = (0.8 + 0.6 + 0.2) * 1.25^2 = 2.5; 1 - sum a^2 = 0.59375
    const e = horvitzThompson(y, pik, 20);
    expect(e.method).toBe("horvitzThompson (deville)");
    expect(e.variance).toBeCloseTo(2.5 / 0.59375 / 400, 15);
  });

  it("builds the t interval (df = n - 1) for real-valued y, the normal one on request", () => {
    const e = horvitzThompson(y, pik, 20, { pi2 });
    expect(e.level).toBe(0.95);
    expect(e.n).toBe(3);
    expect(e.df).toBe(2);
    expect(e.interval).toBe("t");
    expect(e.se).toBe(Math.sqrt(e.variance));
    const t = studentTQuantile(0.975, 2);
    expect(e.ci[0]).toBeCloseTo(2 - t * e.se, 14);
    expect(e.ci[1]).toBeCloseTo(2 + t * e.se, 14);
    const w = horvitzThompson(y, pik, 20, { pi2, level: 0.9, interval: "wald" });
    expect(w.ci[1] - w.estimate).toBeCloseTo(normalQuantile(0.95) * e.se, 14);
  });

  it("reports a negative SYG variance as computed: se NaN, interval the whole line", () => {
    // pi_12 = 0.4 > pik_1 pik_2 = 0.25: (0.25 - 0.4) / 0.4 * (1/0.5 - 2/0.5)^2 = -1.5, / 4^2
    const e = horvitzThompson(f([1, 2]), f([0.5, 0.5]), 4, {
      pi2: rowMatrix([
        [0.5, 0.4],
        [0.4, 0.5],
      ]),
    });
    expect(e.estimate).toBe(1.5);
    expect(e.variance).toBeCloseTo(-1.5 / 16, 15);
    expect(e.se).toBeNaN();
    expect(e.ci).toEqual([Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY]);
  });

  it("accepts an empty sample with a 0 x 0 pi2 (Poisson sampling can draw none)", () => {
    const e = horvitzThompson(f([]), f([]), 5, {
      pi2: { data: f([]), rows: 0, cols: 0 },
      variance: "ht",
    });
    expect(e.estimate).toBe(0);
    expect(e.variance).toBe(0);
    expect(e.n).toBe(0);
    expect(e.ci).toEqual([Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY]);
    expect(e.reliable).toBe(false);
  });

  it("gives zero variance for a census (every pik = 1)", () => {
    const one = f([1, 1, 1]);
    expect(horvitzThompson(y, one, 3).variance).toBe(0);
    expect(horvitzThompson(y, one, 3).estimate).toBe(6);
  });

  it("does not mutate its inputs", () => {
    const yc = y.slice();
    const pc = pik.slice();
    const dc = pi2.data.slice();
    horvitzThompson(y, pik, 20, { pi2, variance: "ht" });
    horvitzThompson(y, pik, 20);
    expect(y).toEqual(yc);
    expect(pik).toEqual(pc);
    expect(pi2.data).toEqual(dc);
  });

  describe("rejects bad input", () => {
    const cases: [string, () => unknown, ErrorConstructor, RegExp][] = [
      [
        "y not a Float64Array",
        () => horvitzThompson("3" as never, f([0.5]), 2),
        TypeError,
        /y must be a Float64Array/,
      ],
      [
        "pik not a Float64Array",
        () => horvitzThompson(f([3]), "0.5" as never, 2),
        TypeError,
        /pik must be a Float64Array/,
      ],
      [
        "NaN in y",
        () => horvitzThompson(f([Number.NaN]), f([0.5]), 2),
        RangeError,
        /y\[0\] is not finite/,
      ],
      [
        "Infinity in y",
        () => horvitzThompson(f([Number.POSITIVE_INFINITY]), f([0.5]), 2),
        RangeError,
        /y\[0\] is not finite/,
      ],
      [
        "NaN in pik",
        () => horvitzThompson(f([1]), f([Number.NaN]), 2),
        RangeError,
        /pik\[0\] is not finite/,
      ],
      [
        "pik = 0",
        () => horvitzThompson(f([1, 2]), f([0.5, 0]), 2),
        RangeError,
        /pik\[1\] must lie in \(0, 1\]/,
      ],
      [
        "negative pik",
        () => horvitzThompson(f([1]), f([-0.2]), 2),
        RangeError,
        /pik\[0\] must lie in \(0, 1\]/,
      ],
      [
        "pik > 1",
        () => horvitzThompson(f([1]), f([1.5]), 2),
        RangeError,
        /pik\[0\] must lie in \(0, 1\]/,
      ],
      [
        "lengths differ",
        () => horvitzThompson(f([1, 2]), f([0.5]), 2),
        RangeError,
        /y and pik lengths differ \(2 vs 1\)/,
      ],
      [
        "N not an integer",
        () => horvitzThompson(f([1]), f([0.5]), 2.5),
        RangeError,
        /N must be an integer/,
      ],
      [
        "N NaN",
        () => horvitzThompson(f([1]), f([0.5]), Number.NaN),
        RangeError,
        /N must be an integer/,
      ],
      [
        "N = 0 (empty population)",
        () => horvitzThompson(f([]), f([]), 0),
        RangeError,
        /N must be at least 1/,
      ],
      [
        "N below n",
        () => horvitzThompson(f([1, 2]), f([0.5, 0.5]), 1),
        RangeError,
        /N must be at least the sample size \(1 vs 2\)/,
      ],
      [
        "options not an object",
        () => horvitzThompson(y, pik, 20, 3 as never),
        TypeError,
        /options must be an object/,
      ],
      [
        "level 1",
        () => horvitzThompson(y, pik, 20, { level: 1 }),
        RangeError,
        /level must be less than 1/,
      ],
      [
        "level 0",
        () => horvitzThompson(y, pik, 20, { level: 0 }),
        RangeError,
        /level must be greater than 0/,
      ],
      [
        "level NaN",
        () => horvitzThompson(y, pik, 20, { level: Number.NaN }),
        RangeError,
        /level must be finite/,
      ],
      [
        "unknown variance",
        () => horvitzThompson(y, pik, 20, { variance: "brewer" as never }),
        RangeError,
        /options.variance must be/,
      ],
      [
        "syg without pi2",
        () => horvitzThompson(y, pik, 20, { variance: "syg" }),
        RangeError,
        /"syg" needs options.pi2/,
      ],
      [
        "ht without pi2",
        () => horvitzThompson(y, pik, 20, { variance: "ht" }),
        RangeError,
        /"ht" needs options.pi2/,
      ],
      [
        "pi2 not a matrix",
        () => horvitzThompson(y, pik, 20, { pi2: { data: [1], rows: 1, cols: 1 } as never }),
        TypeError,
        /options.pi2.data must be a Float64Array/,
      ],
      [
        "pi2 of the wrong shape",
        () =>
          horvitzThompson(y, pik, 20, {
            pi2: rowMatrix([
              [0.2, 0.1],
              [0.1, 0.4],
            ]),
          }),
        RangeError,
        /options.pi2 must be 3 x 3/,
      ],
      [
        "pi2 with NaN",
        () =>
          horvitzThompson(f([1]), f([0.5]), 2, {
            pi2: { data: f([Number.NaN]), rows: 1, cols: 1 },
          }),
        RangeError,
        /options.pi2 has a non-finite value/,
      ],
      [
        "pi2 diagonal not pik",
        () =>
          horvitzThompson(f([1, 2]), f([0.5, 0.5]), 4, {
            pi2: rowMatrix([
              [0.4, 0.2],
              [0.2, 0.5],
            ]),
          }),
        RangeError,
        /diagonal must equal pik \(row 0/,
      ],
      [
        "pi2 not symmetric",
        () =>
          horvitzThompson(f([1, 2]), f([0.5, 0.5]), 4, {
            pi2: rowMatrix([
              [0.5, 0.2],
              [0.3, 0.5],
            ]),
          }),
        RangeError,
        /not symmetric/,
      ],
      [
        "pi2 zero off the diagonal",
        () =>
          horvitzThompson(f([1, 2]), f([0.5, 0.5]), 4, {
            pi2: rowMatrix([
              [0.5, 0],
              [0, 0.5],
            ]),
          }),
        RangeError,
        /options.pi2\[0, 1\] must lie in \(0, min/,
      ],
      [
        "pi2 above min(pik)",
        () =>
          horvitzThompson(f([1, 2]), f([0.5, 0.3]), 4, {
            pi2: rowMatrix([
              [0.5, 0.4],
              [0.4, 0.3],
            ]),
          }),
        RangeError,
        /options.pi2\[0, 1\] must lie in/,
      ],
      [
        "deville with one unit below 1",
        () => horvitzThompson(f([1, 2]), f([1, 0.5]), 4),
        RangeError,
        /at least two sampled units with pik < 1 \(got 1\)/,
      ],
      [
        "deville on an empty sample",
        () => horvitzThompson(f([]), f([]), 4),
        RangeError,
        /needs a non-empty sample/,
      ],
      [
        "overflowing result",
        () => horvitzThompson(f([1e308, 1e308]), f([0.1, 0.1]), 2),
        RangeError,
        /result is not finite/,
      ],
    ];
    for (const [what, call, type, message] of cases) {
      it(what, () => {
        expect(call).toThrow(type);
        expect(call).toThrow(/^horvitzThompson: /);
        expect(call).toThrow(message);
      });
    }
  });
});
