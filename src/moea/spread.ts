import { exponentOf, maxAbs, needsScaling, scaledCopy } from "../core/_scale.js";
import type { RowMatrix } from "../core/rowMatrix.js";
import { checkOptions, fail, optionKeys, toRowMatrix } from "../core/validate.js";

const KEYS = optionKeys<SpreadOptions>()("extremes");

/** Options of {@link spread}. */
export type SpreadOptions = {
  /**
   * The two extreme points of the true front, as a 2 x 2 matrix: row 0 the
   * extreme with the smallest f_1 (e.g. (0, 1) on ZDT1), row 1 the one with
   * the largest f_1 (e.g. (1, 0)). Default: the front's own extremes, so
   * d_f = d_l = 0.
   */
  readonly extremes?: RowMatrix | readonly ArrayLike<number>[];
};

/**
 * Deb's spread (diversity) metric Delta of a two-objective front.
 *
 * Formula (Deb et al. 2002, eq. 1): sort the N points by f_1 (then f_2); with
 * d_i the Euclidean distances between consecutive points (i = 1..N-1), d-bar
 * their mean, and d_f, d_l the distances from the first and last point to the
 * true front's extremes,
 * Delta = (d_f + d_l + sum_i |d_i - d-bar|) / (d_f + d_l + (N - 1) d-bar).
 * 0 means evenly spaced points reaching the extremes. Duplicate points count
 * as zero gaps, as in DEAP's `diversity`; remove them first if unwanted.
 *
 * @param front - The approximation: two columns, at least two rows.
 * @param options - The true front's extremes (default: the front's own).
 * @returns Delta (>= 0).
 * @throws {TypeError} If an argument is not a `RowMatrix` or a `number[][]`.
 * @throws {RangeError} If `front` does not have two columns and at least two
 *   rows, `extremes` is not 2 x 2, a value is not finite, or the denominator is
 *   0 (all points identical and on the extremes). Huge or tiny finite values
 *   (beyond 2^±400) are handled exactly by rescaling (Delta is scale-free), so
 *   they never give Infinity or NaN.
 * @see Deb, K. et al. (2002). NSGA-II. IEEE Trans. Evol. Comput. 6(2), 182-197, Section IV-B.
 * @see DEAP `benchmarks.tools.diversity`
 * @example
 * ```ts
 * const F = rowMatrix([[0, 1], [0.5, 0.5], [1, 0]]);
 * spread(F); // 0
 * spread(F, { extremes: rowMatrix([[0, 1.5], [1.5, 0]]) });
 * // 0.4142135623730951  (= (0.5 + 0.5) / (0.5 + 0.5 + 2 sqrt(0.5)))
 * ```
 */
export function spread(
  front: RowMatrix | readonly ArrayLike<number>[],
  options: SpreadOptions = {},
): number {
  const fn = "spread";
  const frontMatrix = toRowMatrix(fn, "front", front);
  checkOptions(fn, options, KEYS);
  if (frontMatrix.cols !== 2) fail(fn, "front must have 2 columns", frontMatrix.cols);
  const n = frontMatrix.rows;
  if (n < 2) fail(fn, "front must have at least 2 rows", n);
  const extremes =
    options.extremes === undefined ? undefined : toRowMatrix(fn, "extremes", options.extremes);
  if (extremes !== undefined && (extremes.rows !== 2 || extremes.cols !== 2)) {
    fail(fn, "extremes must be a 2 x 2 matrix");
  }
  // Delta is a ratio of distances: inputs beyond 2^±400, whose distances
  // could overflow (or underflow), are scaled together by a power of two
  // into [1, 2), which is exact and leaves Delta as it is.
  const big = Math.max(
    maxAbs(frontMatrix.data),
    extremes === undefined ? 0 : maxAbs(extremes.data),
  );
  const k = needsScaling(big) ? -exponentOf(big) : 0;
  const d = k === 0 ? frontMatrix.data : scaledCopy(frontMatrix.data, k);
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) =>
      (d[2 * a] as number) - (d[2 * b] as number) ||
      (d[2 * a + 1] as number) - (d[2 * b + 1] as number),
  );
  const first = order[0] as number;
  const last = order[n - 1] as number;
  let df = 0;
  let dl = 0;
  if (extremes !== undefined) {
    const e = k === 0 ? extremes.data : scaledCopy(extremes.data, k);
    df = Math.hypot(
      (d[2 * first] as number) - (e[0] as number),
      (d[2 * first + 1] as number) - (e[1] as number),
    );
    dl = Math.hypot(
      (d[2 * last] as number) - (e[2] as number),
      (d[2 * last + 1] as number) - (e[3] as number),
    );
  }
  const gaps = new Float64Array(n - 1);
  let sum = 0;
  for (let t = 0; t < n - 1; t++) {
    const p = order[t] as number;
    const q = order[t + 1] as number;
    const g = Math.hypot(
      (d[2 * q] as number) - (d[2 * p] as number),
      (d[2 * q + 1] as number) - (d[2 * p + 1] as number),
    );
    gaps[t] = g;
    sum += g;
  }
  const mean = sum / (n - 1);
  let dev = 0;
  for (let t = 0; t < n - 1; t++) dev += Math.abs((gaps[t] as number) - mean);
  const denom = df + dl + (n - 1) * mean;
  if (!(denom > 0)) fail(fn, "front has no spread (all points identical and on the extremes)");
  return (df + dl + dev) / denom;
}
