import { describe, expect, it } from "vitest";
import { createRng } from "../../../src/core/rng.js";
import { fitRateRegression } from "../../../src/subset/irt/fitRateRegression.js";
import { fitStepwiseRate } from "../../../src/subset/irt/fitStepwiseRate.js";
import { predictRateRegression } from "../../../src/subset/irt/predictRateRegression.js";
import { stepwiseSubset } from "../../../src/subset/irt/stepwiseSubset.js";
import type { Outcomes } from "../../../src/subset/outcomes.js";
import { normals, simulate } from "./_sim.js";

function fromRows(rows: number[][]): Outcomes {
  return {
    runs: rows.map((_, r) => `r${r}`),
    items: (rows[0] ?? []).map((_, i) => `i${i}`),
    data: Uint8Array.from(rows.flat()),
  };
}

// 6 runs x 5 items; rates (0.8, 0.6, 0.4, 0.4, 0, 0.8).
const tiny = fromRows([
  [1, 1, 1, 1, 0],
  [1, 1, 1, 0, 0],
  [1, 1, 0, 0, 0],
  [0, 1, 0, 1, 0],
  [0, 0, 0, 0, 0],
  [1, 0, 1, 1, 1],
]);

function sim(seed: string, R = 30, N = 25): Outcomes {
  return simulate(
    seed,
    normals(`${seed}t`, R, 1.5),
    normals(`${seed}a`, N, 0.3, 1).map(Math.abs),
    normals(`${seed}b`, N, 1.5),
  );
}

/** The cross-validation written out with the public building blocks. */
function manualCv(
  h: Outcomes,
  k: number,
  runs: number[],
  penalty: number,
  ridge: number,
  F: number,
): number {
  const N = h.items.length;
  const sorted = [...runs].sort((x, y) => x - y);
  let sq = 0;
  for (let f = 0; f < F; f++) {
    const fit = sorted.filter((_, t) => t % F !== f);
    const S = stepwiseSubset(h, k, { runs: fit, penalty });
    const m = fitRateRegression(h, S, { runs: fit, ridge });
    for (const r of sorted.filter((_, t) => t % F === f)) {
      const y = Uint8Array.from(S, (i) => h.data[r * N + i] as number);
      let s = 0;
      for (let i = 0; i < N; i++) s += h.data[r * N + i] as number;
      sq += (predictRateRegression(m, y, { mse: 0 }).estimate - s / N) ** 2;
    }
  }
  return sq / sorted.length;
}

