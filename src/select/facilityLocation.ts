import type { RowMatrix } from "../core/rowMatrix.js";
import {
  asRowMatrix,
  checkInteger,
  checkNumber,
  fail,
  failType,
  optionKeys,
} from "../core/validate.js";
import {
  checkCallback,
  checkCallbackValue,
  checkSelectorArgs,
  columnSource,
  DEFAULT_MAX_MATRIX_ROWS,
  forBuiltInDistances,
  greedyCover,
  type PairFn,
  pairDistance,
  pairSquaredDistance,
  rowViews,
} from "./_internal.js";
import type { Distance } from "./types.js";

const KEYS = optionKeys<FacilityLocationOptions>()(
  "similarity",
  "distance",
  "bandwidth",
  "maxMatrixRows",
);

/**
 * A similarity between two rows for {@link facilityLocation}: symmetric,
 * finite and >= 0 (the facility-location objective assumes non-negative
 * similarities).
 */
export type Similarity = (a: Float64Array, b: Float64Array) => number;

/** Options of {@link facilityLocation}. */
export type FacilityLocationOptions = {
  /**
   * `"rbf"`: s(a, b) = exp(-d(a, b)^2 / (2 h^2)) with d = `distance` and h =
   * `bandwidth`; `"cosine"`: the shifted cosine s(a, b) = (1 + cos(a, b)) / 2,
   * in [0, 1] (rows must be non-zero); or a {@link Similarity} callback.
   * @defaultValue "rbf"
   */
  readonly similarity?: "rbf" | "cosine" | Similarity;
  /**
   * Dissimilarity inside the RBF kernel; only valid with `similarity: "rbf"`.
   * @defaultValue Euclidean distance.
   */
  readonly distance?: Distance;
  /**
   * RBF bandwidth h > 0.
   * @defaultValue the median of the pairwise distances: over all pairs when
   * N(N-1)/2 <= 100,000, else over 100,000 pairs at evenly spaced positions of
   * the row-major list of pairs i < j (deterministic). If that median is 0, the
   * smallest positive sampled distance; if every sampled distance is 0, 1.
   */
  readonly bandwidth?: number;
  /**
   * Largest N for which the N(N-1)/2 pairwise similarities are stored (packed
   * triangle of doubles: 100 MB at N = 5,000). Above it nothing quadratic is
   * stored: similarities are recomputed per candidate evaluation and only the
   * per-item best similarity to the selection is cached (O(N) memory, more
   * time). The picks are identical either way.
   * @defaultValue 5000
   */
  readonly maxMatrixRows?: number;
};

const BANDWIDTH_PAIRS = 100_000;

/**
 * Greedy facility location: picks `k` representatives so that every item has
 * a similar one among them.
 *
 * Objective (Nemhauser, Wolsey & Fisher 1978; the "Facility Location"
 * selector of the trajectory-aware subset selection paper):
 * F(S) = sum_i max_{j in S} s(i, j), monotone submodular. Each step adds the
 * row with the largest marginal gain F(S + j) - F(S) = sum_i max(0, s(i, j) -
 * best_i), where best_i = max_{j in S} s(i, j) is cached per item; ties go to
 * the lowest index. Lazy evaluation (Minoux 1978): gains are kept in a
 * priority queue as upper bounds and only the top is re-evaluated, which is
 * exact because gains never grow as S grows. The greedy result is within
 * (1 - 1/e) of the optimum.
 *
 * Memory strategy: for N <= `maxMatrixRows` (default 5,000) the similarities
 * are computed once and stored; above it, a re-evaluation recomputes its N
 * similarities on the fly, so memory stays O(N) and time grows with the
 * number of re-evaluations (at least N(N-1)/2 similarity evaluations for the
 * first pick, N per re-evaluation after that).
 *
 * @param X - The items, one row each.
 * @param k - Number of items to pick, 0 <= k <= X.rows.
 * @param options - `similarity` (default `"rbf"` with median-distance
 *   bandwidth), `distance`, `bandwidth`, `maxMatrixRows` (default 5000).
 * @returns `k` distinct row indices in pick order.
 * @throws {TypeError} If `X` is not a `RowMatrix` or a `number[][]`, `k` not a number, `options` not an
 *   object, or a callback option is not a function.
 * @throws {RangeError} If `X` holds a non-finite value, `k` is not an integer in [0, X.rows], `similarity` is
 *   an unknown name, `distance` is given with a similarity other than "rbf", `bandwidth` is not a positive
 *   finite number, `maxMatrixRows` is not a non-negative integer, a row is all zeros under "cosine", or a
 *   callback returns a negative or non-finite value.
 * @see Nemhauser, G. L., Wolsey, L. A. & Fisher, M. L. (1978). An analysis of approximations for maximizing submodular set functions. Mathematical Programming 14, 265-294.
 * @see Minoux, M. (1978). Accelerated greedy algorithms for maximizing submodular set functions. Optimization Techniques, LNCIS 7, 234-243.
 * @see apricot.FacilityLocationSelection (Python)
 * @example
 * ```ts
 * // two tight groups, the second one twice as large
 * const X = rowMatrix([[0, 0], [0, 0.1], [5, 5], [5, 5.1], [5.1, 5], [5, 4.9]]);
 * // narrow kernel: the centre of the large group, then the small group
 * facilityLocation(X, 2, { bandwidth: 0.5 }); // Int32Array [2, 0]
 * // default bandwidth (median distance, about 6.9 here): the large group's
 * // point nearest the small group covers both best
 * facilityLocation(X, 2); // Int32Array [5, 0]
 * ```
 */
