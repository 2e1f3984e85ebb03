import { describe, expect, it } from "vitest";
import { logBeta, logGamma } from "../../src/core/beta.js";
import { createRng } from "../../src/core/rng.js";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { fitLogistic } from "../../src/slices/fitLogistic.js";
import { fitStandardizer } from "../../src/slices/fitStandardizer.js";
import { kmeansSlices } from "../../src/slices/kmeansSlices.js";
import { outputConsistency } from "../../src/slices/outputConsistency.js";
import { predictLogistic } from "../../src/slices/predictLogistic.js";
import { randomRanking } from "../../src/slices/randomRanking.js";
import { rankSlices } from "../../src/slices/rankSlices.js";
import { regressionPosterior } from "../../src/slices/regressionPosterior.js";
import { representatives } from "../../src/slices/representatives.js";
import { sliceCoherence } from "../../src/slices/sliceCoherence.js";
import { transformStandardizer } from "../../src/slices/standardize.js";

describe("outputConsistency / sliceCoherence", () => {
  it("outputConsistency: 2 of 3 agree, then 2 of 2", () => {
    const r = outputConsistency(new Int32Array([0, 0, 0, 1, 1]), new Uint8Array([1, 1, 0, 0, 0]));
    expect(Array.from(r.values)).toEqual([2 / 3, 1]);
    expect(r.mean).toBe((2 / 3 + 1) / 2);
  });
  it("sliceCoherence: cos((1,0),(1,1)) = 1/sqrt(2); parallel vectors give 1; zero vectors 0", () => {
    const r = sliceCoherence(
      new Int32Array([0, 0, 1, 1, 2, 2]),
      rowMatrix([
        [1, 0],
        [1, 1],
        [0, 1],
        [0, 2],
        [0, 0],
        [1, 1],
      ]),
    );
    expect(r.values[0]).toBeCloseTo(Math.SQRT1_2, 15);
    expect(r.values[1]).toBeCloseTo(1, 15);
    expect(r.values[2]).toBe(0);
  });
  it("reject length mismatches", () => {
    expect(() => outputConsistency(new Int32Array(2), new Uint8Array(3))).toThrow(
      /outputConsistency: sliceOf and outcome lengths differ \(2 vs 3\)/,
    );
    expect(() => sliceCoherence(new Int32Array(2), rowMatrix([[1]]))).toThrow(/lengths differ/);
  });
});

describe("kmeansSlices(signals, k, rng)", () => {
  it("separates two distant groups and is deterministic", () => {
    const X = rowMatrix([[0], [0.1], [0.2], [5], [5.1], [5.2]]);
    const a = kmeansSlices(X, 2, createRng(9));
    expect(a[0]).toBe(a[2]);
    expect(a[3]).toBe(a[5]);
    expect(a[0]).not.toBe(a[3]);
    expect(kmeansSlices(X, 2, createRng(9))).toEqual(a);
  });
  it("rejects k > N", () => {
    expect(() => kmeansSlices(rowMatrix([[0], [1]]), 3, createRng(1))).toThrow(
      /k must be at most 2/,
    );
  });
});

