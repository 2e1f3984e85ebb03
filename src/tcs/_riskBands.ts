/**
 * A variance floor for the weighted (unequal-probability) strategies: the
 * population split into risk bands of equal total risk (cut further where a
 * band's draw rates spread more than 4-fold), and a band whose labels all
 * agree adds the variance of a shrunk rate.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import { intervalEstimate, ZERO_WIDTH_WARNING } from "../estimate/_interval.js";
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
 * Real-valued labels, labels that all agree (the design's Kish-size rule
 * handles those), a negative variance and a population in one band are
 * returned unchanged; a flag the design raised stands, except the zero width of a
 * `"t"` or `"wald"` interval of labels without spread, which the floor mends.
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
): Estimate {
  if (bands === undefined || !(e.variance >= 0)) return e;
  const H = bands.sizes.length;
  const n = y.length;
  const count = new Float64Array(H);
  const fails = new Float64Array(H);
  let x = 0;
  for (let k = 0; k < n; k++) {
    const v = y[k] as number;
    if (v !== 0 && v !== 1) return e;
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
