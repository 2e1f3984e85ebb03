import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fitLogistic } from "../../src/slices/fitLogistic.js";
import { fitStandardizer } from "../../src/slices/fitStandardizer.js";
import { outputConsistency } from "../../src/slices/outputConsistency.js";
import { regressionPosterior } from "../../src/slices/regressionPosterior.js";
import { sliceCoherence } from "../../src/slices/sliceCoherence.js";
import { sliceObjectives } from "../../src/slices/sliceObjectives.js";

type Fx = {
  logistic: {
    X: number[];
    rows: number;
    cols: number;
    y: number[];
    ml: { intercept: number; coefficients: number[] };
    ridge1: { intercept: number; coefficients: number[] };
  };
  partition: {
    X: number[];
    rows: number;
    cols: number;
    y: number[];
    sliceOf: number[];
    oc: number[];
    scm: number[];
    objectives: number[];
  };
  posterior: { n: number; k: number; f: number; F0: number; a: number; b: number; p: number }[];
  scaler: { X: number[]; rows: number; cols: number; mean: number[]; sd: number[] };
};
const fx = JSON.parse(
  readFileSync(new URL("../fixtures/casper.json", import.meta.url), "utf8"),
) as Fx;
const mat = (o: { X: number[]; rows: number; cols: number }) => ({
  data: Float64Array.from(o.X),
  rows: o.rows,
  cols: o.cols,
});

describe("casper fixtures (statsmodels 0.13.5, scikit-learn 1.2.1, scipy 1.10.1)", () => {
  it("fitLogistic(X, y, { lambda: 0 }) matches statsmodels Logit", () => {
    const m = fitLogistic(mat(fx.logistic), Uint8Array.from(fx.logistic.y), { lambda: 0 });
    expect(m.converged).toBe(true);
    expect(m.intercept).toBeCloseTo(fx.logistic.ml.intercept, 8);
    for (const [k, c] of fx.logistic.ml.coefficients.entries())
      expect(m.coefficients[k]).toBeCloseTo(c, 8);
  });
  it("fitLogistic(X, y) (lambda 1) matches LogisticRegression(C=1, lbfgs)", () => {
    const m = fitLogistic(mat(fx.logistic), Uint8Array.from(fx.logistic.y));
    expect(m.intercept).toBeCloseTo(fx.logistic.ridge1.intercept, 5);
    for (const [k, c] of fx.logistic.ridge1.coefficients.entries())
      expect(m.coefficients[k]).toBeCloseTo(c, 5);
  });
  const p = fx.partition;
  const sliceOf = Int32Array.from(p.sliceOf);
  const y = Uint8Array.from(p.y);
  it("outputConsistency and sliceCoherence match the definitions (sklearn cosine_similarity)", () => {
    const oc = outputConsistency(sliceOf, y);
    for (const [s, v] of p.oc.entries()) expect(oc.values[s]).toBeCloseTo(v, 12);
    const scm = sliceCoherence(sliceOf, mat(p));
    for (const [s, v] of p.scm.entries()) expect(scm.values[s]).toBeCloseTo(v, 12);
  });
  it("sliceObjectives matches scipy pdist/cdist", () => {
    const f = sliceObjectives(sliceOf, mat(p), y);
    for (const [k, v] of p.objectives.entries()) expect(f[k]).toBeCloseTo(v, 10);
  });
  it("regressionPosterior matches scipy.stats.betabinom tails", () => {
    for (const c of fx.posterior) {
      // One slice of c.n; the first c.k instances are picked; F0 V0 failures, f V1 failures among picks.
      const v0 = new Uint8Array(c.n).fill(1);
      for (let i = 0; i < c.F0; i++) v0[c.n - 1 - i] = 0;
      const v1 = new Uint8Array(c.n).fill(1);
      for (let i = 0; i < c.f; i++) v1[i] = 0;
      const picks = [Int32Array.from({ length: c.k }, (_, i) => i)];
      const r = regressionPosterior(new Int32Array(c.n), picks, v0, v1, { a: c.a, b: c.b });
      expect(r.probability[0]).toBeCloseTo(c.p, 12);
    }
  });
  it("fitStandardizer matches StandardScaler", () => {
    const s = fitStandardizer(mat(fx.scaler));
    for (const [k, v] of fx.scaler.mean.entries()) expect(s.mean[k]).toBeCloseTo(v, 12);
    for (const [k, v] of fx.scaler.sd.entries()) expect(s.sd[k]).toBeCloseTo(v, 12);
  });
});
