/**
 * A variance floor for the weighted (unequal-probability) strategies: the
 * population split into risk bands of equal total risk (cut further where a
 * band's draw rates spread more than 4-fold), and a band whose labels all
 * agree adds the variance of a shrunk rate.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import { firstNonBinary, intervalEstimate, ZERO_WIDTH_WARNING } from "../estimate/_interval.js";
import { RISK_BANDS, type RiskBands } from "../estimate/_riskBands.js";
import {
  agreeingBandVariance,
  BAND_PRIOR_SHARE,
  JEFFREYS_PSEUDO_COUNT,
  neighbourRate,
  pooledRate,
} from "../estimate/_shrink.js";
import type { Estimate } from "../estimate/confidenceInterval.js";
import type { EstimatorChoice } from "./_askTell.js";

export { BAND_SPREAD, RISK_BANDS, type RiskBands, riskBands } from "../estimate/_riskBands.js";

/** The pseudo-count a of the pooled rate in {@link flooredWeightedEstimate}: 1/2, Jeffreys' prior. */
const PSEUDO = JEFFREYS_PSEUDO_COUNT;

/**
 * Adds to a weighted strategy's variance the variance its sample cannot see:
 * for 0/1 labels that hold both values, every {@link riskBands} band h whose
 * n_h labels (draws) all agree (x_h failures, x_h = 0 or n_h; a band with
 * units but no label counts as one all-pass label) adds
 * `W_h^2 (1 - n_h / N_h) q_h (1 - q_h) / max(n_h, 1)`, W_h = N_h / N, with
 * `q_h = (x_h + m pbar) / (n_h + m)` the band's rate shrunk towards the pooled
 * `pbar = (n clip(estimate) + a) / (n + 2a)` (a = 1/2) with m = 0.1 n / H
 * pseudo-labels. With `neighbours` (the designs whose bands are split, which
 * draw in proportion to the risk or, for `mixture`, to its mixed size: SUPS,
 * 2-UPS, RHC, systematic PPS, balanced, pivotal, mixture) such a band
 * adds the larger of that and the same variance at
 * `q_h = (x_h + m_h r_h) / (n_h + m_h)`, m_h = max(n_h, 1) / 2: the band's
 * labels plus half as many pseudo-labels at r_h = x_g / n_g, the label rate
 * of the nearest band g with labels on the side where the other label is
 * likelier (higher risk for an all-pass band, whose q_h is then r_h / 3;
 * lower for an all-fail one). The point estimate is kept;
 * the interval is recomputed from the larger variance (same method, df and
 * Kish size).
 *
 * Why: with risk strongly tied to failures, a small weighted sample often
 * draws no failure among the low-risk, large-weight units; the design's own
 * variance estimate (Deville, Hansen–Hurwitz, RHC, deepEst's z_k) is unbiased
 * on average but small exactly when the estimate is low, so the interval
 * missed from below (docs/replication/coverage.md before this floor, at
 * commit 6474e4a: 83–90 % on CIFAR-10 model F, 35 % failures at n = 30 and
 * its rare-failure versions at n = 100–200; reproduced without the floor by
 * test/tcs/coverage.weighted.test.ts's synthetic cell). A band whose labels
 * all pass is the hazard the stratified strategies floor (see
 * `flooredStratifiedEstimate`). The band count and the prior weight were
 * chosen with `bench/coverage.ts --filter "CIFAR-10 F"` on variants not kept
 * in the code (H in {2, 4, 6, 8, 12}, m from 0.03 to 0.5 band labels, adding
 * to vs taking the max with a post-stratified variance): the narrowest that
 * kept every model-F cell at or above 94 %. Measured effect on every
 * population: docs/replication/coverage.md.
 *
 * Why the neighbours: the pooled rate is the estimate's, and the estimate is
 * low exactly when a heavy band shows no failure. When the risk does not
 * predict failures (a coarse judge score whose lowest level holds half the
 * units at a sixth of the uniform draw rate, failures spread evenly), the
 * PPS designs' worst cells covered 82.2-88.9 %, 6-8 of 24 cells below 93 %
 * (docs/replication/coverage.md, "A risk that does not predict failures",
 * measured at 3cdc805 with that bench): the missed runs were those whose
 * heavy band drew no failure. If the risk ranks failures at all, a band's
 * failure rate is at most about that of the next riskier band; if it does not,
 * the two are equal: that rate is a reference the sample itself supplies and
 * the estimate's own rate is not. The weight m_h was chosen on the coverage
 * grid (`npm run bench -- coverage`): m_h = n_h (q_h = r_h / 2) made these
 * strategies' mean widths 12-15 % larger, n_h / 2 8-10 % (up to a third in
 * rare-failure CIFAR cells that already covered 99.4-99.9 %), both
 * with every judge-like cell at or above 93.6 %; n_h / 4 left cells at
 * 91.5-92.7 %. The neighbour's Jeffreys-smoothed rate (x_g + 1/2) / (n_g + 1)
 * made them 37-53 % larger (a riskier band without failures still lent a
 * rate). deepEst and `active`, whose draws mix in uniform ones and whose bands
 * are not split, covered that population without it and keep the pooled floor
 * alone.
 *
 * Labels in [0, 1] that are not all 0 or 1 (graded scores) get
 * {@link flooredGradedEstimate} instead when `graded` (by default with
 * `neighbours`; deepEst asks for it too, `active` does not: its difference
 * estimator's residuals are not the labels). Labels outside [0, 1], 0/1 labels that all
 * agree (the design's Kish-size rule handles those), a negative variance and a
 * population in one band are returned unchanged; a flag the design raised
 * stands, except the zero width of a `"t"` or `"wald"` interval of labels
 * without spread, which the floor mends.
 *
 * @see Holt, D. & Smith, T. M. F. (1979). Post stratification. JRSS A 142, 33-46;
 *   Korn, E. L. & Graubard, B. I. (1998). Survey Methodology 24, 193-201.
 */
