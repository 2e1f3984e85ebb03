import { fsum } from "./sum.js";
import { fail } from "./validate.js";

/**
 * Checks that inclusion probabilities sum to an integer sample size n and
 * returns n; otherwise throws a `RangeError` naming `fn`, `arg` and the fix.
 *
 * Tolerance: |fsum(x) - round(fsum(x))| <= min(1e-4, 1e-9 * max(1, N)).
 * pik computed in floating point (e.g. n * x / sum(x)) miss n by a few ulps
 * per unit, so the band grows with N; a naive float sum of N probabilities is
 * off by at most about N * 1.1e-16 * n, well inside it for N below 1e6, while
 * a real mistake (a budget of 9.5) is far outside it.
 *
 * @internal
 */
export function checkIntegerSum(fn: string, arg: string, x: ArrayLike<number>): number {
  const sum = fsum(x);
  const n = Math.round(sum);
  const tolerance = Math.min(1e-4, 1e-9 * Math.max(1, x.length));
  if (!(Math.abs(sum - n) <= tolerance)) {
    fail(
      fn,
      `${arg} must sum to an integer sample size (within ${tolerance}); rescale with inclusionProbabilities(size, n)`,
      sum,
    );
  }
  return n;
}
