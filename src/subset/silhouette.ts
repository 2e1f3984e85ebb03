import { squaredEuclideanAt } from "../core/distance.js";
import type { RowMatrix } from "../core/rowMatrix.js";
import { fail, toInt32Array, toRowMatrix } from "../core/validate.js";
import { distanceScale } from "./_internal.js";

/**
 * Mean silhouette coefficient of a clustering (Euclidean distance): how much
 * closer items are to their own cluster than to the nearest other one.
 *
 * Formula (Rousseeuw 1987): for item i in cluster C, a(i) = mean distance to
 * the other members of C, b(i) = min over other clusters C' of the mean
 * distance to the members of C'; s(i) = (b(i) - a(i)) / max(a(i), b(i)), and
 * s(i) = 0 when C has one member (as scikit-learn). The result is the mean of
 * s(i) over all items, in [-1, 1]. O(N^2 d) time, O(N K) memory (no distance
 * matrix). Values so large that a squared distance overflows (about 1e154
 * and beyond) are handled exactly: the distances are recomputed on `X` scaled
 * by a power of two, which leaves every s(i) unchanged (a RangeError asks to
 * rescale when the nonzero |x| span more than about 2^960, so that small
 * differences would underflow instead).
 *
 * @param X - The items, one row each.
 * @param labels - Cluster label per row, integers >= 0, with 2 <= (distinct labels) <= N - 1.
 * @returns The mean silhouette coefficient.
 * @throws {TypeError} If `X` is not a `RowMatrix` or a `number[][]` or `labels` not an Int32Array.
 * @throws {RangeError} If `X` holds a non-finite value, `labels.length !== X.rows`, a label is negative,
 *   the number of distinct labels is not in [2, N - 1], or a distance overflows and `X` spans too wide a
 *   range to scale it (`silhouette: X spans too wide a range to square its distances ...: rescale it`).
 * @see Rousseeuw, P. J. (1987). Silhouettes: a graphical aid to the interpretation and validation of cluster analysis. J. Comput. Appl. Math. 20, 53-65.
 * @see sklearn.metrics.silhouette_score
 * @example
 * ```ts
 * // s = 9.5/10.5, 8.5/9.5, 8.5/9.5, 9.5/10.5 (a = 1; b = mean distance to the other pair)
 * silhouette(rowMatrix([[0], [1], [10], [11]]), Int32Array.of(0, 0, 1, 1)); // 0.899749373433584
 * ```
 */
export function silhouette(
  X: RowMatrix | readonly ArrayLike<number>[],
  labels: ArrayLike<number>,
): number {
  const fn = "silhouette";
  const XMatrix = toRowMatrix(fn, "X", X);
  const labels32 = toInt32Array(fn, "labels", labels, { min: 0 });
  if (labels32.length !== XMatrix.rows) {
    fail(fn, `labels length and X rows differ (${labels32.length} vs ${XMatrix.rows})`);
  }
  const ids = Array.from(new Set(labels32)).sort((p, q) => p - q);
  const K = ids.length;
  const N = XMatrix.rows;
  if (K < 2 || K > N - 1) {
    fail(fn, `the number of distinct labels must lie in [2, N - 1] = [2, ${N - 1}]`, K);
  }
  const dense = new Map(ids.map((h, t) => [h, t]));
  const lab = Int32Array.from(labels32, (h) => dense.get(h) as number);
  const size = new Float64Array(K);
  for (let i = 0; i < N; i++) size[lab[i] as number] = (size[lab[i] as number] as number) + 1;
  let sums = distanceSums(XMatrix.data, N, XMatrix.cols, K, lab);
  if (!sums.every(Number.isFinite)) {
    // a squared distance or a sum overflowed although X is finite (|x| near
    // 1e154 and beyond): the silhouette is scale-free, and scaling by a power
    // of two is exact, so it is computed on X times 2^-k (no overflow there)
    const scale = distanceScale(fn, "X", XMatrix.data, XMatrix.cols);
    sums = distanceSums(
      XMatrix.data.map((x) => x * scale),
      N,
      XMatrix.cols,
      K,
      lab,
    );
  }
  let total = 0;
  for (let i = 0; i < N; i++) {
    const own = lab[i] as number;
    const n = size[own] as number;
    if (n <= 1) continue;
    const a = (sums[i * K + own] as number) / (n - 1);
    let b = Number.POSITIVE_INFINITY;
    for (let h = 0; h < K; h++) {
      if (h === own) continue;
      const v = (sums[i * K + h] as number) / (size[h] as number);
      if (v < b) b = v;
    }
    const m = Math.max(a, b);
    if (m > 0) total += (b - a) / m;
  }
  return total / N;
}

/** Per item i and cluster h, the sum of the distances from row i to the rows of cluster h. */
function distanceSums(
  data: Float64Array,
  N: number,
  cols: number,
  K: number,
  lab: Int32Array,
): Float64Array {
  const sums = new Float64Array(N * K);
  for (let i = 0; i < N; i++) {
    for (let j = i + 1; j < N; j++) {
      const dist = Math.sqrt(squaredEuclideanAt(data, i * cols, data, j * cols, cols));
      sums[i * K + (lab[j] as number)] = (sums[i * K + (lab[j] as number)] as number) + dist;
      sums[j * K + (lab[i] as number)] = (sums[j * K + (lab[i] as number)] as number) + dist;
    }
  }
  return sums;
}
