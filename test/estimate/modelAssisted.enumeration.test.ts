import { describe, expect, it } from "vitest";
import { inclusionProbabilities } from "../../src/design/inclusionProbabilities.js";
import { poissonPi2 } from "../../src/design/poissonPi2.js";
import { samplePi2 } from "../../src/design/samplePi2.js";
import { type ModelAssistedOptions, modelAssisted } from "../../src/estimate/modelAssisted.js";
import {
  enumeratePivotal,
  enumeratePoisson,
  enumeratePpsWithReplacement,
  enumerateRhc,
  enumerateSrs,
  enumerateStratifiedSrs,
  enumerateSystematic,
  expectation,
  type Outcome,
} from "../helpers/enumerate.js";

// Exact proof by enumeration: for every possible sample s of a small population with
// probability p(s), sum_s p(s) * estimate(s) equals the population mean of y, for a fixed
// lambda and predictions that are deliberately poor (biased, noisy), because the design
// estimator of the residual mean is unbiased and the predictions' population mean is known.
// Where the base variance estimator is unbiased (SRS, Poisson with the "ht" form and pi2, with
// replacement, stratified SRS, RHC),
// E[variance estimate] equals the exact variance of the estimate over the same enumeration.

const y = [3.2, 0.5, 7.1, 2.2, 5.5, 1.0, 4.4, 6.3];
const f = [2.9, 1.4, 6.0, 2.0, 3.1, 1.9, 5.6, 4.0]; // a biased predictor of y
const size = [1, 3, 2, 5, 1.5, 4, 2.5, 3.5];
const N = y.length;
const mean = y.reduce((s, v) => s + v, 0) / N;
const pop = Float64Array.from(f);

function at(v: readonly number[], s: Int32Array): Float64Array {
  return Float64Array.from(s, (k) => v[k] as number);
}

type Run = (o: Outcome, lambda: number) => { estimate: number; variance: number };

function check(outcomes: readonly Outcome[], run: Run, lambda: number, varianceUnbiased: boolean) {
  const results = new Map(outcomes.map((o) => [o, run(o, lambda)]));
  const get = (o: Outcome) => results.get(o) as { estimate: number; variance: number };
  const e = expectation(outcomes, (o) => get(o).estimate);
  expect(Math.abs(e - mean), `E[estimate] ${e} vs mean ${mean}`).toBeLessThan(1e-12);
  if (varianceUnbiased) {
    const v = expectation(outcomes, (o) => (get(o).estimate - mean) ** 2);
    const ev = expectation(outcomes, (o) => get(o).variance);
    expect(Math.abs(ev - v) / v, `E[variance] ${ev} vs variance ${v}`).toBeLessThan(1e-10);
  }
}

function withPik(pik: Float64Array, options: ModelAssistedOptions = {}): Run {
  return (o, lambda) =>
    modelAssisted(
      at(y, o.sample),
      at(f, o.sample),
      Float64Array.from(o.sample, (k) => pik[k] as number),
      pop,
      {
        ...options,
        lambda,
      },
    );
}

describe("modelAssisted(y, yhat, pik, yhatPopulation, { lambda }): exact design-unbiasedness by enumeration", () => {
  for (const lambda of [1, 0.6, 0]) {
    it(`SRS without replacement, N = 8, n = 3, lambda ${lambda}: estimate and Deville (= SRS) variance unbiased`, () => {
      check(enumerateSrs(N, 3), withPik(new Float64Array(N).fill(3 / N)), lambda, true);
    });

    it(`systematic PPS and pivotal (pik proportional to size, n = 3), lambda ${lambda}: estimate unbiased`, () => {
      const pik = inclusionProbabilities(Float64Array.from(size), 3);
      check(enumerateSystematic(pik), withPik(pik), lambda, false);
      check(enumeratePivotal(pik), withPik(pik), lambda, false);
    });

    it(`Poisson sampling (random size, empty sample included), HT variance with pi2, lambda ${lambda}: estimate and variance unbiased`, () => {
      const pik = Float64Array.from(size, (v) => Math.min(1, v / 6));
      const full = poissonPi2(pik);
      const run: Run = (o, lambda) =>
        modelAssisted(at(y, o.sample), at(f, o.sample), at(Array.from(pik), o.sample), pop, {
          pi2: samplePi2(full, o.sample),
          variance: "ht",
          lambda,
        });
      check(enumeratePoisson(pik), run, lambda, true);
    });

    it(`PPS with replacement (Hansen–Hurwitz), n = 3 draws, lambda ${lambda}: estimate and variance unbiased`, () => {
      const total = size.reduce((s, v) => s + v, 0);
      const p = Float64Array.from(size, (v) => v / total);
      check(
        enumeratePpsWithReplacement(p, 3),
        withPik(p, { estimator: "hansenHurwitz" }),
        lambda,
        true,
      );
    });

    it(`stratified SRS (2 strata, 2 + 2 labels), lambda ${lambda}: estimate and variance unbiased`, () => {
      const strataPop = [0, 0, 0, 1, 1, 1, 1, 1];
      const allocation = [2, 2];
      const sizes = Int32Array.of(3, 5);
      const run: Run = (o, lambda) => {
        const strata = Int32Array.from(o.sample, (k) => strataPop[k] as number);
        const pik = Float64Array.from(
          strata,
          (h) => (allocation[h] as number) / (sizes[h] as number),
        );
        return modelAssisted(at(y, o.sample), at(f, o.sample), pik, pop, {
          estimator: "stratifiedMean",
          strata,
          stratumSizes: sizes,
          lambda,
        });
      };
      check(enumerateStratifiedSrs(strataPop, allocation), run, lambda, true);
    });

    it(`Rao–Hartley–Cochran, n = 3 groups, lambda ${lambda}: estimate and variance unbiased`, () => {
      const outcomes = enumerateRhc(size, 3);
      const run: Run = (o, lambda) => {
        const r = o as (typeof outcomes)[number];
        return modelAssisted(at(y, r.sample), at(f, r.sample), r.groupShare, pop, {
          estimator: "raoHartleyCochran",
          groupTotal: r.groupTotal,
          lambda,
        });
      };
      check(outcomes, run, lambda, true);
    });
  }

  it("the difference estimator (lambda 1) beats the design estimator of y alone when the predictor is good", () => {
    const outcomes = enumerateSrs(N, 3);
    const pik = new Float64Array(N).fill(3 / N);
    const mse = (lambda: number) =>
      expectation(outcomes, (o) => (withPik(pik)(o, lambda).estimate - mean) ** 2);
    expect(mse(1)).toBeLessThan(mse(0));
  });
});
