import type { RowMatrix } from "../core/rowMatrix.js";
import type { Plain } from "../core/toPlain.js";
import {
  checkInteger,
  checkNumber,
  fail,
  failType,
  toFloat64Array,
  toRowMatrix,
} from "../core/validate.js";
import type { LogisticModel } from "./fitLogistic.js";

/**
 * Probability of outcome 1 under a fitted logistic model, per row:
 * p_i = 1 / (1 + exp(-(intercept + coefficients . x_i))). With outcome
 * 1 = pass this is CASPER's failure impact score for logistic regression
 * (the predicted probability of patch success).
 *
 * @param model - From {@link fitLogistic}, or that model read back from JSON (plain arrays, see `toPlain`).
 * @param X - N x d predictors (d = number of coefficients).
 * @returns The probabilities.
 * @throws {TypeError} If `model` or `X` has the wrong type.
 * @throws {RangeError} If the widths differ, a value is non-finite, `model.iterations` (when given) is not an
 *   integer >= 0, or a row's linear predictor overflows to Inf - Inf (rescale X).
 * @see Muse, B. A. et al. CASPER, section 2.3.1.
 * @example
 * ```ts
 * const m = { intercept: 0, coefficients: new Float64Array([Math.log(3)]), iterations: 1, converged: true };
 * predictLogistic(m, rowMatrix([[0], [1]])); // Float64Array [0.5, 0.7499999999999999]
 * ```
 */
export function predictLogistic(
  model: LogisticModel | Plain<LogisticModel>,
  X: RowMatrix | readonly ArrayLike<number>[],
): Float64Array {
  const fn = "predictLogistic";
  if (typeof model !== "object" || model === null) failType(fn, "model must be an object");
  const coefficients = toFloat64Array(fn, "model.coefficients", model.coefficients);
  checkNumber(fn, "model.intercept", model.intercept);
  // not used by the prediction, but a NaN there is a corrupted model (absent: a model built by hand)
  if (model.iterations !== undefined) checkInteger(fn, "model.iterations", model.iterations, 0);
  if (model.converged !== undefined && typeof model.converged !== "boolean") {
    failType(fn, "model.converged must be a boolean");
  }
  const XMatrix = toRowMatrix(fn, "X", X);
  const { data, rows: n, cols: d } = XMatrix;
  if (coefficients.length !== d) {
    fail(fn, `X width differs from the model (${d} vs ${coefficients.length})`);
  }
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let eta = model.intercept;
    for (let k = 0; k < d; k++) eta += (coefficients[k] as number) * (data[i * d + k] as number);
    // finite inputs can still sum to Inf - Inf
    if (Number.isNaN(eta)) {
      fail(
        fn,
        `the linear predictor of X row ${i} is not a number (its terms overflow); rescale X`,
      );
    }
    out[i] = 1 / (1 + Math.exp(-eta));
  }
  return out;
}
