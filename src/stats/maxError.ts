import { asFloat64Array } from "../core/validate.js";
import { errorsOf } from "./_errors.js";

/**
 * Largest absolute error of estimates against the truth.
 *
 * MaxErr = max_r |e_r - t_r|, with one true value for all estimates or a
 * paired true value per estimate. The benchmark-subset paper reports it per
 * seed, over the temporal test runs, as the worst-case tracking error.
 *
 * @param estimates - R >= 1 finite estimates.
 * @param truth - The true value, or R true values (a `Float64Array` or `number[]`).
 * @returns The maximum absolute error, >= 0.
 * @throws {TypeError} If `estimates` is not a `Float64Array` or an array of numbers or `truth` is neither a
 *   number nor a `Float64Array`.
 * @throws {RangeError} If `estimates` is empty, a value is not finite, or the lengths differ.
 * @see Ayyad, M., Wang, Z., Shin, J., Zou, Y. et al. Trajectory-aware benchmark subset selection for cost-efficient software engineering agent regression testing (MaxErr); sklearn `max_error`.
 * @example
 * ```ts
 * maxError(new Float64Array([0.7, 0.75, 0.68]), 0.72); // 0.039999999999999925
 * maxError(new Float64Array([1, 2]), new Float64Array([1, 4])); // 2
 * ```
 */
export function maxError(estimates: ArrayLike<number>, truth: number | ArrayLike<number>): number {
  const estimates64 = asFloat64Array("maxError", "estimates", estimates);
  const e = errorsOf("maxError", estimates64, truth);
  let m = 0;
  for (let i = 0; i < e.length; i++) m = Math.max(m, Math.abs(e[i] as number));
  return m;
}
