/**
 * The default interval of the strategies whose design variance estimate is
 * too unstable at small n for Korn–Graubard's `"beta"`: the same interval
 * with its effective sample size capped at n (`"betaCapped"`).
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import { firstNonBinary, intervalEstimate } from "../estimate/_interval.js";
import type { Estimate } from "../estimate/confidenceInterval.js";
import { intervalDefaults } from "../estimate/intervalDefaults.js";
import type { EstimatorChoice } from "./_askTell.js";

/**
 * Recomputes an estimate's default design interval (`intervalDefaults.design`,
 * chosen because `options.interval` was not given and the labels are 0/1) as
 * `"betaCapped"`: n* = min(n, p(1-p)/v · (t_{n-1}/t_df)²), from the
 * estimate's own estimate, variance, n, df and Kish size. Used by `twoUps`
 * and `d2Strat`, whose `"beta"` interval covered below 93 % in a cell of
 * docs/replication/coverage.md (90.8 % and 91.6 % at n = 30 on CIFAR-100
 * model G, 34 % failures: a sample that drew few of the low-risk,
 * large-weight units, or whose Satterthwaite df is small, gets a low
 * estimate and a low variance estimate together, and n* exceeded n), and by
 * `rhc`, `deepEst`, `systematicPps` and `mcucb`, whose `"beta"` worst cell
 * (93.5-94.3 %) was within two Monte Carlo standard errors of 93 %.
 * An interval the user chose, labels that are not all 0/1 (graded scores
 * get plain `"beta"`), a negative variance and a census are returned unchanged; a flag already raised (`reliable: false`
 * and its warning) stands.
 */
export function cappedDefaultInterval(
  fn: string,
  e: Estimate,
  y: Float64Array,
  est: EstimatorChoice,
): Estimate {
  if (est.interval !== undefined || e.interval !== intervalDefaults.design) return e;
  // the cap (a design effect of at least 1 against p (1 - p) per label) is for 0/1 labels:
  // a graded score's per-label variance is far below p (1 - p), and capped it made the
  // interval 4-7 times the width of the uncapped one (0.35 for 0.08 at n = 30)
  if (firstNonBinary(y) >= 0) return e;
  if (!(e.variance >= 0) || e.ci[0] === e.ci[1]) return e;
  const capped = intervalEstimate(fn, {
    method: e.method,
    estimate: e.estimate,
    variance: e.variance,
    level: est.level,
    n: e.n,
    y,
    design: { srs: false, df: e.df, census: false, nEffective: e.nEffective },
    interval: "betaCapped",
  });
  return e.reliable
    ? { ...capped, method: e.method }
    : { ...capped, method: e.method, reliable: false, warning: e.warning };
}
