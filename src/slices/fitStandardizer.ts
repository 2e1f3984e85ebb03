import type { RowMatrix } from "../core/rowMatrix.js";
import { fail, toRowMatrix } from "../core/validate.js";

/** Column means and standard deviations learned by {@link fitStandardizer}. */
export type StandardizerModel = {
  /** Column means. */
  readonly mean: Float64Array;
  /** Column population standard deviations (1 where a column is constant). */
  readonly sd: Float64Array;
};

/**
 * Learns z-score parameters per column (the fit half of CASPER's
 * preprocessing; apply them with {@link transformStandardizer}).
 *
 * mean_k = (1/N) sum_i x_ik and sd_k = sqrt((1/N) sum_i (x_ik - mean_k)^2)
 * (population SD, as scikit-learn's `StandardScaler`); a constant column gets
 * sd 1 so that it maps to 0.
 *
 * @param X - N x d matrix, N >= 1.
 * @returns The per-column means and SDs.
 * @throws {TypeError} If `X` is not a `RowMatrix` or a `number[][]`.
 * @throws {RangeError} If `X` has no rows or a non-finite value.
 * @see sklearn.preprocessing.StandardScaler
 * @example
 * ```ts
 * fitStandardizer(rowMatrix([[1, 5], [3, 5]])); // { mean: Float64Array [2, 5], sd: Float64Array [1, 1] }
 * ```
 */
export function fitStandardizer(X: RowMatrix | readonly ArrayLike<number>[]): StandardizerModel {
  const fn = "fitStandardizer";
  const XMatrix = toRowMatrix(fn, "X", X);
  if (XMatrix.rows === 0) fail(fn, "X has no rows");
  const { data, rows: n, cols: d } = XMatrix;
  const mean = new Float64Array(d);
  const sd = new Float64Array(d);
  for (let k = 0; k < d; k++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += data[i * d + k] as number;
    const m = s / n;
    let v = 0;
    for (let i = 0; i < n; i++) v += ((data[i * d + k] as number) - m) ** 2;
    mean[k] = m;
    const z = Math.sqrt(v / n);
    sd[k] = z > 0 ? z : 1;
  }
  return { mean, sd };
}
