import type { RowMatrix } from "../core/rowMatrix.js";
import { asRowMatrix, optionKeys } from "../core/validate.js";
import {
  checkCallback,
  checkSelectorArgs,
  farthestFirst,
  forBuiltInDistances,
  pairDistance,
} from "./_internal.js";
import type { DistanceOptions } from "./types.js";

const KEYS = optionKeys<KennardStoneOptions>()("distance");

/** Options of {@link kennardStone}. */
export type KennardStoneOptions = DistanceOptions;

/**
 * Kennard–Stone selection: spreads the `k` picks as far apart as possible.
 *
 * Algorithm (Kennard & Stone 1969, the max-min / farthest-first rule the
 * trajectory-aware subset selection paper uses): start with the two rows
 * farthest apart, lower index first (for `k = 1` only that lower index);
 * then repeatedly add the row whose distance to its nearest selected row is
 * largest. Ties go to the lowest index (for the starting pair: the
 * lexicographically lowest pair). The paper does not say how the first
 * instance is chosen; the farthest pair is the original 1969 rule.
 *
 * Cost: N(N-1)/2 distances for the starting pair plus (k - 2) N more; O(N)
 * memory (no distance matrix at any N).
 *
 * @param X - The items, one row each.
 * @param k - Number of items to pick, 0 <= k <= X.rows.
 * @param options - `distance`: dissimilarity between rows (default Euclidean).
 * @returns `k` distinct row indices in pick order.
 * @throws {TypeError} If `X` is not a `RowMatrix` or a `number[][]`, `k` not a number, `options` not an
 *   object or `options.distance` not a function.
 * @throws {RangeError} If `X` holds a non-finite value, `k` is not an integer in [0, X.rows], or the distance
 *   returns a negative or non-finite value.
 * @see Kennard, R. W. & Stone, L. A. (1969). Computer aided design of experiments. Technometrics 11(1), 137-148.
 * @see prospectr::kenStone (R)
 * @example
 * ```ts
 * // points on a line at 0, 1, 2, 3, 10
 * const X = rowMatrix([[0], [1], [2], [3], [10]]);
 * kennardStone(X, 4); // Int32Array [0, 4, 3, 1]
 * ```
 */
export function kennardStone(
  X: RowMatrix | readonly ArrayLike<number>[],
  k: number,
  options: KennardStoneOptions = {},
): Int32Array {
  const XMatrix = asRowMatrix("kennardStone", "X", X);
  checkSelectorArgs("kennardStone", XMatrix, k, options, KEYS);
  const { distance } = options;
  checkCallback("kennardStone", "options.distance", distance);
  if (k === 0) return new Int32Array(0);
  const dist = pairDistance(
    "kennardStone",
    forBuiltInDistances(XMatrix, distance === undefined).X,
    distance,
  );
  return Int32Array.from(farthestFirst(XMatrix.rows, dist, [], k));
}
