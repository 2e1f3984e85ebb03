import type { RowMatrix } from "../core/rowMatrix.js";
import { asRowMatrix, checkNumber, optionKeys } from "../core/validate.js";
import {
  centroidOrder,
  checkCallback,
  checkSelectorArgs,
  farthestFirst,
  forBuiltInDistances,
  pairDistance,
  snapToInteger,
} from "./_internal.js";
import type { DistanceOptions } from "./types.js";

const KEYS = optionKeys<CoreEdgeOptions>()("distance", "edgeShare");

/** Options of {@link coreEdge}. */
export type CoreEdgeOptions = DistanceOptions & {
  /**
   * Share of the `k` picks that go to the edge (Kennard–Stone) step, in [0, 1].
   * The edge count is `floor(edgeShare * k + 0.5)` (nearest, halves up; a
   * product within 1e-9 of an integer is taken as that integer, so 0.29 * 50
   * gives 15 edge picks).
   * @defaultValue 0.1
   */
  readonly edgeShare?: number;
};

/**
 * Core/Edge selection: mostly typical items plus a few outliers.
 *
 * Algorithm (the "Core/Edge" hybrid of the trajectory-aware subset selection
 * paper, section 4.4.2): `e = floor(edgeShare * k + 0.5)` edge picks and
 * `k - e` core picks. The core picks are the rows closest to the centroid, in
 * that order (as {@link centroid}); the edge picks then continue
 * Kennard–Stone's farthest-first rule from the core: each is the row whose
 * distance to its nearest already-selected row is largest (ties: lowest
 * index). So the edge picks are the items most unlike the typical ones, and
 * never repeat a core pick. When there are no core picks (`e = k`) the
 * result is {@link kennardStone}.
 *
 * @param X - The items, one row each.
 * @param k - Number of items to pick, 0 <= k <= X.rows.
 * @param options - `edgeShare` (default 0.1) and `distance` (default Euclidean).
 * @returns `k` distinct row indices: core picks (closest to the centroid first), then edge picks.
 * @throws {TypeError} If `X` is not a `RowMatrix` or a `number[][]`, `k` or `edgeShare` not a number,
 *   `options` not an object or `options.distance` not a function.
 * @throws {RangeError} If `X` holds a non-finite value, `k` is not an integer in [0, X.rows], `edgeShare` is
 *   outside [0, 1], or the distance returns a negative or non-finite value.
 * @see Kennard, R. W. & Stone, L. A. (1969). Computer aided design of experiments. Technometrics 11(1), 137-148.
 * @example
 * ```ts
 * const X = rowMatrix([[0], [1], [2], [3], [4], [5], [6], [7], [8], [30]]);
 * // 10 picks, edgeShare 0.2: 8 closest to the mean 6.6, then the 2 farthest from them
 * coreEdge(X, 10, { edgeShare: 0.2 }); // Int32Array [7, 6, 8, 5, 4, 3, 2, 1, 9, 0]
 * coreEdge(X, 3, { edgeShare: 0.4 });  // Int32Array [7, 6, 9]
 * ```
 */
export function coreEdge(
  X: RowMatrix | readonly ArrayLike<number>[],
  k: number,
  options: CoreEdgeOptions = {},
): Int32Array {
  const XMatrix = asRowMatrix("coreEdge", "X", X);
  checkSelectorArgs("coreEdge", XMatrix, k, options, KEYS);
  const { edgeShare = 0.1, distance } = options;
  checkNumber("coreEdge", "options.edgeShare", edgeShare, 0, 1);
  checkCallback("coreEdge", "options.distance", distance);
  if (k === 0) return new Int32Array(0);
  const nEdge = Math.min(k, Math.floor(snapToInteger(edgeShare * k + 0.5)));
  const { X: scaled } = forBuiltInDistances(XMatrix, distance === undefined);
  const core = nEdge === k ? [] : centroidOrder(scaled, distance, "coreEdge").slice(0, k - nEdge);
  const dist = pairDistance("coreEdge", scaled, distance);
  const edge = farthestFirst(scaled.rows, dist, core, nEdge);
  return Int32Array.from([...core, ...edge]);
}
