/**
 * Unvalidated kernels of `nonDominatedSort` and the NSGA-II engine: the
 * stable row sort, the ENS-BS non-dominated sort with its scratch buffers,
 * and the renumbering of a lexicographic order between generations. Public
 * entry points validate their inputs and then call these; the engine calls
 * them directly on buffers it built itself, so the hot loop pays for no
 * checks.
 *
 * @internal
 */

/** Fronts (ascending row indices) and the 0-based rank of every row. */
export type Sorted = { fronts: Int32Array[]; rank: Int32Array };

/**
 * Scratch buffers of the sorting kernels for up to `cap` rows, so that the
 * engine's hot loop allocates nothing per generation. `rows`, `lex` and
 * `starts` hold the result of {@link frontsInto}; the others are working space.
 */
export type SortWork = {
  readonly cap: number;
  readonly ids: Int32Array;
  readonly keys: Float64Array;
  readonly tmpIds: Int32Array;
  readonly tmpKeys: Float64Array;
  readonly tail: Int32Array;
  readonly prev: Int32Array;
  readonly rows: Int32Array;
  readonly lex: Int32Array;
  readonly starts: Int32Array;
};

/** Scratch for sorting up to `cap` rows. */
export function makeSortWork(cap: number): SortWork {
  return {
    cap,
    ids: new Int32Array(cap),
    keys: new Float64Array(cap),
    tmpIds: new Int32Array(cap),
    tmpKeys: new Float64Array(cap),
    tail: new Int32Array(cap),
    prev: new Int32Array(cap),
    rows: new Int32Array(cap),
    lex: new Int32Array(cap),
    starts: new Int32Array(cap + 1),
  };
}

// Runs this short are insertion-sorted before merging.
const RUN = 12;

/**
 * Stable sort of the row indices `ids[lo..hi)` by ascending
 * `key[id * stride + offset]` (no NaN keys): equal keys keep their order, so
 * ids that start ascending end sorted by (key, id). Only the ids move (the
 * keys are read in place, e.g. one objective column of a row-major matrix):
 * no comparator calls, no allocation, and half the memory traffic of moving
 * keys along. Insertion-sorted runs, then bottom-up merges through `tmp`
 * (same length as `ids`), skipping merges of runs already in order.
 */
export function sortRows(
  ids: Int32Array,
  lo: number,
  hi: number,
  key: Float64Array,
  stride: number,
  offset: number,
  tmp: Int32Array,
): void {
  for (let s = lo; s < hi; s += RUN) {
    const e = Math.min(s + RUN, hi);
    for (let i = s + 1; i < e; i++) {
      const id = ids[i] as number;
      const k = key[id * stride + offset] as number;
      let j = i - 1;
      while (j >= s) {
        const o = ids[j] as number;
        if (!((key[o * stride + offset] as number) > k)) break;
        ids[j + 1] = o;
        j--;
      }
      ids[j + 1] = id;
    }
  }
  let src = ids;
  let dst = tmp;
  for (let width = RUN; width < hi - lo; width *= 2) {
    for (let s = lo; s < hi; s += 2 * width) {
      const mid = Math.min(s + width, hi);
      const e = Math.min(s + 2 * width, hi);
      let i = s;
      let j = mid;
      let o = s;
      if (
        j < e &&
        (key[(src[j - 1] as number) * stride + offset] as number) >
          (key[(src[j] as number) * stride + offset] as number)
      ) {
        let a = src[i] as number;
        let b = src[j] as number;
        let ka = key[a * stride + offset] as number;
        let kb = key[b * stride + offset] as number;
        for (;;) {
          if (kb < ka) {
            dst[o++] = b;
            if (++j >= e) break;
            b = src[j] as number;
            kb = key[b * stride + offset] as number;
          } else {
            dst[o++] = a;
            if (++i >= mid) break;
            a = src[i] as number;
            ka = key[a * stride + offset] as number;
          }
        }
      }
      while (i < mid) dst[o++] = src[i++] as number;
      while (j < e) dst[o++] = src[j++] as number;
    }
    const t = src;
    src = dst;
    dst = t;
  }
  if (src !== ids) for (let t = lo; t < hi; t++) ids[t] = src[t] as number;
}

