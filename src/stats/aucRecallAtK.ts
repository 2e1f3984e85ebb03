import { asInt32Array } from "../core/validate.js";
import { rankingHits } from "./_recall.js";

/**
 * Area under the Recall@K curve of a ranking, the CASPER paper's summary of
 * ranking quality over all inspection budgets.
 *
 * The curve joins the points (K / n, Recall@K) for K = 0, 1, ..., n (x = the
 * share of the n ranked items inspected, starting at (0, 0)); the area is
 * taken by the trapezoidal rule:
 * AUC = (1/n) * sum_{K=1}^{n} (Recall@(K-1) + Recall@K) / 2.
 * Reference values: a uniformly random ranking has expected AUC exactly 0.5
 * (its expected curve is the diagonal); the ideal ranking of m relevant items
 * first has AUC 1 - m / (2n). The CASPER paper (section 3.10) defines the
 * axes but not the integration grid, and reports random-baseline AUCs of
 * 0.40-0.45, so its numbers are not directly comparable; compare rankings
 * with each other and with the random baseline computed the same way.
 *
 * @param ranking - Distinct 0-based item indices, best first (length n >= 1).
 * @param relevant - Either 0/1 flags indexed by item (a `Uint8Array`, `number[]` or `boolean[]`), or a `Set` of relevant item indices; at least one relevant item.
 * @returns The area, in [0, 1].
 * @throws {TypeError} If `ranking` is not an `Int32Array` or an array of integers or `relevant` is neither a
 *   `Uint8Array` nor a `Set`.
 * @throws {RangeError} If `ranking` is empty, has negative, out-of-range or repeated
 *   indices, or `relevant` has a value other than 0/1 or no relevant item.
 * @see Muse, B. A., Briand, L., Lu, Y., Gallaba, K. CASPER: change-aware slice prioritization for efficient regression testing of LLM-based systems (section 3.10, table 15).
 * @example
 * ```ts
 * const relevant = new Uint8Array([1, 0, 0, 1]);
 * aucRecallAtK(new Int32Array([0, 3, 1, 2]), relevant); // 0.75 (ideal: 1 - 2 / 8)
 * aucRecallAtK(new Int32Array([1, 2, 0, 3]), relevant); // 0.25 (worst)
 * ```
 */
export function aucRecallAtK(
  ranking: ArrayLike<number>,
  relevant: ArrayLike<number | boolean> | ReadonlySet<number>,
): number {
  const ranking32 = asInt32Array("aucRecallAtK", "ranking", ranking);
  const { hits, totalRelevant } = rankingHits("aucRecallAtK", ranking32, relevant);
  const n = hits.length;
  let found = 0;
  let area = 0;
  for (let t = 0; t < n; t++) {
    const before = found;
    found += hits[t] as number;
    area += (before + found) / 2;
  }
  return area / (n * totalRelevant);
}
