import type { RowMatrix } from "../core/rowMatrix.js";
import {
  asFloat64Array,
  asRowMatrix,
  checkInteger,
  checkOptions,
  checkSameLength,
  fail,
  optionKeys,
  toFloat64Array,
} from "../core/validate.js";
import {
  checkPi2,
  checkProbabilities,
  PROBABILITY_TOLERANCE,
  readLevel,
  readVarianceForm,
  totalVariance,
} from "./_internal.js";
import {
  type IntervalRequest,
  intervalEstimate,
  kishFromProbabilities,
  readInterval,
} from "./_interval.js";
import type { Estimate } from "./confidenceInterval.js";
import type { IntervalMethod } from "./proportionInterval.js";

/**
 * Variance estimator form of {@link horvitzThompson} and {@link hajek}.
 *
 * - `"syg"`: Sen–Yates–Grundy; unbiased for fixed-size designs whose joint
 *   inclusion probabilities are all positive; needs `pi2`.
 * - `"ht"`: Horvitz–Thompson form; unbiased for any design (including
 *   random-size ones such as Poisson) whose joint inclusion probabilities are
 *   all positive; needs `pi2`.
 * - `"deville"`: Deville's approximation for high-entropy fixed-size designs
 *   (conditional Poisson, pivotal, randomised systematic, ...); needs no
 *   `pi2`, only the sampled units' `pik`. Slightly biased in general.
 */
export type VarianceMethod = "syg" | "ht" | "deville";

/** Options of {@link horvitzThompson}. */
export type HorvitzThompsonOptions = {
  /**
   * Joint inclusion probabilities of the sampled units: an n x n symmetric
   * matrix in the order of `y`, with diagonal equal to `pik` (e.g. from
   * `samplePi2`). Required by the `"syg"` and `"ht"` variances.
   */
  readonly pi2?: RowMatrix | readonly ArrayLike<number>[];
  /** Variance form; defaults to `"syg"` when `pi2` is given, `"deville"` otherwise. */
  readonly variance?: VarianceMethod;
  /** Confidence level of the interval. @defaultValue `intervalDefaults.level` (0.95) */
  readonly level?: number;
  /**
   * Interval method (one of `intervalMethods`). Default: `"beta"` (Korn–Graubard) for 0/1 labels,
   * `"beta"` for labels in [0, 1] that are not all 0/1 (`intervalDefaults.bounded`); `"t"` for other real-valued y. The SRS-only methods (`"wilson"`, `"clopperPearson"`,
   * `"hypergeometric"`, `"jeffreys"`, `"agrestiCoull"`) do not apply here.
   */
  readonly interval?: IntervalMethod;
};

const KEYS = optionKeys<HorvitzThompsonOptions>()("pi2", "variance", "level", "interval");

