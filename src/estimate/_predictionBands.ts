/**
 * The prediction-band variance floor of the model-assisted estimators: the
 * population split by the predictions into bands of equal predicted
 * minority mass, and a band whose labels all agree adds the variance of a
 * shrunk rate.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import { RISK_BANDS, riskBands } from "./_riskBands.js";
import { agreeingBandVariance, BAND_PRIOR_SHARE, pooledRate } from "./_shrink.js";

/** A prediction as the predicted mass of the rarer label value: clip(v, 0, 1), or 1 - that. */
function massOf(v: number, rareIsOne: boolean): number {
  const p = Math.min(1, Math.max(0, v)); // NaN never reaches here (inputs are checked)
  return rareIsOne ? p : 1 - p;
}

/** The band of a mass: 0 for mass 0, else 1 + the number of cuts strictly below it. */
function bandOf(mass: number, cuts: Float64Array): number {
  if (mass === 0) return 0;
  let h = 1;
  for (let k = 0; k < cuts.length; k++) if (mass > (cuts[k] as number)) h++;
  return h;
}

/**
 * The variance a model-assisted estimate's residuals cannot show: for 0/1
 * labels holding both values, the population is split by its predictions
 * into bands — band 0 the units predicted to hold the majority value
 * certainly (predicted minority mass 0: `yhat` exactly 0 when failures are
 * rare), the others {@link RISK_BANDS} bands of equal total predicted mass
 * (`riskBands` of the positive masses; one band when those are all equal,
 * e.g. hard 0/1 predictions) — and every band whose labels all agree adds
 * {@link agreeingBandVariance} with the pooled Jeffreys rate of
 * `clip(estimate)` and m = 0.1 n / 8 pseudo-labels, divided by the Kish size
 * `(sum w)^2 / sum w^2` of the band's design weights `w = 1 / pik`. The
 * rarer value is 1 when `clip(estimate) <= 1/2` (its mass `clip(yhat)`),
 * else 0 (mass `1 - clip(yhat)`).
 *
 * Why: a residual `y - lambda yhat` is exactly 0 on a unit predicted right
 * with certainty, and near `-lambda yhat` on a unit predicted almost surely
 * right. A sample that draws none of the few failures of such a block sees
 * no spread there, and the design's variance treats the block as known. Under
 * unequal-probability designs (pik proportional to risk, the block at the
 * smallest pik) that block is where the weights are large; the Deville
 * variance then covers well below 80 % on a 300-unit population where 60 % of
 * the units are predicted certain passes (test/estimate/modelAssistedFloor.test.ts,
 * which measures both). It is the hazard the
 * strategies' risk-band floor mends (`tcs/_riskBands.ts`), with the same
 * shrinkage and prior weight.
 *
 * Returns 0 when the labels are real-valued or all agree (the labels-alone
 * hull handles those), or the population holds a single band.
 *
 * @see Holt, D. & Smith, T. M. F. (1979). Post stratification. JRSS A 142, 33-46;
 *   Kish, L. (1965). Survey Sampling, §11.7 (the effective size of weights).
 */
export function predictionBandVariance(
  y: Float64Array,
  yhat: Float64Array,
  pik: Float64Array,
  yhatPopulation: Float64Array,
  estimate: number,
): number {
  const n = y.length;
  let x = 0;
  for (let k = 0; k < n; k++) {
    const v = y[k] as number;
    if (v !== 0 && v !== 1) return 0;
    x += v;
  }
  if (x === 0 || x === n) return 0;
  const p = Math.min(1, Math.max(0, estimate));
  const rareIsOne = p <= 0.5;
  const N = yhatPopulation.length;
  // one pass for the positive masses; the bands' sizes are riskBands' own
  // (its unsplit band of a mass is the number of cuts strictly below it, so
  // band h + 1 here), not a second pass over the population
  const masses = new Float64Array(N);
  let positives = 0;
  for (let i = 0; i < N; i++) {
    const m = massOf(yhatPopulation[i] as number, rareIsOne);
    if (m > 0) masses[positives++] = m;
  }
  const bands = riskBands(masses.subarray(0, positives));
  const cuts = bands?.cuts ?? new Float64Array(0);
  const H = cuts.length + 2;
  const sizes = new Float64Array(H);
  sizes[0] = N - positives;
  if (bands === undefined) sizes[1] = positives;
  else sizes.set(bands.sizes, 1);
  let held = 0;
  for (let h = 0; h < H; h++) if ((sizes[h] as number) > 0) held++;
  if (held < 2) return 0;
  const count = new Float64Array(H);
  const fails = new Float64Array(H);
  const sw = new Float64Array(H);
  const sw2 = new Float64Array(H);
  for (let k = 0; k < n; k++) {
    const h = bandOf(massOf(yhat[k] as number, rareIsOne), cuts);
    const w = 1 / (pik[k] as number);
    count[h] = (count[h] as number) + 1;
    fails[h] = (fails[h] as number) + (y[k] as number);
    sw[h] = (sw[h] as number) + w;
    sw2[h] = (sw2[h] as number) + w * w;
  }
  const pooled = pooledRate(n * p, n);
  const m = (BAND_PRIOR_SHARE * n) / RISK_BANDS;
  let added = 0;
  for (let h = 0; h < H; h++) {
    const nh = count[h] as number;
    const kish = nh > 0 ? (sw[h] as number) ** 2 / (sw2[h] as number) : 0;
    added += agreeingBandVariance(sizes[h] as number, N, nh, fails[h] as number, pooled, m, kish);
  }
  return added;
}