export function flooredWeightedEstimate(
  fn: string,
  e: Estimate,
  sample: ArrayLike<number>,
  y: Float64Array,
  bands: RiskBands | undefined,
  est: EstimatorChoice,
  neighbours = false,
  graded = neighbours,
): Estimate {
  if (bands === undefined || !(e.variance >= 0)) return e;
  const H = bands.sizes.length;
  const n = y.length;
  const count = new Float64Array(H);
  const fails = new Float64Array(H);
  if (firstNonBinary(y) >= 0)
    return graded ? flooredGradedEstimate(fn, e, sample, y, bands, est) : e;
  let x = 0;
  for (let k = 0; k < n; k++) {
    const v = y[k] as number;
    const h = bands.band[sample[k] as number] as number;
    count[h] = (count[h] as number) + 1;
    fails[h] = (fails[h] as number) + v;
    x += v;
  }
  if (x === 0 || x === n) return e;
  let N = 0;
  for (const c of bands.sizes) N += c;
  const p = Math.min(1, Math.max(0, e.estimate));
  const pooled = pooledRate(n * p, n, PSEUDO);
  const m = (BAND_PRIOR_SHARE * n) / RISK_BANDS;
  let added = 0;
  for (let h = 0; h < H; h++) {
    const Nh = bands.sizes[h] as number;
    const nh = count[h] as number;
    const xh = fails[h] as number;
    let v = agreeingBandVariance(Nh, N, nh, xh, pooled, m);
    if (neighbours && v > 0) {
      const r = neighbourRate(count, fails, h, xh === 0 ? 1 : -1);
      if (r !== undefined)
        v = Math.max(v, agreeingBandVariance(Nh, N, nh, xh, r, Math.max(nh, 1) / 2));
    }
    added += v;
  }
  if (!(added > 0)) return e;
  const floored = intervalEstimate(fn, {
    method: e.method,
    estimate: e.estimate,
    variance: e.variance + added,
    level: est.level,
    n: e.n,
    y,
    design: { srs: false, df: e.df, N, census: false, nEffective: e.nEffective },
    interval: est.interval,
  });
  // a flag the design raised (e.g. a variance resting on one unit) stands, except
  // a "t"/"wald" interval's zero width: the floor has just given it a width
  return e.reliable || e.warning.startsWith(ZERO_WIDTH_WARNING)
    ? { ...floored, method: e.method }
    : { ...floored, method: e.method, reliable: false, warning: e.warning };
}

/**
 * A Hájek (ratio) estimate, known by the method name its strategy gives it
 * (balanced, pivotal, mixture's default): the estimates that take the band
 * shares from the weights drawn rather than from the known band sizes.
 */
const HAJEK = /\bhajek\b/;

