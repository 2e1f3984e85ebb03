import { largestRemainder } from "../core/largestRemainder.js";
import {
  checkInteger,
  checkOptions,
  checkSameLength,
  fail,
  optionKeys,
  toFloat64Array,
  toInt32Array,
} from "../core/validate.js";

const KEYS = optionKeys<NeymanAllocationOptions>()("minPerStratum");

const FN = "neymanAllocation";

/** Options of {@link neymanAllocation}. */
export type NeymanAllocationOptions = {
  /**
   * Every stratum first receives min(minPerStratum, N_h) units; only the rest
   * of the sample is allocated by Neyman's rule. Use 2 when a within-stratum
   * variance must be estimated downstream (e.g. by `stratifiedMean`).
   * @defaultValue 0
   */
  readonly minPerStratum?: number;
};

/**
 * Neyman (optimum) allocation of a sample of `n` units over strata:
 * n_h proportional to N_h * S_h, as integers that sum to `n` exactly and never
 * exceed N_h.
 *
 * Algorithm: m_h = min(minPerStratum, N_h) units are given first. The other
 * n - sum(m_h) are allocated with weights N_h * S_h and caps N_h - m_h by
 * largest-remainder rounding: strata whose real quota reaches their cap are
 * fixed at the cap and the quotas of the others recomputed, until no quota
 * exceeds its cap; then quotas are floored and the missing units go to the
 * largest fractional parts (ties to the lower index). Strata with S_h = 0 get
 * units (beyond m_h) only when the strata with S_h > 0 are full, then evenly.
 * If every stratum with N_h > 0 has S_h = 0, Neyman's rule is undefined and
 * proportional allocation (weights N_h) is used instead.
 *
 * @param stratumSizes - N_h, the number of population units in each stratum (>= 0).
 * @param stratumSds - S_h, the (anticipated) standard deviation of y in each stratum (>= 0).
 * @param n - Total sample size, an integer in [0, sum(N_h)].
 * @param options - See {@link NeymanAllocationOptions}; `minPerStratum` defaults to 0.
 * @returns A new `Int32Array` of n_h, same length as `stratumSizes`, summing to `n`.
 * @throws {TypeError} If `stratumSizes` is not an `Int32Array` or an array of integers, `stratumSds` not a
 *   `Float64Array`, `n` not a number or `options` not an object.
 * @throws {RangeError} If `stratumSizes` is empty or holds a negative value; if
 *   `stratumSds` holds a negative or non-finite value or its length differs; if `n`
 *   is negative, not an integer or above sum(N_h); if `minPerStratum` is not an
 *   integer >= 0; or if the minimums sum(m_h) exceed `n`.
 * @see Neyman, J. (1934). On the two different aspects of the representative method. JRSS 97, 558-625; Cochran (1977), Sampling Techniques, section 5.5.
 * @example
 * ```ts
 * neymanAllocation(new Int32Array([100, 100, 100]), new Float64Array([1, 2, 7]), 20);
 * // Int32Array [2, 4, 14]
 * ```
 */
export function neymanAllocation(
  stratumSizes: ArrayLike<number>,
  stratumSds: ArrayLike<number>,
  n: number,
  options: NeymanAllocationOptions = {},
): Int32Array {
  const stratumSizes32 = toInt32Array(FN, "stratumSizes", stratumSizes, {
    min: 0,
    allowEmpty: false,
  });
  const stratumSds64 = toFloat64Array(FN, "stratumSds", stratumSds, { min: 0 });
  checkSameLength(FN, "stratumSizes", stratumSizes32, "stratumSds", stratumSds64);
  checkInteger(FN, "n", n);
  checkOptions(FN, options, KEYS);
  const { minPerStratum = 0 } = options;
  checkInteger(FN, "options.minPerStratum", minPerStratum);
  const H = stratumSizes32.length;
  let N = 0;
  for (let h = 0; h < H; h++) N += stratumSizes32[h] as number;
  if (n > N) fail(FN, `n must be at most the population size sum(stratumSizes) = ${N}`, n);

  const base = new Int32Array(H);
  let given = 0;
  for (let h = 0; h < H; h++) {
    base[h] = Math.min(minPerStratum, stratumSizes32[h] as number);
    given += base[h] as number;
  }
  if (given > n) {
    fail(
      FN,
      `n is smaller than the ${given} units that minPerStratum = ${minPerStratum} reserves`,
      n,
    );
  }
  const caps = new Int32Array(H);
  const weights = new Float64Array(H);
  let anySd = false;
  let overflow = false;
  let sdTop = 0;
  for (let h = 0; h < H; h++) {
    const Nh = stratumSizes32[h] as number;
    caps[h] = Nh - (base[h] as number);
    weights[h] = Nh * (stratumSds64[h] as number);
    if (!Number.isFinite(weights[h] as number)) overflow = true;
    sdTop = Math.max(sdTop, stratumSds64[h] as number);
    if (Nh > 0 && (stratumSds64[h] as number) > 0) anySd = true;
  }
  if (overflow) {
    // N_h sigma_h overflowed (sigma near 1e308): the same proportions in units of the largest SD
    for (let h = 0; h < H; h++) {
      weights[h] = (stratumSizes32[h] as number) * ((stratumSds64[h] as number) / sdTop);
    }
  }
  const rest = largestRemainder(anySd ? weights : stratumSizes32, caps, n - given);
  for (let h = 0; h < H; h++) rest[h] = (rest[h] as number) + (base[h] as number);
  return rest;
}
