import { describe, expect, it } from "vitest";
import { normalQuantile } from "../../src/core/normal.js";
import { studentTQuantile } from "../../src/core/studentT.js";
import { hansenHurwitz } from "../../src/estimate/hansenHurwitz.js";

const f = (xs: number[]) => new Float64Array(xs);

describe("hansenHurwitz(y, p, N, options)", () => {
  it("estimates the mean and its variance from with-replacement draws, worked by hand", () => {
    // t = y / p = 20, 20, 13.333; T = 53.333 / 3 = 17.778; mean = T / 10
    // v(T) = sum (t - T)^2 / (3 * 2) = (2.2222^2 * 2 + 4.4444^2) / 6 = 29.6296 / 6 = 4.9383; / 10^2
    const e = hansenHurwitz(f([2, 6, 4]), f([0.1, 0.3, 0.3]), 10);
    expect(e.estimate).toBeCloseTo(160 / 9 / 10, 15);
    expect(e.variance).toBeCloseTo(((20 / 9) ** 2 * 2 + (40 / 9) ** 2) / 6 / 100, 15);
    expect(e.n).toBe(3);
    expect(e.method).toBe("hansenHurwitz");
    expect(e.interval).toBe("t");
    expect(e.ci[1] - e.estimate).toBeCloseTo(studentTQuantile(0.975, 2) * e.se, 14);
  });

  it("counts a unit drawn twice as two draws", () => {
    // unit with y = 3, p = 0.5 drawn twice, unit y = 1, p = 0.25 once: t = 6, 6, 4
    const e = hansenHurwitz(f([3, 3, 1]), f([0.5, 0.5, 0.25]), 4);
    expect(e.estimate).toBeCloseTo(16 / 3 / 4, 15);
    expect(e.n).toBe(3);
  });

  it("gives zero variance when y is proportional to p", () => {
    expect(hansenHurwitz(f([1, 3]), f([0.1, 0.3]), 5).variance).toBe(0);
  });

  it("allows N smaller than the number of draws", () => {
    expect(hansenHurwitz(f([1, 1, 1]), f([0.5, 0.5, 0.5]), 2).estimate).toBe(1);
  });

  it("uses the requested level", () => {
    const e = hansenHurwitz(f([2, 6, 4]), f([0.1, 0.3, 0.3]), 10, { level: 0.8, interval: "wald" });
    expect(e.level).toBe(0.8);
    expect(e.ci[1] - e.estimate).toBeCloseTo(normalQuantile(0.9) * e.se, 14);
  });

  it("does not mutate its inputs", () => {
    const y = f([2, 6, 4]);
    const p = f([0.1, 0.3, 0.3]);
    hansenHurwitz(y, p, 10);
    expect(y).toEqual(f([2, 6, 4]));
    expect(p).toEqual(f([0.1, 0.3, 0.3]));
  });

  describe("rejects bad input", () => {
    const cases: [string, () => unknown, ErrorConstructor, RegExp][] = [
      [
        "y not a Float64Array",
        () => hansenHurwitz("1, 2" as never, f([0.5, 0.5]), 2),
        TypeError,
        /y must be a Float64Array/,
      ],
      [
        "p not a Float64Array",
        () => hansenHurwitz(f([1, 2]), "0.5, 0.5" as never, 2),
        TypeError,
        /p must be a Float64Array/,
      ],
      [
        "NaN in y",
        () => hansenHurwitz(f([1, Number.NaN]), f([0.5, 0.5]), 2),
        RangeError,
        /y\[1\] is not finite/,
      ],
      [
        "-Infinity in p",
        () => hansenHurwitz(f([1, 2]), f([Number.NEGATIVE_INFINITY, 0.5]), 2),
        RangeError,
        /p\[0\] is not finite/,
      ],
      [
        "p = 0",
        () => hansenHurwitz(f([1, 2]), f([0, 0.5]), 2),
        RangeError,
        /p\[0\] must lie in \(0, 1\]/,
      ],
      [
        "p > 1",
        () => hansenHurwitz(f([1, 2]), f([2, 0.5]), 2),
        RangeError,
        /p\[0\] must lie in \(0, 1\]/,
      ],
      [
        "lengths differ",
        () => hansenHurwitz(f([1, 2]), f([0.5]), 2),
        RangeError,
        /y and p lengths differ \(2 vs 1\)/,
      ],
      [
        "a single draw",
        () => hansenHurwitz(f([1]), f([0.5]), 2),
        RangeError,
        /at least two draws for a variance estimate \(got 1\)/,
      ],
      [
        "no draw",
        () => hansenHurwitz(f([]), f([]), 2),
        RangeError,
        /at least two draws for a variance estimate \(got 0\)/,
      ],
      [
        "N = 0",
        () => hansenHurwitz(f([1, 2]), f([0.5, 0.5]), 0),
        RangeError,
        /N must be at least 1/,
      ],
      [
        "N not an integer",
        () => hansenHurwitz(f([1, 2]), f([0.5, 0.5]), 2.5),
        RangeError,
        /N must be an integer/,
      ],
      [
        "options not an object",
        () => hansenHurwitz(f([1, 2]), f([0.5, 0.5]), 2, null as never),
        TypeError,
        /options must be an object/,
      ],
      [
        "level NaN",
        () => hansenHurwitz(f([1, 2]), f([0.5, 0.5]), 2, { level: Number.NaN }),
        RangeError,
        /level must be finite/,
      ],
    ];
    for (const [what, call, type, message] of cases) {
      it(what, () => {
        expect(call).toThrow(type);
        expect(call).toThrow(/^hansenHurwitz: /);
        expect(call).toThrow(message);
      });
    }
  });
});
