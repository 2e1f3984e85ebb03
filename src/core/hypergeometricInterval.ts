/**
 * The exact confidence bounds for the number of successes M in a finite
 * population of N, from x successes in a simple random sample of n drawn
 * without replacement.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import { hypergeometricCdf } from "./hypergeometric.js";

/**
 * [M_L, M_U] with M_L the smallest M in {0..N} such that P(X >= x | M) >= tail
 * and M_U the largest M such that P(X <= x | M) >= tail, X ~ Hypergeometric(N, M, n)
 * (Buonaccorsi 1987; Wright 1991; Wendell & Schmee 2001). With tail = alpha/2
 * the interval covers the true M with probability >= 1 - alpha for every M.
 * The comparison allows 1e-12 relative rounding slack, so that an exact tie
 * (e.g. P(X <= 49 | M = 999) = 0.05 for n = 50, N = 1000) counts as one
 * whichever way the last bit of either side rounds; the slack only widens.
 *
 * Algorithm: both tails are monotone in M, so each bound is a binary search
 * over the feasible M (x <= M <= N - n + x): about log2(N) evaluations of a
 * log-space hypergeometric tail, each summing only the terms that matter.
 *
 * Callers validate: integers 0 <= x <= n <= N, 0 < tail < 1.
 */
export function hypergeometricInterval(
  x: number,
  n: number,
  N: number,
  tail: number,
): [number, number] {
  const cut = tail * (1 - 1e-12);
  const mMin = x;
  const mMax = N - n + x;
  // lower: P(X >= x | M) = P(X > x - 1 | M), rising in M; true at mMax
  let lo = mMin;
  if (x > 0 && !(hypergeometricCdf(x - 1, N, mMin, n, true) >= cut)) {
    let bad = mMin;
    let good = mMax;
    while (good - bad > 1) {
      const mid = bad + ((good - bad) >> 1);
      if (hypergeometricCdf(x - 1, N, mid, n, true) >= cut) good = mid;
      else bad = mid;
    }
    lo = good;
  }
  // upper: P(X <= x | M), falling in M; true at mMin
  let hi = mMax;
  if (x < n && !(hypergeometricCdf(x, N, mMax, n) >= cut)) {
    let good = mMin;
    let bad = mMax;
    while (bad - good > 1) {
      const mid = good + ((bad - good) >> 1);
      if (hypergeometricCdf(x, N, mid, n) >= cut) good = mid;
      else bad = mid;
    }
    hi = good;
  }
  return [lo, hi];
}
