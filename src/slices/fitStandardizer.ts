import { exponentOf, needsScaling, times2 } from "../core/_scale.js";
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
 * (population SD, as scikit-learn's `StandardScaler`); a constant column (all its values equal, told by the values, not by a computed SD that rounding can leave at 1e-17) gets
 * sd 1 so that it maps to 0.
 *
 * @param X - N x d matrix, N >= 1.
 * @returns The per-column means and SDs.
 * @throws {TypeError} If `X` is not a `RowMatrix` or a `number[][]`.
 * @throws {RangeError} If `X` has no rows or a non-finite value, or a column's
 *   mean or SD would exceed the largest double (`fitStandardizer: X column 0
 *   is too large: ...; rescale X`). Huge or tiny finite columns (beyond 2^±400)
 *   are computed in an exactly rescaled form, so they do not overflow early.
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
    let big = 0;
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      const x = data[i * d + k] as number;
      big = Math.max(big, Math.abs(x));
      lo = Math.min(lo, x);
      hi = Math.max(hi, x);
    }
    if (lo === hi) {
      // a constant column, told by its values: its computed SD can be a rounding
      // residue (about 1e-17 for 0.1 or 3/7), which would blow a later value up
      // by 1e15; it maps to 0 (its mean is the value itself) with sd 1
      mean[k] = lo;
      sd[k] = 1;
      continue;
    }
    // Outside [2^-400, 2^400] the sums of squares could overflow (or
    // underflow): the column is then summed times a power of two that brings
    // it into [1, 2), which is exact, and the moments scaled back.
    const e = needsScaling(big) ? exponentOf(big) : 0;
    let s = 0;
    for (let i = 0; i < n; i++) s += times2(data[i * d + k] as number, -e);
    const m = s / n;
    let v = 0;
    for (let i = 0; i < n; i++) v += (times2(data[i * d + k] as number, -e) - m) ** 2;
    const z = Math.sqrt(v / n);
    mean[k] = e === 0 ? m : times2(m, e);
    const sdk = e === 0 ? z : times2(z, e);
    if (!(Number.isFinite(mean[k]) && Number.isFinite(sdk))) {
      fail(
        fn,
        `X column ${k} is too large: its ${Number.isFinite(mean[k]) ? "standard deviation" : "mean"} overflows the largest double (about 1.8e308); rescale X`,
      );
    }
    sd[k] = sdk > 0 ? sdk : 1;
  }
  return { mean, sd };
}
