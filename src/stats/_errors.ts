import {
  checkFloat64Array,
  checkNumber,
  checkSameLength,
  fail,
  toFloat64Array,
} from "../core/validate.js";

/**
 * Validates `estimates` (non-empty, finite) and `truth` (a finite number or a
 * finite `Float64Array` of the same length) and returns the errors e_i - t_i.
 *
 * @internal
 */
export function errorsOf(
  fn: string,
  estimates: Float64Array,
  truth: number | ArrayLike<number>,
): Float64Array {
  checkFloat64Array(fn, "estimates", estimates);
  if (estimates.length === 0) fail(fn, "estimates is empty");
  const out = new Float64Array(estimates.length);
  if (typeof truth === "number") {
    checkNumber(fn, "truth", truth);
    for (let i = 0; i < out.length; i++) out[i] = (estimates[i] as number) - truth;
  } else {
    if (typeof truth !== "object" || truth === null) {
      throw new TypeError(`${fn}: truth must be a number or a Float64Array (got ${typeof truth})`);
    }
    const t = toFloat64Array(fn, "truth", truth);
    checkSameLength(fn, "estimates", estimates, "truth", t);
    for (let i = 0; i < out.length; i++) {
      out[i] = (estimates[i] as number) - (t[i] as number);
    }
  }
  return out;
}
