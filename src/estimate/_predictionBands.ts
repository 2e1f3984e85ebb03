/**
 * The prediction-band variance floor of the model-assisted estimators: the
 * population split by the predictions into bands of equal predicted
 * minority mass, and a band whose labels all agree adds the variance of a
 * shrunk rate.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import { RISK_BANDS, riskBandSizes } from "./_riskBands.js";
import { agreeingBandVariance, BAND_PRIOR_SHARE, pooledRate } from "./_shrink.js";

/**
 * A prediction as the predicted mass of the rarer label value: `clip(v, 0, 1)`
 * (`rareIsOne`) or `1 - clip(v, 0, 1)`, written with comparisons (the same
 * value as with `Math.min(1, Math.max(0, v))` for every v, -0 and NaN
 * included, and cheaper): with `rareIsOne`, v > 0 has mass min(v, 1); else
 * v < 1 has mass 1 - max(v, 0); any other v none.
 */
function massOf(v: number, rareIsOne: boolean): number {
  if (rareIsOne) {
    if (!(v > 0)) return Number.isNaN(v) ? v : 0;
    // biome-ignore lint/complexity/useMathMinMax: cheaper than Math.min's NaN and -0 cases
    return v < 1 ? v : 1;
  }
  if (!(v < 1)) return Number.isNaN(v) ? v : 0;
  return v > 0 ? 1 - v : 1;
}

/** The band of a mass: 0 for mass 0, else 1 + the number of cuts strictly below it. */
function bandOf(mass: number, cuts: Float64Array): number {
  if (mass === 0) return 0;
  let h = 1;
  for (let k = 0; k < cuts.length; k++) if (mass > (cuts[k] as number)) h++;
  return h;
}

/** Whether the labels are all 0 or 1 and hold both values. */
export function mixedLabels(y: Float64Array): boolean {
  const n = y.length;
  let x = 0;
  for (let k = 0; k < n; k++) {
    const v = y[k] as number;
    if (v !== 0 && v !== 1) return false;
    x += v;
  }
  return x !== 0 && x !== n;
}

/** The prediction bands of a population, see {@link predictionBands}. */
export type PredictionBands = {
  /** The population size. */
  readonly N: number;
  /** Whether the rarer label value is 1 (else 0). */
  readonly rareIsOne: boolean;
  /** Band 0's size (mass 0), then the risk bands' (one band when those do not form two). */
  readonly sizes: Float64Array;
  /** The risk bands' cuts (none for one band). */
  readonly cuts: Float64Array;
  /** Part by part, its predictions exactly 0 and exactly 1 (for `verdictFloor`). */
  readonly zeros: Int32Array;
  /** See `zeros`. */
  readonly ones: Int32Array;
};

/**
 * The bands of {@link predictionBandVariance} of a population of
 * predictions given in parts (their concatenation, in order, without
 * copying them together), with the rarer label value 1 (`rareIsOne`) or 0:
 * band 0 the units of predicted minority mass 0, then `riskBands` of the
 * positive masses. One pass writes the positive masses (into a buffer kept
 * between calls, {@link scratch}) and finds their number, sum (in index
 * order, as `riskBands`' own first pass), least and largest, and counts
 * every part's predictions exactly 0 and 1 on the way (the verdict floor's
 * counts); the bands' sizes are `riskBands`' own (its unsplit band of a mass
 * is the number of cuts strictly below it, so band h + 1 here), from its two
 * passes, not another pass over the population.
 */
export function predictionBands(
  parts: readonly Float64Array[],
  rareIsOne: boolean,
): PredictionBands {
  let N = 0;
  for (const x of parts) N += x.length;
  const masses = scratch(N);
  const zeros = new Int32Array(parts.length);
  const ones = new Int32Array(parts.length);
  // positives, their sum, least and largest, then the part's exact 0s and 1s
  const stats = Float64Array.of(0, 0, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0, 0);
  for (let q = 0; q < parts.length; q++) {
    massStats(parts[q] as Float64Array, rareIsOne, stats, masses);
    zeros[q] = stats[4] as number;
    ones[q] = stats[5] as number;
  }
  const positives = stats[0] as number;
  const bands = riskBandSizes(
    masses.subarray(0, positives),
    stats[1] as number,
    stats[2] as number,
    stats[3] as number,
  );
  const cuts = bands?.cuts ?? new Float64Array(0);
  const sizes = new Float64Array(cuts.length + 2);
  sizes[0] = N - positives;
  if (bands === undefined) sizes[1] = positives;
  else sizes.set(bands.sizes, 1);
  return { N, rareIsOne, sizes, cuts, zeros, ones };
}

