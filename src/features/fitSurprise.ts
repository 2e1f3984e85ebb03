import type { RowMatrix } from "../core/rowMatrix.js";
import { asInt32Array, asRowMatrix, checkOptions, optionKeys } from "../core/validate.js";
import {
  checkTest,
  dsaOptions,
  dsaScores,
  fitGauss,
  fitKde,
  fitNeighbours,
  type GaussModel,
  type KdeModel,
  lsaScores,
  mdsaScores,
  type NeighbourModel,
  numberOption,
  prepareTrain,
} from "./_surprise.js";
import { DSA_KEYS, type DsaOptions } from "./dsa.js";
import type { LsaOptions } from "./lsa.js";
import type { MdsaOptions } from "./mdsa.js";

const KEYS = optionKeys<FitSurpriseOptions>()("varianceThreshold", "ridge");

/** Options of {@link fitSurprise}: those of {@link lsa} and {@link mdsa}. */
export type FitSurpriseOptions = LsaOptions & MdsaOptions;

/** Surprise-adequacy scorers fitted once to a training set, see {@link fitSurprise}. */
export type SurpriseModel = {
  /** Classes present in the training set, ascending. */
  readonly classes: Int32Array;
  /** Activation width d of the training set. */
  readonly dims: number;
  /**
   * LSA of each test row under its class's KDE, as {@link lsa}.
   * @param test - M x d test activations.
   * @param testClass - Class of each test row; must occur in the training set.
   * @returns LSA per test row.
   */
  readonly lsa: (
    test: RowMatrix | readonly ArrayLike<number>[],
    testClass: ArrayLike<number>,
  ) => Float64Array;
  /**
   * DSA of each test row, as {@link dsa}.
   * @param test - M x d test activations.
   * @param testClass - Class of each test row; must occur in the training set.
   * @param options - {@link DsaOptions}; defaults `variant: "paper"`, `eps: 1e-12`.
   * @returns DSA per test row.
   */
  readonly dsa: (
    test: RowMatrix | readonly ArrayLike<number>[],
    testClass: ArrayLike<number>,
    options?: DsaOptions,
  ) => Float64Array;
  /**
   * MDSA (squared Mahalanobis distance to the class mean) of each test row, as {@link mdsa}.
   * @param test - M x d test activations.
   * @param testClass - Class of each test row; must occur in the training set.
   * @returns MDSA per test row.
   */
  readonly mdsa: (
    test: RowMatrix | readonly ArrayLike<number>[],
    testClass: ArrayLike<number>,
  ) => Float64Array;
};

/**
 * Fits the surprise-adequacy features to a training set once, for scoring
 * many test sets (e.g. every operational batch) without refitting.
 *
 * Algorithm: the training activations and classes are validated and copied
 * (later changes to the caller's arrays have no effect). Each feature's
 * per-class statistics are computed on the first call of its method and
 * reused: for `lsa` the kept dimensions, Cholesky factors and whitened rows of
 * the per-class KDEs; for `mdsa` the class means and Cholesky factors of their
 * covariances; for `dsa` the centred rows and their squared norms, also grouped
 * by class and packed for the search kernel (and, for
 * `variant: "kim2019"`, each training row's distance to its nearest
 * other-class row). A method returns exactly what the one-shot function
 * ({@link lsa}, {@link dsa}, {@link mdsa}) returns for the same arguments, and
 * throws the same errors (a class unusable by one feature only fails that
 * feature's method).
 *
 * @param train - N x d training activations (one row per training input).
 * @param trainClass - Class of each training row (non-negative integers).
 * @param options - {@link FitSurpriseOptions}; defaults `varianceThreshold: 1e-5`, `ridge: 1e-6`.
 * @returns A {@link SurpriseModel} with `lsa`, `dsa` and `mdsa` methods.
 * @throws {RangeError} If `train` is empty or non-finite, lengths differ, a class
 *   is negative, or an option is negative or not finite. The methods throw as
 *   the one-shot functions do, named `fitSurprise.lsa` etc., including
 *   `fitSurprise.dsa: test row 0 is too large: rescale ...` for activations
 *   whose squared distances would overflow.
 * @throws {TypeError} If an argument has the wrong type.
 * @see Kim, J., Feldt, R., Yoo, S. (2019). Guiding deep learning system testing
 *   using surprise adequacy. ICSE.
 * @example
 * ```ts
 * const model = fitSurprise(rowMatrix([[0, 0], [2, 0], [0, 2], [2, 2]]), new Int32Array(4));
 * model.mdsa(rowMatrix([[3, 1]]), new Int32Array([0])); // Float64Array [3.0000000000000004]
 * model.classes; // Int32Array [0]
 * ```
 */
export function fitSurprise(
  train: RowMatrix | readonly ArrayLike<number>[],
  trainClass: ArrayLike<number>,
  options?: FitSurpriseOptions,
): SurpriseModel {
  const fn = "fitSurprise";
  const trainMatrix = asRowMatrix(fn, "train", train);
  const trainClass32 = asInt32Array(fn, "trainClass", trainClass);
  const ts = prepareTrain(fn, trainMatrix, trainClass32);
  checkOptions(fn, options, KEYS);
  const threshold = numberOption(fn, options, "varianceThreshold", 1e-5, 0);
  const ridge = numberOption(fn, options, "ridge", 1e-6, 0);
  let kde: KdeModel | undefined;
  let gauss: GaussModel | undefined;
  let nn: NeighbourModel | undefined;
  return {
    classes: Int32Array.from(ts.groups.keys()),
    dims: ts.cols,
    lsa(testIn, testClassIn) {
      const m = "fitSurprise.lsa";
      const test = asRowMatrix(m, "test", testIn);
      const testClass = asInt32Array(m, "testClass", testClassIn);
      checkTest(m, ts, test, testClass);
      kde ??= fitKde(m, ts, threshold);
      return lsaScores(kde, test, testClass);
    },
    dsa(testIn, testClassIn, dsaOpts) {
      const m = "fitSurprise.dsa";
      const test = asRowMatrix(m, "test", testIn);
      const testClass = asInt32Array(m, "testClass", testClassIn);
      checkTest(m, ts, test, testClass);
      checkOptions(m, dsaOpts, DSA_KEYS);
      const { variant, eps } = dsaOptions(m, dsaOpts);
      nn ??= fitNeighbours(m, ts);
      return dsaScores(nn, test, testClass, variant, eps);
    },
    mdsa(testIn, testClassIn) {
      const m = "fitSurprise.mdsa";
      const test = asRowMatrix(m, "test", testIn);
      const testClass = asInt32Array(m, "testClass", testClassIn);
      checkTest(m, ts, test, testClass);
      gauss ??= fitGauss(m, ts, ridge);
      return mdsaScores(gauss, test, testClass);
    },
  };
}
