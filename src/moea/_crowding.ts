/**
 * Unvalidated kernels of `crowdingDistance` and the NSGA-II engine: the
 * crowding distance of one front, with the two-objective shortcut that reuses
 * the sort's lexicographic order.
 *
 * @internal
 */

import { makeSortWork, type SortWork, sortRows } from "./_sort.js";

/**
 * Puts the rows of `hint[lo..hi)` (reversed if asked) with their objective-k
 * values into `w.ids`/`w.keys[0..hi-lo)`, moves tied rows into ascending
 * order, and tells whether the result is sorted by (value, row). On a
 * two-objective front the lexicographic order is already sorted by f_1 and,
 * reversed, by f_2 (members are mutually non-dominated), so no sort is needed.
 */
function orderFromHint(
  d: Float64Array,
  m: number,
  k: number,
  hint: Int32Array,
  lo: number,
  hi: number,
  reverse: boolean,
  w: SortWork,
): boolean {
  const { ids, keys } = w;
  const s = hi - lo;
  for (let t = 0; t < s; t++) {
    const row = hint[reverse ? hi - 1 - t : lo + t] as number;
    ids[t] = row;
    keys[t] = d[row * m + k] as number;
  }
  for (let t = 1; t < s; t++) {
    const key = keys[t] as number;
    const row = ids[t] as number;
    if (key < (keys[t - 1] as number)) return false;
    let j = t - 1;
    while (j >= 0 && keys[j] === key && (ids[j] as number) > row) {
      ids[j + 1] = ids[j] as number;
      keys[j + 1] = keys[j] as number;
      j--;
    }
    ids[j + 1] = row;
    keys[j + 1] = key;
  }
  return true;
}

/**
 * Crowding distance of the rows `rows[lo..hi)` (ascending row indices, one
 * front), written into `out[row]`. Per objective, the rows are sorted by value
 * (ties by row index); the first and last get Infinity; an interior row adds
 * (next - prev) / (m * range). Fronts of one or two rows are all Infinity. An
 * objective whose range is 0 adds nothing (but still marks its two ends).
 * With two objectives, `hint` (the same rows at the same offsets, e.g.
 * `w.lex` of {@link frontsInto}) is tried first as the f_1 order and reversed
 * as the f_2 order, with a sort only where it is not one. Uses `w.ids`,
 * `w.keys` and the tmp buffers of `w`.
 */
export function crowdRows(
  d: Float64Array,
  m: number,
  rows: Int32Array,
  lo: number,
  hi: number,
  out: Float64Array,
  w: SortWork,
  hint?: Int32Array,
): void {
  const s = hi - lo;
  const start = s <= 2 ? Number.POSITIVE_INFINITY : 0;
  for (let t = lo; t < hi; t++) out[rows[t] as number] = start;
  if (s <= 2) return;
  const { ids, keys, tmpIds } = w;
  const hinted = hint !== undefined && m === 2;
  for (let k = 0; k < m; k++) {
    if (!(hinted && orderFromHint(d, m, k, hint, lo, hi, k === 1, w))) {
      for (let t = 0; t < s; t++) ids[t] = rows[lo + t] as number;
      sortRows(ids, 0, s, d, m, k, tmpIds);
      for (let t = 0; t < s; t++) keys[t] = d[(ids[t] as number) * m + k] as number;
    }
    out[ids[0] as number] = Number.POSITIVE_INFINITY;
    out[ids[s - 1] as number] = Number.POSITIVE_INFINITY;
    const range = (keys[s - 1] as number) - (keys[0] as number);
    if (range === 0) continue;
    if (range === Number.POSITIVE_INFINITY) {
      // the range of finite values overflowed: halved values (exact) give the same ratios
      const r = (keys[s - 1] as number) / 2 - (keys[0] as number) / 2;
      for (let t = 1; t < s - 1; t++) {
        const row = ids[t] as number;
        const gap = (keys[t + 1] as number) / 2 - (keys[t - 1] as number) / 2;
        out[row] = (out[row] as number) + gap / r / m;
      }
      continue;
    }
    const norm = m * range;
    if (norm === Number.POSITIVE_INFINITY) {
      // m times a finite range overflowed (a range near 1e308): divide in two
      // steps, each ratio at most 1 (m * range gave 0 to every interior point)
      for (let t = 1; t < s - 1; t++) {
        const row = ids[t] as number;
        const gap = (keys[t + 1] as number) - (keys[t - 1] as number);
        out[row] = (out[row] as number) + gap / range / m;
      }
      continue;
    }
    for (let t = 1; t < s - 1; t++) {
      const row = ids[t] as number;
      out[row] = (out[row] as number) + ((keys[t + 1] as number) - (keys[t - 1] as number)) / norm;
    }
  }
}

/** {@link crowdRows} of one front given in any order (row indices distinct). */
export function crowdInto(d: Float64Array, m: number, front: Int32Array, out: Float64Array): void {
  const rows = Int32Array.from(front).sort();
  crowdRows(d, m, rows, 0, rows.length, out, makeSortWork(rows.length));
}