/**
 * The masses' buffer of {@link predictionBands}, kept between calls while
 * the garbage collector leaves it (a weak reference): a fresh array of the
 * population's size at every call cost more than the passes over it (its
 * pages written for the first time). Only `predictionBands` uses it, and
 * nothing it returns refers to it.
 */
let spare: WeakRef<Float64Array> | undefined;

/** An array of at least `size` elements (not zeroed): the spare one when it is large enough. */
function scratch(size: number): Float64Array {
  const kept = spare?.deref();
  if (kept !== undefined && kept.length >= size) return kept;
  const fresh = new Float64Array(size);
  spare = new WeakRef(fresh);
  return fresh;
}

/**
 * Appends the positive masses (see `massOf`) of the predictions `x` to
 * `masses` and adds them to `stats` (their number, sum in index order, least
 * and largest: `stats[0..3]`) and
 * sets `stats[4]`, `stats[5]` to the number of predictions of `x` exactly 0
 * and exactly 1. (A function of its own, so that V8 optimizes the loop whole.)
 */
function massStats(
  x: Float64Array,
  rareIsOne: boolean,
  stats: Float64Array,
  masses: Float64Array,
): void {
  let positives = stats[0] as number;
  let total = stats[1] as number;
  let lo = stats[2] as number;
  let hi = stats[3] as number;
  let zeros = 0;
  let ones = 0;
  // massOf(v, rareIsOne), its branches taken inline (a v of mass 0 or 1 is
  // the only one that can be exactly 0 or 1)
  for (let i = 0; i < x.length; i++) {
    const v = x[i] as number;
    let m: number;
    if (!rareIsOne) {
      if (!(v < 1)) {
        if (v === 1) ones++;
        continue;
      }
      m = 1;
      if (v > 0) m = 1 - v;
      else if (v === 0) zeros++;
    } else {
      if (!(v > 0)) {
        if (v === 0) zeros++;
        continue;
      }
      m = v;
      if (!(v < 1)) {
        m = 1;
        if (v === 1) ones++;
      }
    }
    masses[positives++] = m;
    total += m;
    if (m < lo) lo = m;
    if (m > hi) hi = m;
  }
  stats[0] = positives;
  stats[1] = total;
  stats[2] = lo;
  stats[3] = hi;
  stats[4] = zeros;
  stats[5] = ones;
}

/**
 * Per band of the labelled units (`bandOf` their masses): their count, the
 * sum of their labels, of their weights `1 / pik` and of the squared
 * weights. (A loop of its own, as `massStats`.)
 */
function labelledBands(
  y: Float64Array,
  yhat: Float64Array,
  pik: Float64Array,
  rareIsOne: boolean,
  cuts: Float64Array,
): { count: Float64Array; fails: Float64Array; sw: Float64Array; sw2: Float64Array } {
  const H = cuts.length + 2;
  const count = new Float64Array(H);
  const fails = new Float64Array(H);
  const sw = new Float64Array(H);
  const sw2 = new Float64Array(H);
  for (let k = 0; k < y.length; k++) {
    const h = bandOf(massOf(yhat[k] as number, rareIsOne), cuts);
    const w = 1 / (pik[k] as number);
    count[h] = (count[h] as number) + 1;
    fails[h] = (fails[h] as number) + (y[k] as number);
    sw[h] = (sw[h] as number) + w;
    sw2[h] = (sw2[h] as number) + w * w;
  }
  return { count, fails, sw, sw2 };
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
  if (!mixedLabels(y)) return 0;
  const p = Math.min(1, Math.max(0, estimate));
  return bandVariance(y, yhat, pik, predictionBands([yhatPopulation], p <= 0.5), estimate);
}

/**
 * {@link predictionBandVariance} from the population's {@link predictionBands}
 * (with the rarer value that `estimate` gives), for 0/1 labels that hold
 * both values ({@link mixedLabels}).
 */
export function bandVariance(
  y: Float64Array,
  yhat: Float64Array,
  pik: Float64Array,
  bands: PredictionBands,
  estimate: number,
): number {
  const n = y.length;
  const p = Math.min(1, Math.max(0, estimate));
  const { N, rareIsOne, sizes, cuts } = bands;
  const H = sizes.length;
  let held = 0;
  for (let h = 0; h < H; h++) if ((sizes[h] as number) > 0) held++;
  if (held < 2) return 0;
  const { count, fails, sw, sw2 } = labelledBands(y, yhat, pik, rareIsOne, cuts);
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
