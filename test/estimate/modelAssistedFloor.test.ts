/**
 * modelAssisted's prediction-band floor: a block of units predicted right with
 * certainty (yhat exactly 0) has residual 0 except at its few failures, and a
 * sample that draws none of them sees no spread there. Found by a stress test
 * (pivotal sampling, pik proportional to risk, the block at the smallest pik):
 * the design's own variance covered 38 % on the population below.
 */
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { inclusionProbabilities } from "../../src/design/inclusionProbabilities.js";
import { pivotal } from "../../src/design/pivotal.js";
import { srs } from "../../src/design/srs.js";
import { predictionBandVariance } from "../../src/estimate/_predictionBands.js";
import { horvitzThompson } from "../../src/estimate/horvitzThompson.js";
import { modelAssisted } from "../../src/estimate/modelAssisted.js";

/**
 * N = 300: 180 units at confidence 1 (yhat = 0) of which 2 fail, 120 at
 * confidence 0.5..1 failing with probability 0.25 (1 - confidence); risk
 * floored at 0.01 so the certain block is drawn, rarely.
 */
function saturated() {
  const rng = createRng("modelAssistedFloor/saturated");
  const N = 300;
  const y = new Float64Array(N);
  const yhat = new Float64Array(N);
  for (let i = 0; i < N; i++) {
    if (i < 180) {
      y[i] = i < 2 ? 1 : 0;
    } else {
      yhat[i] = 0.5 * rng();
      y[i] = rng() < 0.25 * yhat[i] * 2 ? 1 : 0;
    }
  }
  const risk = Float64Array.from(yhat, (v) => Math.max(0.01, v));
  let failures = 0;
  for (const v of y) failures += v;
  return { y, yhat, risk, mu: failures / N };
}

const pick = (a: Float64Array, s: ArrayLike<number>) =>
  Float64Array.from(s as ArrayLike<number>, (i) => a[i] as number);

describe("modelAssisted: the prediction-band floor", () => {
  it("covers a block of certain predictions under pivotal sampling, where the design's own variance does not", () => {
    const pop = saturated();
    const pik = inclusionProbabilities(pop.risk, 150);
    const runs = 400;
    let covered = 0;
    let coveredWithout = 0;
    for (let r = 0; r < runs; r++) {
      const s = pivotal(pik, createRng(`modelAssistedFloor/${r}`));
      const y = pick(pop.y, s);
      const yhat = pick(pop.yhat, s);
      const p = pick(pik, s);
      const e = modelAssisted(y, yhat, p, pop.yhat);
      if (e.ci[0] <= pop.mu && pop.mu <= e.ci[1]) covered++;
      // the same difference estimator without the floor: HT of the residuals, real-valued
      const resid = Float64Array.from(y, (v, k) => v - (yhat[k] as number));
      const h = horvitzThompson(resid, p, pop.y.length, { interval: "t" });
      let shift = 0;
      for (const v of pop.yhat) shift += v / pop.y.length;
      if (h.ci[0] + shift <= pop.mu && pop.mu <= h.ci[1] + shift) coveredWithout++;
    }
    expect(covered / runs).toBeGreaterThanOrEqual(0.93);
    expect(coveredWithout / runs).toBeLessThan(0.8);
  });

  it("adds W^2 (1 - n_h/N_h) q (1 - q) / Kish size for every band whose labels agree", () => {
    // population: 4 units at yhat 0 (band 0), 4 at yhat 0.5 (one positive band)
    const yhatPop = Float64Array.of(0, 0, 0, 0, 0.5, 0.5, 0.5, 0.5);
    // sampled: two of band 0 (both pass, pik 0.5 and 0.25), two of band 1 (one fails)
    const y = Float64Array.of(0, 0, 1, 0);
    const yhat = Float64Array.of(0, 0, 0.5, 0.5);
    const pik = Float64Array.of(0.5, 0.25, 0.5, 0.5);
    const estimate = 0.2;
    const pooled = (4 * estimate + 0.5) / (4 + 1);
    const m = (0.1 * 4) / 8;
    const q = (0 + m * pooled) / (2 + m);
    const kish = (2 + 4) ** 2 / (4 + 16);
    const want = (0.5 ** 2 * (1 - 2 / 4) * q * (1 - q)) / kish;
    expect(predictionBandVariance(y, yhat, pik, yhatPop, estimate)).toBeCloseTo(want, 15);
    // every band mixed: nothing added; real labels: nothing added
    expect(predictionBandVariance(Float64Array.of(0, 1, 1, 0), yhat, pik, yhatPop, estimate)).toBe(
      0,
    );
    expect(predictionBandVariance(Float64Array.of(0, 0, 0.5, 0), yhat, pik, yhatPop, 0.1)).toBe(0);
  });

  it("keeps lambda 0 the design estimator of y, and leaves samples without an agreeing band alone", () => {
    const pop = saturated();
    const N = pop.y.length;
    const s = srs(N, 60, createRng("modelAssistedFloor/srs"));
    const y = pick(pop.y, s);
    const yhat = pick(pop.yhat, s);
    const pik = new Float64Array(60).fill(60 / N);
    const e0 = modelAssisted(y, yhat, pik, pop.yhat, { lambda: 0 });
    const ht = horvitzThompson(y, pik, N, { interval: "t" });
    expect(e0.variance).toBe(ht.variance);
    // with the floor the variance is never below the design's own
    const e1 = modelAssisted(y, yhat, pik, pop.yhat);
    const resid = Float64Array.from(y, (v, k) => v - (yhat[k] as number));
    const h1 = horvitzThompson(resid, pik, N, { interval: "t" });
    expect(e1.variance).toBeGreaterThanOrEqual(h1.variance);
    // the inputs are not modified
    expect(pick(pop.y, s)).toEqual(y);
  });
});
