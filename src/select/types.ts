import type { RowMatrix } from "../core/rowMatrix.js";

/**
 * A deterministic geometric selector: picks `k` distinct rows of `X` and
 * returns their 0-based indices in pick order.
 *
 * `centroid`, `facilityLocation`, `medoids`, `kennardStone` and `coreEdge` all
 * fit (their options argument is optional); `withinStrata` and `shortlist`
 * take any `Selector`, so a closure such as
 * `(X, k) => kennardStone(X, k, { distance: myDtw })` plugs in too.
 */
export type Selector = (X: RowMatrix, k: number) => Int32Array;

/**
 * A dissimilarity between two rows (views into `X.data`; do not write to
 * them). It must return a finite number >= 0 and be symmetric; `d(a, a)` is
 * expected to be 0. The selectors throw a `RangeError` as soon as a call
 * returns anything else. Example: dynamic time warping between two flattened
 * time series.
 */
export type Distance = (a: Float64Array, b: Float64Array) => number;

/** The distance option shared by the geometric selectors. */
export type DistanceOptions = {
  /**
   * Dissimilarity between rows.
   * @defaultValue Euclidean distance, `sqrt(sum_t (a_t - b_t)^2)`.
   */
  readonly distance?: Distance;
};
