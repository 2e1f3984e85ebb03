import type { Rng } from "../core/rng.js";
import type { RowMatrix } from "../core/rowMatrix.js";
import { checkInteger, checkOptions, checkRng, optionKeys, toRowMatrix } from "../core/validate.js";

import { kmeansLabels } from "./_kmeans.js";

const KEYS = optionKeys<KmeansSlicesOptions>()("maxIterations");

/** Options of {@link kmeansSlices}. */
export type KmeansSlicesOptions = {
  /** Most Lloyd iterations. @defaultValue 100 */
  readonly maxIterations?: number;
};

/**
 * The clustering baseline of slice identification: k-means slices.
 *
 * Seeds by k-means++ drawn with `rng` (first centre uniform, each next centre
 * with probability proportional to the squared distance to the nearest chosen
 * centre; Arthur & Vassilvitskii 2007), then runs Lloyd's algorithm
 * (squared Euclidean; stops once no centre moves more than 1e-6 in squared
 * distance, the rule and arithmetic of `ml-kmeans` 7, which this replaced bit
 * for bit; an empty cluster keeps its centre). Slices carry the cluster
 * index; a cluster that empties leaves its id unused. Sizes are not bounded
 * (unlike {@link identifySlices}). The paper's clustering baselines are a
 * Gaussian mixture and HDBSCAN: the Gaussian mixture is {@link gmmSlices} (EM
 * as scikit-learn's `GaussianMixture`); k-means (the limit of a mixture with
 * equal spherical covariances and hard assignments) is an additional,
 * cheaper baseline.
 *
 * @param signals - N x d signal vectors.
 * @param k - Number of clusters, 1..N.
 * @param rng - Uniform random source in [0, 1).
 * @param options - `maxIterations` (default 100).
 * @returns The cluster (slice) id per instance, ids in [0, k).
 * @throws {TypeError} If `signals` is not a `RowMatrix` or a `number[][]` or `rng` not a function.
 * @throws {RangeError} If `signals` is empty or non-finite, or k is outside 1..N.
 * @see sklearn.cluster.KMeans; Arthur, D., Vassilvitskii, S. (2007). k-means++. SODA.
 * @example
 * ```ts
 * kmeansSlices(rowMatrix([[0], [0.1], [5], [5.1]]), 2, createRng(1)); // Int32Array [1, 1, 0, 0]
 * ```
 */
export function kmeansSlices(
  signals: RowMatrix | readonly ArrayLike<number>[],
  k: number,
  rng: Rng,
  options: KmeansSlicesOptions = {},
): Int32Array {
  const fn = "kmeansSlices";
  const signalsMatrix = toRowMatrix(fn, "signals", signals, { allowEmpty: false });
  checkInteger(fn, "k", k, 1, signalsMatrix.rows);
  checkRng(fn, rng);
  checkOptions(fn, options, KEYS);
  const { maxIterations = 100 } = options;
  checkInteger(fn, "maxIterations", maxIterations, 1);
  return kmeansLabels(fn, signalsMatrix, k, rng, maxIterations);
}
