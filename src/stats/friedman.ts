import { chiSquareSf } from "../core/chiSquareSf.js";
import type { RowMatrix } from "../core/rowMatrix.js";
import { asRowMatrix, fail } from "../core/validate.js";
import { blockRanks } from "./_blockRanks.js";

/** Result of {@link friedman}. */
export type FriedmanResult = {
  /** The tie-corrected Friedman chi-square statistic. */
  readonly statistic: number;
  /** Upper-tail p-value from the chi-square distribution with k - 1 degrees of freedom. */
  readonly pValue: number;
  /** Degrees of freedom, k - 1. */
  readonly df: number;
  /** Number of blocks N (rows). */
  readonly nBlocks: number;
  /** Number of treatments k (columns). */
  readonly nTreatments: number;
  /** Average rank of each treatment, rank 1 = smallest score (as {@link averageRanks}). */
  readonly averageRanks: Float64Array;
};

/**
 * Friedman's rank test that k treatments measured on the same N blocks do not
 * differ (the omnibus test before a Nemenyi post-hoc comparison).
 *
 * Each block is ranked with mid-ranks for ties, R_j is treatment j's rank
 * sum, and
 * chi2 = [12 / (N k (k + 1)) * sum_j R_j^2 - 3 N (k + 1)] / C,
 * C = 1 - sum (t^3 - t) / (N k (k^2 - 1)),
 * where the tie sum runs over every tie group (of size t) in every block.
 * The p-value is P(chi2_{k-1} >= chi2). The statistic is the same whether
 * ranks are ascending or descending. Matches scipy's
 * `friedmanchisquare(*columns)` (which requires k >= 3; k = 2 is allowed
 * here and uses the same formula).
 *
 * @param scores - N blocks (rows) x k treatments (columns) of finite scores; N >= 2, k >= 2.
 * @returns The statistic, p-value, degrees of freedom, sizes and average ranks.
 * @throws {TypeError} If `scores` is not a `RowMatrix` or a `number[][]`.
 * @throws {RangeError} If a score is not finite, there are fewer than 2 blocks or
 *   2 treatments, or every block is entirely tied (the statistic is undefined).
 * @see Friedman, M. (1937). The use of ranks to avoid the assumption of normality. JASA 32, 675-701.
 * @see scipy.stats.friedmanchisquare; R `friedman.test`.
 * @example
 * ```ts
 * const scores = rowMatrix([[1, 2, 3], [1, 3, 2], [1, 2, 3], [2, 1, 3]]);
 * const r = friedman(scores);
 * r.statistic; // 4.5
 * r.pValue;    // 0.10539922456186433
 * r.averageRanks; // Float64Array [1.25, 2, 2.75]
 * ```
 */
export function friedman(scores: RowMatrix | readonly ArrayLike<number>[]): FriedmanResult {
  const fn = "friedman";
  const scoresMatrix = asRowMatrix(fn, "scores", scores);
  const { meanRanks, tieSum } = blockRanks(fn, scoresMatrix, false);
  const n = scoresMatrix.rows;
  const k = scoresMatrix.cols;
  const c = 1 - tieSum / (n * k * (k * k - 1));
  if (!(c > 0)) fail(fn, "every block of scores is entirely tied; the statistic is undefined");
  let ss = 0;
  for (let j = 0; j < k; j++) {
    const rj = (meanRanks[j] as number) * n;
    ss += rj * rj;
  }
  const statistic = Math.max(0, ((12 / (n * k * (k + 1))) * ss - 3 * n * (k + 1)) / c);
  return {
    statistic,
    pValue: chiSquareSf(statistic, k - 1),
    df: k - 1,
    nBlocks: n,
    nTreatments: k,
    averageRanks: meanRanks,
  };
}
