import type { RowMatrix } from "../core/rowMatrix.js";
import type { Plain } from "../core/toPlain.js";
import { fail, failType, toFloat64Array, toRowMatrix } from "../core/validate.js";
import type { StandardizerModel } from "./fitStandardizer.js";

/**
 * Applies z-score parameters from {@link fitStandardizer}:
 * z_ik = (x_ik - mean_k) / sd_k. Use the V0 parameters for V1 signals too, as
 * CASPER does.
 *
 * @param scaler - The model from `fitStandardizer`: means and SDs of length d (SDs > 0), as it is or
 *   read back from JSON (arrays of numbers).
 * @param X - N x d matrix.
 * @returns The standardised matrix (new data).
 * @throws {TypeError} If `X` is not a `RowMatrix` or a `number[][]` or `scaler` lacks `mean`/`sd` as
 *   Float64Arrays or arrays of numbers.
 * @throws {RangeError} If the widths differ, a value is non-finite, an SD is not positive, or a
 *   standardised value would exceed the largest double (a huge `X` value or a tiny SD:
 *   `transformStandardizer: X[0][1] is too large for the scaler: ...; rescale X or check
 *   scaler.sd[1] (got 5e-324)`).
 * @see sklearn.preprocessing.StandardScaler.transform
 * @example
 * ```ts
 * const s = fitStandardizer(rowMatrix([[1], [3]]));
 * transformStandardizer(s, rowMatrix([[1], [3], [4]])).data; // Float64Array [-1, 1, 2]
 * ```
 */
export function transformStandardizer(
  scaler: StandardizerModel | Plain<StandardizerModel>,
  X: RowMatrix | readonly ArrayLike<number>[],
): RowMatrix {
  const fn = "transformStandardizer";
  const XMatrix = toRowMatrix(fn, "X", X);
  if (typeof scaler !== "object" || scaler === null) failType(fn, "scaler must be an object");
  const mean = toFloat64Array(fn, "scaler.mean", scaler.mean);
  const sd = toFloat64Array(fn, "scaler.sd", scaler.sd);
  const { data, rows: n, cols: d } = XMatrix;
  if (mean.length !== d || sd.length !== d) {
    fail(fn, `scaler width differs from X (${mean.length} vs ${d})`);
  }
  for (let k = 0; k < d; k++) {
    if (!((sd[k] as number) > 0)) fail(fn, `scaler.sd[${k}] must be positive`, sd[k]);
  }
  const out = new Float64Array(n * d);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < d; k++) {
      const x = data[i * d + k] as number;
      let z = (x - (mean[k] as number)) / (sd[k] as number);
      if (!Number.isFinite(z)) {
        // x - mean overflowed although the z-score may not: halve both (exact)
        z = ((x / 2 - (mean[k] as number) / 2) / (sd[k] as number)) * 2;
        if (!Number.isFinite(z)) {
          fail(
            fn,
            `X[${i}][${k}] is too large for the scaler: (X[${i}][${k}] - scaler.mean[${k}]) / scaler.sd[${k}] overflows the largest double (about 1.8e308); rescale X or check scaler.sd[${k}]`,
            sd[k],
          );
        }
      }
      out[i * d + k] = z;
    }
  }
  return { data: out, rows: n, cols: d };
}
