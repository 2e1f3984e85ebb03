import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import type { Estimate } from "../../src/estimate/confidenceInterval.js";
import { compact } from "../../src/tcs/_strata.js";
import { flooredStratifiedEstimate, stratifiedEstimate } from "../../src/tcs/_stratified.js";
import { ssrsStrategy } from "../../src/tcs/ssrsStrategy.js";

// 10 units in two strata of 5; the sample is units 0-2 (stratum 0) and 5-8 (stratum 1)
const s = compact(Int32Array.from([0, 0, 0, 0, 0, 1, 1, 1, 1, 1]), 2);
const sample = Int32Array.from([0, 1, 2, 5, 6, 7, 8]);
const est = { level: 0.95, interval: undefined };

describe("flooredStratifiedEstimate(sample, y, s, est, method, a)", () => {
  it("gives an all-pass stratum the variance of its rate shrunk towards the pooled one, keeps the estimate", () => {
    const y = Float64Array.from([0, 0, 0, 0, 1, 0, 1]);
    const plain = stratifiedEstimate(sample, y, s, est, "m");
    const e = flooredStratifiedEstimate(sample, y, s, est, "m", 0.5);
    expect(e.estimate).toBe(plain.estimate);
    // pooled rate: the stratified mean 0.5 * 0 + 0.5 * 2/4 as 7 labels, (7 * 0.25 + 0.5) / (7 + 1);
    // prior weight m = 7 / 2 labels; stratum 0: x = 0 of n = 3; stratum 1: x = 2 of 4, s^2 = 1/3 > q (1 - q)
    const pbar = (7 * 0.25 + 0.5) / 8;
    const q0 = (0 + 3.5 * pbar) / (3 + 3.5);
    const v0 = (0.25 * (1 - 3 / 5) * q0 * (1 - q0)) / 3;
    const v1 = (0.25 * (1 - 4 / 5) * (1 / 3)) / 4;
    expect(e.variance).toBeCloseTo(v0 + v1, 15);
    expect(plain.variance).toBeCloseTo(v1, 15);
    expect(e.ci[1]).toBeGreaterThan(plain.ci[1]);
    expect(e.method).toBe("m");
  });
  it("leaves strata whose variance is above the floor, and labels outside [0, 1], alone", () => {
    const y = Float64Array.from([0, 1, 0, 1, 0, 1, 0]);
    expect(flooredStratifiedEstimate(sample, y, s, est, "m", 0.5)).toEqual(
      stratifiedEstimate(sample, y, s, est, "m"),
    );
    const real = Float64Array.from([1.5, 0, 0, 0, 0.2, 0, 0.7]);
    expect(flooredStratifiedEstimate(sample, real, s, est, "m", 0.5)).toEqual(
      stratifiedEstimate(sample, real, s, est, "m"),
    );
  });
  it("floors a graded stratum's variance at its sum of squares with one pseudo-df of the pooled variance", () => {
    // graded labels: the strata whose own variance is below (SS_h + s_p^2) / n_h are raised
    const graded = Float64Array.from([0.5, 0, 0, 0, 0.2, 0, 0.7]);
    const plain = stratifiedEstimate(sample, graded, s, est, "m");
    const e = flooredStratifiedEstimate(sample, graded, s, est, "m", 0.5);
    expect(e.estimate).toBe(plain.estimate);
    expect(e.variance).toBeGreaterThan(plain.variance);
  });
  it("with strata ordered by risk: a weaker prior, the riskier neighbour's rate, and df from the estimated terms", () => {
    // three strata of 10 units ordered by risk; labels: stratum 0 two passes, stratum 1 two
    // passes, stratum 2 two failures in four
    const o = compact(
      Int32Array.from({ length: 30 }, (_, i) => Math.floor(i / 10)),
      3,
    );
    const picks = Int32Array.from([0, 1, 10, 11, 20, 21, 22, 23]);
    const y = Float64Array.from([0, 0, 0, 0, 1, 0, 1, 0]);
    const e = flooredStratifiedEstimate(picks, y, o, est, "m", 0.5, false, true);
    const plain = stratifiedEstimate(picks, y, o, est, "m");
    expect(e.estimate).toBe(plain.estimate);
    // pooled: the stratified mean 1/6 as 8 labels, Jeffreys-smoothed; m = 0.1 * 8 / 3 labels
    const pbar = (8 / 6 + 0.5) / 9;
    const m = (0.1 * 8) / 3;
    const qp = (m * pbar) / (2 + m);
    // stratum 0: its riskier neighbour (stratum 1) shows no failure, so the pooled floor;
    // stratum 1: the neighbour's rate 1/2 with 2 / 2 = 1 pseudo-label, q = 0.5 / 3
    const qn = 0.5 / 3;
    const term = (v2: number, nh: number) => ((1 / 9) * (1 - nh / 10) * v2) / nh;
    const v0 = term(qp * (1 - qp), 2);
    const v1 = term(Math.max(qp * (1 - qp), qn * (1 - qn)), 2);
    const v2 = term(1 / 3, 4);
    expect(e.variance).toBeCloseTo(v0 + v1 + v2, 15);
    // the floored terms are a prior's: Satterthwaite's df counts stratum 2's estimate only
    const v = v0 + v1 + v2;
    expect(e.df).toBeCloseTo(Math.min(8 - 3, (v * v) / ((v2 * v2) / 3)), 12);
    // the same labels without the order: the unweighted strong prior's variance differs
    const unordered = flooredStratifiedEstimate(picks, y, o, est, "m", 0.5);
    expect(unordered.variance).not.toBeCloseTo(e.variance, 6);
  });
});

describe("the graded stratum floor never narrows an interval, and labels at 0 are floored as 0/1 ones (a review)", () => {
  // ssrs on 200 units in 4 strata, 20 labels, all 0 but the first
  const risk = Float64Array.from({ length: 200 }, (_, i) => i / 200);
  function run(first: number) {
    const g = ssrsStrategy(risk, 20, createRng(1), { strata: 4 });
    let r = g.next();
    let k = 0;
    while (!r.done) {
      r = g.next(k === 0 ? first : 0);
      k++;
    }
    return r.value as unknown as Estimate;
  }
  it("keeps the unfloored degrees of freedom: one label 0.5 among 0s is not narrower than the plain interval", () => {
    const e = run(0.5);
    // the unfloored df of this sample is 4 (its one stratum with spread); the floor raised
    // the variance and, counting the floored terms' n_h - 1, made df 5.25 and the interval
    // [1.05e-4, 0.1768], inside the plain stratified one [8.4e-5, 0.1821]
    expect(e.df).toBeLessThanOrEqual(4);
    expect(e.ci[1]).toBeGreaterThan(0.18);
  });
  it("a tiny graded label among 0s does not collapse the interval", () => {
    // all 0: the 0/1 floor gives [0, 0.175]; one label 0.01 gave [2.4e-6, 0.0038] (its
    // all-0 strata had s_h^2 = 0 and no floor), reliable
    const zeros = run(0);
    const e = run(0.01);
    expect(e.ci[1]).toBeGreaterThan(zeros.ci[1]);
  });
});
