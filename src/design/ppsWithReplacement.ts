import type { Rng } from "../core/rng.js";
import { fsum } from "../core/sum.js";
import { checkInteger, checkRng, fail, maxLength, toFloat64Array } from "../core/validate.js";

import { aliasTable, drawAlias } from "./_alias.js";

const FN = "ppsWithReplacement";

/**
 * Probability-proportional-to-size sampling with replacement: `n`
 * independent draws, each picking unit i with probability p_i.
 *
 * Algorithm: Walker's alias method in Vose's numerically stable form, built
 * over the units with p_i > 0 only (so a zero-probability unit can never be
 * drawn through rounding): O(N) set-up, then two uniforms per draw (one picks
 * a column, one decides between the column's unit and its alias; two draws
 * rather than one split uniform because generators such as Alea carry only
 * 32 random bits). `p` is divided by its sum before use, so a sum that is off
 * by rounding does no harm. The draws are returned sorted, with repeats; the
 * number of times unit i appears is Multinomial(n, p) distributed, as needed
 * by the Hansen–Hurwitz estimator.
 *
 * @param p - Draw probability of each unit: non-negative, finite, summing
 *   to 1 within min(1e-4, 1e-9 * max(1, N)).
 * @param n - Number of draws, an integer >= 0.
 * @param rng - Uniform source in [0, 1), e.g. `createRng(seed)`.
 * @returns The drawn 0-based unit indices, sorted ascending, length `n`, repeats allowed.
 * @throws {TypeError} If `p` is not a `Float64Array` or an array of numbers, `n` is not a number or `rng` is
 *   not a function.
 * @throws {RangeError} If `p` is empty, holds a negative or non-finite value or does not
 *   sum to 1; if `n` is negative or not an integer; or if `rng` returns a value outside [0, 1).
 * @see R `sampling::UPmultinomial`; Vose, M. D. (1991). A linear algorithm for generating random numbers with a given distribution. IEEE Trans. Softw. Eng. 17(9), 972-975.
 * @example
 * ```ts
 * ppsWithReplacement(new Float64Array([0.1, 0.2, 0.3, 0.4]), 5, createRng(1));
 * // Int32Array [0, 0, 1, 1, 2]
 * ```
 */
export function ppsWithReplacement(p: ArrayLike<number>, n: number, rng: Rng): Int32Array {
  const p64 = toFloat64Array(FN, "p", p, { min: 0, allowEmpty: false });
  checkInteger(FN, "n", n, 0, maxLength);
  checkRng(FN, rng);
  const N = p64.length;
  const total = fsum(p64);
  const tolerance = Math.min(1e-4, 1e-9 * Math.max(1, N));
  if (!(Math.abs(total - 1) <= tolerance)) {
    fail(FN, `p must sum to 1 (within ${tolerance}); divide sizes by their total`, total);
  }
  if (n === 0) return new Int32Array(0);
  return drawAlias(aliasTable(p64, total), n, rng);
}