export function facilityLocation(
  X: RowMatrix | readonly ArrayLike<number>[],
  k: number,
  options: FacilityLocationOptions = {},
): Int32Array {
  const fn = "facilityLocation";
  const XMatrix = asRowMatrix(fn, "X", X);
  checkSelectorArgs(fn, XMatrix, k, options, KEYS);
  const {
    similarity = "rbf",
    distance,
    bandwidth,
    maxMatrixRows = DEFAULT_MAX_MATRIX_ROWS,
  } = options;
  checkCallback(fn, "options.distance", distance);
  if (typeof similarity !== "function" && similarity !== "rbf" && similarity !== "cosine") {
    if (typeof similarity !== "string") {
      failType(fn, 'options.similarity must be "rbf", "cosine" or a function');
    }
    fail(fn, 'options.similarity must be "rbf", "cosine" or a function', similarity);
  }
  if (distance !== undefined && similarity !== "rbf") {
    fail(fn, 'options.distance only applies to similarity "rbf"');
  }
  if (bandwidth !== undefined) {
    checkNumber(fn, "options.bandwidth", bandwidth, 0, Number.POSITIVE_INFINITY, { lower: true });
  }
  checkInteger(fn, "options.maxMatrixRows", maxMatrixRows, 0);
  if (k === 0) return new Int32Array(0);
  const n = XMatrix.rows;
  let sim: PairFn;
  // built-in similarities on X scaled into range (a given bandwidth scaled alike)
  const { X: scaled, exponent } = forBuiltInDistances(
    XMatrix,
    typeof similarity !== "function" && distance === undefined,
  );
  if (similarity === "rbf") {
    const sq = pairSquaredDistance(fn, scaled, distance);
    const h =
      bandwidth === undefined
        ? medianBandwidth(n, pairDistance(fn, scaled, distance))
        : bandwidth * 2 ** -exponent;
    const scale = -1 / (2 * h * h);
    sim = (i, j) => Math.exp(sq(i, j) * scale);
  } else if (similarity === "cosine") {
    sim = shiftedCosine(fn, scaled);
  } else {
    const views = rowViews(XMatrix);
    sim = (i, j) => {
      const v = similarity(views[i] as Float64Array, views[j] as Float64Array);
      checkCallbackValue(fn, "options.similarity", v, i, j);
      return v;
    };
  }
  const src = columnSource(n, sim, n <= maxMatrixRows);
  // With best = 0 every gain is the column sum, exact for the first round.
  const picks = greedyCover(src, 1, new Float64Array(n), src.sums, new Int32Array(n), 0, k, []);
  return Int32Array.from(picks);
}

/** Median pairwise distance over all pairs or a deterministic evenly spaced sample. */
function medianBandwidth(n: number, dist: PairFn): number {
  const total = (n * (n - 1)) / 2;
  if (total === 0) return 1;
  const m = Math.min(total, BANDWIDTH_PAIRS);
  const d = new Float64Array(m);
  let i = 0;
  let rowEnd = n - 1; // linear index one past the last pair of row i
  let rowBegin = 0;
  for (let q = 0; q < m; q++) {
    const t = m === total ? q : Math.floor((q * total) / m);
    while (t >= rowEnd) {
      i++;
      rowBegin = rowEnd;
      rowEnd += n - 1 - i;
    }
    d[q] = dist(i, i + 1 + (t - rowBegin));
  }
  d.sort();
  const med =
    m % 2 === 1
      ? (d[(m - 1) / 2] as number)
      : ((d[m / 2 - 1] as number) + (d[m / 2] as number)) / 2;
  if (med > 0) return med;
  for (let q = 0; q < m; q++) if ((d[q] as number) > 0) return d[q] as number;
  return 1;
}

/** (1 + cos) / 2 between rows, with norms computed once. */
function shiftedCosine(fn: string, X: RowMatrix): PairFn {
  const { data, cols, rows } = X;
  const norm = new Float64Array(rows);
  for (let i = 0; i < rows; i++) {
    let s = 0;
    for (let t = 0; t < cols; t++) {
      const v = data[i * cols + t] as number;
      s += v * v;
    }
    if (!(s > 0)) fail(fn, `X row ${i} is all zeros: cosine similarity is undefined`);
    norm[i] = Math.sqrt(s);
  }
  return (i, j) => {
    let dot = 0;
    const a = i * cols;
    const b = j * cols;
    for (let t = 0; t < cols; t++) dot += (data[a + t] as number) * (data[b + t] as number);
    const c = dot / ((norm[i] as number) * (norm[j] as number));
    return (1 + Math.min(1, Math.max(-1, c))) / 2;
  };
}
