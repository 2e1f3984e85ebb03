import { normalQuantile } from "../core/normal.js";
import { checkLevel, checkNumber } from "../core/validate.js";

/**
 * A point estimate of a population mean with its uncertainty.
 *
 * `variance` is the estimator's variance estimate exactly as computed. The
 * unbiased Sen–Yates–Grundy and Horvitz–Thompson forms (`horvitzThompson`,
 * `hajek` with `pi2`) can be negative for some samples of some designs; the
 * Deville, Hansen–Hurwitz, RHC and stratified variances are sums of squares
 * with positive weights and never are. A negative value is reported
 * unchanged, never clipped to 0, and then `se` is `NaN` and `ci` is `[-Infinity, Infinity]`:
 * the sample says nothing usable about the error, and a clipped value would
 * claim a precision that was not observed.
 *
 * `ci` comes from the method named in `interval`: by default, for 0/1 labels
 * (a proportion), the exact hypergeometric interval under simple random
 * sampling and Korn–Graubard's `"beta"` interval under any other design, both
 * clipped to [0, 1]; for labels in [0, 1] that are not all 0/1 (graded
 * scores), `"beta"` under any design, clipped likewise; for other real-valued
 * y, the t interval with the design's degrees of freedom. See docs/intervals.md and the measured coverage in
 * docs/replication/coverage.md.
 */
export type Estimate = {
  /** The estimate of the population mean. */
  readonly estimate: number;
  /** The variance estimate of `estimate` (may be negative, see above). */
  readonly variance: number;
  /** `sqrt(variance)`, or `NaN` when `variance` is negative. */
  readonly se: number;
  /** Confidence interval of the method named in `interval`, or `[-Infinity, Infinity]` when `variance` is negative. */
  readonly ci: readonly [number, number];
  /** Confidence level of `ci`, in (0, 1). */
  readonly level: number;
  /** Number of sampled units (draws, for with-replacement designs) the estimate uses. */
  readonly n: number;
  /** Name of the estimator and of its variance form, e.g. `"horvitzThompson (syg)"`. */
  readonly method: string;
  /**
   * Degrees of freedom of the design's variance estimate: n - 1 (R `survey::degf`); for a
   * stratified mean Satterthwaite's effective df `V^2 / sum_h v_h^2 / (n_h - 1)`, at most n - H
   * (few when a few strata with few labels carry the variance); `Infinity` for model-based
   * normal intervals.
   */
  readonly df: number;
  /**
   * Kish's effective sample size `(sum w)^2 / sum w^2` of the sampling weights (n for equal
   * weights); the proportion intervals use it in place of `p (1 - p) / variance` when the
   * variance is 0 (every label equal). The prediction-powered estimators (`ppiMean`,
   * `crossPpiMean`, `stratifiedPpiMean`, `modelAssisted`) report instead
   * `n * Var_classical / variance`: the labels the same estimator without predictions would
   * need for the same variance.
   */
  readonly nEffective: number;
  /**
   * Name of the interval method that produced `ci`: one of `intervalMethods`
   * (e.g. `"hypergeometric"`, `"beta"`, `"t"`), or the name of a confidence
   * sequence for sequential strategies.
   */
  readonly interval: string;
  /**
   * `false` when the interval is known not to deliver its level here: a
   * negative variance estimate, a real-valued sample with no spread, or a
   * design and budget whose measured coverage (docs/replication/coverage.md)
   * falls short. Then `warning` says why; never trust `ci` blindly when this is false.
   */
  readonly reliable: boolean;
  /** Why `reliable` is false; the empty string when it is true. */
  readonly warning: string;
};

/**
 * Normal (Wald) confidence interval for an estimate with standard error `se`.
 * Not what the estimators use by default: for a proportion at small n it can
 * cover far below its level (see `Estimate.interval`).
 *
 * Formula: `[estimate - z * se, estimate + z * se]` with
 * `z = normalQuantile(1 - (1 - level) / 2)` (1.959964 for level 0.95).
 *
 * @param estimate - The point estimate (finite).
 * @param se - Its standard error (finite, >= 0).
 * @param level - Confidence level in the open interval (0, 1), e.g. 0.95.
 * @returns The interval `[lo, hi]`.
 * @throws {TypeError} If an argument is not a number.
 * @throws {RangeError} If `estimate` or `se` is not finite, `se` is negative, or `level` is not in (0, 1).
 * @see R `confint()` on a `svystat` object (survey package), which uses the same normal quantile.
 * @example
 * ```ts
 * confidenceInterval(0.5, 0.1, 0.95); // [0.3040036015459946, 0.6959963984540054]
 * confidenceInterval(2, 0, 0.9);      // [2, 2]
 * ```
 */
export function confidenceInterval(estimate: number, se: number, level: number): [number, number] {
  const fn = "confidenceInterval";
  checkNumber(fn, "estimate", estimate);
  checkNumber(fn, "se", se, 0);
  checkLevel(fn, level);
  const half = normalQuantile(1 - (1 - level) / 2) * se;
  return [estimate - half, estimate + half];
}
