import { describe, expect, it } from "vitest";
import type { ProportionIntervalInput } from "../../src/estimate/proportionInterval.js";
import { intervalMethods, proportionInterval } from "../../src/estimate/proportionInterval.js";

const base: ProportionIntervalInput = { estimate: 0.2, variance: 0.016, n: 10 };

describe("proportionInterval(input, method, level)", () => {
  it("lists the fourteen methods in their documented order", () => {
    expect(intervalMethods).toEqual([
      "wald",
      "t",
      "wilson",
      "clopperPearson",
      "hypergeometric",
      "jeffreys",
      "agrestiCoull",
      "beta",
      "betaCapped",
      "logit",
      "likelihood",
      "xlogit",
      "asin",
      "mean",
    ]);
    expect(Object.isFrozen(intervalMethods)).toBe(true);
  });

  it('"betaCapped" is "beta" with n* = min(n, p(1-p)/v (t_{n-1}/t_df)^2): Clopper-Pearson at the cap', () => {
    // n* = 0.21 / 0.03 = 7 < 10: no cap, the same numbers as "beta"
    const wide = { estimate: 0.3, variance: 0.03, n: 10 };
    expect(proportionInterval(wide, "betaCapped", 0.95)).toEqual(
      proportionInterval(wide, "beta", 0.95),
    );
    // a design effect below 1: n* = 0.21 / 0.007 = 30 > 10 is capped at 10, which at p = 3/10
    // is Clopper-Pearson for 3 of 10 (checked against binom.test in the fixtures)
    const narrow = { estimate: 0.3, variance: 0.007, n: 10 };
    const capped = proportionInterval(narrow, "betaCapped", 0.95);
    const cp = proportionInterval(
      { estimate: 0.3, variance: 0, n: 10, successes: 3 },
      "clopperPearson",
      0.95,
    );
    expect(capped[0]).toBeCloseTo(cp[0], 12);
    expect(capped[1]).toBeCloseTo(cp[1], 12);
    const uncapped = proportionInterval(narrow, "beta", 0.95);
    expect(capped[1] - capped[0]).toBeGreaterThan(uncapped[1] - uncapped[0]);
    // the df factor comes first: with df = 3, n* = 30 (t_9 / t_3)^2 = 13.2... is capped at 10 too,
    // while n* = 0.21 / 0.015 (t_9 / t_3)^2 = 6.2 is not
    const df3 = { ...narrow, df: 3 };
    const a = proportionInterval(df3, "betaCapped", 0.95);
    expect(a[0]).toBeCloseTo(cp[0], 12);
    expect(a[1]).toBeCloseTo(cp[1], 12);
    const b = { estimate: 0.3, variance: 0.015, n: 10, df: 3 };
    expect(proportionInterval(b, "betaCapped", 0.95)).toEqual(proportionInterval(b, "beta", 0.95));
    // at p = 0 the Clopper-Pearson edge uses n* = min(n, nEffective (t_{n-1}/t_df)^2)
    const zero = { estimate: 0, variance: 0, n: 10, nEffective: 25 };
    expect(proportionInterval(zero, "betaCapped", 0.95)[1]).toBeCloseTo(1 - 0.025 ** (1 / 10), 14);
    expect(proportionInterval(zero, "beta", 0.95)[1]).toBeCloseTo(1 - 0.025 ** (1 / 25), 14);
  });

  it('"wald" and "t" are not clipped; df = Infinity makes "t" the Wald interval', () => {
    const w = proportionInterval(base, "wald", 0.95);
    expect(w[0]).toBeLessThan(0);
    expect(proportionInterval({ ...base, df: Number.POSITIVE_INFINITY }, "t", 0.95)).toEqual(w);
    expect(proportionInterval({ ...base, estimate: 5 }, "t", 0.9)[1]).toBeGreaterThan(5);
  });

  it('"beta" at a vanishing variance tends to [p, p] (was [4.5e-242, 4.5e-242] below 1e-155)', () => {
    for (const variance of [1e-16, 1e-150, 1e-160, 1e-300]) {
      for (const m of ["beta", "betaCapped"] as const) {
        const [lo, hi] = proportionInterval({ estimate: 0.3, variance, n: 100 }, m, 0.95);
        expect(lo).toBeLessThanOrEqual(0.3);
        expect(hi).toBeGreaterThanOrEqual(0.3);
        // betaCapped stays Clopper-Pearson's at n = 100 (its cap)
        if (m === "beta") expect(hi - lo).toBeLessThan(1e-7);
      }
    }
  });

  it("a negative variance is a RangeError for every method", () => {
    for (const m of intervalMethods) {
      expect(() => proportionInterval({ ...base, variance: -0.001, N: 40 }, m, 0.95), m).toThrow(
        /^proportionInterval: input.variance must be at least 0/,
      );
    }
  });

  it("p = 0: every design method gives [0, 1 - (alpha/2)^(1/nEffective)]; nEffective = Infinity (a census) gives [0, 0]", () => {
    for (const m of ["beta", "logit", "likelihood", "xlogit", "asin", "mean"] as const) {
      const [lo, hi] = proportionInterval({ estimate: 0, variance: 0, n: 10 }, m, 0.95);
      expect(lo).toBe(0);
      expect(hi).toBeCloseTo(1 - 0.025 ** (1 / 10), 15);
      const [lo1, hi1] = proportionInterval(
        { estimate: 1, variance: 0, n: 10, nEffective: 20 },
        m,
        0.9,
      );
      expect(lo1).toBeCloseTo(0.05 ** (1 / 20), 15);
      expect(hi1).toBe(1);
      expect(
        proportionInterval(
          { estimate: 0, variance: 0, n: 10, nEffective: Number.POSITIVE_INFINITY },
          m,
          0.9,
        ),
      ).toEqual([0, 0]);
    }
  });

  it("an estimate above 1 with a positive variance is clipped and the interval keeps the variance's width", () => {
    const [lo, hi] = proportionInterval({ estimate: 1.05, variance: 0.01, n: 100 }, "beta", 0.95);
    expect(hi).toBe(1);
    // the t interval 1.05 ± 1.98 * 0.1 reaches below the Clopper-Pearson edge 0.025^(1/100)
    expect(lo).toBeLessThan(0.9);
    expect(lo).toBeGreaterThan(0.8);
  });

  it("a zero variance at an interior p uses p(1-p)/nEffective (n* = nEffective)", () => {
    const a = proportionInterval({ estimate: 0.3, variance: 0, n: 50 }, "beta", 0.95);
    const b = proportionInterval(
      { estimate: 0.3, variance: (0.3 * 0.7) / 50, n: 50 },
      "beta",
      0.95,
    );
    expect(a).toEqual(b);
  });

  it('df = 0 or n = 1 gives [0, 1] for design methods and the whole line for "t"', () => {
    expect(
      proportionInterval({ estimate: 0.4, variance: 0.01, n: 5, df: 0 }, "beta", 0.95),
    ).toEqual([0, 1]);
    expect(proportionInterval({ estimate: 1, variance: 0, n: 1 }, "xlogit", 0.95)).toEqual([0, 1]);
    expect(proportionInterval({ estimate: 1, variance: 0, n: 1 }, "t", 0.95)).toEqual([
      Number.NEGATIVE_INFINITY,
      Number.POSITIVE_INFINITY,
    ]);
  });

  it("df above n - 1 counts as n - 1 in Korn–Graubard's factor (it grew n* 42-fold at n = 2, df = Infinity)", () => {
    for (const level of [0.9, 0.95, 0.999]) {
      const at = (df: number) =>
        proportionInterval({ estimate: 0, variance: 0, n: 2, df }, "beta", level);
      expect(at(Number.POSITIVE_INFINITY)).toEqual(at(1));
      const mid = (df: number) =>
        proportionInterval({ estimate: 0.5, variance: 0.125, n: 2, df }, "beta", level);
      expect(mid(40)).toEqual(mid(1));
    }
    // and so a higher level never gives a narrower interval
    const width = (level: number) => {
      const [lo, hi] = proportionInterval(
        { estimate: 0.5, variance: 0.125, n: 2, df: Number.POSITIVE_INFINITY },
        "beta",
        level,
      );
      return hi - lo;
    };
    expect(width(0.99)).toBeGreaterThan(width(0.9));
  });

  it("a df so near 0 that t overflows bounds nothing, as df = 0 (was [0.5, 0.667] for 0.3, and NaN for t)", () => {
    for (const df of [1e-3, 1e-6, 5e-324]) {
      for (const m of ["beta", "betaCapped", "logit", "asin"] as const)
        expect(proportionInterval({ estimate: 0.3, variance: 0.01, n: 20, df }, m, 0.95)).toEqual([
          0, 1,
        ]);
      expect(proportionInterval({ estimate: 0.3, variance: 0, n: 20, df }, "t", 0.95)).toEqual([
        Number.NEGATIVE_INFINITY,
        Number.POSITIVE_INFINITY,
      ]);
    }
  });

  it("level 0.9999999999999999 (1 - alpha / 2 rounds to 1) gives intervals, not a normalQuantile error", () => {
    const level = 0.9999999999999999;
    for (const m of ["wald", "wilson", "agrestiCoull", "t"] as const) {
      const [lo, hi] = proportionInterval({ estimate: 0.3, variance: 0.01, n: 20 }, m, level);
      expect(Number.isFinite(lo) && Number.isFinite(hi), m).toBe(true);
      expect(lo).toBeLessThan(0.3);
    }
  });

  it("an estimate outside [0, 1] widens to its own t interval, clipped (not around the clipped estimate)", () => {
    // 1.05 +- 1.98 * 0.1 reaches 0.852; 1.2 +- 0.198 stays above 1, so only the edge remains
    const near = proportionInterval({ estimate: 1.05, variance: 0.01, n: 100 }, "beta", 0.95);
    const far = proportionInterval({ estimate: 1.2, variance: 0.01, n: 100 }, "beta", 0.95);
    expect(near[0]).toBeCloseTo(1.05 - 0.1 * 1.9842169515864165, 12);
    expect(far[0]).toBeGreaterThan(near[0]);
    expect(far[1]).toBe(1);
  });

  it("does not mutate its input", () => {
    const input = { ...base, N: 40, successes: 2 };
    const copy = { ...input };
    for (const m of intervalMethods) proportionInterval(input, m, 0.95);
    expect(input).toEqual(copy);
  });

  describe("rejects bad input", () => {
    const cases: [string, () => unknown, ErrorConstructor, RegExp][] = [
      [
        "input null",
        () => proportionInterval(null as never, "wald", 0.95),
        TypeError,
        /^proportionInterval: input must be an object/,
      ],
      [
        "level 1",
        () => proportionInterval(base, "wald", 1),
        RangeError,
        /^proportionInterval: level must be less than 1/,
      ],
      [
        "level 0",
        () => proportionInterval(base, "wald", 0),
        RangeError,
        /level must be greater than 0/,
      ],
      [
        "level NaN",
        () => proportionInterval(base, "wald", Number.NaN),
        RangeError,
        /level must be finite/,
      ],
      [
        "unknown method, near miss",
        () => proportionInterval(base, "wilsn" as never, 0.95),
        RangeError,
        /method must be one of "wald", "t", .*"mean" \(got "wilsn"\); did you mean "wilson"\?/,
      ],
      [
        "method case slip",
        () => proportionInterval(base, "clopperpearson" as never, 0.95),
        RangeError,
        /did you mean "clopperPearson"\?/,
      ],
      [
        "unknown method, far",
        () => proportionInterval(base, "bootstrap" as never, 0.95),
        RangeError,
        /must be one of .*\(got "bootstrap"\)$/,
      ],
      [
        "method not a string",
        () => proportionInterval(base, 3 as never, 0.95),
        RangeError,
        /method must be one of .*\(got 3\)/,
      ],
      [
        "estimate NaN",
        () => proportionInterval({ ...base, estimate: Number.NaN }, "beta", 0.95),
        RangeError,
        /input.estimate must be finite/,
      ],
      [
        "variance NaN",
        () => proportionInterval({ ...base, variance: Number.NaN }, "beta", 0.95),
        RangeError,
        /input.variance must be finite/,
      ],
      [
        "variance string",
        () => proportionInterval({ ...base, variance: "1" as never }, "beta", 0.95),
        TypeError,
        /input.variance must be a number/,
      ],
      [
        "n 0",
        () => proportionInterval({ ...base, n: 0 }, "wald", 0.95),
        RangeError,
        /input.n must be at least 1/,
      ],
      [
        "n 2.5",
        () => proportionInterval({ ...base, n: 2.5 }, "wald", 0.95),
        RangeError,
        /input.n must be an integer/,
      ],
      [
        "df negative",
        () => proportionInterval({ ...base, df: -1 }, "t", 0.95),
        RangeError,
        /input.df must be at least 0 \(got -1\)/,
      ],
      [
        "df NaN",
        () => proportionInterval({ ...base, df: Number.NaN }, "t", 0.95),
        RangeError,
        /input.df must be at least 0 \(got NaN\)/,
      ],
      [
        "N below n",
        () => proportionInterval({ ...base, N: 5 }, "hypergeometric", 0.95),
        RangeError,
        /input.N must be at least input.n \(10\) \(got 5\)/,
      ],
      [
        "N missing",
        () => proportionInterval(base, "hypergeometric", 0.95),
        RangeError,
        /input.N is required by method "hypergeometric"/,
      ],
      [
        "N not integer",
        () => proportionInterval({ ...base, N: 40.5 }, "wald", 0.95),
        RangeError,
        /input.N must be an integer/,
      ],
      [
        "successes above n",
        () => proportionInterval({ ...base, successes: 11 }, "wilson", 0.95),
        RangeError,
        /input.successes must be at most 10/,
      ],
      [
        "successes fractional",
        () => proportionInterval({ ...base, successes: 1.5 }, "wilson", 0.95),
        RangeError,
        /input.successes must be an integer/,
      ],
      [
        "estimate above 1, binary",
        () => proportionInterval({ ...base, estimate: 1.2 }, "clopperPearson", 0.95),
        RangeError,
        /input.estimate must lie in \[0, 1\] for method "clopperPearson"/,
      ],
      [
        "nEffective 0",
        () => proportionInterval({ ...base, nEffective: 0 }, "beta", 0.95),
        RangeError,
        /input.nEffective must be greater than 0/,
      ],
      [
        "dispersion negative",
        () => proportionInterval({ ...base, dispersion: -1 }, "likelihood", 0.95),
        RangeError,
        /input.dispersion must be greater than 0/,
      ],
    ];
    for (const [name, call, type, message] of cases) {
      it(name, () => {
        expect(call).toThrow(type);
        expect(call).toThrow(message);
      });
    }
  });
});
