/**
 * Unvalidated kernels shared by the public NSGA-II functions and the engine.
 * Public entry points validate their inputs and then call these; the engine
 * calls them directly on buffers it built itself, so the hot loop pays for no
 * checks.
 *
 * Objectives are a row-major `Float64Array` with `m` columns. `violation`
 * (total constraint violation, 0 = feasible) is optional everywhere.
 *
 * @internal
 */

import type { Rng } from "../core/rng.js";
import { checkFloat64Array, draw, fail, failType } from "../core/validate.js";
import { copyF64, newF64 } from "./_slab.js";

/**
 * Deb's constrained domination between rows i and j: 1 when i dominates j,
 * -1 when j dominates i, 0 otherwise.
 */
export function dominance(
  d: Float64Array,
  m: number,
  i: number,
  j: number,
  v: Float64Array | undefined,
): number {
  if (v !== undefined) {
    const vi = v[i] as number;
    const vj = v[j] as number;
    if (vi > 0 || vj > 0) return vi < vj ? 1 : vi > vj ? -1 : 0;
  }
  let better = false;
  let worse = false;
  const oi = i * m;
  const oj = j * m;
  for (let k = 0; k < m; k++) {
    const a = d[oi + k] as number;
    const b = d[oj + k] as number;
    if (a < b) {
      if (worse) return 0;
      better = true;
    } else if (a > b) {
      if (better) return 0;
      worse = true;
    }
  }
  return better ? 1 : worse ? -1 : 0;
}

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

/**
 * Deb's crowded-comparison tournament between rows a and b (constrained when
 * `v` is given): feasible beats infeasible, smaller violation beats larger,
 * then lower rank, then larger crowding distance, then a fair coin.
 */
export function tournamentWinner(
  fn: string,
  a: number,
  b: number,
  rank: Int32Array,
  crowding: Float64Array,
  v: Float64Array | undefined,
  rng: Rng,
): number {
  if (v !== undefined) {
    const va = v[a] as number;
    const vb = v[b] as number;
    if (va < vb) return a;
    if (vb < va) return b;
  }
  const ra = rank[a] as number;
  const rb = rank[b] as number;
  if (ra < rb) return a;
  if (rb < ra) return b;
  const ca = crowding[a] as number;
  const cb = crowding[b] as number;
  if (ca > cb) return a;
  if (cb > ca) return b;
  return draw(fn, rng) < 0.5 ? a : b;
}

/** Writes a uniformly random permutation of 0..n-1 into `out` (Fisher-Yates). */
export function permutationInto(fn: string, out: Int32Array, rng: Rng): void {
  const n = out.length;
  for (let i = 0; i < n; i++) out[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(draw(fn, rng) * (i + 1));
    const t = out[i] as number;
    out[i] = out[j] as number;
    out[j] = t;
  }
}

/**
 * Binary tournaments as in Deb's C NSGA-II and DEAP's `selTournamentDCD`: two
 * independent random permutations of the population, each cut into
 * consecutive pairs, so every member enters exactly two tournaments and `n`
 * winners come out (n even). `perm` (length n) is working space.
 */
export function tournamentInto(
  fn: string,
  rank: Int32Array,
  crowding: Float64Array,
  v: Float64Array | undefined,
  rng: Rng,
  out: Int32Array,
  perm: Int32Array = new Int32Array(rank.length),
): void {
  const n = rank.length;
  let w = 0;
  for (let round = 0; round < 2; round++) {
    permutationInto(fn, perm, rng);
    for (let t = 0; t + 1 < n; t += 2) {
      out[w++] = tournamentWinner(
        fn,
        perm[t] as number,
        perm[t + 1] as number,
        rank,
        crowding,
        v,
        rng,
      );
    }
  }
}

/** Checks a crowding-distance vector: each value >= 0 (Infinity allowed), never NaN. */
export function checkCrowding(
  fn: string,
  arg: string,
  x: unknown,
  n: number,
): asserts x is Float64Array {
  if (!(x instanceof Float64Array)) failType(fn, `${arg} must be a Float64Array`);
  if (x.length !== n) fail(fn, `${arg} and rank lengths differ (${x.length} vs ${n})`);
  for (let i = 0; i < n; i++) {
    if (!((x[i] as number) >= 0)) fail(fn, `${arg}[${i}] must be >= 0 or Infinity`, x[i]);
  }
}

/** Checks an optional violation vector: undefined, or a finite non-negative Float64Array of length n. */
export function checkViolation(
  fn: string,
  v: unknown,
  n: number,
): asserts v is Float64Array | undefined {
  if (v === undefined) return;
  checkFloat64Array(fn, "violation", v, { min: 0 });
  if (v.length !== n)
    fail(fn, `violation length differs from the number of rows (${v.length} vs ${n})`);
}

/**
 * The closed-interval flags for `checkNumber`, passed explicitly: its default
 * `{}` is a new object on every call, which the operators' hot paths made by
 * the ten thousand.
 */
export const CLOSED: { readonly lower?: boolean; readonly upper?: boolean } = {};

/** A bound shared by all variables, or one bound per variable. */
export type Bound = number | Float64Array;

