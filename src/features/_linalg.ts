/**
 * Small dense linear algebra over row-major Float64Array, for the surprise
 * features. Hand-written rather than ml-matrix: the matrices are small
 * (d x d with d the activation width) and the hot paths (whitening N rows,
 * pairwise kernels) run over flat typed arrays without per-row objects.
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

/**
 * A Cholesky pivot whose square is below this fraction of its diagonal entry
 * means the column is a linear combination of the previous ones (R² above
 * 1 - 1e-10): the matrix is treated as singular rather than inverted.
 */
export const SINGULAR_TOLERANCE = 1e-10;

/**
 * Column means and sample covariance (ddof = 1, as `numpy.cov`) of the rows
 * `idx` of an n x d row-major matrix, restricted to the columns `keep`.
 * Two-pass (centred) so large offsets cost no precision.
 */
export function meanCov(
  data: Float64Array,
  cols: number,
  idx: Int32Array,
  keep: Int32Array,
): { mean: Float64Array; cov: Float64Array } {
  const d = keep.length;
  const n = idx.length;
  const mean = new Float64Array(d);
  for (let r = 0; r < n; r++) {
    const o = (idx[r] as number) * cols;
    for (let j = 0; j < d; j++)
      mean[j] = (mean[j] as number) + (data[o + (keep[j] as number)] as number);
  }
  for (let j = 0; j < d; j++) mean[j] = (mean[j] as number) / n;
  const cov = new Float64Array(d * d);
  const z = new Float64Array(d);
  for (let r = 0; r < n; r++) {
    const o = (idx[r] as number) * cols;
    for (let j = 0; j < d; j++)
      z[j] = (data[o + (keep[j] as number)] as number) - (mean[j] as number);
    for (let a = 0; a < d; a++) {
      const za = z[a] as number;
      const row = a * d;
      for (let b = 0; b <= a; b++) cov[row + b] = (cov[row + b] as number) + za * (z[b] as number);
    }
  }
  const denom = n - 1;
  for (let a = 0; a < d; a++) {
    for (let b = 0; b <= a; b++) {
      const v = (cov[a * d + b] as number) / denom;
      cov[a * d + b] = v;
      cov[b * d + a] = v;
    }
  }
  return { mean, cov };
}

/**
 * Lower Cholesky factor L (row-major, L L^T = A) of a symmetric d x d matrix,
 * or `undefined` when A is not numerically positive definite (a pivot
 * below {@link SINGULAR_TOLERANCE} times its diagonal entry).
 */
export function cholesky(a: Float64Array, d: number): Float64Array | undefined {
  const l = new Float64Array(d * d);
  for (let j = 0; j < d; j++) {
    let s = a[j * d + j] as number;
    for (let k = 0; k < j; k++) {
      const v = l[j * d + k] as number;
      s -= v * v;
    }
    const diag = a[j * d + j] as number;
    if (!(diag > 0) || !(s > SINGULAR_TOLERANCE * diag)) return undefined;
    const ljj = Math.sqrt(s);
    l[j * d + j] = ljj;
    for (let i = j + 1; i < d; i++) {
      let t = a[i * d + j] as number;
      for (let k = 0; k < j; k++) t -= (l[i * d + k] as number) * (l[j * d + k] as number);
      l[i * d + j] = t / ljj;
    }
  }
  return l;
}

/** Solves L L^T x = b for x, with L from {@link cholesky} (k x k, row-major). */
export function cholSolve(l: Float64Array, k: number, b: Float64Array): Float64Array {
  const y = new Float64Array(k);
  for (let i = 0; i < k; i++) {
    let s = b[i] as number;
    for (let m = 0; m < i; m++) s -= (l[i * k + m] as number) * (y[m] as number);
    y[i] = s / (l[i * k + i] as number);
  }
  const out = new Float64Array(k);
  for (let i = k - 1; i >= 0; i--) {
    let s = y[i] as number;
    for (let m = i + 1; m < k; m++) s -= (l[m * k + i] as number) * (out[m] as number);
    out[i] = s / (l[i * k + i] as number);
  }
  return out;
}

/**
 * Whitens rows: `out[r] = L^{-1} (x_r[keep] - mean)` by forward substitution,
 * for the rows `idx` of an n x `cols` row-major matrix. Returns |idx| x d values.
 */
export function whiten(
  data: Float64Array,
  cols: number,
  idx: Int32Array,
  keep: Int32Array,
  mean: Float64Array,
  l: Float64Array,
): Float64Array {
  const d = keep.length;
  const n = idx.length;
  const out = new Float64Array(n * d);
  for (let r = 0; r < n; r++) {
    const o = (idx[r] as number) * cols;
    const w = r * d;
    for (let i = 0; i < d; i++) {
      let t = (data[o + (keep[i] as number)] as number) - (mean[i] as number);
      for (let k = 0; k < i; k++) t -= (l[i * d + k] as number) * (out[w + k] as number);
      out[w + i] = t / (l[i * d + i] as number);
    }
  }
  return out;
}
