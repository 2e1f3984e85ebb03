import type { RowMatrix } from "../core/rowMatrix.js";
import { asRowMatrix, checkInteger, optionKeys } from "../core/validate.js";
import {
  checkCallback,
  checkSelectorArgs,
  columnSource,
  DEFAULT_MAX_MATRIX_ROWS,
  forBuiltInDistances,
  greedyCover,
  pairDistance,
} from "./_internal.js";
import type { DistanceOptions } from "./types.js";

const KEYS = optionKeys<MedoidsOptions>()("distance", "maxMatrixRows");

/** Options of {@link medoids}. */
export type MedoidsOptions = DistanceOptions & {
  /**
   * Largest N for which the N(N-1)/2 pairwise distances are stored (packed
   * triangle of doubles: 100 MB at N = 5,000). Above it distances are
   * recomputed on demand and memory stays O(N). The picks are identical.
   * @defaultValue 5000
   */
  readonly maxMatrixRows?: number;
};

/**
 * The BUILD phase of PAM (partitioning around medoids): `k` real items that
 * make the total distance of every item to its nearest pick small.
 *
 * Algorithm (Kaufman & Rousseeuw 1990, ch. 2; the "Medoid (PAM Build)"
 * selector of the trajectory-aware subset selection paper): the first pick
 * minimises sum_i d(i, j); each next pick maximises the reduction
 * sum_i max(0, D_i - d(i, j)), where D_i is the distance of item i to its
 * nearest pick so far. Ties go to the lowest index. No SWAP phase. Because the
 * reduction never grows as picks are added, candidates are re-evaluated
 * lazily from a priority queue (exact, as in {@link facilityLocation}).
 * Matches `cluster::pam(x, k, do.swap = FALSE)` (R), whose medoid set for
 * k = 1, 2, ... grows by one pick at a time, up to ties: pam's BUILD keeps the
 * last of tied rows, this the first (the fixture test runs pam on the rows
 * reversed).
 *
 * Memory: distances are stored for N <= `maxMatrixRows`, recomputed above it
 * (2 N(N-1)/2 distance evaluations for the first two picks, N per later
 * re-evaluation).
 *
 * @param X - The items, one row each.
 * @param k - Number of items to pick, 0 <= k <= X.rows.
 * @param options - `distance` (default Euclidean) and `maxMatrixRows` (default 5000).
 * @returns `k` distinct row indices in pick order.
 * @throws {TypeError} If `X` is not a `RowMatrix` or a `number[][]`, `k` not a number, `options` not an
 *   object or `options.distance` not a function.
 * @throws {RangeError} If `X` holds a non-finite value, `k` is not an integer in [0, X.rows], `maxMatrixRows`
 *   is not a non-negative integer, or the distance returns a negative or non-finite value.
 * @see Kaufman, L. & Rousseeuw, P. J. (1990). Finding Groups in Data. Wiley, ch. 2.
 * @see cluster::pam (R), with do.swap = FALSE
 * @example
 * ```ts
 * // two clusters on a line: {0, 1, 2, 3} and {10, 11, 12}
 * const X = rowMatrix([[0], [1], [2], [3], [10], [11], [12]]);
 * // total distances: row 3 has 30 (the minimum); then row 5 (11) cuts 22
 * medoids(X, 2); // Int32Array [3, 5]
 * ```
 */
export function medoids(
  X: RowMatrix | readonly ArrayLike<number>[],
  k: number,
  options: MedoidsOptions = {},
): Int32Array {
  const fn = "medoids";
  const XMatrix = asRowMatrix(fn, "X", X);
  checkSelectorArgs(fn, XMatrix, k, options, KEYS);
  const { distance, maxMatrixRows = DEFAULT_MAX_MATRIX_ROWS } = options;
  checkCallback(fn, "options.distance", distance);
  checkInteger(fn, "options.maxMatrixRows", maxMatrixRows, 0);
  if (k === 0) return new Int32Array(0);
  const n = XMatrix.rows;
  const { X: scaled } = forBuiltInDistances(XMatrix, distance === undefined);
  const src = columnSource(n, pairDistance(fn, scaled, distance), k > 1 && n <= maxMatrixRows);
  let first = 0;
  for (let j = 1; j < n; j++) if ((src.sums[j] as number) < (src.sums[first] as number)) first = j;
  if (k === 1) return Int32Array.of(first);
  const nearest = new Float64Array(n);
  src.column(first, nearest);
  const best = nearest.map((d) => -d);
  const bounds = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const fresh = new Int32Array(n).fill(-1);
  const rest = greedyCover(src, -1, best, bounds, fresh, 1, k - 1, [first]);
  return Int32Array.from([first, ...rest]);
}
