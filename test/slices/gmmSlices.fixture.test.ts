/**
 * gmmSlices against scikit-learn's GaussianMixture (test/fixtures/gmm.json,
 * made by scripts/fixtures/gmm.py): the same start (hard labels), then EM to
 * sklearn's stopping rule; labels, iteration count and convergence exactly,
 * parameters and the lower bound to rounding.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { gmmSlices } from "../../src/slices/gmmSlices.js";

type Case = {
  name: string;
  covariance: "full" | "diag";
  k: number;
  X: number[];
  rows: number;
  cols: number;
  initLabels: number[];
  labels: number[];
  probability: number[];
  weights: number[];
  means: number[];
  lowerBound: number;
  iterations: number;
  converged: boolean;
};
const fx = JSON.parse(readFileSync("test/fixtures/gmm.json", "utf8")) as { cases: Case[] };

const close = (a: ArrayLike<number>, b: readonly number[], tol: number): void => {
  expect(a.length).toBe(b.length);
  for (let i = 0; i < b.length; i++) {
    expect(Math.abs((a[i] as number) - (b[i] as number))).toBeLessThanOrEqual(
      tol * (1 + Math.abs(b[i] as number)),
    );
  }
};

describe("gmmSlices vs sklearn.mixture.GaussianMixture", () => {
  it("has the fixture's six cases", () => expect(fx.cases.length).toBe(6));
  for (const c of fx.cases) {
    it(c.name, () => {
      const X = { data: Float64Array.from(c.X), rows: c.rows, cols: c.cols };
      const g = gmmSlices(X, c.k, createRng(1), {
        covariance: c.covariance,
        initLabels: c.initLabels,
      });
      expect(Array.from(g.sliceOf)).toEqual(c.labels);
      expect(g.iterations).toBe(c.iterations);
      expect(g.converged).toBe(c.converged);
      expect(Math.abs(g.logLikelihood - c.lowerBound)).toBeLessThan(1e-9);
      close(g.weights, c.weights, 1e-9);
      close(g.means.data, c.means, 1e-8);
      close(g.probability, c.probability, 1e-8);
    });
  }
});
