import { largestRemainder } from "../core/largestRemainder.js";
import type { Rng } from "../core/rng.js";
import {
  asInt32Array,
  checkInt32Array,
  checkInteger,
  checkOptions,
  checkRng,
  draw,
  fail,
  optionKeys,
  toInt32Array,
} from "../core/validate.js";
import { stratifiedSrs } from "../design/stratifiedSrs.js";
import { stratumSizes } from "./_internal.js";

const KEYS = optionKeys<StratifiedSubsetOptions>()("allocation");

/** Options of {@link stratifiedSubset}. */
export type StratifiedSubsetOptions = {
  /**
   * Items to draw per stratum label (length max(strata) + 1), summing to `k`.
   * @defaultValue proportional allocation: quotas k N_h / N rounded by the
   * largest-remainder (Hamilton) method, ties to the lowest label, total
   * exactly `k`.
   */
  readonly allocation?: ArrayLike<number>;
};

/**
 * Stratified random subset with proportional allocation: the paper's
 * stratified baselines (Repo-Strat, Diff-Strat, Consist-Strat, Repo x Diff,
 * Repo x Consist) differ only in the strata passed here.
 *
 * Algorithm: n_h = proportional allocation of `k` over the stratum sizes N_h
 * (largest remainder, so every stratum gets floor(k N_h / N) or one more and
 * the total is exactly k), then an independent simple random sample without
 * replacement of n_h items inside each stratum ({@link stratifiedSrs}). Each
 * item of stratum h is included with probability n_h / N_h.
 *
 * @param strata - Stratum label per item, integers >= 0.
 * @param k - Subset size, 1 <= k <= strata.length.
 * @param rng - Uniform source in [0, 1).
 * @param options - `allocation`: explicit per-stratum sizes (default proportional).
 * @returns `k` distinct item indices, sorted ascending.
 * @throws {TypeError} If `strata` or `allocation` is not an `Int32Array` or an array of integers, `rng` is
 *   not a function, or `options` is not an object.
 * @throws {RangeError} If `strata` is empty or has a negative label or one above 2^27 - 1, `k` is not an
 *   integer in [1, strata.length], `allocation` has the wrong length, a negative entry, a total other than
 *   `k`, or asks more of a stratum than it holds, or `rng` returns a value outside [0, 1).
 * @see Cochran (1977), Sampling Techniques, 3rd ed., section 5.3; R `sampling::strata(..., method = "srswor")`.
 * @see Ayyad et al. (2026), Trajectory-Aware Benchmark Subset Selection, section 4.4.1.
 * @example
 * ```ts
 * // strata of 6 and 4 items, k = 5 -> 3 + 2
 * stratifiedSubset(Int32Array.of(0, 0, 0, 0, 0, 0, 1, 1, 1, 1), 5, createRng(1)); // Int32Array [1, 2, 4, 6, 7]
 * ```
 */
export function stratifiedSubset(
  strata: ArrayLike<number>,
  k: number,
  rng: Rng,
  options: StratifiedSubsetOptions = {},
): Int32Array {
  const fn = "stratifiedSubset";
  const strata32 = toInt32Array(fn, "strata", strata, { min: 0, allowEmpty: false });
  checkInteger(fn, "k", k, 1);
  if (k > strata32.length)
    fail(fn, `k must be at most the number of items (${strata32.length})`, k);
  checkRng(fn, rng);
  checkOptions(fn, options, KEYS);
  const sizes = stratumSizes(strata32, fn);
  let alloc: Int32Array;
  if (options.allocation === undefined) {
    alloc = largestRemainder(sizes, sizes, k);
  } else {
    alloc = asInt32Array(fn, "options.allocation", options.allocation);
    checkInt32Array(fn, "options.allocation", alloc, { min: 0 });
    if (alloc.length !== sizes.length) {
      fail(
        fn,
        `options.allocation length must equal max(strata) + 1 (${alloc.length} vs ${sizes.length})`,
      );
    }
    let total = 0;
    for (let h = 0; h < sizes.length; h++) {
      const a = alloc[h] as number;
      if (a > (sizes[h] as number)) {
        fail(fn, `stratum ${h} has ${sizes[h]} items, fewer than its allocation ${a}`);
      }
      total += a;
    }
    if (total !== k) fail(fn, `options.allocation sums to ${total}, not to k = ${k}`);
  }
  // draws checked here, so a faulty rng is reported as stratifiedSubset, not stratifiedSrs
  return stratifiedSrs(strata32, alloc, () => draw(fn, rng));
}
