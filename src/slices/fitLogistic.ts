import type { RowMatrix } from "../core/rowMatrix.js";
import {
  checkInteger,
  checkNumber,
  checkOptions,
  fail,
  optionKeys,
  toBinary,
  toRowMatrix,
} from "../core/validate.js";

const KEYS = optionKeys<FitLogisticOptions>()("lambda", "maxIterations", "tolerance");

/** Options of {@link fitLogistic}. */
export type FitLogisticOptions = {
  /** Ridge penalty lambda on the coefficients (not the intercept), >= 0. @defaultValue 1 (scikit-learn's C = 1) */
  readonly lambda?: number;
  /** Most Newton (IRLS) iterations, >= 1. @defaultValue 100 */
  readonly maxIterations?: number;
  /** Stop when the largest coefficient change is below this, > 0. @defaultValue 1e-10 */
  readonly tolerance?: number;
};

/** A fitted logistic regression: P(y = 1 | x) = 1 / (1 + exp(-(intercept + coefficients . x))). */
export type LogisticModel = {
  /** The intercept. */
  readonly intercept: number;
  /** One coefficient per column of X. */
  readonly coefficients: Float64Array;
  /** Newton iterations run. */
  readonly iterations: number;
  /** Whether the tolerance was reached within `maxIterations`. */
  readonly converged: boolean;
};

/**
 * Fits a logistic regression by iteratively reweighted least squares
 * (Newton-Raphson), our own implementation on plain Float64Arrays: CASPER's
 * failure model.
 *
 * Maximises sum_i [y_i eta_i - log(1 + e^eta_i)] - (lambda / 2) ||beta||^2 with
 * eta_i = b0 + x_i . beta. Each step solves (X'WX + Lambda) delta =
 * X'(y - p) - Lambda beta (W = diag(p(1 - p)), Lambda = lambda on the
 * coefficients, 0 on the intercept) by Cholesky, starting from 0. With
 * lambda = 0 it is the maximum-likelihood fit of `statsmodels` `Logit`; with
 * lambda = 1 it matches scikit-learn's L2 `LogisticRegression(C=1)` except
 * that the intercept is not penalised (liblinear penalises it).
 *
 * @param X - N x d predictors.
 * @param y - 0/1 response per row.
 * @param options - `lambda` (default 1), `maxIterations` (default 100), `tolerance` (default 1e-10).
 * @returns Intercept, coefficients and convergence information.
 * @throws {TypeError} If `X` is not a `RowMatrix` or a `number[][]`, `y` not a Uint8Array or `options` not an
 *   object.
 * @throws {RangeError} If the lengths differ, X is empty or non-finite, y is
 *   not 0/1 or holds one outcome only, an option is out of range, or the Newton
 *   system is singular (e.g. lambda = 0 with collinear columns).
 * @see statsmodels.discrete.discrete_model.Logit; sklearn.linear_model.LogisticRegression
 * @see Hastie, Tibshirani, Friedman (2009). The Elements of Statistical Learning, section 4.4.1.
 * @example
 * ```ts
 * const X = rowMatrix([[0], [1], [2], [3]]);
 * const m = fitLogistic(X, new Uint8Array([0, 1, 0, 1]), { lambda: 0 });
 * m.intercept;       // -1.3622763938401428
 * m.coefficients[0]; // 0.9081842625600952
 * m.iterations;      // 5
 * ```
 */
export function fitLogistic(
  X: RowMatrix | readonly ArrayLike<number>[],
  y: ArrayLike<number | boolean>,
  options: FitLogisticOptions = {},
): LogisticModel {
  const fn = "fitLogistic";
  const XMatrix = toRowMatrix(fn, "X", X);
  const y01 = toBinary(fn, "y", y);
  checkOptions(fn, options, KEYS);
  if (XMatrix.rows === 0) fail(fn, "X has no rows");
  if (y01.length !== XMatrix.rows)
    fail(fn, `X and y lengths differ (${XMatrix.rows} vs ${y01.length})`);
  const { lambda = 1, maxIterations = 100, tolerance = 1e-10 } = options;
  checkNumber(fn, "lambda", lambda, 0);
  checkInteger(fn, "maxIterations", maxIterations, 1);
  checkNumber(fn, "tolerance", tolerance, 0, Number.POSITIVE_INFINITY, { lower: true });
  // the intercept is not penalised: with one outcome only its likelihood has no
  // maximum (all 1 ended as a singular system, all 0 as a non-converged -101)
  let ones = 0;
  for (const v of y01) ones += v;
  if (ones === 0 || ones === y01.length) {
    fail(
      fn,
      `y is all ${ones === 0 ? 0 : 1}: the intercept has no finite maximum-likelihood value; a logistic fit needs both outcomes`,
    );
  }
  const { data, rows: n, cols: d } = XMatrix;
  const q = d + 1;
  const beta = new Float64Array(q);
  const H = new Float64Array(q * q);
  const g = new Float64Array(q);
  const x = new Float64Array(q);
  let it = 0;
  let converged = false;
  while (it < maxIterations && !converged) {
    it++;
    H.fill(0);
    g.fill(0);
    for (let i = 0; i < n; i++) {
      x[0] = 1;
      for (let k = 0; k < d; k++) x[k + 1] = data[i * d + k] as number;
      let eta = 0;
      for (let k = 0; k < q; k++) eta += (beta[k] as number) * (x[k] as number);
      const p = 1 / (1 + Math.exp(-eta));
      const w = p * (1 - p);
      const r = (y01[i] as number) - p;
      for (let a = 0; a < q; a++) {
        g[a] = (g[a] as number) + (x[a] as number) * r;
        const wa = w * (x[a] as number);
        for (let b = 0; b <= a; b++)
          H[a * q + b] = (H[a * q + b] as number) + wa * (x[b] as number);
      }
    }
    for (let a = 1; a < q; a++) {
      H[a * q + a] = (H[a * q + a] as number) + lambda;
      g[a] = (g[a] as number) - lambda * (beta[a] as number);
    }
    // Cholesky of the lower triangle, in place.
    for (let a = 0; a < q; a++) {
      for (let b = 0; b <= a; b++) {
        let s = H[a * q + b] as number;
        for (let c = 0; c < b; c++) s -= (H[a * q + c] as number) * (H[b * q + c] as number);
        if (a === b) {
          if (!(s > 1e-300))
            fail(
              fn,
              "the Newton system is singular (collinear columns or separable data with lambda = 0)",
            );
          H[a * q + a] = Math.sqrt(s);
        } else {
          H[a * q + b] = s / (H[b * q + b] as number);
        }
      }
    }
    const z = new Float64Array(q);
    for (let a = 0; a < q; a++) {
      let s = g[a] as number;
      for (let c = 0; c < a; c++) s -= (H[a * q + c] as number) * (z[c] as number);
      z[a] = s / (H[a * q + a] as number);
    }
    let maxStep = 0;
    for (let a = q - 1; a >= 0; a--) {
      let s = z[a] as number;
      for (let c = a + 1; c < q; c++) s -= (H[c * q + a] as number) * (z[c] as number);
      const step = s / (H[a * q + a] as number);
      z[a] = step;
      beta[a] = (beta[a] as number) + step;
      maxStep = Math.max(maxStep, Math.abs(step));
    }
    if (!Number.isFinite(maxStep)) fail(fn, "the fit diverged (separable data: use lambda > 0)");
    converged = maxStep < tolerance;
  }
  return { intercept: beta[0] as number, coefficients: beta.slice(1), iterations: it, converged };
}