describe("representatives(sliceOf, X, k, mode)", () => {
  // Centroid of 0, 1, 2, 10 is 3.25: distances 3.25, 2.25, 1.25, 6.75.
  const X = rowMatrix([[0], [1], [2], [10]]);
  const one = new Int32Array(4);
  it("CDS takes the k closest to the centroid", () => {
    expect(representatives(one, X, 3, "closest")[0]).toEqual(new Int32Array([2, 1, 0]));
  });
  it("FPS starts at the closest, then the farthest from the chosen", () => {
    // From 2: farthest is 10 (index 3); then min distances 0->2, 1->1: picks 0.
    expect(representatives(one, X, 3, "farthest")[0]).toEqual(new Int32Array([2, 3, 0]));
  });
  it("gives all members of a small slice and nothing for unused ids", () => {
    const r = representatives(new Int32Array([1, 1, 1, 1]), X, 9, "closest");
    expect(r[0]).toEqual(new Int32Array(0));
    expect(r[1]?.length).toBe(4);
  });
  it("picks the same at 1e200 as at 1 (squared distances overflowed: picks fell to index order)", () => {
    const X = [[0], [1], [2], [10]];
    const big = X.map((r) => r.map((v) => v * 1e200));
    for (const mode of ["closest", "farthest"] as const) {
      expect(Array.from(representatives([0, 0, 0, 0], big, 2, mode)[0] ?? [])).toEqual(
        Array.from(representatives([0, 0, 0, 0], X, 2, mode)[0] ?? []),
      );
    }
  });
  it("rejects an unknown mode and k = 0", () => {
    expect(() => representatives(one, X, 1, "middle" as never)).toThrow(RangeError);
    expect(() => representatives(one, X, 1, "closet" as never)).toThrow(/did you mean "closest"\?/);
    expect(() => representatives(one, X, 0, "closest")).toThrow(/k must be at least 1/);
  });
});

describe("fitStandardizer / standardize", () => {
  it("z-scores with the population SD; constant columns map to 0", () => {
    const X = rowMatrix([
      [1, 7],
      [3, 7],
    ]);
    const s = fitStandardizer(X);
    expect(Array.from(transformStandardizer(s, X).data)).toEqual([-1, 0, 1, 0]);
  });
  it("a constant column is told by its values, not by a rounded SD (0.1 and 3/7 left 1e-17)", () => {
    const v = 3 / 7;
    const s = fitStandardizer(rowMatrix(Array.from({ length: 10 }, () => [v, 0.1])));
    expect(Array.from(s.sd)).toEqual([1, 1]);
    expect(Array.from(s.mean)).toEqual([v, 0.1]);
    // a later value maps by its distance in the column's units (was 1.29e15)
    expect(Array.from(transformStandardizer(s, rowMatrix([[0.5, 0.1]])).data)).toEqual([
      0.5 - v,
      0,
    ]);
  });
  it("takes the scaler read back from JSON and gives the same matrix", () => {
    const X = rowMatrix([
      [1, 7],
      [3, 8],
      [4, 2],
    ]);
    const s = fitStandardizer(X);
    const back = JSON.parse(JSON.stringify({ mean: Array.from(s.mean), sd: Array.from(s.sd) }));
    expect(Array.from(transformStandardizer(back, X).data)).toEqual(
      Array.from(transformStandardizer(s, X).data),
    );
    expect(() => transformStandardizer({ mean: [0, 0], sd: "1,1" } as never, X)).toThrow(TypeError);
  });
  it("rejects a scaler of another width", () => {
    const s = fitStandardizer(rowMatrix([[1, 2]]));
    expect(() => transformStandardizer(s, rowMatrix([[1]]))).toThrow(
      /scaler width differs from X \(2 vs 1\)/,
    );
  });
});

