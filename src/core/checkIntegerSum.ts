import { fsum } from "./sum.js";
import { checkFloat64Array, fail } from "./validate.js";

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
  return integerOrFail(fn, arg, fsum(x), x.length);
}

function integerOrFail(fn: string, arg: string, sum: number, length: number): number {
  const n = Math.round(sum);
  const tolerance = Math.min(1e-4, 1e-9 * Math.max(1, length));
  if (!(Math.abs(sum - n) <= tolerance)) {
    fail(
      fn,
      `${arg} must sum to an integer sample size (within ${tolerance}); rescale with inclusionProbabilities(size, n)`,
      sum,
    );
  }
  return n;
}

/**
 * One pass that does what `checkFloat64Array(fn, arg, pik, { min: 0, max: 1,
 * allowEmpty: false })` followed by `checkIntegerSum(fn, arg, pik)` do in two:
 * the hot path of the fixed-size designs (systematic, pivotal) reads the
 * probabilities once. On the first bad value it defers to
 * `checkFloat64Array` so the messages are identical.
 *
 * @internal
 */
export function checkPikSum(fn: string, arg: string, pik: unknown): number {
  if (!(pik instanceof Float64Array) || pik.length === 0) {
    checkFloat64Array(fn, arg, pik, { min: 0, max: 1, allowEmpty: false });
    return 0;
  }
  let s = 0;
  let c = 0;
  for (let i = 0; i < pik.length; i++) {
    const v = pik[i] as number;
    if (!(v >= 0 && v <= 1)) {
      checkFloat64Array(fn, arg, pik, { min: 0, max: 1, allowEmpty: false });
    }
    const t = s + v;
    c += s >= v ? s - t + v : v - t + s;
    s = t;
  }
  return integerOrFail(fn, arg, s + c, pik.length);
}
