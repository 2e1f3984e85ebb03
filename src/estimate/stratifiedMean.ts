import {
  checkOptions,
  checkSameLength,
  fail,
  optionKeys,
  toFloat64Array,
  toInt32Array,
} from "../core/validate.js";
import { readLevel } from "./_internal.js";
import {
  type IntervalRequest,
  intervalEstimate,
  readInterval,
  sameUpToRounding,
} from "./_interval.js";
import type { Estimate } from "./confidenceInterval.js";
import type { IntervalMethod } from "./proportionInterval.js";

/** Options of {@link stratifiedMean}. */
export type StratifiedMeanOptions = {
  /** Confidence level of the interval. @defaultValue `intervalDefaults.level` (0.95) */
  readonly level?: number;
  /**
   * Interval method (one of `intervalMethods`). Default for 0/1 labels: `"hypergeometric"`
   * when there is a single stratum (a simple random sample without replacement), `"beta"`
   * (Korn–Graubard, with Satterthwaite's effective df) otherwise; `"beta"` for labels in [0, 1] that are not all 0/1 (`intervalDefaults.bounded`); `"t"` for other real-valued y. The SRS-only methods
   * (`"wilson"`, `"clopperPearson"`, `"hypergeometric"`, `"jeffreys"`, `"agrestiCoull"`)
   * need a single non-empty stratum.
   */
  readonly interval?: IntervalMethod;
};

const KEYS = optionKeys<StratifiedMeanOptions>()("level", "interval");

/**
 * Stratified estimator of a population mean under simple random sampling
 * without replacement within strata, with its unbiased variance (with finite
 * population correction).
 *
 * Formula: with `W_h = N_h / N`, sample mean `ybar_h` and sample variance
 * `s_h^2` (divisor `n_h - 1`) in stratum h: estimate `sum_h W_h ybar_h`,
 * variance `sum_h W_h^2 (1 - n_h / N_h) s_h^2 / n_h` (unbiased, never negative).
 *
 * Every stratum with `N_h > 0` must be sampled, and a stratum with one sampled
 * unit out of `N_h > 1` has no variance estimate: both are errors naming the
 * stratum (collapse strata or allocate at least two units). A census stratum
 * (`n_h = N_h`, including `N_h = 1`) contributes its exact mean and zero variance.
 * Strata with `N_h = 0` are ignored.
 *
 * Interval: the variance's degrees of freedom are Satterthwaite's
 * `df = V^2 / sum_h v_h^2 / (n_h - 1)` with `v_h` the stratum terms above,
 * capped at n - H (R `survey::degf` uses n - H): when a few strata with two or
 * three labels carry most of the variance, its estimate rests on few degrees
 * of freedom, and the t quantile (and Korn–Graubard's df adjustment) widen
 * the interval accordingly. Measured in docs/replication/coverage.md.
 *
 * @param y - Values of the sampled units.
 * @param strata - 0-based stratum id of each sampled unit (same length as `y`).
 * @param stratumSizes - `N_h` for every stratum h (non-negative, not all zero).
 * @param options - `level` (default 0.95), `interval` (see {@link StratifiedMeanOptions}).
 * @returns The estimate of the mean, its variance, SE and confidence interval.
 * @throws {TypeError} If `y` is not a `Float64Array` or an array of numbers, `strata` or `stratumSizes` is
 *   not an `Int32Array` or an array of integers, or `options` is not an object.
 * @throws {RangeError} If a value is not finite, lengths differ, a stratum id is outside
 *   [0, stratumSizes.length), a size is negative or all are zero, a stratum has more sampled units than
 *   `N_h`, a non-empty stratum is unsampled or has a single unit out of several, or `level` is not in (0, 1);
 *   or if `options.interval` is not one of `intervalMethods`, is SRS-only (for this design), or is a
 *   proportion method while y is not 0/1.
 * @see Cochran, W. G. (1977). Sampling Techniques, 3rd ed., §5.3 (Theorem 5.3), §5.4 (Satterthwaite's effective df).
 * @see R `survey::svymean(~y, svydesign(ids = ~1, strata = ~h, fpc = ~Nh, data = d))`.
 * @example
 * ```ts
 * const y = new Float64Array([1, 3, 10, 14]);
 * const strata = new Int32Array([0, 0, 1, 1]);
 * const e = stratifiedMean(y, strata, new Int32Array([10, 30]));
 * e.estimate; // 9.5  (0.25 * 2 + 0.75 * 12)
 * e.variance; // 2.15  (0.25^2 * 0.8 * 2 / 2 + 0.75^2 * (14/15) * 8 / 2)
 * ```
 */
export function stratifiedMean(
  y: ArrayLike<number | boolean>,
  strata: ArrayLike<number>,
  stratumSizes: ArrayLike<number>,
  options: StratifiedMeanOptions = {},
): Estimate {
  return intervalEstimate(
    "stratifiedMean",
    stratifiedMeanRequest(y, strata, stratumSizes, options),
  );
}

/**
 * Everything {@link stratifiedMean} computes before its interval: checks the input
 * and returns the request `intervalEstimate` turns into an `Estimate` (also used
 * by `modelAssisted`, which builds the interval of its residuals itself).
 * @internal
 */