describe("fitLogistic / predictLogistic", () => {
  it("intercept-only model fits the log-odds: 3 of 4 ones -> log 3", () => {
    const m = fitLogistic(
      { data: new Float64Array(0), rows: 4, cols: 0 },
      new Uint8Array([1, 1, 1, 0]),
      { lambda: 0 },
    );
    expect(m.intercept).toBeCloseTo(Math.log(3), 12);
    expect(predictLogistic(m, { data: new Float64Array(0), rows: 1, cols: 0 })[0]).toBeCloseTo(
      0.75,
      12,
    );
  });
  it("refuses separable data without a penalty, fits it with one", () => {
    const X = rowMatrix([[0], [1], [2], [3]]);
    const y = new Uint8Array([0, 0, 1, 1]);
    expect(() => fitLogistic(X, y, { lambda: 0, maxIterations: 200 })).toThrow(RangeError);
    expect(fitLogistic(X, y).converged).toBe(true);
  });
  it("refuses one outcome only, whichever it is (all 1 said 'singular', all 0 returned -101)", () => {
    const X = rowMatrix([[0], [1], [2], [3]]);
    expect(() => fitLogistic(X, new Uint8Array([1, 1, 1, 1]))).toThrow(
      /^fitLogistic: y is all 1: the intercept has no finite maximum-likelihood value/,
    );
    expect(() => fitLogistic(X, new Uint8Array(4))).toThrow(/^fitLogistic: y is all 0/);
    // finite coefficients and inputs whose linear predictor is Inf - Inf
    expect(() =>
      predictLogistic(
        { intercept: 0, coefficients: [1e308, 1e308], iterations: 1, converged: true },
        [[1e308, -1e308]],
      ),
    ).toThrow(/^predictLogistic: the linear predictor of X row 0 is not a number/);
  });
  it("rejects y/X length mismatch and a negative lambda", () => {
    expect(() => fitLogistic(rowMatrix([[0]]), new Uint8Array(2))).toThrow(
      /X and y lengths differ/,
    );
    expect(() => fitLogistic(rowMatrix([[0]]), new Uint8Array(1), { lambda: -1 })).toThrow(
      /lambda/,
    );
  });
});

describe("regressionPosterior", () => {
  it("stays exact on slices of thousands (P(X = 0) underflowed and the tail came out 1)", () => {
    // the beta-binomial tail summed term by term from log-Beta functions
    const tailOf = (m: number, need: number, a1: number, b1: number): number => {
      let t = 0;
      for (let x = need + 1; x <= m; x++) {
        t += Math.exp(
          logGamma(m + 1) -
            logGamma(x + 1) -
            logGamma(m - x + 1) +
            logBeta(x + a1, m - x + b1) -
            logBeta(a1, b1),
        );
      }
      return t;
    };
    for (const [N, F0, k, f] of [
      [4000, 2000, 1000, 500],
      [4000, 2200, 1000, 500],
      [3000, 1500, 600, 300],
    ] as const) {
      const o0 = new Uint8Array(N).fill(1).map((v, i) => (i >= N - F0 ? 0 : v));
      const o1 = new Uint8Array(N).fill(1).map((v, i) => (i < f ? 0 : v));
      const r = regressionPosterior(
        new Int32Array(N),
        [Int32Array.from({ length: k }, (_, i) => i)],
        o0,
        o1,
      );
      // prior a = b = 1: a1 = 1 + f, b1 = 1 + k - f; X must exceed F0 - f
      const want = tailOf(N - k, F0 - f, 1 + f, 1 + k - f);
      expect(Math.abs((r.probability[0] as number) - want)).toBeLessThan(1e-9);
    }
  });
  it("matches a hand computation of the beta-binomial tail", () => {
    // Slice of 3, V0 fails 1 (instance 2); pick instance 0 passes in V1 (f = 0).
    // theta ~ Beta(1, 2); X ~ BB(2, 1, 2); regressed iff X > 1, i.e. X = 2:
    // P = C(2,2) B(3, 2) / B(1, 2) = (1/12) / (1/2) = 1/6.
    const r = regressionPosterior(
      new Int32Array(3),
      [new Int32Array([0])],
      new Uint8Array([1, 1, 0]),
      new Uint8Array([1, 1, 1]),
    );
    expect(r.probability[0]).toBeCloseTo(1 / 6, 14);
    // E[rise] = (0 + 2 * 1/3) / 3 - 1/3 = -1/9.
    expect(r.expectedRise[0]).toBeCloseTo(-1 / 9, 14);
  });
  it("agrees with simulation of its own model", () => {
    // Slice of 10, 3 picks with 2 V1 failures, F0 = 3: Monte Carlo over theta ~ Beta(3, 2).
    const v0 = Uint8Array.from({ length: 10 }, (_, i) => (i < 3 ? 0 : 1));
    const v1 = Uint8Array.from({ length: 10 }, (_, i) => (i === 4 || i === 5 ? 0 : 1));
    const r = regressionPosterior(new Int32Array(10), [new Int32Array([4, 5, 6])], v0, v1);
    const rng = createRng("mc");
    const gamma = (k: number): number => {
      let s = 0;
      for (let j = 0; j < k; j++) s -= Math.log(1 - rng());
      return s;
    };
    let hits = 0;
    const R = 40000;
    for (let t = 0; t < R; t++) {
      const g1 = gamma(3);
      const theta = g1 / (g1 + gamma(2));
      let x = 0;
      for (let j = 0; j < 7; j++) if (rng() < theta) x++;
      if (2 + x > 3) hits++;
    }
    const p = r.probability[0] as number;
    expect(Math.abs(hits / R - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / R));
  });
  it("ranks by probability and rejects a pick from another slice", () => {
    const sliceOf = new Int32Array([0, 0, 0, 1, 1, 1]);
    const v0 = new Uint8Array(6).fill(1);
    const v1 = new Uint8Array([1, 1, 1, 0, 1, 1]);
    const r = regressionPosterior(sliceOf, [new Int32Array([0]), new Int32Array([3])], v0, v1);
    expect(Array.from(r.ranking)).toEqual([1, 0]);
    expect(() => regressionPosterior(sliceOf, [new Int32Array([3])], v0, v1)).toThrow(
      /picks\[0\] holds instance 3 of slice 1/,
    );
  });
});