/**
 * Non-dominated sort by efficient non-dominated level update with binary
 * search (ENS-BS, Zhang et al. 2015), which returns the same fronts as Deb's
 * fast non-dominated sort. Feasible rows are visited in lexicographic order of
 * their objectives (ties by row index), so a row can only be dominated by rows
 * visited before it; each row joins the first front none of whose members
 * dominates it, found by binary search because "dominated by some member of
 * front k" is monotone in k. Members are scanned last-added first; with two
 * objectives the last-added member has the smallest f_2 of its front, so it
 * alone decides. Infeasible rows (violation > 0) follow the feasible fronts,
 * one front per distinct violation value in increasing order (Deb's
 * constrained domination). Worst case O(m n^2), typically much less.
 *
 * Writes the front index of each row into `rank[0..n)`, the rows grouped front
 * by front (ascending within a front) into `w.rows[0..n)` with front f at
 * `w.rows[w.starts[f]..w.starts[f + 1])`, the same fronts in visiting order
 * (feasible rows lexicographically) at the same offsets of `w.lex`, and
 * returns the number of fronts; `w.ids[0..n)` is left holding the visiting
 * order of all rows (the feasible ones by objectives, ties by row index).
 *
 * Without constraints, `presorted` > 0 says that `w.ids[0..presorted)`
 * already holds rows 0..presorted-1 in that order (e.g. the parents, from the
 * previous generation): only the other rows are sorted, then merged in, which
 * gives the same order as sorting all rows.
 */
export function frontsInto(
  d: Float64Array,
  n: number,
  m: number,
  v: Float64Array | undefined,
  w: SortWork,
  rank: Int32Array,
  presorted = 0,
): number {
  const { ids, tmpIds, tail, prev, rows, lex, starts } = w;
  let nf = 0;
  let ni = 0;
  if (presorted > 0 && v === undefined) {
    // Rows 0..presorted-1 are already in ids, in order: sort the others and merge.
    for (let i = presorted; i < n; i++) ids[i] = i;
    sortLex(d, m, w, presorted, n);
    mergeLex(d, m, w, presorted, n);
    nf = n;
  } else {
    for (let i = 0; i < n; i++) {
      if (v !== undefined && (v[i] as number) > 0) rows[ni++] = i;
      else ids[nf++] = i;
    }
    sortLex(d, m, w, 0, nf);
  }
  let groups = 0;
  for (let t = 0; t < nf; t++) {
    const q = ids[t] as number;
    const oq = q * m;
    let lo = 0;
    let hi = groups;
    if (m === 2) {
      // The last-added member p of a front has its smallest f_2 and precedes q
      // (p_1 <= q_1), so p dominates q iff p_2 < q_2, or p_2 = q_2 and p_1 < q_1.
      const q1 = d[oq] as number;
      const q2 = d[oq + 1] as number;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        const op = (tail[mid] as number) * 2;
        const p2 = d[op + 1] as number;
        if (p2 < q2 || (p2 === q2 && (d[op] as number) < q1)) lo = mid + 1;
        else hi = mid;
      }
    }
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      let dominated = false;
      for (let p = tail[mid] as number; p >= 0; p = prev[p] as number) {
        // p precedes q lexicographically, so p dominates q iff p <= q
        // everywhere and p != q.
        const op = p * m;
        let le = true;
        let equal = true;
        for (let k = 0; k < m; k++) {
          const a = d[op + k] as number;
          const b = d[oq + k] as number;
          if (a > b) {
            le = false;
            break;
          }
          if (a < b) equal = false;
        }
        if (le && !equal) {
          dominated = true;
          break;
        }
      }
      if (dominated) lo = mid + 1;
      else hi = mid;
    }
    if (lo === groups) tail[groups++] = -1;
    prev[q] = tail[lo] as number;
    tail[lo] = q;
    rank[q] = lo;
  }
  if (ni > 0) {
    const vv = v as Float64Array;
    for (let t = 0; t < ni; t++) ids[nf + t] = rows[t] as number;
    sortRows(ids, nf, n, vv, 1, 0, tmpIds);
    let g = groups - 1;
    let last = Number.NaN;
    for (let t = nf; t < n; t++) {
      const key = vv[ids[t] as number] as number;
      if (key !== last) g++;
      rank[ids[t] as number] = g;
      last = key;
    }
    groups = g + 1;
  }
  // Counting sort by front; visiting rows in ascending order keeps each front ascending.
  starts.fill(0, 0, groups + 1);
  for (let i = 0; i < n; i++) starts[(rank[i] as number) + 1]++;
  for (let f = 0; f < groups; f++) {
    starts[f + 1] = (starts[f + 1] as number) + (starts[f] as number);
    tail[f] = starts[f] as number;
  }
  for (let i = 0; i < n; i++) {
    const f = rank[i] as number;
    rows[tail[f] as number] = i;
    tail[f] = (tail[f] as number) + 1;
  }
  // The same fronts in visiting order (lexicographic for feasible rows).
  for (let f = 0; f < groups; f++) prev[f] = starts[f] as number;
  for (let t = 0; t < n; t++) {
    const i = ids[t] as number;
    const f = rank[i] as number;
    lex[prev[f] as number] = i;
    prev[f] = (prev[f] as number) + 1;
  }
  return groups;
}

