import type { RowMatrix } from "../core/rowMatrix.js";
import { asInt32Array, asRowMatrix, checkOptions, optionKeys } from "../core/validate.js";
import { checkTest, fitGauss, mdsaScores, numberOption, prepareTrain } from "./_surprise.js";

const KEYS = optionKeys<MdsaOptions>()("ridge");

/** Options of {@link mdsa} (also accepted by {@link fitSurprise}). */
export type MdsaOptions = {
  /**
   * Regularisation of a singular class covariance: when the Cholesky
   * factorisation finds a column that is (to 1e-10 relative) a linear
   * combination of the others — always the case for a class with fewer than
   * d + 1 training rows — the covariance becomes
   * `cov + ridge * (trace(cov) / d) * I`. A class whose training rows are
   * all identical (trace 0) takes the trace of the covariance of all training
   * rows as one sample instead, so its scores do not depend on the
   * activations' units either. Non-singular covariances are used unchanged.
   * @defaultValue `1e-6`
   */
  readonly ridge?: number;
};

/**
 * Mahalanobis-distance surprise adequacy (MDSA) of every test input: the
 * squared Mahalanobis distance of its activations to the mean of its
 * (predicted) class.
 *
 * Formula (Kim et al. 2023; paper section 3.3.1):
 * `MDSA(x) = (z - mu_c)^T Sigma_c^{-1} (z - mu_c)` with `mu_c` and the sample
 * covariance `Sigma_c` (ddof = 1, as `numpy.cov`) of the training rows of
 * class `c`. Algorithm: Cholesky factor L of `Sigma_c`, then
 * `|L^{-1}(z - mu_c)|^2` by forward substitution — no explicit inverse.
 * A singular `Sigma_c` is regularised by `options.ridge` (see
 * {@link MdsaOptions}); a class with a single training row throws. Larger is
 * riskier. Invariant to translating all activations.
 *
 * @param train - N x d training activations (one row per training input).
 * @param trainClass - Class of each training row (non-negative integers).
 * @param test - M x d test activations, same d as `train`.
 * @param testClass - Class whose statistics score each test row; must occur in `trainClass`.
 * @param options - {@link MdsaOptions}; `ridge` defaults to 1e-6.
 * @returns Squared Mahalanobis distance per test row.
 * @throws {RangeError} If an input is empty or non-finite, lengths or dimensions
 *   differ, a class is negative, a test class has no training rows, a class
 *   has a single training row, or every training row is identical; or if values are so large that a class mean or covariance or a score
 *   would overflow (`mdsa: train is too large: rescale ...`, `mdsa: test row 0 is too large:
 *   rescale ...`), never an Infinity or NaN score.
 * @throws {TypeError} If an argument has the wrong type.
 * @see Kim, J., Feldt, R., Yoo, S. (2023). Evaluating surprise adequacy for deep
 *   learning testing. ACM TOSEM 32(2).
 * @see scipy.spatial.distance.mahalanobis (its square, with `VI = inv(numpy.cov)`)
 * @example
 * ```ts
 * const train = rowMatrix([[0, 0], [2, 0], [0, 2], [2, 2]]);
 * // mean (1, 1), covariance diag(4/3, 4/3): MDSA = |z - mu|^2 * 3/4
 * mdsa(train, new Int32Array(4), rowMatrix([[3, 1], [1, 1]]), new Int32Array(2));
 * // Float64Array [3.0000000000000004, 0]
 * ```
 */
export function mdsa(
  train: RowMatrix | readonly ArrayLike<number>[],
  trainClass: ArrayLike<number>,
  test: RowMatrix | readonly ArrayLike<number>[],
  testClass: ArrayLike<number>,
  options?: MdsaOptions,
): Float64Array {
  const fn = "mdsa";
  const trainMatrix = asRowMatrix(fn, "train", train);
  const trainClass32 = asInt32Array(fn, "trainClass", trainClass);
  const testMatrix = asRowMatrix(fn, "test", test);
  const testClass32 = asInt32Array(fn, "testClass", testClass);
  const ts = prepareTrain(fn, trainMatrix, trainClass32);
  checkTest(fn, ts, testMatrix, testClass32);
  checkOptions(fn, options, KEYS);
  const ridge = numberOption(fn, options, "ridge", 1e-6, 0);
  return mdsaScores(fitGauss(fn, ts, ridge), testMatrix, testClass32);
}