describe("rankSlices / randomRanking", () => {
  const sliceOf = new Int32Array([0, 0, 1, 1, 2, 2]);
  const picks = [new Int32Array([0]), new Int32Array([2]), new Int32Array([4])];
  const outcomeV0 = new Uint8Array([1, 1, 1, 1, 0, 0]);
  const outcomeV1 = new Uint8Array([0, 1, 0, 1, 1, 1]);
  const scoreV0 = new Float64Array([0.9, 0.5, 0.8, 0.5, 0.2, 0.5]);
  const scoreV1 = new Float64Array([0.6, 0, 0.7, 0, 0.9, 0]);
  const input = { sliceOf, picks, outcomeV0, outcomeV1, scoreV0, scoreV1 };
  it("orders regressed by impact, then improved", () => {
    // Slices 0 and 1 regressed with |delta f| 0.3 and 0.1; slice 2 improved (0.7).
    const r = rankSlices(input);
    expect(Array.from(r.ranking)).toEqual([0, 1, 2]);
    expect(r.category).toEqual(["regressed", "regressed", "improved"]);
    expect(r.impact[0]).toBeCloseTo(0.3, 15);
  });
  it("uses a pluggable classifier", () => {
    const r = rankSlices(input, { classify: () => "unchanged" });
    expect(Array.from(r.ranking)).toEqual([2, 0, 1]);
  });
  it("calls a slice without picks untested, ranks it after every tested slice and never classifies it", () => {
    // Slice 0 has no pick; slices 1 and 2 are tested and unchanged with impact 0, so impact and
    // id alone would put slice 0 first among the unchanged.
    const seen: number[] = [];
    const r = rankSlices(
      {
        sliceOf,
        picks: [new Int32Array(0), new Int32Array([2]), new Int32Array([4])],
        outcomeV0: new Uint8Array(6).fill(1),
        outcomeV1: new Uint8Array(6).fill(1),
        scoreV0: new Float64Array(6),
        scoreV1: new Float64Array(6),
      },
      {
        classify: (delta, ratio) => {
          seen.push(ratio);
          return delta > 0 ? "regressed" : "unchanged";
        },
      },
    );
    expect(r.category).toEqual(["untested", "unchanged", "unchanged"]);
    expect(Array.from(r.ranking)).toEqual([1, 2, 0]);
    expect(Array.from(r.picked)).toEqual([0, 1, 1]);
    expect(Array.from(r.size)).toEqual([2, 2, 2]);
    expect(seen).toEqual([0.5, 0.5]);
    // a shorter picks array leaves the last slices untested too
    const short = rankSlices({ ...input, picks: [new Int32Array([0])] });
    expect(short.category).toEqual(["regressed", "untested", "untested"]);
    expect(Array.from(short.ranking)).toEqual([0, 1, 2]);
  });
  it("rejects a classifier that returns untested", () => {
    expect(() => rankSlices(input, { classify: () => "untested" as never })).toThrow(
      /classify returned an unknown category \(untested\)/,
    );
  });
  it("rejects an unknown aggregate and a non-finite score", () => {
    expect(() => rankSlices(input, { aggregate: "sum" as never })).toThrow(RangeError);
    expect(() => rankSlices(input, { aggregate: "maen" as never })).toThrow(
      /did you mean "mean"\?/,
    );
    expect(() =>
      rankSlices({ ...input, scoreV1: new Float64Array([Number.NaN, 0, 0, 0, 0, 0]) }),
    ).toThrow(RangeError);
  });
  it("randomRanking puts each id first equally often", () => {
    // 4000 rankings of 4 ids: P(first) = 1/4, SE = sqrt(3/16 / 4000) = 0.0068.
    const rng = createRng("rr");
    const first = new Float64Array(4);
    for (let t = 0; t < 4000; t++) {
      const r = randomRanking(new Int32Array([0, 1, 2, 3]), rng);
      first[r[0] as number] = (first[r[0] as number] as number) + 1;
    }
    for (const c of first) expect(Math.abs(c / 4000 - 0.25)).toBeLessThan(0.03);
  });
});

