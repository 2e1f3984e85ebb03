/**
 * Exact rescaling of huge finite measures: a power of two that brings them
 * into a range where their sums (or squares) cannot overflow.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

/**
 * The largest magnitude a value may have for a sum of `n` such values, and
 * a few multiples of it, to stay finite: 2^1000 / n (far below the double
 * limit of about 2^1024).
 */
export function sumLimit(n: number): number {
  return 2 ** 1000 / Math.max(1, n);
}

/**
 * 1 when every |x_i| is at most `limit`, else the power of two 2^-k (k >= 1,
 * the least) with max |x_i| 2^-k <= limit. Multiplying by a power of two is
 * exact (unless a value falls below 2^-1022), so every sum, ratio and
 * comparison of the scaled values is the scaled one of the unscaled values:
 * a computation that only depends on ratios gives bit for bit what it would
 * give with unlimited exponent range, and ordinary inputs (scale 1) are
 * untouched.
 */
export function powerOfTwoScale(x: ArrayLike<number>, limit: number): number {
  let big = 0;
  for (let i = 0; i < x.length; i++) {
    const a = Math.abs(x[i] as number);
    if (a > big) big = a;
  }
  if (!(big > limit)) return 1;
  let scale = 2 ** -Math.max(1, Math.floor(Math.log2(big / limit)));
  while (big * scale > limit) scale /= 2;
  return scale;
}

/** `x` times `scale` as a new array (`x` itself when `scale` is 1; never modified). */
export function scaled(x: Float64Array, scale: number): Float64Array {
  return scale === 1 ? x : x.map((v) => v * scale);
}
