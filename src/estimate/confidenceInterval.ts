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
 */
export type Estimate = {
  /** The estimate of the population mean. */
  readonly estimate: number;
  /** The variance estimate of `estimate` (may be negative, see above). */
  readonly variance: number;
  /** `sqrt(variance)`, or `NaN` when `variance` is negative. */
  readonly se: number;
  /** Normal confidence interval `estimate ± z * se`, or `[-Infinity, Infinity]` when `variance` is negative. */
  readonly ci: readonly [number, number];
  /** Confidence level of `ci`, in (0, 1). */
  readonly level: number;
  /** Number of sampled units (draws, for with-replacement designs) the estimate uses. */
  readonly n: number;
  /** Name of the estimator and of its variance form, e.g. `"horvitzThompson (syg)"`. */
  readonly method: string;
};

/**
 * Normal (Wald) confidence interval for an estimate with standard error `se`.
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
