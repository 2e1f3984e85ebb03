import { largestRemainder } from "../core/largestRemainder.js";
import { checkInteger, fail, toInt32Array } from "../core/validate.js";

const FN = "proportionalAllocation";

/**
 * Proportional allocation of a sample of `n` units over strata: n_h as close
 * as possible to n * N_h / N, as integers that sum to `n` exactly.
 *
 * Algorithm: largest-remainder (Hamilton) rounding of the quotas
 * n * N_h / N: floor every quota, then give the units still missing to the
 * strata with the largest fractional parts (ties to the lower stratum index).
 * No stratum gets more than its size N_h (a quota never exceeds N_h, and
 * capped strata would pass their units on to the others).
 *
 * @param stratumSizes - N_h, the number of population units in each stratum (>= 0).
 * @param n - Total sample size, an integer in [0, sum(N_h)].
 * @returns A new `Int32Array` of n_h, same length as `stratumSizes`, summing to `n`.
 * @throws {TypeError} If `stratumSizes` is not an `Int32Array` or an array of integers or `n` is not a
 *   number.
 * @throws {RangeError} If `stratumSizes` is empty or holds a negative value, or if
 *   `n` is negative, not an integer or larger than the population size sum(N_h).
 * @see Cochran, W. G. (1977). Sampling Techniques, 3rd ed., section 5.3; R `sampling::strata` takes such sizes.
 * @example
 * ```ts
 * proportionalAllocation(new Int32Array([50, 30, 20]), 9); // Int32Array [4, 3, 2]
 * ```
 */
export function proportionalAllocation(stratumSizes: ArrayLike<number>, n: number): Int32Array {
  const stratumSizes32 = toInt32Array(FN, "stratumSizes", stratumSizes, {
    min: 0,
    allowEmpty: false,
  });
  checkInteger(FN, "n", n);
  let N = 0;
  for (let h = 0; h < stratumSizes32.length; h++) N += stratumSizes32[h] as number;
  if (n > N) fail(FN, `n must be at most the population size sum(stratumSizes) = ${N}`, n);
  return largestRemainder(stratumSizes32, stratumSizes32, n);
}
