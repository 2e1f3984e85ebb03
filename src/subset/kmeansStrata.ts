import { lloyd } from "../core/_lloyd.js";
import { squaredEuclideanAt } from "../core/distance.js";
import type { RowMatrix } from "../core/rowMatrix.js";
import {
  asRowMatrix,
  checkInteger,
  checkOptions,
  checkRowMatrix,
  fail,
  optionKeys,
} from "../core/validate.js";
import { distanceScale } from "./_internal.js";
import { silhouette } from "./silhouette.js";

const KEYS = optionKeys<KmeansStrataOptions>()("kMin", "kMax");

/** Options of {@link kmeansStrata}. */
export type KmeansStrataOptions = {
  /** Smallest number of clusters tried, >= 2. @defaultValue 2 */
  readonly kMin?: number;
  /** Largest number of clusters tried (capped at N - 1). @defaultValue 15 */
  readonly kMax?: number;
};

/** Result of {@link kmeansStrata}. */
export type KmeansStrataResult = {
  /** Cluster label per row, 0..k-1 (dense, in order of first appearance in the rows). */
  readonly labels: Int32Array;
  /** The chosen number of clusters. */
  readonly k: number;
  /** Mean silhouette of the chosen clustering. */
  readonly silhouette: number;
  /** Mean silhouette for K = kMin, kMin + 1, ..., min(kMax, N - 1) (NaN where K could not be formed). */
  readonly scores: Float64Array;
};

/**
 * Clusters items into behavioural groups with k-means and picks the number of
 * clusters by the silhouette, for the paper's "clustering instead of outcome
 * strata" ablation.
 *
 * Algorithm: for K = kMin..kMax, Lloyd's k-means (squared Euclidean, at
 * most 100 rounds, stopping once no centre moves more than 1e-6 in squared
 * distance, an empty cluster keeping its centre: the rule and arithmetic of
 * `ml-kmeans` 7, which this replaced bit for bit) started from K
 * deterministic seeds: the row nearest the column mean, then repeatedly the
 * row farthest from its nearest seed (Gonzalez's max-min rule; ties to the
 * lowest index), so no random source is needed and the result is
 * reproducible. K is skipped (score NaN) when fewer than K distinct rows exist
 * or the clustering collapses to one cluster. The K with the highest mean
 * {@link silhouette} wins (ties: smallest K), as in the paper's K-Means
 * configuration (K from 2 to 15 by silhouette). Values beyond 2^480 (about
 * 3e144), whose squared distances could overflow, are clustered after scaling
 * `X` by a power of two (exact: the same labels and silhouettes); when the
 * nonzero |x| then span more than about 2^960, so that small differences
 * would underflow instead, a RangeError asks to rescale.
 *
 * @param X - The items, one row each (N >= 3).
 * @param options - `kMin` (default 2) and `kMax` (default 15).
 * @returns Labels, the chosen K, its silhouette and the score of every K tried.
 * @throws {TypeError} If `X` is not a `RowMatrix` or a `number[][]` or `options` is not an object.
 * @throws {RangeError} If `X` has fewer than 3 rows or a non-finite value, `kMin`/`kMax` are not integers
 *   with 2 <= kMin <= kMax, no K in the range gives at least two clusters, or `X` spans too wide a range
 *   (`kmeansStrata: X spans too wide a range to square its distances (|x| from 1 to 1e+308): rescale it`).
 * @see Lloyd (1982); Gonzalez (1985) max-min initialisation; Rousseeuw (1987) silhouette.
 * @see Ayyad et al. (2026), Trajectory-Aware Benchmark Subset Selection, section 6.3 (2).
 * @example
 * ```ts
 * const X = rowMatrix([[0, 0], [0, 1], [10, 0], [10, 1], [20, 0], [20, 1]]);
 * const r = kmeansStrata(X, { kMax: 4 });
 * r.k; // 3
 * r.labels; // Int32Array [0, 0, 1, 1, 2, 2]
 * ```
 */
export function kmeansStrata(
  X: RowMatrix | readonly ArrayLike<number>[],
  options: KmeansStrataOptions = {},
): KmeansStrataResult {
  const XMatrix = asRowMatrix("kmeansStrata", "X", X);
  return kmeansStrataAs("kmeansStrata", "X", XMatrix, options);
}

