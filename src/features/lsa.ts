import type { RowMatrix } from "../core/rowMatrix.js";
import { asInt32Array, asRowMatrix, checkOptions, optionKeys } from "../core/validate.js";
import { checkTest, fitKde, lsaScores, numberOption, prepareTrain } from "./_surprise.js";

const KEYS = optionKeys<LsaOptions>()("varianceThreshold");

/** Options of {@link lsa} (also accepted by {@link fitSurprise}). */
export type LsaOptions = {
  /**
   * Dimensions whose variance (ddof = 0) within any training class is below
   * this value are dropped for every class before the KDEs are fitted, as in
   * Kim et al.'s reference implementation (its default, 1e-5): constant or
   * nearly constant activations (dead ReLUs) would make a covariance singular.
   * @defaultValue `1e-5`
   */
  readonly varianceThreshold?: number;
};

/**
 * Likelihood-based surprise adequacy (LSA) of every test input: the negative
 * log-density of its activations under a Gaussian KDE of the training
 * activations of its (predicted) class.
 *
 * Formula (Kim et al. 2019; paper section 3.3.1): `LSA(x) = -log f_c(z(x))`,
 * `f_c(z) = (1/n_c) sum_i N(z; z_i, H_c)` over the n_c training rows of class
 * `c`, with the bandwidth matrix `H_c = n_c^(-2/(d+4)) cov_c` (Scott's factor,
 * `cov_c` the ddof = 1 covariance): exactly the density of
 * `scipy.stats.gaussian_kde(z_c.T).logpdf`. Algorithm: the Cholesky factor L of
 * `H_c` whitens training and test rows once (`w = L^{-1}(z - mean_c)`), so
 * every kernel is `exp(-|w_q - w_i|^2 / 2)`; the sum runs as a streaming
 * log-sum-exp over blocked loops, so even a query far from every training
 * point gets a finite value (no underflow to `-log 0`); terms below exp(-37)
 * of the running maximum, which round away, are skipped. The loops run in a
 * WebAssembly SIMD kernel (four queries against four training rows, a
 * vectorised exp), or in JavaScript where WebAssembly is unavailable; the
 * two agree to about 1e-15 relative, and the time hardly depends on how many
 * terms are skipped. Larger is riskier.
 *
 * Classes: the KDE of class `c` uses the training rows with `trainClass = c`;
 * pass ground-truth labels (Kim et al.) or the model's predictions on the
 * training set. `testClass` is usually {@link predictedClass} of the test inputs.
 * A class needs at least d + 1 training rows (d = kept dimensions) and a
 * non-singular covariance, otherwise a RangeError names it (no silent
 * regularisation: scipy fails on such a class too).
 *
 * The linear algebra (covariance, Cholesky, triangular solves) is hand-written
 * over Float64Array rather than ml-matrix: the d x d work is negligible and
 * the hot loop runs over flat arrays without per-row objects.
 *
 * To score several test sets against one training set, use {@link fitSurprise}.
 *
 * @param train - N x d training activations (one row per training input).
 * @param trainClass - Class of each training row (non-negative integers).
 * @param test - M x d test activations, same d as `train`.
 * @param testClass - Class whose KDE scores each test row; must occur in `trainClass`.
 * @param options - {@link LsaOptions}; `varianceThreshold` defaults to 1e-5.
 * @returns LSA per test row.
 * @throws {RangeError} If an input is empty or non-finite, lengths or dimensions
 *   differ, a class is negative, a test class has no training rows, every
 *   dimension is dropped, or a class has fewer than d + 1 rows or a singular
 *   covariance; or if values are so large that a class mean or covariance, a whitened squared norm or
 *   a score would overflow (`lsa: train is too large: rescale ...`, `lsa: test row 0 is too large:
 *   rescale ...`), never an Infinity or NaN score.
 * @throws {TypeError} If an argument has the wrong type.
 * @see Kim, J., Feldt, R., Yoo, S. (2019). Guiding deep learning system testing
 *   using surprise adequacy. ICSE.
 * @see scipy.stats.gaussian_kde
 * @example
 * ```ts
 * const train = rowMatrix([[0, 0], [1, 0], [0, 1], [1, 1], [2, 2], [3, 2], [2, 3], [3, 3.5]]);
 * const trainClass = new Int32Array([0, 0, 0, 0, 1, 1, 1, 1]);
 * const test = rowMatrix([[0.5, 0.5], [0.5, 0.5]]);
 * lsa(train, trainClass, test, new Int32Array([0, 1]));
 * // Float64Array [1.4677174463440885, 9.109544040579452] (class 1 finds (0.5, 0.5) surprising)
 * ```
 */
export function lsa(
  train: RowMatrix | readonly ArrayLike<number>[],
  trainClass: ArrayLike<number>,
  test: RowMatrix | readonly ArrayLike<number>[],
  testClass: ArrayLike<number>,
  options?: LsaOptions,
): Float64Array {
  const fn = "lsa";
  const trainMatrix = asRowMatrix(fn, "train", train);
  const trainClass32 = asInt32Array(fn, "trainClass", trainClass);
  const testMatrix = asRowMatrix(fn, "test", test);
  const testClass32 = asInt32Array(fn, "testClass", testClass);
  const ts = prepareTrain(fn, trainMatrix, trainClass32);
  checkTest(fn, ts, testMatrix, testClass32);
  checkOptions(fn, options, KEYS);
  const threshold = numberOption(fn, options, "varianceThreshold", 1e-5, 0);
  return lsaScores(fitKde(fn, ts, threshold), testMatrix, testClass32);
}
