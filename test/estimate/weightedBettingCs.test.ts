import { describe, expect, it } from "vitest";
import { weightedBettingCs } from "../../src/estimate/weightedBettingCs.js";
import { everMisses, isMonotone } from "./_sequences.js";

const f = (xs: number[]) => new Float64Array(xs);

/**
 * Every draw sequence of an adaptive PPS design without replacement on a small
 * population, with its exact probability: at each step the remaining units are
 * drawn with probability (1 - lambda) / K + lambda w_j / W, where the weight of
 * a unit is doubled after a failure was seen (so the design depends on earlier
 * labels, as the method allows).
 */
function enumerate(
  y: number[],
  w: number[],
  lambda: number,
): { prob: number; ys: number[]; q: number[]; qMin: number[] }[] {
  const out: { prob: number; ys: number[]; q: number[]; qMin: number[] }[] = [];
  const rec = (
    left: number[],
    prob: number,
    ys: number[],
    q: number[],
    qMin: number[],
    tilt: number,
  ) => {
    if (left.length === 0) {
      out.push({ prob, ys, q, qMin });
      return;
    }
    const K = left.length;
    const weight = (j: number) => (w[j] as number) * (y[j] === 1 ? tilt : 1);
    const W = left.reduce((s, j) => s + weight(j), 0);
    const probs = left.map((j) => (1 - lambda) / K + (lambda * weight(j)) / W);
    const min = Math.min(...probs);
    left.forEach((j, k) => {
      const p = probs[k] as number;
      const nextTilt = y[j] === 1 ? 2 : tilt;
      rec(
        left.filter((i) => i !== j),
        prob * p,
        [...ys, y[j] as number],
        [...q, p],
        [...qMin, min],
        nextTilt,
      );
    });
  };
  rec(
    y.map((_, i) => i),
    1,
    [],
    [],
    [],
    1,
  );
  return out;
}

describe("weightedBettingCs(y, q, qMin, N, options)", () => {
  it("misses the truth at some t with probability at most alpha, exactly over an adaptive PPS design", () => {
    for (const [y, w] of [
      [
        [0, 0, 1, 0, 0, 1],
        [0.1, 0.2, 0.9, 0.3, 0.1, 0.5],
      ],
      [
        [0, 0.2, 0.9, 0, 0.5, 1],
        [0.5, 0.1, 0.1, 0.9, 0.3, 0.2],
      ],
    ] as const) {
      const N = y.length;
      const mu = (y as readonly number[]).reduce((s, v) => s + v, 0) / N;
      let miss = 0;
      let total = 0;
      for (const s of enumerate([...y], [...w], 0.6)) {
        const cs = weightedBettingCs(f(s.ys), f(s.q), f(s.qMin), N, { level: 0.8 });
        total += s.prob;
        expect(isMonotone(cs.lower, cs.upper)).toBe(true);
        if (everMisses(cs.lower, cs.upper, mu)) miss += s.prob;
        else expect((cs.upper[N - 1] as number) - (cs.lower[N - 1] as number)).toBeLessThan(1e-13);
      }
      expect(total).toBeCloseTo(1, 12);
      expect(miss).toBeLessThanOrEqual(0.2);
    }
  });

  it("gets narrower with more labels and wider with a looser qMin", () => {
    const N = 400;
    const y = Float64Array.from({ length: 200 }, (_, t) => (t % 10 === 0 ? 1 : 0));
    const q = Float64Array.from(y, (_, t) => 1 / (N - t));
    const tight = weightedBettingCs(y, q, q, N);
    const loose = weightedBettingCs(
      y,
      q,
      q.map((v) => v / 4),
      N,
    );
    expect((tight.upper[199] as number) - (tight.lower[199] as number)).toBeLessThan(
      (tight.upper[49] as number) - (tight.lower[49] as number),
    );
    expect(loose.upper[199]).toBeGreaterThan(tight.upper[199] as number);
    expect(tight.method).toBe(
      "weighted betting (hedged, without replacement, N = 400, grid 1000, truncation 0.5)",
    );
  });

  it("does not mutate its inputs", () => {
    const y = f([1, 0]);
    const q = f([0.5, 0.5]);
    const m = f([0.25, 0.5]);
    weightedBettingCs(y, q, m, 3);
    expect([y, q, m]).toEqual([f([1, 0]), f([0.5, 0.5]), f([0.25, 0.5])]);
  });

  describe("rejects bad input", () => {
    const y = f([1, 0]);
    const q = f([0.5, 0.5]);
    const m = f([0.25, 0.5]);
    const cases: [string, () => unknown, ErrorConstructor, RegExp][] = [
      [
        "y not typed",
        () => weightedBettingCs("1" as never, q, m, 3),
        TypeError,
        /weightedBettingCs: y must be a Float64Array/,
      ],
      [
        "y above 1",
        () => weightedBettingCs(f([1, 2]), q, m, 3),
        RangeError,
        /weightedBettingCs: y\[1\] is above 1/,
      ],
      [
        "y negative",
        () => weightedBettingCs(f([-1, 0]), q, m, 3),
        RangeError,
        /weightedBettingCs: y\[0\] is below 0/,
      ],
      [
        "q length",
        () => weightedBettingCs(y, f([0.5]), m, 3),
        RangeError,
        /weightedBettingCs: y and q lengths differ \(2 vs 1\)/,
      ],
      [
        "qMin length",
        () => weightedBettingCs(y, q, f([0.1]), 3),
        RangeError,
        /weightedBettingCs: y and qMin lengths differ/,
      ],
      [
        "q zero",
        () => weightedBettingCs(y, f([0, 0.5]), m, 3),
        RangeError,
        /weightedBettingCs: q\[0\] must lie in \(0, 1\]/,
      ],
      [
        "q above 1",
        () => weightedBettingCs(y, f([0.5, 1.5]), m, 3),
        RangeError,
        /q\[1\] must lie in \(0, 1\]/,
      ],
      [
        "qMin above q",
        () => weightedBettingCs(y, q, f([0.6, 0.5]), 3),
        RangeError,
        /weightedBettingCs: qMin\[0\] must lie in/,
      ],
      [
        "qMin above 1 / units left",
        () => weightedBettingCs(y, f([0.9, 0.9]), f([0.4, 0.4]), 3),
        RangeError,
        /qMin\[0\] must lie in \(0, min\(q\[0\], 1 \/ 3\)\]/,
      ],
      [
        "qMin zero",
        () => weightedBettingCs(y, q, f([0, 0.5]), 3),
        RangeError,
        /qMin\[0\] must lie in/,
      ],
      [
        "N < n",
        () => weightedBettingCs(y, q, m, 1),
        RangeError,
        /weightedBettingCs: N must be at least the number of labels \(2\)/,
      ],
      [
        "level",
        () => weightedBettingCs(y, q, m, 3, { level: -1 }),
        RangeError,
        /weightedBettingCs: options.level must be greater than 0/,
      ],
      [
        "grid",
        () => weightedBettingCs(y, q, m, 3, { grid: 2.5 }),
        RangeError,
        /weightedBettingCs: options.grid must be an integer/,
      ],
    ];
    it.each(cases)("%s", (_, call, type, message) => {
      expect(call).toThrow(type);
      expect(call).toThrow(message);
    });
  });
});
