/**
 * Monte Carlo comparison of a design's first- and second-order inclusion
 * frequencies with a reference table of counts (e.g. R's UPpivotal run M
 * times), used by the design fixture tests.
 */

/** Counts how often each unit (diagonal) and each pair (off-diagonal) is drawn in `M` samples. */
export function countPairs(N: number, M: number, drawSample: () => ArrayLike<number>): number[][] {
  const counts = Array.from({ length: N }, () => new Array<number>(N).fill(0));
  for (let r = 0; r < M; r++) {
    const s = drawSample();
    for (let a = 0; a < s.length; a++) {
      const row = counts[s[a] as number] as number[];
      for (let b = 0; b < s.length; b++) row[s[b] as number] = (row[s[b] as number] as number) + 1;
    }
  }
  return counts;
}

/** One cell whose two frequencies differ by more than the allowed number of standard errors. */
export type FrequencyMismatch = { k: number; l: number; ours: number; ref: number; z: number };

/**
 * Cells (k <= l) where |p_ours - p_ref| exceeds `zMax` standard errors of the
 * difference of two independent binomial proportions, each over `M` samples:
 * se = sqrt(p_ours (1 - p_ours) / M + p_ref (1 - p_ref) / M). A cell that is
 * zero in both tables has se 0 and must be zero in both.
 */
export function frequencyMismatches(
  ours: number[][],
  ref: number[][],
  M: number,
  zMax: number,
): FrequencyMismatch[] {
  const out: FrequencyMismatch[] = [];
  for (let k = 0; k < ref.length; k++) {
    for (let l = k; l < ref.length; l++) {
      const po = ((ours[k] as number[])[l] as number) / M;
      const pr = ((ref[k] as number[])[l] as number) / M;
      const se = Math.sqrt((po * (1 - po)) / M + (pr * (1 - pr)) / M);
      const diff = Math.abs(po - pr);
      const z = se === 0 ? (diff === 0 ? 0 : Number.POSITIVE_INFINITY) : diff / se;
      if (z > zMax) out.push({ k, l, ours: po, ref: pr, z });
    }
  }
  return out;
}
