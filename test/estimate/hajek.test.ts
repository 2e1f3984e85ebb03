import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { hajek } from "../../src/estimate/hajek.js";
import { horvitzThompson } from "../../src/estimate/horvitzThompson.js";

const f = (xs: number[]) => new Float64Array(xs);
const y = f([3, 5, 10]);
const pik = f([0.2, 0.4, 0.8]);
const pi2 = rowMatrix([
  [0.2, 0.05, 0.15],
  [0.05, 0.4, 0.3],
  [0.15, 0.3, 0.8],
]);

describe("hajek(y, pik, options)", () => {
  it("estimates the mean as sum(y / pik) / sum(1 / pik)", () => {
    // (15 + 12.5 + 12.5) / (5 + 2.5 + 1.25) = 40 / 8.75 = 32 / 7
    expect(hajek(y, pik).estimate).toBeCloseTo(32 / 7, 15);
  });

  it("equals the sample mean when every pik is equal", () => {
    expect(hajek(f([1, 2, 6]), f([0.3, 0.3, 0.3])).estimate).toBeCloseTo(3, 15);
  });

  it("linearised variance = HT variance of the residuals y - estimate, over Nhat^2", () => {
    // residuals -11/7, 3/7, 38/7; horvitzThompson with N = 1 returns the variance of the total
    const e = f([3 - 32 / 7, 5 - 32 / 7, 10 - 32 / 7]);
    const nHat2 = 8.75 ** 2;
    for (const variance of ["syg", "ht"] as const) {
      const h = hajek(y, pik, { pi2, variance });
      expect(h.method).toBe(`hajek (${variance})`);
      expect(h.variance).toBeCloseTo(
        horvitzThompson(e, pik, 3, { pi2, variance }).variance * (9 / nHat2),
        14,
      );
    }
    const d = hajek(y, pik);
    expect(d.method).toBe("hajek (deville)");
    expect(d.variance).toBeCloseTo(horvitzThompson(e, pik, 3).variance * (9 / nHat2), 14);
  });

  it("has zero variance when y is constant (all residuals 0)", () => {
    const h = hajek(f([4, 4, 4]), pik, { pi2, variance: "ht" });
    expect(h.estimate).toBeCloseTo(4, 15);
    expect(Math.abs(h.variance)).toBeLessThan(1e-28);
  });

  it("reports a negative variance as computed: se NaN, interval the whole line", () => {
    // residuals e = (-0.5, 0.5) (estimate 1.5); SYG: (0.25 - 0.4) / 0.4 * (-1 - 1)^2 = -1.5; Nhat = 4
    const h = hajek(f([1, 2]), f([0.5, 0.5]), {
      pi2: rowMatrix([
        [0.5, 0.4],
        [0.4, 0.5],
      ]),
    });
    expect(h.variance).toBeCloseTo(-1.5 / 16, 15);
    expect(h.se).toBeNaN();
    expect(h.ci).toEqual([Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY]);
  });

  it("does not mutate its inputs", () => {
    const yc = y.slice();
    const pc = pik.slice();
    const dc = pi2.data.slice();
    hajek(y, pik, { pi2 });
    hajek(y, pik);
    expect(y).toEqual(yc);
    expect(pik).toEqual(pc);
    expect(pi2.data).toEqual(dc);
  });

  describe("rejects bad input", () => {
    const cases: [string, () => unknown, ErrorConstructor, RegExp][] = [
      [
        "y not a Float64Array",
        () => hajek("1" as never, f([0.5])),
        TypeError,
        /y must be a Float64Array/,
      ],
      [
        "NaN in y",
        () => hajek(f([Number.NaN, 1]), f([0.5, 0.5])),
        RangeError,
        /y\[0\] is not finite/,
      ],
      ["pik = 0", () => hajek(f([1, 2]), f([0, 0.5])), RangeError, /pik\[0\] must lie in \(0, 1\]/],
      [
        "pik > 1",
        () => hajek(f([1, 2]), f([0.5, 1.01])),
        RangeError,
        /pik\[1\] must lie in \(0, 1\]/,
      ],
      ["lengths differ", () => hajek(f([1, 2]), f([0.5])), RangeError, /y and pik lengths differ/],
      ["empty sample", () => hajek(f([]), f([])), RangeError, /y is empty/],
      [
        "options not an object",
        () => hajek(y, pik, "ht" as never),
        TypeError,
        /options must be an object/,
      ],
      [
        "level out of (0, 1)",
        () => hajek(y, pik, { level: 95 }),
        RangeError,
        /level must be less than 1/,
      ],
      [
        "unknown variance",
        () => hajek(y, pik, { pi2, variance: "HT" as never }),
        RangeError,
        /options.variance must be/,
      ],
      [
        "syg without pi2",
        () => hajek(y, pik, { variance: "syg" }),
        RangeError,
        /needs options.pi2/,
      ],
      [
        "pi2 of the wrong shape",
        () => hajek(f([1, 2]), f([0.5, 0.5]), { pi2 }),
        RangeError,
        /options.pi2 must be 2 x 2/,
      ],
      [
        "deville with a single unit",
        () => hajek(f([1]), f([0.5])),
        RangeError,
        /at least two sampled units with pik < 1/,
      ],
    ];
    for (const [what, call, type, message] of cases) {
      it(what, () => {
        expect(call).toThrow(type);
        expect(call).toThrow(/^hajek: /);
        expect(call).toThrow(message);
      });
    }
  });
});
