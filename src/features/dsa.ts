import type { RowMatrix } from "../core/rowMatrix.js";
import { asInt32Array, asRowMatrix, checkOptions, optionKeys } from "../core/validate.js";
import { checkTest, dsaOptions, dsaScores, fitNeighbours, prepareTrain } from "./_surprise.js";

/** The keys of {@link DsaOptions}. @internal */
export const DSA_KEYS = optionKeys<DsaOptions>()("variant", "eps");

/** Options of {@link dsa} (and of the `dsa` method of {@link fitSurprise}'s model). */
export type DsaOptions = {
  /**
   * `"paper"`: `d_diff` is the distance from the test activation to the
   * nearest training row of another class (the TCS paper's formula).
   * `"kim2019"`: `d_diff` is the distance from the nearest same-class training
   * row to its nearest other-class training row (Kim et al. 2019).
   * @defaultValue `"paper"`
   */
  readonly variant?: "paper" | "kim2019";
  /**
   * Added to `d_diff` so that a zero distance cannot divide by zero
   * (used by both variants); must be positive.
   * @defaultValue `1e-12`
   */
  readonly eps?: number;
};

/**
 * Distance-based surprise adequacy (DSA) of every test input: how far it is
 * from the training rows of its (predicted) class, relative to the nearest
 * training rows of other classes.
 *
 * Formula (paper section 3.3.1): `DSA(x) = d_same / (d_diff + eps)`, with
 * `d_same` the Euclidean distance from `z(x)` to the nearest training row of
 * class `c = testClass`, and `d_diff` the distance from `z(x)` to the nearest
 * training row of any other class. With `variant: "kim2019"`, `d_diff` is
 * instead measured from that nearest same-class row `z_a` to its nearest
 * other-class training row, as in Kim et al. (2019). Algorithm: nearest
 * neighbours by blocked brute force over Float64Array (activations centred,
 * training rows grouped by class, `|t|^2 - 2 q.t` for the search — a
 * WebAssembly SIMD kernel where WebAssembly is available, otherwise a
 * JavaScript kernel with bit-identical results — the chosen distances
 * recomputed from differences), ties of that key to the lowest training
 * index. The key is exact up to its rounding, about 1e-16 of the centred
 * squared norms: rows closer than that to being equidistant (an exact tie, or
 * classes 1e8 times farther from the training mean than their rows are from
 * each other) may resolve to either row. For `"paper"` the distance is the
 * same either way; for `"kim2019"` the row `z_a` decides `d_diff`, so an
 * exact tie between two same-class rows can change the score (a review found
 * 325 of 1,087 exactly tied random layouts resolved to the later row, and
 * scores 2-29 times too high at such extreme offsets; not fixed: it needs an
 * exact second pass over the near-tied rows). Larger is riskier.
 *
 * @param train - N x d training activations (one row per training input).
 * @param trainClass - Class of each training row (non-negative integers); at least two classes.
 * @param test - M x d test activations, same d as `train`.
 * @param testClass - Class of each test row; must occur in `trainClass`.
 * @param options - {@link DsaOptions}; defaults `variant: "paper"`, `eps: 1e-12`.
 * @returns DSA per test row.
 * @throws {RangeError} If an input is empty or non-finite, lengths or dimensions
 *   differ, a class is negative, a test class has no training rows, the
 *   training set has a single class, or an option is invalid; or if a train or test row is so large
 *   (near 1e153 and beyond, after centring) that its squared distances would overflow:
 *   `dsa: test row 0 is too large: rescale the activations (...)`, never an Infinity or NaN score.
 * @throws {TypeError} If an argument has the wrong type.
 * @see Kim, J., Feldt, R., Yoo, S. (2019). Guiding deep learning system testing
 *   using surprise adequacy. ICSE.
 * @example
 * ```ts
 * const train = rowMatrix([[0, 0], [4, 0]]);
 * const trainClass = new Int32Array([0, 1]);
 * const test = rowMatrix([[1, 0]]);
 * dsa(train, trainClass, test, new Int32Array([0])); // Float64Array [0.33333333333322224]  (1 / (3 + eps))
 * dsa(train, trainClass, test, new Int32Array([0]), { variant: "kim2019" }); // Float64Array [0.2499999999999375]  (1 / (4 + eps))
 * ```
 */
export function dsa(
  train: RowMatrix | readonly ArrayLike<number>[],
  trainClass: ArrayLike<number>,
  test: RowMatrix | readonly ArrayLike<number>[],
  testClass: ArrayLike<number>,
  options?: DsaOptions,
): Float64Array {
  const fn = "dsa";
  const trainMatrix = asRowMatrix(fn, "train", train);
  const trainClass32 = asInt32Array(fn, "trainClass", trainClass);
  const testMatrix = asRowMatrix(fn, "test", test);
  const testClass32 = asInt32Array(fn, "testClass", testClass);
  const ts = prepareTrain(fn, trainMatrix, trainClass32);
  checkTest(fn, ts, testMatrix, testClass32);
  checkOptions(fn, options, DSA_KEYS);
  const { variant, eps } = dsaOptions(fn, options);
  return dsaScores(fitNeighbours(fn, ts), testMatrix, testClass32, variant, eps);
}
