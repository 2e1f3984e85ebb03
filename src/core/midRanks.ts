/**
 * Mid-ranks (average ranks for ties) of a numeric array, 1-based, plus the
 * tie term sum over tie groups of (t^3 - t) used by rank tests' tie
 * corrections.
 *
 * Algorithm: sort indices by value (stable), then give every run of equal
 * values the mean of the ranks it spans; the same as scipy's
 * `rankdata(method="average")` and R's `rank(ties.method = "average")`.
 * O(n log n). Callers validate that values are finite.
 *
 * @internal
 */
export function midRanks(x: ArrayLike<number>): { ranks: Float64Array; tieSum: number } {
  const n = x.length;
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => (x[a] as number) - (x[b] as number));
  const ranks = new Float64Array(n);
  let tieSum = 0;
  let i = 0;
  while (i < n) {
    let j = i + 1;
    const v = x[order[i] as number] as number;
    while (j < n && (x[order[j] as number] as number) === v) j++;
    const rank = (i + 1 + j) / 2;
    for (let t = i; t < j; t++) ranks[order[t] as number] = rank;
    const t = j - i;
    if (t > 1) tieSum += t * t * t - t;
    i = j;
  }
  return { ranks, tieSum };
}
