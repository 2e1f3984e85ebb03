/**
 * Hypergeometric distribution in log space: the probability of x successes
 * in n draws without replacement from N items of which M are successes.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import { bd0, stirlerr } from "./_saddlePoint.js";

/** log of the binomial probability P(X = x), X ~ Bin(n, p), by Loader's saddle-point form. */
function logBinomialRaw(x: number, n: number, p: number, q: number): number {
  if (x === 0) {
    if (n === 0) return 0;
    return p < 0.1 ? -bd0(n, n * q) - n * p : n * Math.log(q);
  }
  if (x === n) return q < 0.1 ? -bd0(n, n * p) - n * q : n * Math.log(p);
  const lc = stirlerr(n) - stirlerr(x) - stirlerr(n - x) - bd0(x, n * p) - bd0(n - x, n * q);
  return lc - 0.5 * (Math.log(2 * Math.PI) + Math.log(x) + Math.log1p(-x / n));
}

/**
 * log P(X = x) for X ~ Hypergeometric(N, M, n), for an integer x in the support.
 *
 * Algorithm: Loader's (2000) ratio of three binomial probabilities with the
 * common p = n / N, each by the saddle-point formula (stirlerr and bd0), which
 * keeps about 1e-14 relative accuracy for N in the millions (a difference of
 * log-factorials would lose digits to cancellation).
 * @see Loader, C. (2000). Fast and accurate computation of binomial probabilities.
 */
export function logHypergeometricPmf(x: number, N: number, M: number, n: number): number {
  const p = n / N;
  const q = (N - n) / N;
  return (
    logBinomialRaw(x, M, p, q) + logBinomialRaw(n - x, N - M, p, q) - logBinomialRaw(n, N, p, q)
  );
}

/**
 * P(X <= x) (or with `upper`, P(X > x)) for X ~ Hypergeometric(N, M, n):
 * n draws without replacement from N items of which M are successes.
 *
 * Algorithm: the tail on the short side of the mean n M / N is summed term
 * by term from x outwards with the pmf ratio
 * P(k - 1) / P(k) = k (N - M - n + k) / ((M - k + 1) (n - k + 1)), starting
 * from the log-space pmf at x, stopping when a term is below 1e-17 of the
 * sum; the other tail is one minus it. Cost: a few standard deviations of
 * terms at most, and a handful in the far tails.
 *
 * Callers validate: integers 0 <= M <= N, 0 <= n <= N; x any integer.
 */
export function hypergeometricCdf(
  x: number,
  N: number,
  M: number,
  n: number,
  upper = false,
): number {
  const kMin = Math.max(0, n - (N - M));
  const kMax = Math.min(n, M);
  if (x < kMin) return upper ? 1 : 0;
  if (x >= kMax) return upper ? 0 : 1;
  if (x * N <= n * M) {
    const low = lowerSum(x, N, M, n, kMin);
    return upper ? 1 - low : low;
  }
  const up = upperSum(x + 1, N, M, n, kMax);
  return upper ? up : 1 - up;
}

/** P(X <= x) summed downwards from x. */
function lowerSum(x: number, N: number, M: number, n: number, kMin: number): number {
  let term = 1;
  let sum = 1;
  for (let k = x; k > kMin; k--) {
    term *= (k * (N - M - n + k)) / ((M - k + 1) * (n - k + 1));
    sum += term;
    if (term < 1e-17 * sum) break;
  }
  return Math.min(1, Math.exp(logHypergeometricPmf(x, N, M, n)) * sum);
}

/** P(X >= x) summed upwards from x. */
function upperSum(x: number, N: number, M: number, n: number, kMax: number): number {
  let term = 1;
  let sum = 1;
  for (let k = x; k < kMax; k++) {
    term *= ((M - k) * (n - k)) / ((k + 1) * (N - M - n + k + 1));
    sum += term;
    if (term < 1e-17 * sum) break;
  }
  return Math.min(1, Math.exp(logHypergeometricPmf(x, N, M, n)) * sum);
}
