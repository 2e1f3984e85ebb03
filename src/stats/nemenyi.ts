import jStat from "jstat";
import { normalCdf, normalQuantile } from "../core/normal.js";
import type { RowMatrix } from "../core/rowMatrix.js";
import {
  asFloat64Array,
  checkFloat64Array,
  checkInteger,
  checkLength,
  checkNumber,
  checkOptions,
  fail,
  optionKeys,
} from "../core/validate.js";

const KEYS = optionKeys<NemenyiOptions>()("alpha");

/** Options of {@link nemenyi}. */
export type NemenyiOptions = {
  /**
   * Family-wise significance level, in (0, 1).
   * @defaultValue 0.05
   */
  readonly alpha?: number;
};

/** Result of {@link nemenyi}. */
export type NemenyiResult = {
  /** Critical difference CD: two average ranks differing by more than CD differ significantly. */
  readonly criticalDifference: number;
  /** Demšar's q_alpha: the studentized range quantile (k means, infinite df) divided by sqrt(2). */
  readonly qAlpha: number;
  /** The significance level used. */
  readonly alpha: number;
  /** Number of treatments k. */
  readonly nTreatments: number;
  /** Number of blocks N. */
  readonly nBlocks: number;
  /** k x k studentized range statistics q_ij = |R_i - R_j| / sqrt(k (k + 1) / (12 N)) (diagonal 0). */
  readonly statistic: RowMatrix;
  /** k x k p-values P(Q_{k,inf} >= q_ij) (diagonal 1); significant pairs have p < alpha. */
  readonly pValue: RowMatrix;
};

/**
 * Nemenyi post-hoc test after a Friedman test: the critical difference of
 * average ranks and all pairwise p-values.
 *
 * CD = q_alpha * sqrt(k (k + 1) / (6 N)), where q_alpha = q_{1-alpha}(k, inf) / sqrt(2)
 * and q_{1-alpha}(k, inf) is the upper alpha quantile of the studentized
 * range distribution for k means and infinite degrees of freedom (Demšar's
 * table: q_0.05 = 1.960, 2.343, 2.569, ... for k = 2, 3, 4). Pairwise,
 * q_ij = |R_i - R_j| / sqrt(k (k + 1) / (12 N)) and p_ij = P(Q >= q_ij), so
 * p_ij < alpha exactly when |R_i - R_j| > CD (as scikit-posthocs'
 * `posthoc_nemenyi_friedman`).
 *
 * For k = 2 the studentized range of two means is |Z_1 - Z_2| with
 * Z_1 - Z_2 ~ N(0, 2), so q_alpha = z_{1-alpha/2} (Demšar's 1.960) and
 * p_ij = 2 Phi(-q_ij / sqrt(2)) exactly. Both come from the normal
 * distribution, with a relative error of about 1e-13 also for p-values far
 * below 1e-12 (1.5e-23 for average ranks 1 and 2 over 100 blocks).
 *
 * For k >= 3 the studentized range quantile and CDF come from jStat's ports
 * of R's `qtukey` / `ptukey` and share R's accuracy limits. The quantile is a
 * secant search that stops when two iterates differ by less than 1e-4.
 * Measured against scipy 1.10's `studentized_range`, it agrees to about 1e-7
 * relative. The p-value is 1 - CDF, where the CDF is a numerical integral.
 * Measured against a 40-digit mpmath integral for k = 3 to 50, its absolute
 * error is up to about 1e-8 in the body for k <= 20 (2.8e-7 at k = 50,
 * p = 0.77) and about 1e-14 (k = 3) to 5e-13 (k = 50) in the tail. So a
 * p-value keeps about 1e-6 relative accuracy down to about 1e-8. It is off by
 * 1e-5 to 1e-4 near 1e-9 and by 0.1% to 10% near 1e-11. Below about 1e-12 it
 * is unreliable: it stays near 1e-14 to 5e-13 whatever the true value (e.g.
 * 2.9e-14 where the truth is 6.5e-17), or it is exactly 0.
 *
 * @param averageRanks - Average rank of each of the k >= 2 treatments over the N blocks
 *   (e.g. from the function `averageRanks` or from {@link friedman}); values in [1, k].
 * @param nBlocks - Number of blocks N >= 2 the ranks were averaged over.
 * @param options - See {@link NemenyiOptions}.
 * @returns The critical difference, q_alpha and the pairwise statistics and p-values.
 * @throws {TypeError} If `averageRanks` is not a `Float64Array` or an array of numbers or `nBlocks`/`alpha`
 *   is not a number.
 * @throws {RangeError} If fewer than 2 ranks, a rank outside [1, k] or not finite,
 *   `nBlocks` not an integer >= 2, `alpha` outside (0, 1), or the studentized range quantile does
 *   not converge for a large `alpha` with many treatments (e.g. alpha 0.9 with 20; R's `qtukey`
 *   fails there too). Ranks are taken as given: their sum is not checked against k (k + 1) / 2, so
 *   that ranks copied from a table with rounding still work.
 * @see Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets. JMLR 7, 1-30 (section 3.2.2, table 5).
 * @see Nemenyi, P. (1963). Distribution-free multiple comparisons. PhD thesis, Princeton.
 * @example
 * ```ts
 * const r = nemenyi(new Float64Array([1.2, 2.1, 2.7]), 10);
 * r.qAlpha;             // 2.3437005879021404
 * r.criticalDifference; // 1.0481347666910814
 * r.pValue.data[2];     // 0.002296451825072099 (treatments 0 and 2)
 * ```
 */
