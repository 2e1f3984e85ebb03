/**
 * Shared machinery of the geometric selectors: argument checks, pairwise
 * distance functions, the stored-or-recomputed column source, the lazy greedy
 * loop and the farthest-first (max-min) step.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */
import { intoRange } from "../core/_scale.js";
import { squaredEuclideanAt } from "../core/distance.js";
import type { RowMatrix } from "../core/rowMatrix.js";
import { checkInteger, checkOptions, checkRowMatrix, fail, failType } from "../core/validate.js";
import type { Distance } from "./types.js";

/** A symmetric function of two row indices. */
export type PairFn = (i: number, j: number) => number;

/** Default number of rows up to which pairwise values are stored. */
export const DEFAULT_MAX_MATRIX_ROWS = 5000;

/** Checks `X`, `k` (integer in [0, X.rows]) and the options object. */
export function checkSelectorArgs(
  fn: string,
  X: unknown,
  k: unknown,
  options: unknown,
  known: readonly string[],
): void {
  checkRowMatrix(fn, "X", X);
  checkInteger(fn, "k", k, 0);
  if (k > X.rows) fail(fn, `k must be at most the number of rows of X (${X.rows})`, k);
  checkOptions(fn, options, known);
}

/** Checks an optional callback option. */
export function checkCallback(fn: string, arg: string, f: unknown): void {
  if (f !== undefined && typeof f !== "function") {
    failType(fn, `${arg} must be a function (got ${f === null ? "null" : typeof f})`);
  }
}

/** Zero-copy views of every row of `X`. */
export function rowViews(X: RowMatrix): Float64Array[] {
  const out: Float64Array[] = new Array(X.rows);
  for (let i = 0; i < X.rows; i++) out[i] = X.data.subarray(i * X.cols, (i + 1) * X.cols);
  return out;
}

/** Throws unless `v` is a finite number >= 0 (NaN fails). */
export function checkCallbackValue(fn: string, arg: string, v: number, i: number, j: number): void {
  if (!(v >= 0 && v <= Number.MAX_VALUE)) {
    fail(fn, `${arg} returned a value that is not a finite number >= 0 for rows ${i} and ${j}`, v);
  }
}

/**
 * `X` times a power of two that brings its largest |value| into [1, 2) when
 * it lies beyond 2^+-400, for the built-in distances (Euclidean, cosine,
 * rbf): their squares and norms would overflow or underflow there (picks then
 * fell to the lowest indices), and the exact scaling keeps every ordering;
 * `exponent` is the power it was divided by (0: X itself). With `builtIn`
 * false (a custom distance or similarity) X is returned as it is: a callback
 * sees the caller's values.
 */
export function forBuiltInDistances(
  X: RowMatrix,
  builtIn: boolean,
): { X: RowMatrix; exponent: number } {
  if (!builtIn) return { X, exponent: 0 };
  const { data, exponent } = intoRange(X.data);
  return { X: exponent === 0 ? X : { data, rows: X.rows, cols: X.cols }, exponent };
}

/**
 * Distance between rows i and j: Euclidean by default, else the validated
 * callback. Callers always pass `i <= j` for bitwise symmetry.
 */
export function pairDistance(fn: string, X: RowMatrix, distance: Distance | undefined): PairFn {
  const { data, cols } = X;
  if (distance === undefined) {
    return (i, j) => Math.sqrt(squaredEuclideanAt(data, i * cols, data, j * cols, cols));
  }
  const views = rowViews(X);
  return (i, j) => {
    const v = distance(views[i] as Float64Array, views[j] as Float64Array);
    checkCallbackValue(fn, "options.distance", v, i, j);
    return v;
  };
}

/** Squared distance between rows i and j (exact squared Euclidean by default). */
export function pairSquaredDistance(
  fn: string,
  X: RowMatrix,
  distance: Distance | undefined,
): PairFn {
  const { data, cols } = X;
  if (distance === undefined) {
    return (i, j) => squaredEuclideanAt(data, i * cols, data, j * cols, cols);
  }
  const d = pairDistance(fn, X, distance);
  return (i, j) => {
    const v = d(i, j);
    return v * v;
  };
}

/**
 * Pairwise values `f(min(i, j), max(i, j))` served column by column, either
 * from a packed upper triangle computed once (`stored`) or recomputed on every
 * request. Both modes return bitwise identical columns.
 */
export type ColumnSource = {
  /** Fills `out[i] = f(i, j)` for every row i. */
  readonly column: (j: number, out: Float64Array) => void;
  /** `sums[j] = sum_i f(i, j)`, added in ascending i (as a column walk would). */
  readonly sums: Float64Array;
};

/**
 * Builds a {@link ColumnSource} and the column sums in one pass over the
 * N(N-1)/2 pairs. When `store` is true the pairs are kept in a packed
 * triangle of N(N-1)/2 doubles; otherwise memory is O(N).
 */