/** Sorts `w.ids[lo..hi)` by the objectives lexicographically (ties keep their order). */
function sortLex(d: Float64Array, m: number, w: SortWork, lo: number, hi: number): void {
  sortRows(w.ids, lo, hi, d, m, 0, w.tmpIds);
  if (m > 1) refineTies(d, m, 1, w, lo, hi);
}

/** Whether row b precedes row a lexicographically by the objectives (ties: no). */
function lexBefore(d: Float64Array, m: number, b: number, a: number): boolean {
  const ob = b * m;
  const oa = a * m;
  for (let k = 0; k < m; k++) {
    const x = d[ob + k] as number;
    const y = d[oa + k] as number;
    if (x !== y) return x < y;
  }
  return false;
}

/**
 * Merges the lexicographically sorted `w.ids[0..mid)` and `w.ids[mid..hi)`
 * (every row of the first part below every row of the second, so ties take
 * the first part first) through `w.tmpIds`.
 */
function mergeLex(d: Float64Array, m: number, w: SortWork, mid: number, hi: number): void {
  const { ids, tmpIds } = w;
  let i = 0;
  let j = mid;
  let o = 0;
  while (i < mid && j < hi) {
    const a = ids[i] as number;
    const b = ids[j] as number;
    if (lexBefore(d, m, b, a)) {
      tmpIds[o++] = b;
      j++;
    } else {
      tmpIds[o++] = a;
      i++;
    }
  }
  while (i < mid) tmpIds[o++] = ids[i++] as number;
  // The rest of the second part is already in place.
  for (let t = 0; t < o; t++) ids[t] = tmpIds[t] as number;
}

/**
 * The rows of `order[0..count)` (a lexicographic visiting order from
 * {@link frontsInto}) that `index` maps to a new index (>= 0), renumbered and
 * in the same order, written into `out`; within each run of rows with
 * identical objectives the new indices are put in ascending order, so that
 * `out` is what sorting the renumbered rows would give. `rows` (as long as
 * `out`) is working space. Returns the number written.
 */
export function renumberOrder(
  d: Float64Array,
  m: number,
  order: Int32Array,
  count: number,
  index: Int32Array,
  out: Int32Array,
  rows: Int32Array,
): number {
  let c = 0;
  for (let t = 0; t < count; t++) {
    const row = order[t] as number;
    const to = index[row] as number;
    if (to < 0) continue;
    let j = c;
    // Copies of one genome (identical objectives) are the only ties.
    while (
      j > 0 &&
      (out[j - 1] as number) > to &&
      sameObjectives(d, m, rows[j - 1] as number, row)
    ) {
      out[j] = out[j - 1] as number;
      rows[j] = rows[j - 1] as number;
      j--;
    }
    out[j] = to;
    rows[j] = row;
    c++;
  }
  return c;
}

function sameObjectives(d: Float64Array, m: number, a: number, b: number): boolean {
  for (let k = 0; k < m; k++) if (d[a * m + k] !== d[b * m + k]) return false;
  return true;
}

/**
 * Within `w.ids[lo..hi)`, sorted by objectives 0..k-1 (ties by position),
 * sorts each run of rows tied on objectives 0..k-1 by objective k (stably),
 * and so on for the later objectives.
 */
function refineTies(
  d: Float64Array,
  m: number,
  k: number,
  w: SortWork,
  lo: number,
  hi: number,
): void {
  const { ids } = w;
  let a = lo;
  while (a < hi) {
    const oa = (ids[a] as number) * m;
    let b = a + 1;
    while (b < hi) {
      const ob = (ids[b] as number) * m;
      let same = true;
      for (let j = 0; j < k; j++) {
        if (d[oa + j] !== d[ob + j]) {
          same = false;
          break;
        }
      }
      if (!same) break;
      b++;
    }
    if (b - a > 1) {
      sortRows(ids, a, b, d, m, k, w.tmpIds);
      if (k + 1 < m) refineTies(d, m, k + 1, w, a, b);
    }
    a = b;
  }
}

/** {@link frontsInto} with fresh buffers: the fronts as separate arrays. */
export function sortFronts(
  d: Float64Array,
  n: number,
  m: number,
  v: Float64Array | undefined,
): Sorted {
  const rank = new Int32Array(n);
  const w = makeSortWork(n);
  const count = frontsInto(d, n, m, v, w, rank);
  const fronts: Int32Array[] = new Array(count);
  for (let f = 0; f < count; f++) fronts[f] = w.rows.slice(w.starts[f], w.starts[f + 1]);
  return { fronts, rank };
}
