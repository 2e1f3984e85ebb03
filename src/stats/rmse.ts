import { fsum } from "../core/sum.js";
import { asFloat64Array } from "../core/validate.js";
import { errorsOf } from "./_errors.js";

/**
 * Root mean squared error of estimates against the truth.
 *
 * RMSE = sqrt((1/R) * sum_r (e_r - t_r)^2), where t_r is one true value for
 * all estimates (e.g. a model's true accuracy, estimated R times by a
 * sampling strategy) or a paired true value per estimate (e.g. each test
 * run's full-benchmark resolve rate). The sum is compensated ({@link fsum}).
 * Errors beyond 1e150 in size (whose squares would overflow) or below 1e-150
 * (whose squares would underflow) are scaled by the largest |error| before
 * squaring, so the result is finite whenever the true RMSE is.
 * This is the accuracy metric of the TCS replication (RMSE of the accuracy
 * estimate over repetitions) and of benchmark-subset selection.
 *
 * @param estimates - R >= 1 finite estimates.
 * @param truth - The true value, or R true values (a `Float64Array` or `number[]`).
 * @returns The RMSE, >= 0.
 * @throws {TypeError} If `estimates` is not a `Float64Array` or an array of numbers or `truth` is neither a
 *   number nor a `Float64Array`.
 * @throws {RangeError} If `estimates` is empty, a value is not finite, or the lengths differ.
 * @see Test case selection for deep neural networks: a replication study on LLMs for code (RMSE of the accuracy estimate); sklearn `mean_squared_error(squared=False)`.
 * @example
 * ```ts
 * rmse(new Float64Array([0.7, 0.75, 0.68]), 0.72); // 0.031091263510296032
 * rmse(new Float64Array([1, 2]), new Float64Array([1, 4])); // 1.4142135623730951
 * ```
 */
export function rmse(estimates: ArrayLike<number>, truth: number | ArrayLike<number>): number {
  const estimates64 = asFloat64Array("rmse", "estimates", estimates);
  const e = errorsOf("rmse", estimates64, truth);
  let big = 0;
  for (let i = 0; i < e.length; i++) big = Math.max(big, Math.abs(e[i] as number));
  if (big === 0) return 0;
  if (big >= 1e-150 && big <= 1e150) return Math.sqrt(fsum(e.map((v) => v * v)) / e.length);
  if (big === Number.POSITIVE_INFINITY) {
    // a difference of finite values overflowed: halving both sides is exact
    const half =
      typeof truth === "number"
        ? estimates64.map((v) => v / 2 - truth / 2)
        : estimates64.map((v, i) => v / 2 - (truth[i] as number) / 2);
    return 2 * scaledRms(half);
  }
  return scaledRms(e);
}

/** sqrt(mean(e^2)) computed as m sqrt(mean((e / m)^2)) with m = max |e| > 0. */
function scaledRms(e: Float64Array): number {
  let m = 0;
  for (let i = 0; i < e.length; i++) m = Math.max(m, Math.abs(e[i] as number));
  return m * Math.sqrt(fsum(e.map((v) => (v / m) * (v / m))) / e.length);
}