/**
 * The risk-band floor for labels in [0, 1] that are not all 0 or 1 (a
 * judge's continuous score, partial credit) under the designs whose bands are
 * split (`neighbours` of {@link flooredWeightedEstimate}: SUPS, 2-UPS, RHC,
 * systematic PPS, balanced, pivotal, mixture; and deepEst). With n_h
 * distinct units labelled in band h (a unit a with-replacement design drew
 * twice counts once; mean ybar_h, sum of squares SS_h about it), s_p^2 the within-band variance
 * pooled over the bands with at least 2 draws (`sum SS_h / sum (n_h - 1)`),
 * p the estimate clipped to [0, 1] and W_h = N_h / N, band h's term is
 * `W_h^2 (1 - n_h / N_h) v_h / max(n_h, 1)` with
 * - n_h >= 2: v_h = (SS_h + s_p^2) / n_h, the band's own variance with one
 *   pseudo-degree of freedom of the pooled one (2 labels give one degree of
 *   freedom, and a chi-square on one is below a tenth of its mean a quarter
 *   of the time);
 * - n_h = 1: v_h = s_p^2;
 * - n_h = 0: v_h = s_p^2 + (m_h - p)^2, one label whose mean is unknown:
 *   m_h the mean label of the nearest band with labels below and of the
 *   nearest above (averaged when both exist).
 * The variance becomes the larger of the design's variance plus the terms of
 * the bands with fewer than 2 draws and the sum of every band's terms (the
 * variance of the estimate post-stratified by band). A Hájek estimate's
 * interval is then widened to hold also that post-stratified interval
 * (estimate `sum W_h ybar_h`, m_h for a band without labels; same method):
 * its `variance` and `se` stay the floored ones, and its `method` then ends in
 * "; interval widened to hold the post-stratified one".
 * The point estimate is kept, the interval is recomputed as for 0/1 labels
 * (same method, df and Kish size), and the estimate is returned unchanged
 * when the labels all agree (the design's Kish-size rule handles those, as
 * for 0/1 labels), no band has 2 draws, every band is a census (all terms
 * 0), or nothing grows and the estimate is not Hájek.
 *
 * Why: for y = 0.8 (1 - confidence) + 0.2 U (U uniform), risk
 * `toRisk(confidence, "lower")`, N = 5,000, the heavy low-risk band holds
 * about half the units, and its labels spread (the 0.2 U) as much as every other
 * band's. The PPS designs' own variances (Deville, Hansen–Hurwitz, RHC) were
 * about right on average but correlated with the estimate over runs
 * (0.7-0.9) and the estimate right-skewed (skewness up to 0.6): a run with
 * few or low labels from that band was low with a small variance (at n = 30
 * the missed runs' standard errors half to two-thirds of the others'), and
 * the interval missed from below. Balanced and pivotal (Hájek) missed from
 * above: with few draws in the heavy band their estimated band shares put
 * too little weight on its low labels. Without this floor, 1,000 runs a cell on eight
 * populations (`bench/graded-coverage.ts`): systematicPps, sups, rhc, twoUps
 * 82.8-93.4 % at n = 30, 90.5-95.1 % at n = 100; balanced and pivotal
 * 89.1-94.1 % and 92.2-96.5 %. With it every cell of the seven is 96.6 %
 * or more at n = 30 and 94.1 % or more at n = 100, mean widths 14-40 %
 * larger at n = 30 (Hájek 7-18 %) and 1-14 % at n = 100 (docs/replication/
 * coverage.md, "Graded labels"): the price of a small sample's variance
 * resting on the within-band spread, not on the heavy band's few labels.
 * The rule was chosen on CIFAR-10 model E's confidences alone (the Hájek
 * hull on models E and D), against the empty-band terms alone (n = 30 92.3-
 * 94.1 %, n = 100 unchanged), degrees of freedom from the bands drawn (94.7 %
 * and more, widths 19-56 % larger), the squared gap to the post-stratified
 * estimate added (23-42 % wider) and the post-stratified hull for every
 * design (PPS 9-28 % wider); no shrinkage of a band's own variance
 * (pseudo-degrees 0) left model E's PPS cells at 94.6-95.7 %, 1 raised them
 * to 94.9-97.4 % at the same width. CIFAR-100 models G, H, I and Beta(5, 1),
 * Beta(2, 1) and Beta(10, 1) confidences were checks (G, I and Beta(10, 1)
 * never looked at before the rule was fixed). 0/1 labels with a little
 * partial credit (2 % of labels 0.5 among 3 % failures, N = 5,000) now take
 * this floor too: 5-18 % wider at n = 30-100, coverage 96-100 % (was
 * 95-99.5 %). deepEst (bands unsplit, draws mixed with uniform ones) asks
 * for the same floor: without it 91.5-95.1 % at n = 30 and 93.6-95.8 % at
 * n = 100 on those populations, with it 96.5-97.9 % and 94.7-97.4 %, widths
 * 15-31 % and 3-16 % larger (its Hájek hull does not apply: its estimate is
 * Hansen–Hurwitz). 0/1 labels and `active`'s estimates are untouched.
 *
 * @see Holt, D. & Smith, T. M. F. (1979). Post stratification. JRSS A 142, 33-46.
 */