describe("fitStepwiseRate(history, k, options)", () => {
  it("worked example: 3 folds of 6 runs, one item, least squares", () => {
    // Folds hold out sorted positions {0, 3}, {1, 4}, {2, 5}. With k = 1, penalty 0
    // and ridge 0 the stepwise score of a 0/1 item on n fitted runs is
    // n1 n0 / n (mean rate where x = 1 - mean rate where x = 0)^2, and least squares
    // on one 0/1 item predicts the mean rate of the fitted runs with the same x.
    // Fold 0 fits runs 1, 2, 4, 5 (rates .6, .4, 0, .8): item 0 = (1, 1, 0, 1) scores
    //   3/4 (0.6 - 0)^2 = 0.27, item 2 = (1, 0, 0, 1) 1 (0.7 - 0.2)^2 = 0.25, items 3, 4
    //   0.1633, item 1 0.01: item 0. Run 0 (x = 1) -> 0.6 vs 0.8; run 3 (x = 0) -> 0 vs 0.4.
    // Fold 1 fits runs 0, 2, 3, 5 (rates .8, .4, .4, .8): item 2 = (1, 0, 0, 1) scores
    //   1 (0.8 - 0.4)^2 = 0.16; items 0, 1, 3, 4 split the runs 3 : 1 with group means
    //   0.667 : 0.4, 0.533 : 0.8, 0.667 : 0.4, 0.8 : 0.533, each 3/4 (4/15)^2 = 0.0533: item 2.
    //   Run 1 (x = 1) -> 0.8 vs 0.6; run 4 (x = 0) -> 0.4 vs 0.
    // Fold 2 fits runs 0, 1, 3, 4 (rates .8, .6, .4, 0): item 1 = (1, 1, 1, 0) scores
    //   3/4 (0.6 - 0)^2 = 0.27, items 0, 2 = (1, 1, 0, 0) 1 (0.7 - 0.2)^2 = 0.25: item 1.
    //   Run 2 (x = 1) -> 0.6 vs 0.4; run 5 (x = 0) -> 0 vs 0.8.
    // cvMse = (0.04 + 0.16 + 0.04 + 0.16 + 0.04 + 0.64) / 6 = 0.18.
    const fit = fitStepwiseRate(tiny, 1, { penalty: 0, ridge: 0, folds: 3 });
    expect(fit.cvMse).toBeCloseTo(0.18, 14);
    expect(fit.folds).toBe(3);
    // All 6 runs: item 2 = (1, 1, 0, 0, 0, 1) scores 3 * 3 / 6 (0.733 - 0.267)^2 = 0.3267,
    // item 0 = (1, 1, 1, 0, 0, 1) 4 * 2 / 6 (0.65 - 0.2)^2 = 0.27.
    expect(Array.from(fit.subset)).toEqual([2]);
    expect(Array.from(fit.model.observed)).toEqual([2]);
    expect(fit.model.runs).toBe(6);
    // Per-fold picks, as argued above.
    expect(Array.from(stepwiseSubset(tiny, 1, { penalty: 0, runs: [1, 2, 4, 5] }))).toEqual([0]);
    expect(Array.from(stepwiseSubset(tiny, 1, { penalty: 0, runs: [0, 2, 3, 5] }))).toEqual([2]);
    expect(Array.from(stepwiseSubset(tiny, 1, { penalty: 0, runs: [0, 1, 3, 4] }))).toEqual([1]);
  });

  it("subset and model are stepwiseSubset and fitRateRegression on all the (sorted) runs", () => {
    const h = sim("all");
    const runs = [17, 3, 25, 8, 0, 11, 29, 14, 21, 5, 9, 27];
    const fit = fitStepwiseRate(h, 5, { runs, penalty: 2, ridge: 3, folds: 4 });
    const sorted = [...runs].sort((x, y) => x - y);
    const S = stepwiseSubset(h, 5, { runs: sorted, penalty: 2 });
    expect(fit.subset).toEqual(S);
    expect(fit.model).toEqual(fitRateRegression(h, S, { runs: sorted, ridge: 3 }));
  });

  it("cvMse equals the cross-validation written out with the public functions", () => {
    const h = sim("manual");
    const runs = Array.from({ length: 30 }, (_, r) => r);
    for (const [k, penalty, ridge, folds] of [
      [4, 5, 20, 5],
      [8, 0, 1, 3],
      [2, 10, 0.5, 30],
    ] as const) {
      const fit = fitStepwiseRate(h, k, { penalty, ridge, folds });
      expect(fit.cvMse).toBe(manualCv(h, k, runs, penalty, ridge, folds));
    }
    const sub = [28, 1, 4, 7, 12, 13, 19, 22, 2];
    expect(fitStepwiseRate(h, 3, { runs: sub, folds: 3 }).cvMse).toBe(
      manualCv(h, 3, sub, 5, 20, 3),
    );
  });

  it("uses runs in ascending order: their listed order does not matter", () => {
    const a = fitStepwiseRate(tiny, 2, { runs: [5, 0, 3, 1, 4, 2], folds: 3 });
    const b = fitStepwiseRate(tiny, 2, { folds: 3 });
    expect(a).toEqual(b);
  });

  it("the defaults are penalty 5, ridge 20, folds 5 and every run", () => {
    const h = sim("defaults");
    expect(fitStepwiseRate(h, 3)).toEqual(
      fitStepwiseRate(h, 3, {
        runs: Array.from({ length: 30 }, (_, r) => r),
        penalty: 5,
        ridge: 20,
        folds: 5,
      }),
    );
  });

  it("on independent coin flips (items track the rate only by chance) cvMse exceeds looMse", () => {
    const rng = createRng("noise");
    const R = 30;
    const N = 40;
    const h: Outcomes = {
      runs: Array.from({ length: R }, (_, r) => `r${r}`),
      items: Array.from({ length: N }, (_, i) => `i${i}`),
      data: Uint8Array.from({ length: R * N }, () => (rng() < 0.5 ? 1 : 0)),
    };
    const fit = fitStepwiseRate(h, 8, { ridge: 1 });
    // The selection saw the runs the leave-one-out error is measured on.
    expect(fit.cvMse).toBeGreaterThan(1.5 * fit.model.looMse);
  });

  it("is deterministic and leaves its inputs unchanged", () => {
    const h = sim("det");
    const data = Uint8Array.from(h.data);
    const runs = [4, 2, 9, 0, 7, 5, 1];
    const a = fitStepwiseRate(h, 3, { runs, folds: 3 });
    expect(fitStepwiseRate(h, 3, { runs, folds: 3 })).toEqual(a);
    expect(h.data).toEqual(data);
    expect(runs).toEqual([4, 2, 9, 0, 7, 5, 1]);
  });

  it("throws on bad input", () => {
    const fn = /^fitStepwiseRate: /;
    expect(() => fitStepwiseRate(null as unknown as Outcomes, 1)).toThrow(TypeError);
    expect(() => fitStepwiseRate(null as unknown as Outcomes, 1)).toThrow(fn);
    const bad = { ...tiny, data: Uint8Array.from(tiny.data, (v, t) => (t === 3 ? 2 : v)) };
    expect(() => fitStepwiseRate(bad, 1)).toThrow(/fitStepwiseRate: history.data must hold 0 or 1/);
    expect(() => fitStepwiseRate(tiny, "1" as unknown as number, { folds: 3 })).toThrow(
      /fitStepwiseRate: k must be a number/,
    );
    expect(() => fitStepwiseRate(tiny, 0, { folds: 3 })).toThrow(
      /fitStepwiseRate: k must be at least 1/,
    );
    expect(() => fitStepwiseRate(tiny, 1.5, { folds: 3 })).toThrow(
      /fitStepwiseRate: k must be an integer/,
    );
    expect(() => fitStepwiseRate(tiny, 6, { folds: 3 })).toThrow(
      /fitStepwiseRate: k must be at most the number of items \(5\)/,
    );
    expect(() => fitStepwiseRate(tiny, 1, 3 as unknown as object)).toThrow(
      /fitStepwiseRate: options must be an object/,
    );
    expect(() => fitStepwiseRate(tiny, 1, { runs: [] })).toThrow(
      /fitStepwiseRate: options.runs is empty/,
    );
    expect(() => fitStepwiseRate(tiny, 1, { runs: [0, 1, 1, 2] })).toThrow(
      /fitStepwiseRate: options.runs lists run 1 twice/,
    );
    expect(() => fitStepwiseRate(tiny, 1, { runs: [0, 1, 6] })).toThrow(
      /fitStepwiseRate: options.runs\[2\] must be at most 5/,
    );
    expect(() => fitStepwiseRate(tiny, 1, { folds: 3, penalty: -1 })).toThrow(
      /fitStepwiseRate: options.penalty must be at least 0/,
    );
    expect(() => fitStepwiseRate(tiny, 1, { folds: 3, ridge: Number.NaN })).toThrow(
      /fitStepwiseRate: options.ridge must be finite/,
    );
    expect(() => fitStepwiseRate(tiny, 1, { folds: 1 })).toThrow(
      /fitStepwiseRate: options.folds must be at least 2/,
    );
    expect(() => fitStepwiseRate(tiny, 1, { folds: 7 })).toThrow(
      /fitStepwiseRate: options.folds must be at most 6/,
    );
    expect(() => fitStepwiseRate(tiny, 1, { folds: 2.5 })).toThrow(
      /fitStepwiseRate: options.folds must be an integer/,
    );
    // 3 runs in 2 folds: positions {0, 2} held out leave 1 run to fit on.
    expect(() => fitStepwiseRate(tiny, 1, { runs: [0, 1, 2], folds: 2 })).toThrow(
      /fitStepwiseRate: options.folds leaves fewer than 2 runs to fit on in a fold \(3 runs\)/,
    );
    expect(() => fitStepwiseRate(tiny, 1, { runs: [0, 1], folds: 2 })).toThrow(
      /fitStepwiseRate: needs at least 3 runs/,
    );
    // Item 4 never varies on runs 0-4: with all 5 items and no ridge X'X is singular.
    expect(() => fitStepwiseRate(tiny, 5, { runs: [0, 1, 2, 3, 4], ridge: 0, folds: 5 })).toThrow(
      /fitStepwiseRate: X'X is singular/,
    );
    for (const call of [
      () => fitStepwiseRate(tiny, 1, { folds: 1 }),
      () => fitStepwiseRate(tiny, 5, { runs: [0, 1, 2, 3, 4], ridge: 0, folds: 5 }),
    ]) {
      expect(call).toThrow(RangeError);
    }
  });
});