/**
 * Horvitz–Thompson estimator of a population mean, with its variance estimate
 * and a confidence interval (by default Korn–Graubard's for labels in [0, 1],
 * the t interval otherwise; see `options.interval`).
 *
 * Estimate: `(1 / N) * sum_k y_k / pik_k` over the sampled units, unbiased for
 * every design in which each population unit has `pik > 0`.
 *
 * Variance (of the total, then divided by N^2), by `options.variance`:
 * - `"syg"` (default with `pi2`): `sum_{k<l} (pik_k pik_l - pi_kl) / pi_kl * (y_k/pik_k - y_l/pik_l)^2`.
 * - `"ht"`: `sum_k sum_l (pi_kl - pik_k pik_l) / pi_kl * (y_k/pik_k) (y_l/pik_l)` with `pi_kk = pik_k`.
 * - `"deville"` (default without `pi2`): `sum_k (1 - pik_k) (y_k/pik_k - A)^2 / (1 - sum_k a_k^2)`
 *   with `a_k = (1 - pik_k) / sum_l (1 - pik_l)` and `A = sum_k a_k y_k / pik_k`; this is exactly
 *   R `sampling::varest(Ys = y, pik = pik)` / N^2; never negative. It needs at least two sampled
 *   units with `pik < 1` (all units at `pik = 1` give 0). Under SRS it equals the unbiased
 *   `N^2 (1 - n/N) s^2 / n`; for other designs it is an approximation.
 *
 * The `"syg"` and `"ht"` forms are unbiased when every pair of population units has
 * `pi_kl > 0` (`"syg"` only for fixed-size designs). They can be negative for some samples;
 * a negative variance is reported as computed, and then `se` is `NaN` and `ci` is
 * `[-Infinity, Infinity]` (see {@link Estimate}). An empty sample (possible under Poisson
 * sampling) gives estimate 0 and variance 0 with `pi2` of size 0 x 0 (df 0, flagged), and one
 * sampled unit under `"ht"` a df of 0, flagged. Expanded values `y / pik` of the units with
 * `pik < 1` that are the same up to rounding give a `"syg"` or `"deville"` variance of exactly
 * 0 (rounding left 1e-33 before), whose interval for labels in [0, 1] uses Kish's effective
 * size. The interval has zero width only for a census: n = N with every `pik` 1. A random-size design (Poisson) can draw
 * every unit with `pik < 1`; the estimate is then not the population mean and gets its interval.
 *
 * For 0/1 labels drawn with probabilities proportional to a skewed size that
 * does not predict them, the interval covers well short of its level and no
 * flag can tell (the estimator sees only the sampled units' probabilities):
 * measured in docs/replication/coverage.md, section "The estimators called
 * directly under a skewed size"; draw through a strategy, whose risk-band
 * floor knows the whole population, to get an honest interval there. Only a
 * sample whose weights leave a Kish effective size below 2 (one weight
 * outweighing all the others: its variance rests on about one unit) comes
 * back `reliable: false`, its interval kept, with a warning.
 *
 * @param y - Values of the sampled units.
 * @param pik - First-order inclusion probabilities of the sampled units, each in (0, 1].
 * @param N - Population size (integer, at least the sample size).
 * @param options - `pi2`, `variance`, `level` (default 0.95).
 * @returns The estimate of the mean, its variance, SE and confidence interval.
 * @throws {TypeError} If `y` or `pik` is not a `Float64Array` or an array of numbers, `N` is not a number, or
 *   `options` is not an object.
 * @throws {RangeError} If a value is not finite, `pik` is outside (0, 1] (or so small that 1 / pik overflows), lengths differ, `N` is not an
 *   integer at least n, `pi2` is not a valid n x n joint-probability matrix (each entry within
 *   [max(0, pik_k + pik_l - 1), min(pik_k, pik_l)], above 0), `variance` is unknown or
 *   needs a missing `pi2`, "deville" has fewer than two units with `pik < 1`, or `level` is not in (0, 1);
 *   or if `options.interval` is not one of `intervalMethods`, is SRS-only (for this design), or is a
 *   proportion method while y is not 0/1.
 * @see Horvitz, D. G. & Thompson, D. J. (1952). JASA 47, 663-685; Sen (1953), Yates & Grundy (1953);
 *   Deville, J.-C. (1999). Variance estimation for complex statistics and estimators. Survey Methodology 25, 193-203.
 * @see R `sampling::HTestimator`, `sampling::varHT`, `sampling::varest`.
 * @example
 * ```ts
 * const y = new Float64Array([3, 5, 10]);
 * const pik = new Float64Array([0.2, 0.4, 0.8]);
 * horvitzThompson(y, pik, 20).estimate; // 2  ((15 + 12.5 + 12.5) / 20)
 * horvitzThompson(y, pik, 20).variance; // 0.010526315789473686  (sampling::varest(y, pik = pik) / 20^2)
 * const pi2 = rowMatrix([[0.2, 0.05, 0.15], [0.05, 0.4, 0.3], [0.15, 0.3, 0.8]]);
 * horvitzThompson(y, pik, 20, { pi2 }).variance; // 0.010416666666666676  (Sen–Yates–Grundy)
 * horvitzThompson(y, pik, 20, { pi2, variance: "ht" }).se; // 0.2922612986125021
 * ```
 */
export function horvitzThompson(
  y: ArrayLike<number | boolean>,
  pik: ArrayLike<number>,
  N: number,
  options: HorvitzThompsonOptions = {},
): Estimate {
  return intervalEstimate("horvitzThompson", horvitzThompsonRequest(y, pik, N, options));
}

/**
 * Everything {@link horvitzThompson} computes before its interval: checks the input
 * and returns the request `intervalEstimate` turns into an `Estimate` (also used
 * by `modelAssisted`, which builds the interval of its residuals itself).
 * @internal
 */
export function horvitzThompsonRequest(
  y: ArrayLike<number | boolean>,
  pik: ArrayLike<number>,
  N: number,
  options: HorvitzThompsonOptions = {},
): IntervalRequest {
  const fn = "horvitzThompson";
  const pik64 = asFloat64Array(fn, "pik", pik);
  const y64 = toFloat64Array(fn, "y", y, { booleans: true });
  checkProbabilities(fn, "pik", pik64);
  checkSameLength(fn, "y", y64, "pik", pik64);
  checkInteger(fn, "N", N, 1);
  const n = y64.length;
  if (N < n) fail(fn, `N must be at least the sample size (${N} vs ${n})`);
  checkOptions(fn, options, KEYS);
  const { variance, level } = options;
  const pi2 = options.pi2 === undefined ? undefined : asRowMatrix(fn, "options.pi2", options.pi2);
  const lev = readLevel(fn, level);
  const interval = readInterval(fn, options.interval, false);
  if (pi2 !== undefined) checkPi2(fn, pi2, pik64);
  const form = readVarianceForm(fn, variance, pi2 !== undefined);
  let total = 0;
  for (let k = 0; k < n; k++) total += (y64[k] as number) / (pik64[k] as number);
  const v = totalVariance(fn, y64, pik64, form, pi2);
  let census = n === N;
  for (let k = 0; census && k < n; k++) census = (pik64[k] as number) >= 1 - PROBABILITY_TOLERANCE;
  return {
    method: `horvitzThompson (${form})`,
    estimate: total / N,
    variance: v / (N * N),
    level: lev,
    n,
    y: y64,
    // an empty (Poisson) sample has 0 df, not -1
    design: {
      srs: false,
      df: Math.max(0, n - 1),
      N,
      census,
      nEffective: kishFromProbabilities(pik64),
    },
    interval,
  };
}