export function columnSource(n: number, f: PairFn, store: boolean): ColumnSource {
  const diag = new Float64Array(n);
  for (let i = 0; i < n; i++) diag[i] = f(i, i);
  const sums = new Float64Array(n);
  const tri = store ? new Float64Array((n * (n - 1)) / 2) : undefined;
  // rowStart(i) = offset of pair (i, i + 1) in the packed triangle.
  const rowStart = (i: number): number => i * n - (i * (i + 1)) / 2;
  let p = 0;
  for (let i = 0; i < n; i++) {
    // Sources r < i were added to sums[i] in earlier rows; then i, then j > i:
    // ascending source order for every column.
    let si = (sums[i] as number) + (diag[i] as number);
    for (let j = i + 1; j < n; j++) {
      const v = f(i, j);
      if (tri !== undefined) tri[p++] = v;
      si += v;
      sums[j] = (sums[j] as number) + v;
    }
    sums[i] = si;
  }
  const column =
    tri === undefined
      ? (j: number, out: Float64Array): void => {
          for (let i = 0; i < j; i++) out[i] = f(i, j);
          out[j] = diag[j] as number;
          for (let i = j + 1; i < n; i++) out[i] = f(j, i);
        }
      : (j: number, out: Float64Array): void => {
          for (let i = 0; i < j; i++) out[i] = tri[rowStart(i) + (j - i - 1)] as number;
          out[j] = diag[j] as number;
          const base = rowStart(j) - j - 1;
          for (let i = j + 1; i < n; i++) out[i] = tri[base + i] as number;
        };
  return { column, sums };
}

/**
 * Greedy maximisation of a submodular set function with lazy evaluation
 * (Minoux 1978): a max-heap holds an upper bound on every candidate's
 * marginal gain; the top is re-evaluated until its bound is fresh for the
 * current round. Ties go to the lowest index because the heap orders by
 * (bound descending, index ascending) and a candidate is accepted only when
 * no other bound is larger, or equal with a lower index.
 *
 * Float rounding cannot break the rule: every gain term `max(0, a - b)`
 * shrinks monotonically as `b` grows and rounding is monotone, so a fresh
 * gain never exceeds a stale bound.
 *
 * @param bounds - Initial upper bounds (copied), +Infinity forces evaluation.
 * @param fresh - Round in which each bound was computed (copied); -1 for none.
 * @param firstRound - Round number of the first pick made here.
 * @param exclude - Indices that must never be picked (already selected).
 * @returns The picks in order.
 */
export function lazyGreedy(
  bounds: Float64Array,
  fresh: Int32Array,
  firstRound: number,
  count: number,
  exclude: readonly number[],
  gain: (j: number) => number,
  commit: (j: number) => void,
): number[] {
  const excluded = new Set(exclude);
  const ids: number[] = [];
  for (let j = 0; j < bounds.length; j++) if (!excluded.has(j)) ids.push(j);
  const m = ids.length;
  const key = new Float64Array(m);
  const id = new Int32Array(m);
  const round = new Int32Array(m);
  for (let t = 0; t < m; t++) {
    const j = ids[t] as number;
    key[t] = bounds[j] as number;
    id[t] = j;
    round[t] = fresh[j] as number;
  }
  let size = m;
  // a above b: larger key, or equal key and lower index.
  const above = (a: number, b: number): boolean =>
    (key[a] as number) > (key[b] as number) ||
    ((key[a] as number) === (key[b] as number) && (id[a] as number) < (id[b] as number));
  const swap = (a: number, b: number): void => {
    const k = key[a] as number;
    key[a] = key[b] as number;
    key[b] = k;
    const i = id[a] as number;
    id[a] = id[b] as number;
    id[b] = i;
    const r = round[a] as number;
    round[a] = round[b] as number;
    round[b] = r;
  };
  const siftDown = (start: number): void => {
    let p = start;
    for (;;) {
      const l = 2 * p + 1;
      if (l >= size) return;
      const r = l + 1;
      const c = r < size && above(r, l) ? r : l;
      if (!above(c, p)) return;
      swap(c, p);
      p = c;
    }
  };
  for (let t = (size >> 1) - 1; t >= 0; t--) siftDown(t);
  const picks: number[] = [];
  for (let r = firstRound; picks.length < count; r++) {
    while ((round[0] as number) !== r) {
      key[0] = gain(id[0] as number);
      round[0] = r;
      siftDown(0);
    }
    const j = id[0] as number;
    picks.push(j);
    commit(j);
    size--;
    if (size > 0) {
      swap(0, size);
      siftDown(0);
    }
  }
  return picks;
}

