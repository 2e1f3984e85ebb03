import { asInt32Array, checkInteger } from "../core/validate.js";
import { rankingHits } from "./_recall.js";

/**
 * Recall@K of a ranking: the share of all relevant items (e.g. regressed
 * slices) found among its top K entries.
 *
 * Recall@K = |top-K of ranking ∩ relevant| / |relevant|, as defined by the
 * CASPER paper (section 3.10): "the number of regressed slices among the top
 * K ranked slices divided by the total number of regressed slices in the
 * ground truth". Relevant items missing from a partial ranking still count
 * in the denominator. A uniformly random ranking of n items has expected
 * Recall@K = K / n.
 *
 * @param ranking - Distinct 0-based item indices, best first (length n >= 1).
 * @param relevant - Either 0/1 flags indexed by item (a `Uint8Array`, `number[]` or `boolean[]`), or a `Set` of relevant item indices; at least one relevant item.
 * @param k - Number of top entries inspected, an integer in [0, n].
 * @returns Recall@K in [0, 1].
 * @throws {TypeError} If `ranking` is not an `Int32Array` or an array of integers, `relevant` is neither a
 *   `Uint8Array` nor a `Set`, or `k` is not a number.
 * @throws {RangeError} If `ranking` is empty, has negative, out-of-range or repeated
 *   indices, `relevant` has a value other than 0/1 or no relevant item, or `k` is outside [0, n].
 * @see Muse, B. A., Briand, L., Lu, Y., Gallaba, K. CASPER: change-aware slice prioritization for efficient regression testing of LLM-based systems (section 3.10).
 * @example
 * ```ts
 * const relevant = new Uint8Array([1, 0, 0, 1, 1]);
 * recallAtK(new Int32Array([3, 1, 0, 2, 4]), relevant, 2); // 0.3333333333333333
 * recallAtK(new Int32Array([3, 1, 0, 2, 4]), new Set([0, 3, 4]), 3); // 0.6666666666666666
 * ```
 */
export function recallAtK(
  ranking: ArrayLike<number>,
  relevant: ArrayLike<number | boolean> | ReadonlySet<number>,
  k: number,
): number {
  const fn = "recallAtK";
  const ranking32 = asInt32Array(fn, "ranking", ranking);
  const { hits, totalRelevant } = rankingHits(fn, ranking32, relevant);
  checkInteger(fn, "k", k, 0, ranking32.length);
  let found = 0;
  for (let t = 0; t < k; t++) found += hits[t] as number;
  return found / totalRelevant;
}
