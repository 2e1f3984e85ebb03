import { midRanks } from "../core/midRanks.js";
import { checkSameLength, fail, toBinary, toFloat64Array } from "../core/validate.js";

/**
 * Area under the ROC curve of scores for binary labels, by ranks
 * (Mann–Whitney U): the probability that a random positive scores higher
 * than a random negative, ties counting one half.
 *
 * AUC = (R_1 - n_1 (n_1 + 1) / 2) / (n_1 n_0), where R_1 is the sum of the
 * mid-ranks of the n_1 positives among all scores and n_0 the number of
 * negatives. O(n log n). Equals sklearn's `roc_auc_score(labels, scores)`.
 *
 * @param scores - Finite scores, higher = more likely positive.
 * @param labels - 1 = positive (e.g. failure), 0 = negative, same length as `scores`.
 * @returns AUC in [0, 1]; 0.5 for an uninformative score.
 * @throws {TypeError} If `scores` is not a `Float64Array` or an array of numbers or `labels` is not a
 *   `Uint8Array` or an array of 0/1 or booleans.
 * @throws {RangeError} If a score is not finite, a label is not 0/1, the lengths
 *   differ, or only one class is present.
 * @see Hanley, J. A., McNeil, B. J. (1982). The meaning and use of the area under a ROC curve. Radiology 143, 29-36.
 * @see sklearn.metrics.roc_auc_score; scipy.stats.mannwhitneyu.
 * @example
 * ```ts
 * auc(new Float64Array([0.1, 0.4, 0.35, 0.8]), new Uint8Array([0, 0, 1, 1])); // 0.75
 * ```
 */
export function auc(scores: ArrayLike<number>, labels: ArrayLike<number | boolean>): number {
  const fn = "auc";
  const scores64 = toFloat64Array(fn, "scores", scores);
  const labels01 = toBinary(fn, "labels", labels);
  checkSameLength(fn, "scores", scores64, "labels", labels01);
  let n1 = 0;
  for (let i = 0; i < labels01.length; i++) n1 += labels01[i] as number;
  const n0 = labels01.length - n1;
  if (n1 === 0 || n0 === 0) {
    fail(fn, `labels must contain both classes (${n1} positives, ${n0} negatives)`);
  }
  const { ranks } = midRanks(scores64);
  let r1 = 0;
  for (let i = 0; i < ranks.length; i++) if (labels01[i] === 1) r1 += ranks[i] as number;
  return (r1 - (n1 * (n1 + 1)) / 2) / (n1 * n0);
}
