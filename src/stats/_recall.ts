import { asBinary, checkInt32Array, fail, failType } from "../core/validate.js";

/**
 * Validates a ranking (distinct non-negative item indices) and the relevant
 * set, and returns, per ranking position, whether that item is relevant,
 * plus the total number of relevant items.
 *
 * @internal
 */
export function rankingHits(
  fn: string,
  ranking: Int32Array,
  relevantIn: ArrayLike<number | boolean> | ReadonlySet<number>,
): { hits: Uint8Array; totalRelevant: number } {
  const relevant =
    relevantIn instanceof Set || typeof relevantIn !== "object" || relevantIn === null
      ? relevantIn
      : asBinary(fn, "relevant", relevantIn);
  checkInt32Array(fn, "ranking", ranking, { min: 0 });
  if (ranking.length === 0) fail(fn, "ranking is empty");
  const hits = new Uint8Array(ranking.length);
  let totalRelevant = 0;
  if (relevant instanceof Uint8Array) {
    for (let i = 0; i < relevant.length; i++) {
      const v = relevant[i] as number;
      if (v > 1) fail(fn, `relevant[${i}] must be 0 or 1`, v);
      totalRelevant += v;
    }
    for (let t = 0; t < ranking.length; t++) {
      const i = ranking[t] as number;
      if (i >= relevant.length) {
        fail(fn, `ranking[${t}] is not an index of relevant (length ${relevant.length})`, i);
      }
      hits[t] = relevant[i] as number;
    }
  } else if (relevant instanceof Set) {
    for (const v of relevant) {
      if (!(typeof v === "number" && Number.isInteger(v) && v >= 0)) {
        fail(fn, "relevant must hold non-negative integer item indices", v);
      }
    }
    totalRelevant = relevant.size;
    for (let t = 0; t < ranking.length; t++) hits[t] = relevant.has(ranking[t] as number) ? 1 : 0;
  } else {
    failType(fn, "relevant must be a Uint8Array of 0/1 or a Set of item indices");
  }
  const seen = new Set<number>();
  for (let t = 0; t < ranking.length; t++) {
    const i = ranking[t] as number;
    if (seen.has(i)) fail(fn, `ranking lists item ${i} twice`);
    seen.add(i);
  }
  if (totalRelevant === 0) fail(fn, "relevant has no relevant item; recall is undefined");
  return { hits, totalRelevant };
}