/** Value of a bound at variable i. */
export function boundAt(b: Bound, i: number): number {
  return typeof b === "number" ? b : (b[i] as number);
}

/**
 * x^e for e >= 0: repeated squaring when e is a small integer (the usual
 * distribution indices 5, 15, 20, 30 are), else `**`. On some engines `**`
 * costs as much as the rest of an SBX variable update; squaring differs from
 * it by a few ulps at most.
 */
export function powIndex(x: number, e: number): number {
  if (!(Number.isInteger(e) && e <= 64)) return x ** e;
  let result = 1;
  let base = x;
  let k = e;
  while (k > 0) {
    if (k & 1) result *= base;
    base *= base;
    k >>= 1;
  }
  return result;
}

let largeFor = Number.NaN;
let largeValue = Number.POSITIVE_INFINITY;

/**
 * A threshold T such that `powIndex(beta, e)` >= 2^53 whenever beta >= T, so
 * that 2 - 1 / beta^e rounds to exactly 2: 2^(53/e) with a 1e-12 relative
 * margin, far above the rounding error of the power (below 1e-13 for any e).
 * The last value is kept, as callers ask for the same e again and again.
 */
export function largeBeta(e: number): number {
  if (e !== largeFor) {
    largeValue = 2 ** (53 / e) * (1 + 1e-12);
    largeFor = e;
  }
  return largeValue;
}

/** Checks that `x` is a Float64Array, the bounds (finite, low < high, lengths n), and that x lies within them. */
export function checkBounded(
  fn: string,
  arg: string,
  x: unknown,
  low: unknown,
  high: unknown,
): asserts x is Float64Array {
  if (!(x instanceof Float64Array)) failType(fn, `${arg} must be a Float64Array`);
  const n = x.length;
  checkBound(fn, "low", low, arg, n);
  checkBound(fn, "high", high, arg, n);
  if (typeof low === "number" && typeof high === "number") {
    if (!(low > Number.NEGATIVE_INFINITY && high < Number.POSITIVE_INFINITY && low < high)) {
      fail(fn, `low and high must be finite with low < high (${low} vs ${high})`);
    }
    // the operators divide by high - low: an overflowing width would give NaN children
    if (!(high - low < Number.POSITIVE_INFINITY)) {
      fail(fn, `high - low overflows (${low} vs ${high}); rescale the variables`);
    }
    for (let i = 0; i < n; i++) {
      const v = x[i] as number;
      if (!(v >= low && v <= high)) fail(fn, `${arg}[${i}] lies outside [${low}, ${high}]`, v);
    }
    return;
  }
  const lo = low as Bound;
  const hi = high as Bound;
  // One pass checks the bounds (finite, low < high) and x within them; NaN fails every comparison.
  for (let i = 0; i < n; i++) {
    const l = boundAt(lo, i);
    const h = boundAt(hi, i);
    const v = x[i] as number;
    if (
      !(
        l > Number.NEGATIVE_INFINITY &&
        h < Number.POSITIVE_INFINITY &&
        l < h &&
        h - l < Number.POSITIVE_INFINITY &&
        v >= l &&
        v <= h
      )
    ) {
      if (!(l > Number.NEGATIVE_INFINITY)) fail(fn, `low[${i}] must be finite`, l);
      if (!(h < Number.POSITIVE_INFINITY)) fail(fn, `high[${i}] must be finite`, h);
      if (!(l < h)) fail(fn, `low must be below high at variable ${i} (${l} vs ${h})`);
      if (!(h - l < Number.POSITIVE_INFINITY)) {
        fail(fn, `high - low overflows at variable ${i} (${l} vs ${h}); rescale the variables`);
      }
      fail(fn, `${arg}[${i}] lies outside [${l}, ${h}]`, v);
    }
  }
}

/**
 * {@link checkBounded} and a copy in one pass (the copy from
 * `newF64`): with scalar bounds each value is checked as it is copied, and any
 * failure is re-checked by {@link checkBounded} so that the message is the same.
 */
export function boundedCopy(
  fn: string,
  arg: string,
  x: unknown,
  low: unknown,
  high: unknown,
): Float64Array {
  if (
    !(x instanceof Float64Array) ||
    typeof low !== "number" ||
    typeof high !== "number" ||
    !(low > Number.NEGATIVE_INFINITY && high < Number.POSITIVE_INFINITY && low < high) ||
    !(high - low < Number.POSITIVE_INFINITY)
  ) {
    checkBounded(fn, arg, x, low, high);
    return copyF64(x);
  }
  const n = x.length;
  const out = newF64(n);
  let inside = true;
  for (let i = 0; i < n; i++) {
    const v = x[i] as number;
    out[i] = v;
    if (!(v >= low && v <= high)) inside = false;
  }
  if (!inside) checkBounded(fn, arg, x, low, high);
  return out;
}

function checkBound(fn: string, name: string, b: unknown, arg: string, n: number): void {
  if (typeof b === "number") return;
  if (!(b instanceof Float64Array)) failType(fn, `${name} must be a number or a Float64Array`);
  if (b.length !== n) fail(fn, `${name} and ${arg} lengths differ (${b.length} vs ${n})`);
}