describe("rankSlices ties", () => {
  it("impacts equal up to rounding go by lower slice id (0.5-0.3, 0.7-0.5, 0.3-0.1)", () => {
    const r = rankSlices({
      sliceOf: [2, 2, 0, 0, 1, 1],
      picks: [[2], [4], [0]],
      outcomeV0: [1, 1, 1, 1, 1, 1],
      outcomeV1: [0, 1, 0, 1, 0, 1],
      scoreV0: [0.3, 0, 0.5, 0, 0.7, 0],
      scoreV1: [0.1, 0, 0.3, 0, 0.5, 0],
    });
    expect(Array.from(r.impact)).toEqual([0.2, 0.19999999999999996, 0.19999999999999998]);
    expect(Array.from(r.ranking)).toEqual([0, 1, 2]);
  });
  it("real differences still rank by impact; the tolerance scales with the scores", () => {
    const input = (k: number) => ({
      sliceOf: [0, 1, 2],
      picks: [[0], [1], [2]],
      outcomeV0: [1, 1, 1],
      outcomeV1: [0, 0, 0],
      scoreV0: [0, 0, 0],
      scoreV1: [0.2 * k, 0.2000001 * k, (0.7 - 0.5) * k],
    });
    expect(Array.from(rankSlices(input(1)).ranking)).toEqual([1, 0, 2]);
    expect(Array.from(rankSlices(input(1e-9)).ranking)).toEqual([1, 0, 2]);
    expect(Array.from(rankSlices(input(1e9)).ranking)).toEqual([1, 0, 2]);
  });
});

describe("predictLogistic: the model's fit record", () => {
  const m = { intercept: 0, coefficients: [1], iterations: 3, converged: true };
  it("refuses iterations that are NaN, infinite or negative (were taken: not read)", () => {
    for (const iterations of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -1]) {
      expect(() => predictLogistic({ ...m, iterations }, [[1]]), String(iterations)).toThrow(
        /^predictLogistic: model\.iterations must be/,
      );
    }
    expect(() => predictLogistic({ ...m, converged: "yes" as never }, [[1]])).toThrow(
      new TypeError("predictLogistic: model.converged must be a boolean"),
    );
  });
  it("takes a model built by hand without them", () => {
    expect(predictLogistic({ intercept: 0, coefficients: [0] } as never, [[1]])[0]).toBe(0.5);
  });
});
