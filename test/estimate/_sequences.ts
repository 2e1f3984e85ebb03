/** Helpers for the confidence-sequence tests: exact enumeration of sampling orders. */

/** Every distinct ordering of the multiset `values` (lexicographic), for exact probabilities under SRS. */
export function distinctOrders(values: number[]): number[][] {
  const sorted = [...values].sort((a, b) => a - b);
  const out: number[][] = [];
  const used = new Array<boolean>(sorted.length).fill(false);
  const cur: number[] = [];
  const rec = (): void => {
    if (cur.length === sorted.length) {
      out.push([...cur]);
      return;
    }
    for (let i = 0; i < sorted.length; i++) {
      if (used[i]) continue;
      if (i > 0 && sorted[i] === sorted[i - 1] && !used[i - 1]) continue;
      used[i] = true;
      cur.push(sorted[i] as number);
      rec();
      cur.pop();
      used[i] = false;
    }
  };
  rec();
  return out;
}

/** Whether the sequence [lower, upper] misses `mu` at some t. */
export function everMisses(lower: Float64Array, upper: Float64Array, mu: number): boolean {
  for (let t = 0; t < lower.length; t++) {
    if ((lower[t] as number) > mu + 1e-12 || (upper[t] as number) < mu - 1e-12) return true;
  }
  return false;
}

/** Whether lower never decreases and upper never increases. */
export function isMonotone(lower: Float64Array, upper: Float64Array): boolean {
  for (let t = 1; t < lower.length; t++) {
    if ((lower[t] as number) < (lower[t - 1] as number)) return false;
    if ((upper[t] as number) > (upper[t - 1] as number)) return false;
  }
  return true;
}
