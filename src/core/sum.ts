import { fail, failType } from "./validate.js";

/**
 * Compensated (Neumaier) sum of a numeric array: the rounding error of every
 * addition of the naive left-to-right sum is computed exactly, and the errors
 * are summed and added back at the end. The result is as accurate as the naive
 * sum carried out in twice the working precision and then rounded once:
 * |result - sum| <= u |sum| + g^2 sum_i |x_i|, with u = 2^-53 and
 * g = (n - 1) u / (1 - (n - 1) u) for n values (Ogita, Rump & Oishi 2005,
 * Proposition 4.5; their Sum2 is this algorithm). For values of one sign
 * (probabilities, inclusion probabilities that must add to an integer, squares)
 * the second term is at most about n^2 u^2 |sum|, so the result is within about
 * one ulp. It is not exactly rounded when the values cancel: once sum_i |x_i|
 * exceeds |sum| by a factor near 1 / u^2 (about 1e32) the second term can
 * swamp the result, e.g. `fsum([1e200, 1e100, 1, -1e200, -1e100])` is 0
 * although the exact sum is 1 (Shewchuk's algorithm, Python's `math.fsum`,
 * gives 1).
 *
 * When a partial sum overflows although every value is finite (e.g.
 * 1e308 + 1e308 - 1e308), the sum is recomputed on the values scaled by a
 * power of two (exact) so that the result is ±Infinity only when the true sum
 * exceeds the double range (|sum| > `Number.MAX_VALUE`, e.g. two values of
 * 1e308). That overflow is reported as ±Infinity, deliberately not as an
 * error: it is the correctly rounded sum, and the callers (which name their
 * own public function in their errors) test the total themselves
 * (`!(total > 0)`, `Number.isFinite`, a tolerance around 1 or an integer)
 * and fail on it with their own message. The result is never NaN.
 *
 * @param x - The values: an array or typed array of numbers, each finite.
 * @returns Their sum: a finite number, or `Infinity` / `-Infinity` when the true sum of the finite
 *   values lies beyond ±`Number.MAX_VALUE`; never NaN.
 * @throws {TypeError} If `x` is not an array-like of numbers.
 * @throws {RangeError} If a value is NaN or infinite (`fsum: x[0] must be finite (got Infinity)`).
 * @see Neumaier, A. (1974). Rundungsfehleranalyse einiger Verfahren zur Summation endlicher Summen. ZAMM 54, 39-51.
 * @see Ogita, T., Rump, S. M., Oishi, S. (2005). Accurate sum and dot product. SIAM J. Sci. Comput. 26(6), 1955-1988.
 * @example
 * ```ts
 * fsum(new Float64Array([0.1, 0.2, 0.3, 0.4])); // 1
 * fsum([1e308, 1e308, -1e308]); // 1e+308
 * fsum([1e308, 1e308]); // Infinity  (the true sum exceeds the double range)
 * fsum([1e200, 1e100, 1, -1e200, -1e100]); // 0  (not exactly rounded under cancellation: the exact sum is 1)
 * ```
 */
export function fsum(x: ArrayLike<number>): number {
  if (!(x instanceof Float64Array)) checkNumbers(x);
  const r = neumaier(x, 1);
  if (Number.isFinite(r)) return r;
  for (let i = 0; i < x.length; i++) {
    const a = Math.abs(x[i] as number);
    if (!(a <= Number.MAX_VALUE)) fail("fsum", `x[${i}] must be finite`, x[i]);
  }
  // 2^-k with 2^k >= 2 length: every partial sum of the scaled values is at
  // most length * MAX_VALUE / 2^k <= MAX_VALUE / 2, and small values stay normal
  // (a scale of big / 2^52, 2^-972 at 1e308, made 3e-300 underflow to 0)
  const scale = 2 ** -(Math.ceil(Math.log2(x.length)) + 1);
  return neumaier(x, scale) / scale;
}

function neumaier(x: ArrayLike<number>, scale: number): number {
  let s = 0;
  let c = 0;
  for (let i = 0; i < x.length; i++) {
    const v = (x[i] as number) * scale;
    const t = s + v;
    c += Math.abs(s) >= Math.abs(v) ? s - t + v : v - t + s;
    s = t;
  }
  return s + c;
}

function checkNumbers(x: ArrayLike<number>): void {
  if (!(ArrayBuffer.isView(x) || Array.isArray(x))) {
    failType("fsum", "x must be an array or typed array of numbers");
  }
  for (let i = 0; i < x.length; i++) {
    if (typeof x[i] !== "number") failType("fsum", `x[${i}] is not a number`);
  }
}