export function stratifiedMeanRequest(
  y: ArrayLike<number | boolean>,
  strata: ArrayLike<number>,
  stratumSizes: ArrayLike<number>,
  options: StratifiedMeanOptions = {},
): IntervalRequest {
  const fn = "stratifiedMean";
  const y64 = toFloat64Array(fn, "y", y, { booleans: true });
  const stratumSizes32 = toInt32Array(fn, "stratumSizes", stratumSizes, {
    min: 0,
    allowEmpty: false,
  });
  const H = stratumSizes32.length;
  const strata32 = toInt32Array(fn, "strata", strata, { min: 0, max: H - 1 });
  checkSameLength(fn, "y", y64, "strata", strata32);
  checkOptions(fn, options, KEYS);
  const lev = readLevel(fn, options.level);
  let N = 0;
  let nonEmpty = 0;
  for (let h = 0; h < H; h++) {
    N += stratumSizes32[h] as number;
    if ((stratumSizes32[h] as number) > 0) nonEmpty++;
  }
  if (N === 0) fail(fn, "stratumSizes are all zero (empty population)");
  const interval = readInterval(fn, options.interval, nonEmpty === 1);
  const count = new Float64Array(H);
  const sum = new Float64Array(H);
  for (let k = 0; k < y64.length; k++) {
    const h = strata32[k] as number;
    count[h] = (count[h] as number) + 1;
    sum[h] = (sum[h] as number) + (y64[k] as number);
  }
  const mean = new Float64Array(H);
  for (let h = 0; h < H; h++) {
    const nh = count[h] as number;
    const Nh = stratumSizes32[h] as number;
    if (nh > Nh) {
      fail(
        fn,
        `stratum ${h} of strata has more sampled units than its size stratumSizes[${h}] (${nh} vs ${Nh})`,
      );
    }
    if (Nh > 0 && nh === 0) {
      fail(fn, `stratum ${h} of strata has no sampled unit (stratumSizes[${h}] = ${Nh})`);
    }
    if (nh === 1 && Nh > 1) {
      fail(fn, `stratum ${h} has a single sampled unit out of ${Nh}: no variance estimate`);
    }
    if (nh > 0) mean[h] = (sum[h] as number) / nh;
  }
  const ss = new Float64Array(H);
  const lo = new Float64Array(H).fill(Number.POSITIVE_INFINITY);
  const hi = new Float64Array(H).fill(Number.NEGATIVE_INFINITY);
  for (let k = 0; k < y64.length; k++) {
    const h = strata32[k] as number;
    const v = y64[k] as number;
    const d = v - (mean[h] as number);
    ss[h] = (ss[h] as number) + d * d;
    lo[h] = Math.min(lo[h] as number, v);
    hi[h] = Math.max(hi[h] as number, v);
  }
  // a stratum whose labels are the same up to rounding has no spread: 0,
  // whatever rounding left in its sum of squares
  for (let h = 0; h < H; h++) {
    if (sameUpToRounding([lo[h] as number, hi[h] as number])) ss[h] = 0;
  }
  let estimate = 0;
  let variance = 0;
  let census = true;
  // Satterthwaite: sum of v_h^2 / (n_h - 1), for the effective degrees of freedom
  let vh2 = 0;
  // Kish's effective size: unit weights N_h / n_h
  let wSum = 0;
  let w2Sum = 0;
  // a weighted mean of the stratum means lies between the least and the greatest;
  // the rounding of the weights (N_h / N sum to 1 only to an ulp) must not take it
  // out (every label 1 gave 1.0000000000000002, flagged as outside [0, 1])
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (let h = 0; h < H; h++) {
    const nh = count[h] as number;
    const Nh = stratumSizes32[h] as number;
    if (Nh === 0) continue;
    const W = Nh / N;
    estimate += W * (mean[h] as number);
    low = Math.min(low, mean[h] as number);
    high = Math.max(high, mean[h] as number);
    wSum += Nh;
    w2Sum += (Nh * Nh) / nh;
    if (nh < Nh) {
      census = false;
      const vh = (W * W * (1 - nh / Nh) * ((ss[h] as number) / (nh - 1))) / nh;
      variance += vh;
      vh2 += (vh * vh) / (nh - 1);
    }
  }
  estimate = Math.min(high, Math.max(low, estimate));
  // every stratum fully labelled: the mean itself, summed as the labels' total over N (the
  // weighted stratum means can miss it by an ulp, and a zero-width census interval then too)
  if (census) {
    let total = 0;
    for (let k = 0; k < y64.length; k++) total += y64[k] as number;
    estimate = total / N;
  }
  const n = y64.length;
  return {
    method: "stratifiedMean",
    estimate,
    variance,
    level: lev,
    n,
    y: y64,
    design: {
      srs: nonEmpty === 1,
      // Satterthwaite's effective df (V^2 / sum v_h^2 / (n_h - 1)), at most n - H: when a
      // few strata with few labels carry the variance, its estimate has few df
      df: variance > 0 ? Math.min(n - nonEmpty, (variance * variance) / vh2) : n - nonEmpty,
      N,
      census,
      nEffective: (wSum * wSum) / w2Sum,
    },
    interval,
  };
}
