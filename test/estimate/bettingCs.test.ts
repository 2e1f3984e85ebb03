import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { bettingCs } from "../../src/estimate/bettingCs.js";
import { distinctOrders, everMisses, isMonotone } from "./_sequences.js";

const f = (xs: number[]) => new Float64Array(xs);

describe("bettingCs(y, N, options)", () => {
  it("without replacement: misses the truth at some t with probability at most alpha, exactly over every draw order", () => {
    // every order of a fixed population is equally likely under SRS; alpha = 0.2
    const populations = [
      [0, 0, 0, 0, 0, 0, 1, 1],
      [0, 0, 0, 1, 1, 1, 1, 1],
      [0, 0.1, 0.1, 0.2, 0.9, 1, 1],
      [0, 0, 0, 0, 0, 0, 0, 1],
    ];
    for (const pop of populations) {
      const N = pop.length;
      const mu = pop.reduce((s, v) => s + v, 0) / N;
      const orders = distinctOrders(pop);
      let miss = 0;
      for (const o of orders) {
        const cs = bettingCs(f(o), N, { level: 0.8 });
        expect(isMonotone(cs.lower, cs.upper)).toBe(true);
        if (everMisses(cs.lower, cs.upper, mu)) miss++;
        // unless it missed, the sequence ends on the true mean
        else expect((cs.upper[N - 1] as number) - (cs.lower[N - 1] as number)).toBeLessThan(1e-13);
      }
      expect(miss / orders.length).toBeLessThanOrEqual(0.2);
    }
  });

  it("iid: optional stopping on Bernoulli(0.3) streams keeps the miss rate below alpha", () => {
    // 200 seeded streams of 300 draws; the chance the CS ever misses is at most 0.1
    let miss = 0;
    const runs = 200;
    for (let r = 0; r < runs; r++) {
      const g = createRng(`betting-iid/${r}`);
      const y = Float64Array.from({ length: 300 }, () => (g() < 0.3 ? 1 : 0));
      const cs = bettingCs(y, Number.POSITIVE_INFINITY, { level: 0.9 });
      if (everMisses(cs.lower, cs.upper, 0.3)) miss++;
    }
    // 0.1 + 3 Monte Carlo SE (0.021)
    expect(miss / runs).toBeLessThanOrEqual(0.164);
  });

  it("contains the running mean of the example streams and narrows like 1 / sqrt(t)", () => {
    const g = createRng("betting-mean");
    const y = Float64Array.from({ length: 1000 }, () => g() ** 2);
    const cs = bettingCs(y, Number.POSITIVE_INFINITY);
    let s = 0;
    for (let t = 0; t < y.length; t++) {
      s += y[t] as number;
      expect(cs.lower[t]).toBeLessThanOrEqual(s / (t + 1));
      expect(cs.upper[t]).toBeGreaterThanOrEqual(s / (t + 1));
    }
    const w = (t: number) => (cs.upper[t - 1] as number) - (cs.lower[t - 1] as number);
    expect(w(1000) / w(250)).toBeGreaterThan(0.35);
    expect(w(1000) / w(250)).toBeLessThan(0.65);
    expect(isMonotone(cs.lower, cs.upper)).toBe(true);
  });

  it("maps options.range back to the data's scale and coarsens with options.grid", () => {
    const y = f([0.25, 0.5, 0, 0.25, 0.75, 0.25, 0.5, 0.5]);
    const base = bettingCs(y, Number.POSITIVE_INFINITY);
    const scaled = bettingCs(
      y.map((v) => 2 + 4 * v),
      Number.POSITIVE_INFINITY,
      { range: [2, 6] },
    );
    for (let t = 0; t < y.length; t++) {
      expect(scaled.lower[t]).toBeCloseTo(2 + 4 * (base.lower[t] as number), 12);
      expect(scaled.upper[t]).toBeCloseTo(2 + 4 * (base.upper[t] as number), 12);
    }
    const coarse = bettingCs(y, Number.POSITIVE_INFINITY, { grid: 10 });
    expect(coarse.lower[7]).toBeLessThanOrEqual(base.lower[7] as number);
    expect(coarse.upper[7]).toBeGreaterThanOrEqual(base.upper[7] as number);
    expect((coarse.lower[7] as number) * 10).toBeCloseTo(
      Math.round((coarse.lower[7] as number) * 10),
      12,
    );
    expect(base.method).toBe("betting (hedged, iid, grid 1000, truncation 0.5)");
    expect(bettingCs(y, 10).method).toBe(
      "betting (hedged, without replacement, N = 10, grid 1000, truncation 0.5)",
    );
  });

  it("refuses a range whose width overflows (every bound was NaN)", () => {
    expect(() =>
      bettingCs(Float64Array.of(0, 1), Number.POSITIVE_INFINITY, { range: [-1e308, 1e308] }),
    ).toThrow(/^bettingCs: options.range is too wide: hi - lo overflows/);
  });

  it("does not mutate its input", () => {
    const y = f([0.2, 0.4]);
    bettingCs(y, 5);
    expect(y).toEqual(f([0.2, 0.4]));
  });

  describe("rejects bad input", () => {
    const inf = Number.POSITIVE_INFINITY;
    const cases: [string, () => unknown, ErrorConstructor, RegExp][] = [
      [
        "y not a Float64Array",
        () => bettingCs("0.5" as never, inf),
        TypeError,
        /bettingCs: y must be a Float64Array/,
      ],
      [
        "y above 1",
        () => bettingCs(f([0.5, 1.5]), inf),
        RangeError,
        /bettingCs: y\[1\] must lie in the range \[0, 1\]/,
      ],
      [
        "y below lo",
        () => bettingCs(f([1]), inf, { range: [2, 3] }),
        RangeError,
        /y\[0\] must lie in the range \[2, 3\]/,
      ],
      [
        "y NaN",
        () => bettingCs(f([Number.NaN]), inf),
        RangeError,
        /bettingCs: y\[0\] is not finite/,
      ],
      [
        "N < n",
        () => bettingCs(f([0, 1, 0]), 2),
        RangeError,
        /bettingCs: N must be at least the number of labels \(3\)/,
      ],
      [
        "N negative infinity",
        () => bettingCs(f([0]), -inf),
        RangeError,
        /bettingCs: N must be an integer/,
      ],
      [
        "N not a number",
        () => bettingCs(f([0]), null as never),
        TypeError,
        /bettingCs: N must be a number/,
      ],
      [
        "level 1.5",
        () => bettingCs(f([0]), inf, { level: 1.5 }),
        RangeError,
        /bettingCs: options.level must be less than 1/,
      ],
      [
        "range reversed",
        () => bettingCs(f([0]), inf, { range: [1, 0] }),
        RangeError,
        /bettingCs: options.range must have lo < hi/,
      ],
      [
        "range not a pair",
        () => bettingCs(f([0]), inf, { range: [0] as never }),
        TypeError,
        /bettingCs: options.range must be a pair/,
      ],
      [
        "range infinite",
        () => bettingCs(f([0]), inf, { range: [0, inf] }),
        RangeError,
        /options.range\[1\] must be finite/,
      ],
      [
        "grid 1",
        () => bettingCs(f([0]), inf, { grid: 1 }),
        RangeError,
        /bettingCs: options.grid must be at least 2/,
      ],
      [
        "truncation 1",
        () => bettingCs(f([0]), inf, { truncation: 1 }),
        RangeError,
        /bettingCs: options.truncation must be less than 1/,
      ],
      [
        "options not object",
        () => bettingCs(f([0]), inf, "x" as never),
        TypeError,
        /bettingCs: options must be an object/,
      ],
    ];
    it.each(cases)("%s", (_, call, type, message) => {
      expect(call).toThrow(type);
      expect(call).toThrow(message);
    });
  });
});