export function nemenyi(
  averageRanks: ArrayLike<number>,
  nBlocks: number,
  options?: NemenyiOptions,
): NemenyiResult {
  const fn = "nemenyi";
  checkOptions(fn, options, KEYS);
  const { alpha = 0.05 } = options ?? {};
  const averageRanks64 = asFloat64Array(fn, "averageRanks", averageRanks);
  const k = averageRanks64.length;
  checkFloat64Array(fn, "averageRanks", averageRanks64, { min: 1, max: Math.max(k, 1) });
  if (k < 2) fail(fn, "averageRanks needs at least 2 treatments", k);
  checkInteger(fn, "nBlocks", nBlocks, 2);
  checkNumber(fn, "options.alpha", alpha, 0, 1, { lower: true, upper: true });
  checkLength(fn, "averageRanks.length squared (the k x k outputs)", k * k);
  const qAlpha = k === 2 ? -normalQuantile(alpha / 2) : tukeyQuantile(fn, alpha, k) / Math.SQRT2;
  const criticalDifference = qAlpha * Math.sqrt((k * (k + 1)) / (6 * nBlocks));
  const se = Math.sqrt((k * (k + 1)) / (12 * nBlocks));
  const stat = new Float64Array(k * k);
  const p = new Float64Array(k * k);
  for (let i = 0; i < k; i++) {
    p[i * k + i] = 1;
    for (let j = i + 1; j < k; j++) {
      const q = Math.abs((averageRanks64[i] as number) - (averageRanks64[j] as number)) / se;
      const pij = q === 0 ? 1 : tukeySf(q, k);
      stat[i * k + j] = q;
      stat[j * k + i] = q;
      p[i * k + j] = pij;
      p[j * k + i] = pij;
    }
  }
  return {
    criticalDifference,
    qAlpha,
    alpha,
    nTreatments: k,
    nBlocks,
    statistic: { data: stat, rows: k, cols: k },
    pValue: { data: p, rows: k, cols: k },
  };
}

/**
 * P(Q_{k,inf} >= q). For k = 2, Q = |Z_1 - Z_2| with Z_1 - Z_2 ~ N(0, 2), so the tail is
 * exactly 2 Phi(-q / sqrt(2)) (as accurate as `normalCdf`, about 1e-13 relative, into the
 * far tail). For k > 2 it is 1 - CDF by jStat's port of R's `ptukey`.
 */
function tukeySf(q: number, k: number): number {
  if (k === 2) return Math.min(1, 2 * normalCdf(-q / Math.SQRT2));
  return Math.min(1, Math.max(0, 1 - jStat.tukey.cdf(q, k, Number.POSITIVE_INFINITY)));
}

/** The upper alpha quantile of Q_{k,inf} by jStat's port of R's `qtukey` (k > 2). */
function tukeyQuantile(fn: string, alpha: number, k: number): number {
  let qTukey: number;
  try {
    qTukey = jStat.tukey.inv(1 - alpha, k, Number.POSITIVE_INFINITY);
  } catch {
    // jStat's quantile iteration gives up at some large alpha for many treatments
    qTukey = Number.NaN;
  }
  if (!Number.isFinite(qTukey)) {
    fail(
      fn,
      `the studentized range quantile at 1 - alpha = ${1 - alpha} for ${k} treatments does not converge (jStat); use a smaller options.alpha (e.g. 0.05)`,
      alpha,
    );
  }
  return qTukey;
}