/** {@link kmeansStrata} whose errors name `fn` and call the matrix `arg` (for `embeddingMethod`'s methods). */
export function kmeansStrataAs(
  fn: string,
  arg: string,
  X: RowMatrix,
  options: KmeansStrataOptions = {},
): KmeansStrataResult {
  checkRowMatrix(fn, arg, X);
  checkOptions(fn, options, KEYS);
  const { kMin = 2, kMax = 15 } = options;
  checkInteger(fn, "options.kMin", kMin, 2);
  checkInteger(fn, "options.kMax", kMax, kMin);
  const N = X.rows;
  if (N < 3) fail(fn, `${arg} needs at least 3 rows`, N);
  // X itself for every ordinary input; beyond 2^480 X times a power of two
  // (and the tolerance times its square): Lloyd's rounds, the seeds and the
  // silhouette are exactly scale-equivariant, so the labels and scores are
  // those of X computed without overflow
  const scale = distanceScale(fn, arg, X.data, X.cols);
  const scaled =
    scale === 1
      ? { X, tolerance: 1e-6 }
      : {
          X: { data: X.data.map((x) => x * scale), rows: X.rows, cols: X.cols },
          tolerance: 1e-6 * scale * scale,
        };
  return cluster(fn, scaled, kMin, kMax);
}

function cluster(
  fn: string,
  scaled: { X: RowMatrix; tolerance: number },
  kMin: number,
  kMax: number,
): KmeansStrataResult {
  const { X, tolerance } = scaled;
  const N = X.rows;
  const top = Math.min(kMax, N - 1);
  const seeds = maxMinSeeds(X, top);
  const { data, cols } = X;
  // one score per K actually tried, so a huge kMax allocates nothing extra
  const scores = new Float64Array(Math.max(0, top - kMin + 1)).fill(Number.NaN);
  let best: Int32Array | undefined;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (let K = kMin; K <= top; K++) {
    if (K > seeds.length) break;
    const init = new Float64Array(K * cols);
    for (let c = 0; c < K; c++) {
      const i = seeds[c] as number;
      init.set(data.subarray(i * cols, i * cols + cols), c * cols);
    }
    const start = { data: init, rows: K, cols };
    const res = lloyd(X, start, { maxRounds: 100, tolerance, empty: "keep" });
    const labels = dense(res.labels);
    const distinct = new Set(labels).size;
    if (distinct < 2 || distinct > N - 1) continue;
    const s = silhouette(X, labels);
    scores[K - kMin] = s;
    if (s > bestScore) {
      bestScore = s;
      best = labels;
    }
  }
  if (best === undefined) fail(fn, `no K in [${kMin}, ${kMax}] gives two or more clusters`);
  return { labels: best, k: new Set(best).size, silhouette: bestScore, scores };
}

/** Row nearest the mean, then farthest-first; stops early when all rows coincide with a seed. */
function maxMinSeeds(X: RowMatrix, count: number): number[] {
  const { rows: N, cols, data } = X;
  const mean = new Float64Array(cols);
  for (let i = 0; i < N; i++) {
    for (let t = 0; t < cols; t++)
      mean[t] = (mean[t] as number) + (data[i * cols + t] as number) / N;
  }
  let first = 0;
  let bestD = Number.POSITIVE_INFINITY;
  for (let i = 0; i < N; i++) {
    const d = squaredEuclideanAt(data, i * cols, mean, 0, cols);
    if (d < bestD) {
      bestD = d;
      first = i;
    }
  }
  const seeds = [first];
  const minD = new Float64Array(N).fill(Number.POSITIVE_INFINITY);
  let last = first;
  while (seeds.length < count) {
    let arg = -1;
    let far = 0;
    for (let i = 0; i < N; i++) {
      const d = squaredEuclideanAt(data, i * cols, data, last * cols, cols);
      if (d < (minD[i] as number)) minD[i] = d;
      if ((minD[i] as number) > far) {
        far = minD[i] as number;
        arg = i;
      }
    }
    if (arg < 0) break;
    seeds.push(arg);
    last = arg;
  }
  return seeds;
}

function dense(clusters: Int32Array): Int32Array {
  const map = new Map<number, number>();
  return Int32Array.from(clusters, (c) => {
    let h = map.get(c);
    if (h === undefined) {
      h = map.size;
      map.set(c, h);
    }
    return h;
  });
}
