/**
 * Rank-based ROC AUC for the feature tests (not a test file): the probability
 * that a random failure has a higher risk than a random pass, ties counting
 * one half (Mann-Whitney U / (n1 n0), with mid-ranks).
 */
export function rankAuc(risk: Float64Array, failed: Uint8Array): number {
  const n = risk.length;
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => (risk[a] as number) - (risk[b] as number),
  );
  const ranks = new Float64Array(n);
  for (let i = 0; i < n; ) {
    let j = i;
    while (j + 1 < n && risk[order[j + 1] as number] === risk[order[i] as number]) j++;
    const mid = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[order[k] as number] = mid;
    i = j + 1;
  }
  let n1 = 0;
  let sumRanks = 0;
  for (let i = 0; i < n; i++) {
    if (failed[i] === 1) {
      n1++;
      sumRanks += ranks[i] as number;
    }
  }
  const n0 = n - n1;
  return (sumRanks - (n1 * (n1 + 1)) / 2) / (n1 * n0);
}
