import { midRanks } from "../core/midRanks.js";
import { fail, failType, toFloat64Array } from "../core/validate.js";

/**
 * Validates k >= 2 non-empty groups, ranks the pooled values with mid-ranks
 * and returns each group's mean rank, sizes, N and the tie term sum (t^3 - t).
 *
 * @internal
 */
export function pooledRanks(
  fn: string,
  groups: readonly ArrayLike<number>[],
): { meanRanks: Float64Array; sizes: Int32Array; total: number; tieSum: number } {
  if (!Array.isArray(groups)) failType(fn, "groups must be an array of Float64Array or number[]");
  const k = groups.length;
  if (k < 2) fail(fn, "groups needs at least 2 groups", k);
  const sizes = new Int32Array(k);
  let total = 0;
  const checked: Float64Array[] = [];
  for (let g = 0; g < k; g++) {
    const x = toFloat64Array(fn, `groups[${g}]`, groups[g]);
    if (x.length === 0) fail(fn, `groups[${g}] is empty`);
    sizes[g] = x.length;
    total += x.length;
    checked.push(x);
  }
  const pooled = new Float64Array(total);
  let o = 0;
  for (const x of checked) {
    pooled.set(x, o);
    o += x.length;
  }
  const { ranks, tieSum } = midRanks(pooled);
  if (tieSum === total * total * total - total) fail(fn, "all values in groups are identical");
  const meanRanks = new Float64Array(k);
  o = 0;
  for (let g = 0; g < k; g++) {
    const n = sizes[g] as number;
    let s = 0;
    for (let i = 0; i < n; i++) s += ranks[o + i] as number;
    meanRanks[g] = s / n;
    o += n;
  }
  return { meanRanks, sizes, total, tieSum };
}
