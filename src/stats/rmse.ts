import { fsum } from "../core/sum.js";
import { errorsOf } from "./_errors.js";

/**
 * Root mean squared error of estimates against the truth.
 *
 * RMSE = sqrt((1/R) * sum_r (e_r - t_r)^2), where t_r is one true value for
 * all estimates (e.g. a model's true accuracy, estimated R times by a
 * sampling strategy) or a paired true value per estimate (e.g. each test
 * run's full-benchmark resolve rate). The sum is compensated ({@link fsum}).
 * This is the accuracy metric of the TCS replication (RMSE of the accuracy
 * estimate over repetitions) and of benchmark-subset selection.
 *
 * @param estimates - R >= 1 finite estimates.
 * @param truth - The true value, or a `Float64Array` of R true values.
 * @returns The RMSE, >= 0.
 * @throws {TypeError} If `estimates` is not a `Float64Array` or `truth` is neither a number nor a `Float64Array`.
 * @throws {RangeError} If `estimates` is empty, a value is not finite, or the lengths differ.
 * @see Test case selection for deep neural networks: a replication study on LLMs for code (RMSE of the accuracy estimate); sklearn `mean_squared_error(squared=False)`.
 * @example
 * ```ts
 * rmse(new Float64Array([0.7, 0.75, 0.68]), 0.72); // 0.031091263510296032
 * rmse(new Float64Array([1, 2]), new Float64Array([1, 4])); // 1.4142135623730951
 * ```
 */
export function rmse(estimates: Float64Array, truth: number | Float64Array): number {
  const e = errorsOf("rmse", estimates, truth);
  return Math.sqrt(fsum(e.map((v) => v * v)) / e.length);
}