function flooredGradedEstimate(
  fn: string,
  e: Estimate,
  sample: ArrayLike<number>,
  y: Float64Array,
  bands: RiskBands,
  est: EstimatorChoice,
): Estimate {
  const H = bands.sizes.length;
  const n = y.length;
  const count = new Float64Array(H);
  const sum = new Float64Array(H);
  let spread = false;
  // distinct units: a with-replacement draw (sups) repeats a unit and its
  // label, which is one label of the band, not two (its finite-population
  // share and its degrees of freedom count it once)
  const seen = new Uint8Array(bands.band.length);
  const first = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    const v = y[k] as number;
    if (!(v >= 0 && v <= 1)) return e;
    if (v !== y[0]) spread = true;
    const unit = sample[k] as number;
    if (seen[unit] === 1) continue;
    seen[unit] = 1;
    first[k] = 1;
    const h = bands.band[unit] as number;
    count[h] = (count[h] as number) + 1;
    sum[h] = (sum[h] as number) + v;
  }
  // labels that all agree: the design's Kish-size rule handles them, as for 0/1 labels
  if (!spread) return e;
  const mean = count.map((c, h) => (c > 0 ? (sum[h] as number) / c : 0));
  // within-band sums of squares about the band means (two-pass)
  const ss = new Float64Array(H);
  for (let k = 0; k < n; k++) {
    if (first[k] === 0) continue;
    const h = bands.band[sample[k] as number] as number;
    ss[h] = (ss[h] as number) + ((y[k] as number) - (mean[h] as number)) ** 2;
  }
  let pooledSs = 0;
  let pooledDf = 0;
  for (let h = 0; h < H; h++)
    if ((count[h] as number) >= 2) {
      pooledSs += ss[h] as number;
      pooledDf += (count[h] as number) - 1;
    }
  if (pooledDf === 0) return e;
  const sp = pooledSs / pooledDf;
  const p = Math.min(1, Math.max(0, e.estimate));
  let N = 0;
  for (const c of bands.sizes) N += c;
  let few = 0;
  let all = 0;
  let stratified = 0;
  for (let h = 0; h < H; h++) {
    const Nh = bands.sizes[h] as number;
    const nh = count[h] as number;
    if (Nh === 0) continue;
    let v: number;
    if (nh >= 2) v = ((ss[h] as number) + sp) / nh;
    else if (nh === 1) v = sp;
    else v = sp + (nearestMean(count, mean, h) - p) ** 2;
    const W = Nh / N;
    stratified += W * (nh > 0 ? (mean[h] as number) : nearestMean(count, mean, h));
    const term = (W * W * Math.max(0, 1 - nh / Nh) * v) / Math.max(nh, 1);
    all += term;
    if (nh < 2) few += term;
  }
  // every band a census: the estimate is exact
  if (!(all > 0)) return e;
  const variance = Math.max(e.variance + few, all);
  const hajek = HAJEK.test(e.method);
  if (!(variance > e.variance) && !hajek) return e;
  const request = {
    method: e.method,
    level: est.level,
    n: e.n,
    y,
    design: { srs: false, df: e.df, N, census: false, nEffective: e.nEffective },
    interval: est.interval,
  };
  let floored = intervalEstimate(fn, { ...request, estimate: e.estimate, variance });
  let method = e.method;
  if (hajek) {
    const ps = intervalEstimate(fn, { ...request, estimate: stratified, variance: all });
    const ci: [number, number] = [
      Math.min(floored.ci[0], ps.ci[0]),
      Math.max(floored.ci[1], ps.ci[1]),
    ];
    // the hull is not the interval of the reported variance: said in `method`
    if (ci[0] < floored.ci[0] || ci[1] > floored.ci[1]) {
      method = `${e.method}; interval widened to hold the post-stratified one`;
    }
    floored = { ...floored, ci };
  }
  return e.reliable || e.warning.startsWith(ZERO_WIDTH_WARNING)
    ? { ...floored, method }
    : { ...floored, method, reliable: false, warning: e.warning };
}

/**
 * The mean label of the nearest band with labels below band h and of the
 * nearest above, averaged when both exist (some band has labels).
 */
function nearestMean(count: Float64Array, mean: Float64Array, h: number): number {
  let lo: number | undefined;
  let hi: number | undefined;
  for (let g = h - 1; g >= 0 && lo === undefined; g--)
    if ((count[g] as number) > 0) lo = mean[g] as number;
  for (let g = h + 1; g < count.length && hi === undefined; g++)
    if ((count[g] as number) > 0) hi = mean[g] as number;
  return lo === undefined ? (hi as number) : hi === undefined ? lo : (lo + hi) / 2;
}
