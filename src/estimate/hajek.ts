import type { RowMatrix } from "../core/rowMatrix.js";
import {
  asFloat64Array,
  asRowMatrix,
  checkOptions,
  checkSameLength,
  fail,
  optionKeys,
  toFloat64Array,
} from "../core/validate.js";
import {
  checkPi2,
  checkProbabilities,
  readLevel,
  readVarianceForm,
  totalVariance,
} from "./_internal.js";
import {
  type IntervalRequest,
  intervalEstimate,
  kishFromProbabilities,
  readInterval,
  sameUpToRounding,
} from "./_interval.js";
import type { Estimate } from "./confidenceInterval.js";
import type { VarianceMethod } from "./horvitzThompson.js";
import type { IntervalMethod } from "./proportionInterval.js";

/** Options of {@link hajek}. */
export type HajekOptions = {
  /**
   * Joint inclusion probabilities of the sampled units: an n x n symmetric
   * matrix in the order of `y`, with diagonal equal to `pik`. Required by the
   * `"syg"` and `"ht"` variances.
   */
  readonly pi2?: RowMatrix | readonly ArrayLike<number>[];
  /** Variance form applied to the residuals; defaults to `"syg"` when `pi2` is given, `"deville"` otherwise. */
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

const KEYS = optionKeys<HajekOptions>()("pi2", "variance", "level", "interval");

/**
 * Hájek (ratio) estimator of a population mean, with its linearised variance
 * and a confidence interval (by default Korn–Graubard's for labels in [0, 1],
 * the t interval otherwise; see `options.interval`). Needs no population size.
 *
 * Estimate: `sum_k (y_k / pik_k) / Nhat` with `Nhat = sum_k 1 / pik_k`. It is a
 * ratio of two Horvitz–Thompson estimators, so it is slightly biased (the bias
 * is of order 1/n and at most `sd(estimate) * CV(Nhat)`), but usually more
 * stable than {@link horvitzThompson} when `y` does not follow `pik`.
 *
 * Variance (Taylor linearisation): the chosen Horvitz–Thompson variance form
 * (see {@link VarianceMethod} and {@link horvitzThompson}) applied to the
 * residuals `e_k = y_k - estimate`, divided by `Nhat^2`. With `pi2` and
 * `variance: "ht"` this is R `survey::svymean(~y, svydesign(ids = ~1, fpc = ~pik,
 * pps = ppsmat(pi2), data = d))`; with `"syg"` the same call with
 * `variance = "YG"` in `svydesign`. A negative variance (possible with `"syg"`/`"ht"`)
 * is reported as computed; then `se` is `NaN` and `ci` is `[-Infinity, Infinity]`.
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
 * @param y - Values of the sampled units (at least one).
 * @param pik - First-order inclusion probabilities of the sampled units, each in (0, 1].
 * @param options - `pi2`, `variance`, `level` (default 0.95).
 * @returns The estimate of the mean, its variance, SE and confidence interval.
 * @throws {TypeError} If `y` or `pik` is not a `Float64Array` or an array of numbers or `options` is not an
 *   object.
 * @throws {RangeError} If the sample is empty, a value is not finite, `pik` is outside (0, 1] (or so small that 1 / pik overflows),
 *   lengths differ, `pi2` is not a valid n x n joint-probability matrix, `variance` is unknown or
 *   needs a missing `pi2`, "deville" has fewer than two units with `pik < 1`, or `level` is not in (0, 1);
 *   or if `options.interval` is not one of `intervalMethods`, is SRS-only (for this design), or is a
 *   proportion method while y is not 0/1.
 * @see Hájek, J. (1971). Comment on a paper by D. Basu. In Foundations of Statistical Inference, 236.
 * @see Särndal, Swensson & Wretman (1992), Model Assisted Survey Sampling, §5.7.
 * @see R `survey::svymean` on a design with `pps = ppsmat(pi2)`.
 * @example
 * ```ts
 * const y = new Float64Array([3, 5, 10]);
 * const pik = new Float64Array([0.2, 0.4, 0.8]);
 * hajek(y, pik).estimate; // 4.571428571428571  (40 / 8.75)
 * const pi2 = rowMatrix([[0.2, 0.05, 0.15], [0.05, 0.4, 0.3], [0.15, 0.3, 0.8]]);
 * hajek(y, pik, { pi2, variance: "ht" }).variance; // 0.986477856448702  (survey::svymean: 0.98647785644870223)
 * ```
 */
export function hajek(
  y: ArrayLike<number | boolean>,
  pik: ArrayLike<number>,
  options: HajekOptions = {},
): Estimate {
  return intervalEstimate("hajek", hajekRequest(y, pik, options));
}

/**
 * Everything {@link hajek} computes before its interval: checks the input
 * and returns the request `intervalEstimate` turns into an `Estimate` (also used
 * by `modelAssisted`, which builds the interval of its residuals itself).
 * @internal
 */
export function hajekRequest(
  y: ArrayLike<number | boolean>,
  pik: ArrayLike<number>,
  options: HajekOptions = {},
): IntervalRequest {
  const fn = "hajek";
  const pik64 = asFloat64Array(fn, "pik", pik);
  const y64 = toFloat64Array(fn, "y", y, { booleans: true });
  checkProbabilities(fn, "pik", pik64);
  checkSameLength(fn, "y", y64, "pik", pik64);
  const n = y64.length;
  if (n === 0) fail(fn, "y is empty (the ratio estimator needs at least one sampled unit)");
  checkOptions(fn, options, KEYS);
  const { variance, level } = options;
  const pi2 = options.pi2 === undefined ? undefined : asRowMatrix(fn, "options.pi2", options.pi2);
  const lev = readLevel(fn, level);
  const interval = readInterval(fn, options.interval, false);
  if (pi2 !== undefined) checkPi2(fn, pi2, pik64);
  const form = readVarianceForm(fn, variance, pi2 !== undefined);
  let ty = 0;
  let nHat = 0;
  for (let k = 0; k < n; k++) {
    const pk = pik64[k] as number;
    ty += (y64[k] as number) / pk;
    nHat += 1 / pk;
  }
  const mean = ty / nHat;
  const e = new Float64Array(n);
  for (let k = 0; k < n; k++) e[k] = (y64[k] as number) - mean;
  // (computed first: it also checks that the form applies to the sample)
  const computed = totalVariance(fn, e, pik64, form, pi2);
  // labels without spread have residuals of exactly 0 in exact arithmetic,
  // whatever the form: decided from y, not from the rounding left in e
  const v = sameUpToRounding(y64) ? 0 : computed;
  return {
    method: `hajek (${form})`,
    estimate: mean,
    variance: v / (nHat * nHat),
    level: lev,
    n,
    y: y64,
    design: { srs: false, df: n - 1, census: false, nEffective: kishFromProbabilities(pik64) },
    interval,
  };
}
