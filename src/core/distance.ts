/**
 * Distance kernels over `Float64Array` vectors and `RowMatrix` rows.
 *
 * One summation order everywhere (four interleaved partial sums, combined as
 * `(s0 + s1) + (s2 + s3)`, then the tail), so the distance between rows i and j
 * is bitwise the same whichever entry point computes it and whichever argument
 * comes first: `(a - b)^2 === (b - a)^2` in IEEE arithmetic.
 *
 * Internal module: callers validate lengths and finiteness.
 * @internal
 */

/** Squared Euclidean distance between `a[aOff .. aOff + n)` and `b[bOff .. bOff + n)`. */
export function squaredEuclideanAt(
  a: Float64Array,
  aOff: number,
  b: Float64Array,
  bOff: number,
  n: number,
): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let t = 0;
  const n4 = n - (n % 4);
  for (; t < n4; t += 4) {
    const d0 = (a[aOff + t] as number) - (b[bOff + t] as number);
    const d1 = (a[aOff + t + 1] as number) - (b[bOff + t + 1] as number);
    const d2 = (a[aOff + t + 2] as number) - (b[bOff + t + 2] as number);
    const d3 = (a[aOff + t + 3] as number) - (b[bOff + t + 3] as number);
    s0 += d0 * d0;
    s1 += d1 * d1;
    s2 += d2 * d2;
    s3 += d3 * d3;
  }
  let s = s0 + s1 + (s2 + s3);
  for (; t < n; t++) {
    const d = (a[aOff + t] as number) - (b[bOff + t] as number);
    s += d * d;
  }
  return s;
}

/** Squared Euclidean distance between two equally long vectors. */
export function squaredEuclidean(a: Float64Array, b: Float64Array): number {
  return squaredEuclideanAt(a, 0, b, 0, a.length);
}

/** Euclidean distance between two equally long vectors. */
export function euclidean(a: Float64Array, b: Float64Array): number {
  return Math.sqrt(squaredEuclideanAt(a, 0, b, 0, a.length));
}
