import { chiSquareSf } from "../core/chiSquareSf.js";
import { pooledRanks } from "./_groups.js";

/** Result of {@link kruskalWallis}. */
export type KruskalWallisResult = {
  /** The tie-corrected H statistic. */
  readonly statistic: number;
  /** Upper-tail p-value from the chi-square distribution with k - 1 degrees of freedom. */
  readonly pValue: number;
  /** Degrees of freedom, k - 1. */
  readonly df: number;
  /** Total number of observations N. */
  readonly n: number;
  /** Mean pooled mid-rank of each group (rank 1 = smallest value). */
  readonly meanRanks: Float64Array;
};

/**
 * Kruskal–Wallis H test that k independent samples come from the same
 * distribution (one-way ANOVA on ranks).
 *
 * Rank all N values together with mid-ranks for ties; with R_i the rank sum
 * and n_i the size of group i,
 * H = [12 / (N (N + 1)) * sum_i R_i^2 / n_i - 3 (N + 1)] / C,
 * C = 1 - sum (t^3 - t) / (N^3 - N) over tie groups of size t.
 * The p-value is P(chi2_{k-1} >= H), as scipy's `kruskal` and R's `kruskal.test`.
 *
 * @param groups - k >= 2 non-empty samples of finite values.
 * @returns The statistic, p-value, degrees of freedom, N and mean ranks.
 * @throws {TypeError} If `groups` is not an array of `Float64Array`.
 * @throws {RangeError} If there are fewer than 2 groups, a group is empty, a value
 *   is not finite, or all values are identical (H is undefined).
 * @see Kruskal, W. H., Wallis, W. A. (1952). Use of ranks in one-criterion variance analysis. JASA 47, 583-621.
 * @see scipy.stats.kruskal; R `kruskal.test`.
 * @example
 * ```ts
 * const r = kruskalWallis([
 *   new Float64Array([1, 2, 3]),
 *   new Float64Array([4, 5, 6]),
 *   new Float64Array([7, 8, 9]),
 * ]);
 * r.statistic; // 7.200000000000003
 * r.pValue;    // 0.027323722447292524
 * ```
 */
export function kruskalWallis(groups: readonly ArrayLike<number>[]): KruskalWallisResult {
  const { meanRanks, sizes, total, tieSum } = pooledRanks("kruskalWallis", groups);
  const k = sizes.length;
  let ss = 0;
  for (let g = 0; g < k; g++) {
    const n = sizes[g] as number;
    const r = (meanRanks[g] as number) * n;
    ss += (r * r) / n;
  }
  const c = 1 - tieSum / (total * total * total - total);
  const statistic = Math.max(0, ((12 / (total * (total + 1))) * ss - 3 * (total + 1)) / c);
  return { statistic, pValue: chiSquareSf(statistic, k - 1), df: k - 1, n: total, meanRanks };
}
