import type { RowMatrix } from "../core/rowMatrix.js";
import { asRowMatrix, optionKeys } from "../core/validate.js";
import { blockRanks, checkDescending } from "./_blockRanks.js";

const KEYS = optionKeys<AverageRanksOptions>()("descending");

/** Options of {@link averageRanks}. */
export type AverageRanksOptions = {
  /**
   * Rank the largest score 1 instead of the smallest (use it for scores where
   * larger is better, such as accuracy).
   * @defaultValue false
   */
  readonly descending?: boolean;
};

/**
 * Average rank of every treatment over blocks, the input to the Friedman test
 * and to the Nemenyi critical-difference diagram.
 *
 * Each row (block, e.g. a dataset or a repetition) is ranked separately:
 * by default rank 1 goes to the SMALLEST score, which is the best one for
 * error metrics such as RMSE (the TCS replication ranks strategies this way);
 * set `descending` when larger is better. Ties receive mid-ranks (the mean of
 * the ranks they span). The result is R_j = (1/N) * sum_i r_ij.
 *
 * @param scores - N blocks (rows) x k treatments (columns), finite values, N >= 2, k >= 2.
 * @param options - See {@link AverageRanksOptions}.
 * @returns A `Float64Array` of length k; its values sum to (k + 1) / 2 * k.
 * @throws {TypeError} If `scores` is not a `RowMatrix` or a `number[][]` or an option has the wrong type.
 * @throws {RangeError} If a score is not finite, or there are fewer than 2 blocks or treatments.
 * @see Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets. JMLR 7, 1-30 (section 3.2.2).
 * @example
 * ```ts
 * const rmse = rowMatrix([[0.03, 0.05, 0.04], [0.02, 0.06, 0.06], [0.01, 0.02, 0.03]]);
 * averageRanks(rmse); // Float64Array [1, 2.5, 2.5]
 * averageRanks(rmse, { descending: true }); // Float64Array [3, 1.5, 1.5]
 * ```
 */
export function averageRanks(
  scores: RowMatrix | readonly ArrayLike<number>[],
  options?: AverageRanksOptions,
): Float64Array {
  const scoresMatrix = asRowMatrix("averageRanks", "scores", scores);
  const descending = checkDescending("averageRanks", options, KEYS);
  return blockRanks("averageRanks", scoresMatrix, descending).meanRanks;
}