/**
 * Lazy greedy maximisation of the coverage gain
 * sum_i max(0, sign * f(i, j) - best_i), updating best_i to
 * max(best_i, sign * f(i, j)) after each pick. Facility location uses
 * sign = +1 with similarities and best = 0; PAM BUILD uses sign = -1 with
 * distances and best_i = -(distance to the nearest pick), because
 * max(0, -d - (-D)) is exactly max(0, D - d) in IEEE arithmetic.
 *
 * @param best - Per-item coverage so far; updated in place.
 */
export function greedyCover(
  src: ColumnSource,
  sign: 1 | -1,
  best: Float64Array,
  bounds: Float64Array,
  fresh: Int32Array,
  firstRound: number,
  count: number,
  exclude: readonly number[],
): number[] {
  const n = best.length;
  const col = new Float64Array(n);
  let colOf = -1;
  const load = (j: number): void => {
    if (colOf === j) return;
    src.column(j, col);
    colOf = j;
    if (sign < 0) for (let i = 0; i < n; i++) col[i] = -(col[i] as number);
  };
  const gain = (j: number): number => {
    load(j);
    let g = 0;
    for (let i = 0; i < n; i++) {
      const d = (col[i] as number) - (best[i] as number);
      if (d > 0) g += d;
    }
    return g;
  };
  const commit = (j: number): void => {
    load(j);
    for (let i = 0; i < n; i++) {
      if ((col[i] as number) > (best[i] as number)) best[i] = col[i] as number;
    }
  };
  return lazyGreedy(bounds, fresh, firstRound, count, exclude, gain, commit);
}

/**
 * Farthest-first (max-min) continuation: starting from `selected`, repeatedly
 * adds the row whose distance to its nearest selected row is largest (ties:
 * lowest index) until `count` rows were added. With nothing selected the
 * first two picks are the farthest pair (lexicographically lowest on ties),
 * lower index first, as in Kennard & Stone (1969).
 */
export function farthestFirst(
  n: number,
  dist: PairFn,
  selected: readonly number[],
  count: number,
): number[] {
  const picks: number[] = [];
  if (count === 0) return picks;
  const taken = new Uint8Array(n);
  const minD = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const add = (s: number): void => {
    taken[s] = 1;
    for (let i = 0; i < n; i++) {
      if (taken[i] === 1) continue;
      const d = i < s ? dist(i, s) : dist(s, i);
      if (d < (minD[i] as number)) minD[i] = d;
    }
  };
  for (const s of selected) add(s);
  if (selected.length === 0) {
    let bi = 0;
    let bj = 1;
    let best = -1;
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const d = dist(i, j);
        if (d > best) {
          best = d;
          bi = i;
          bj = j;
        }
      }
    }
    if (n === 1) bj = -1;
    picks.push(bi);
    add(bi);
    if (count > 1 && bj >= 0) {
      picks.push(bj);
      add(bj);
    }
  }
  while (picks.length < count) {
    let arg = -1;
    let best = -1;
    for (let i = 0; i < n; i++) {
      if (taken[i] === 0 && (minD[i] as number) > best) {
        best = minD[i] as number;
        arg = i;
      }
    }
    picks.push(arg);
    add(arg);
  }
  return picks;
}

/** Rows of `X` ordered by distance to the column mean (ties: lowest index). */
export function centroidOrder(X: RowMatrix, distance: Distance | undefined, fn: string): number[] {
  const { rows: n, cols, data } = X;
  const mean = new Float64Array(cols);
  for (let i = 0; i < n; i++) {
    for (let t = 0; t < cols; t++) mean[t] = (mean[t] as number) + (data[i * cols + t] as number);
  }
  for (let t = 0; t < cols; t++) mean[t] = (mean[t] as number) / n;
  const d = new Float64Array(n);
  if (distance === undefined) {
    for (let i = 0; i < n; i++) d[i] = Math.sqrt(squaredEuclideanAt(data, i * cols, mean, 0, cols));
  } else {
    const views = rowViews(X);
    for (let i = 0; i < n; i++) {
      const v = distance(views[i] as Float64Array, mean);
      if (!(v >= 0 && v <= Number.MAX_VALUE)) {
        fail(
          fn,
          `options.distance returned a value that is not a finite number >= 0 for row ${i} and the centroid`,
          v,
        );
      }
      d[i] = v;
    }
  }
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => (d[a] as number) - (d[b] as number) || a - b);
  return order;
}

/**
 * `x` with a product's rounding error removed: the nearest integer when `x` is
 * within 1e-9 (relative) of it, else `x` (`1.1 * 50` is 55.00000000000001 and
 * `0.29 * 50 + 0.5` is 14.999999999999998; a count taken with ceil or floor of
 * those was one off).
 */
export function snapToInteger(x: number): number {
  const r = Math.round(x);
  return Math.abs(x - r) <= 1e-9 * Math.max(1, Math.abs(x)) ? r : x;
}
