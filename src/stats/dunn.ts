import { normalCdf } from "../core/normal.js";
import type { RowMatrix } from "../core/rowMatrix.js";
import {
  assertUnreachable,
  checkChoice,
  checkLength,
  checkOptions,
  optionKeys,
} from "../core/validate.js";
import { pooledRanks } from "./_groups.js";
import { holm } from "./holm.js";

const KEYS = optionKeys<DunnOptions>()("adjust");

/** Multiple-comparison adjustment used by {@link dunn}. */
export type DunnAdjust = "holm" | "bonferroni" | "none";

/** Options of {@link dunn}. */
export type DunnOptions = {
  /**
   * Adjustment over the k (k - 1) / 2 pairwise p-values.
   * @defaultValue "holm"
   */
  readonly adjust?: DunnAdjust;
};

/** Result of {@link dunn}. */
export type DunnResult = {
  /** k x k z statistics, z_ij = (Rbar_i - Rbar_j) / se_ij (antisymmetric; positive when group i ranks higher). */
  readonly statistic: RowMatrix;
  /** k x k two-sided p-values after the adjustment (diagonal 1). */
  readonly pValue: RowMatrix;
  /** k x k two-sided p-values before any adjustment (diagonal 1). */
  readonly pValueUnadjusted: RowMatrix;
  /** The adjustment applied. */
  readonly adjust: DunnAdjust;
  /** Mean pooled mid-rank of each group (rank 1 = smallest value). */
  readonly meanRanks: Float64Array;
};

/**
 * Dunn's post-hoc test after a Kruskal–Wallis test: all pairwise comparisons
 * of mean ranks, with tie correction and a multiple-comparison adjustment.
 *
 * Pooled mid-ranks; for groups i, j with mean ranks Rbar and sizes n,
 * z_ij = (Rbar_i - Rbar_j) / sqrt(B (1/n_i + 1/n_j)),
 * B = N (N + 1) / 12 - sum (t^3 - t) / (12 (N - 1)),
 * p_ij = 2 * (1 - Phi(|z_ij|)), then Holm or Bonferroni (min(1, m p)) over the
 * m = k (k - 1) / 2 pairs. The same computation as scikit-posthocs'
 * `posthoc_dunn(groups, p_adjust=...)`; scikit-posthocs is not installed here,
 * so the fixtures compute this formula directly with numpy/scipy/statsmodels.
 *
 * @param groups - k >= 2 non-empty samples of finite values.
 * @param options - See {@link DunnOptions}.
 * @returns Pairwise z statistics, adjusted and raw p-values, and mean ranks.
 * @throws {TypeError} If `groups` is not an array of `Float64Array` or `options` is not an object.
 * @throws {RangeError} If there are fewer than 2 groups, a group is empty, a value
 *   is not finite, all values are identical, or `adjust` is unknown.
 * @see Dunn, O. J. (1964). Multiple comparisons using rank sums. Technometrics 6, 241-252.
 * @see scikit-posthocs `posthoc_dunn`; R `dunn.test`.
 * @example
 * ```ts
 * const r = dunn([
 *   new Float64Array([1, 2, 3]),
 *   new Float64Array([4, 5, 6]),
 *   new Float64Array([7, 8, 9]),
 * ], { adjust: "none" });
 * r.statistic.data[2]; // -2.6832815729997477 (group 0 vs group 2)
 * r.pValue.data[2];    // 0.007290358091535644
 * ```
 */
export function dunn(groups: readonly ArrayLike<number>[], options?: DunnOptions): DunnResult {
  const fn = "dunn";
  checkOptions(fn, options, KEYS);
  const { adjust = "holm" } = options ?? {};
  checkChoice(fn, "options.adjust", adjust, ["holm", "bonferroni", "none"] as const);
  const { meanRanks, sizes, total, tieSum } = pooledRanks(fn, groups);
  const k = sizes.length;
  // the k x k outputs (and the k (k - 1) / 2 pairs) within the library's size limit
  checkLength(fn, "groups.length squared (the k x k outputs)", k * k);
  const b = (total * (total + 1)) / 12 - tieSum / (12 * (total - 1));
  const z = new Float64Array(k * k);
  const raw = new Float64Array(k * k).fill(1);
  const m = (k * (k - 1)) / 2;
  const pairs = new Float64Array(m);
  let t = 0;
  for (let i = 0; i < k; i++) {
    for (let j = i + 1; j < k; j++) {
      const se = Math.sqrt(b * (1 / (sizes[i] as number) + 1 / (sizes[j] as number)));
      const zij = ((meanRanks[i] as number) - (meanRanks[j] as number)) / se;
      const p = Math.min(1, 2 * normalCdf(-Math.abs(zij)));
      z[i * k + j] = zij;
      z[j * k + i] = -zij;
      raw[i * k + j] = p;
      raw[j * k + i] = p;
      pairs[t++] = p;
    }
  }
  let adjusted: Float64Array;
  switch (adjust) {
    case "holm":
      adjusted = holm(pairs);
      break;
    case "bonferroni":
      adjusted = pairs.map((p) => Math.min(1, m * p));
      break;
    case "none":
      adjusted = pairs;
      break;
    default:
      assertUnreachable(fn, adjust);
  }
  const adj = new Float64Array(k * k).fill(1);
  t = 0;
  for (let i = 0; i < k; i++) {
    for (let j = i + 1; j < k; j++) {
      const p = adjusted[t++] as number;
      adj[i * k + j] = p;
      adj[j * k + i] = p;
    }
  }
  return {
    statistic: { data: z, rows: k, cols: k },
    pValue: { data: adj, rows: k, cols: k },
    pValueUnadjusted: { data: raw, rows: k, cols: k },
    adjust,
    meanRanks,
  };
}
