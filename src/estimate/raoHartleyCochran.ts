import { rhcGroupSizes } from "../core/rhcGroupSizes.js";
import { fsum } from "../core/sum.js";
import {
  asFloat64Array,
  checkInteger,
  checkOptions,
  checkSameLength,
  fail,
  optionKeys,
  toFloat64Array,
} from "../core/validate.js";
import { checkProbabilities, PROBABILITY_TOLERANCE, readLevel } from "./_internal.js";
import {
  type IntervalRequest,
  intervalEstimate,
  kishFromProbabilities,
  readInterval,
  sameUpToRounding,
} from "./_interval.js";
import type { Estimate } from "./confidenceInterval.js";
import type { IntervalMethod } from "./proportionInterval.js";

/** Options of {@link raoHartleyCochran}. */
export type RaoHartleyCochranOptions = {
  /** Confidence level of the interval. @defaultValue `intervalDefaults.level` (0.95) */
  readonly level?: number;
  /**
   * Interval method (one of `intervalMethods`). Default: `"beta"` (Korn–Graubard) for 0/1 labels,
   * `"beta"` for labels in [0, 1] that are not all 0/1 (`intervalDefaults.bounded`); `"t"` for other real-valued y. The SRS-only methods (`"wilson"`, `"clopperPearson"`,
   * `"hypergeometric"`, `"jeffreys"`, `"agrestiCoull"`) do not apply here.
   */
  readonly interval?: IntervalMethod;
};

const KEYS = optionKeys<RaoHartleyCochranOptions>()("level", "interval");

/**
 * Rao–Hartley–Cochran estimator of a population mean, with the RHC unbiased
 * variance estimator, for a sample drawn by the `rhc` design.
 *
 * Design: the N units are split at random into n groups of sizes as equal as
 * possible (`N mod n` groups of `floor(N/n) + 1` units, the rest of `floor(N/n)`),
 * and one unit is drawn from each group with probability proportional to size.
 * For the unit drawn from group g, `groupShare = z_i / Z_g` (its size over its
 * group's size total) and `groupTotal = P_g = Z_g / Z` (its group's share of
 * the total size); `p_i = groupShare * groupTotal = z_i / Z`.
 *
 * Formula: `T = sum_g y_g / groupShare_g` (unbiased for the total), mean `T / N`;
 * `v(T) = (sum_g N_g^2 - N) / (N^2 - sum_g N_g^2) * sum_g P_g (y_g / p_g - T)^2`
 * (unbiased, and never negative: a sum of squares with positive weights), divided by
 * N^2 for the mean. With n = N every group is one unit, drawn with certainty (`groupShare` 1,
 * checked), and the variance is 0.
 *
 * This takes one more argument (`groupTotal`) than `raoHartleyCochran(y, groupShare, N)`:
 * the estimate needs only `groupShare`, but the variance needs each group's size
 * share `P_g` and the group sizes N_g, which follow from N and n by the rule above.
 *
 * @param y - Values of the drawn units, one per group (at least two groups).
 * @param groupShare - `z_i / Z_g` of each drawn unit, in (0, 1].
 * @param groupTotal - `Z_g / Z` of each drawn unit's group, in (0, 1], summing to 1.
 * @param N - Population size (integer, at least the number of groups).
 * @param options - `level` (default 0.95).
 * @returns The estimate of the mean, its variance, SE and confidence interval.
 * @throws {TypeError} If an array is not a `Float64Array` or an array of numbers, `N` is not a number, or
 *   `options` is not an object.
 * @throws {RangeError} If a value is not finite, a share is outside (0, 1], lengths differ, `groupTotal` does
 *   not sum to 1, there are fewer than two groups, `N` is not an integer at least n, n = N (every group one
 *   unit) with a `groupShare` other than 1, or `level` is not in (0, 1);
 *   or if `options.interval` is not one of `intervalMethods`, is SRS-only (for this design), or is a
 *   proportion method while y is not 0/1.
 * @see Rao, J. N. K., Hartley, H. O. & Cochran, W. G. (1962). On a simple procedure of unequal probability
 *   sampling without replacement. JRSS B 24, 482-491.
 * @see Cochran, W. G. (1977). Sampling Techniques, 3rd ed., §9A.13.
 * @example
 * ```ts
 * // N = 5 units in 2 groups (sizes 3 and 2); the drawn units carry y = 4 and 9.
 * const y = new Float64Array([4, 9]);
 * const groupShare = new Float64Array([0.5, 0.75]);
 * const groupTotal = new Float64Array([0.6, 0.4]);
 * const e = raoHartleyCochran(y, groupShare, groupTotal, 5);
 * e.estimate; // 4  ((4 / 0.5 + 9 / 0.75) / 5)
 * e.variance; // 1.7777777777777766  ((13 - 5) / (25 - 13) * (0.6 * (40/3 - 20)^2 + 0.4 * (30 - 20)^2) / 25)
 * ```
 */
