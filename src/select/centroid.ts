import type { RowMatrix } from "../core/rowMatrix.js";
import { asRowMatrix, optionKeys } from "../core/validate.js";
import {
  centroidOrder,
  checkCallback,
  checkSelectorArgs,
  forBuiltInDistances,
} from "./_internal.js";
import type { DistanceOptions } from "./types.js";

const KEYS = optionKeys<CentroidOptions>()("distance");

/** Options of {@link centroid}. */
export type CentroidOptions = DistanceOptions;

/**
 * Picks the `k` rows closest to the centroid (column mean) of `X`: the most
 * typical items of the group.
 *
 * Algorithm: m = (1/N) sum_i x_i; rows sorted by d(x_i, m) ascending, ties
 * to the lowest index; the first `k` are returned. This is the "Centroid"
 * selector of the trajectory-aware subset selection paper (section 4.4.2:
 * "selects the instances whose embeddings are closest to the average"),
 * after Manning et al. (2008). O(N d + N log N) time, O(N + d) memory.
 *
 * With a custom `distance`, it is called as `distance(row, m)` with the mean
 * vector m as second argument.
 *
 * @param X - The items, one row each (e.g. pooled trajectory embeddings).
 * @param k - Number of items to pick, 0 <= k <= X.rows (0 gives an empty result).
 * @param options - `distance`: dissimilarity to the mean (default Euclidean).
 * @returns `k` distinct row indices, closest first.
 * @throws {TypeError} If `X` is not a `RowMatrix` or a `number[][]`, `k` not a number, `options` not an
 *   object or `options.distance` not a function.
 * @throws {RangeError} If `X` holds a non-finite value, `k` is not an integer in [0, X.rows], or the distance
 *   returns a negative or non-finite value.
 * @see Manning, Raghavan & Schütze (2008). Introduction to Information Retrieval, ch. 14 (centroids).
 * @example
 * ```ts
 * const X = rowMatrix([[-1, 0], [1, 0], [0.2, 0.1], [0, -1], [0, 1]]);
 * // mean (0.04, 0.02): distances 1.04, 0.96, 0.18, 1.02, 0.98
 * centroid(X, 3); // Int32Array [2, 1, 4]
 * ```
 */
export function centroid(
  X: RowMatrix | readonly ArrayLike<number>[],
  k: number,
  options: CentroidOptions = {},
): Int32Array {
  const XMatrix = asRowMatrix("centroid", "X", X);
  checkSelectorArgs("centroid", XMatrix, k, options, KEYS);
  const { distance } = options;
  checkCallback("centroid", "options.distance", distance);
  if (k === 0) return new Int32Array(0);
  const { X: scaled } = forBuiltInDistances(XMatrix, distance === undefined);
  return Int32Array.from(centroidOrder(scaled, distance, "centroid").slice(0, k));
}
