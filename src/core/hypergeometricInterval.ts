/**
 * The exact confidence bounds for the number of successes M in a finite
 * population of N, from x successes in a simple random sample of n drawn
 * without replacement.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import { hypergeometricCdf } from "./hypergeometric.js";
import { normalQuantile } from "./normal.js";

/**
 * [M_L, M_U] with M_L the smallest M in {0..N} such that P(X >= x | M) >= tail
 * and M_U the largest M such that P(X <= x | M) >= tail, X ~ Hypergeometric(N, M, n)
 * (Buonaccorsi 1987; Wright 1991; Wendell & Schmee 2001). With tail = alpha/2
 * the interval covers the true M with probability >= 1 - alpha for every M.
 * The comparison allows 1e-12 relative rounding slack, so that an exact tie
 * (e.g. P(X <= 49 | M = 999) = 0.05 for n = 50, N = 1000) counts as one
 * whichever way the last bit of either side rounds; the slack only widens.
 *
 * Algorithm: both tails are monotone in M, so each bound is a search over
 * the feasible M (x <= M <= N - n + x): from the Wilson bound (with the
 * finite-population factor) outwards by doubling steps, then bisection —
 * about 2 log2(N * se / 8) + a few evaluations of a log-space hypergeometric
 * tail, each summing only the terms that matter. Results are memoised
 * (20,000 entries), since coverage studies repeat the same (x, n, N, level).
 *
 * Callers validate: integers 0 <= x <= n <= N, 0 < tail < 1.
 */
export function hypergeometricInterval(
  x: number,
  n: number,
  N: number,
  tail: number,
): readonly [number, number] {
  // a coverage study asks for the same (x, n, N, tail) millions of times:
  // memoise (the answer is a pure function of the four integers/number)
  const key = `${x},${n},${N},${tail}`;
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  if (memo.size >= MEMO_SIZE) memo.clear();
  const result = searchBounds(x, n, N, tail);
  memo.set(key, result);
  return result;
}

const MEMO_SIZE = 20000;
const memo = new Map<string, readonly [number, number]>();

function searchBounds(x: number, n: number, N: number, tail: number): readonly [number, number] {
  const cut = tail * (1 - 1e-12);
  const mMin = x;
  const mMax = N - n + x;
  // starting guesses: the Wilson bounds with the finite-population factor,
  // searched outwards from there (doubling steps), then bisected
  const z = normalQuantile(1 - tail) * Math.sqrt(Math.max(0, (N - n) / Math.max(1, N - 1)));
  const p = x / n;
  const z2n = (z * z) / n;
  const centre = (p + z2n / 2) / (1 + z2n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2n / (4 * n))) / (1 + z2n);
  const step = Math.max(1, Math.round((N * half) / 8));
  // lower: P(X >= x | M) = P(X > x - 1 | M) rises in M; false at mMin unless x = 0
  const rises = (M: number): boolean => hypergeometricCdf(x - 1, N, M, n, true) >= cut;
  const lo =
    x === 0 || rises(mMin)
      ? mMin
      : firstTrue(rises, mMin, mMax, Math.round(N * (centre - half)), step);
  // upper: P(X <= x | M) falls in M; true at mMin
  const falls = (M: number): boolean => !(hypergeometricCdf(x, N, M, n) >= cut);
  const hi =
    x === n || !falls(mMax)
      ? mMax
      : firstTrue(falls, mMin, mMax, Math.round(N * (centre + half)), step) - 1;
  return [lo, hi];
}

/**
 * The smallest M in (bad, good] with pred(M) true, for pred monotone
 * (false ... false true ... true) with pred(bad) false and pred(good) true:
 * probes from `guess` outwards with doubling steps, then bisects.
 */
function firstTrue(
  pred: (M: number) => boolean,
  bad: number,
  good: number,
  guess: number,
  step: number,
): number {
  let g = Math.min(good - 1, Math.max(bad + 1, guess));
  let s = step;
  if (pred(g)) {
    good = g;
    for (;;) {
      g = good - s;
      if (g <= bad) break;
      if (pred(g)) good = g;
      else {
        bad = g;
        break;
      }
      s *= 2;
    }
  } else {
    bad = g;
    for (;;) {
      g = bad + s;
      if (g >= good) break;
      if (pred(g)) {
        good = g;
        break;
      }
      bad = g;
      s *= 2;
    }
  }
  while (good - bad > 1) {
    const mid = bad + ((good - bad) >> 1);
    if (pred(mid)) good = mid;
    else bad = mid;
  }
  return good;
}