export function raoHartleyCochran(
  y: ArrayLike<number | boolean>,
  groupShare: ArrayLike<number>,
  groupTotal: ArrayLike<number>,
  N: number,
  options: RaoHartleyCochranOptions = {},
): Estimate {
  return intervalEstimate(
    "raoHartleyCochran",
    raoHartleyCochranRequest(y, groupShare, groupTotal, N, options),
  );
}

/**
 * Everything {@link raoHartleyCochran} computes before its interval: checks the input
 * and returns the request `intervalEstimate` turns into an `Estimate` (also used
 * by `modelAssisted`, which builds the interval of its residuals itself).
 * @internal
 */
export function raoHartleyCochranRequest(
  y: ArrayLike<number | boolean>,
  groupShare: ArrayLike<number>,
  groupTotal: ArrayLike<number>,
  N: number,
  options: RaoHartleyCochranOptions = {},
): IntervalRequest {
  const fn = "raoHartleyCochran";
  const groupShare64 = asFloat64Array(fn, "groupShare", groupShare);
  const groupTotal64 = asFloat64Array(fn, "groupTotal", groupTotal);
  const y64 = toFloat64Array(fn, "y", y, { booleans: true });
  checkProbabilities(fn, "groupShare", groupShare64);
  checkProbabilities(fn, "groupTotal", groupTotal64);
  checkSameLength(fn, "y", y64, "groupShare", groupShare64);
  checkSameLength(fn, "y", y64, "groupTotal", groupTotal64);
  const n = y64.length;
  if (n < 2) fail(fn, `y needs at least two groups for a variance estimate (got ${n})`);
  checkInteger(fn, "N", N, 1);
  if (N < n) fail(fn, `N must be at least the number of groups (${N} vs ${n})`);
  const pSum = fsum(groupTotal64);
  if (!(Math.abs(pSum - 1) <= PROBABILITY_TOLERANCE)) {
    fail(fn, "groupTotal must sum to 1 over the groups", pSum);
  }
  if (n === N) {
    // every group is one unit, drawn with certainty: z_i / Z_g is 1
    for (let g = 0; g < n; g++) {
      const share = groupShare64[g] as number;
      if (!(share >= 1 - PROBABILITY_TOLERANCE)) {
        fail(
          fn,
          `groupShare[${g}] must be 1 when n = N = ${N} (every group is a single unit)`,
          share,
        );
      }
    }
  }
  checkOptions(fn, options, KEYS);
  const lev = readLevel(fn, options.level);
  const interval = readInterval(fn, options.interval, false);
  let total = 0;
  for (let g = 0; g < n; g++) total += (y64[g] as number) / (groupShare64[g] as number);
  let ss = 0;
  const expanded = new Float64Array(n);
  for (let g = 0; g < n; g++) {
    const P = groupTotal64[g] as number;
    expanded[g] = (y64[g] as number) / ((groupShare64[g] as number) * P);
    const d = (expanded[g] as number) - total;
    ss += P * d * d;
  }
  // y / p_g without spread: 0 whatever rounding left in ss
  if (sameUpToRounding(expanded)) ss = 0;
  let sumSq = 0;
  for (const s of rhcGroupSizes(N, n)) sumSq += s * s;
  const v = ((sumSq - N) / (N * N - sumSq)) * ss;
  return {
    method: "rhc",
    estimate: total / N,
    variance: v / (N * N),
    level: lev,
    n,
    y: y64,
    design: {
      srs: false,
      df: n - 1,
      N,
      census: n === N,
      nEffective: kishFromProbabilities(groupShare64),
    },
    interval,
  };
}
