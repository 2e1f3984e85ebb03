/**
 * Exact power-of-two rescaling of huge (or tiny) finite inputs: multiplying
 * every value by 2^k commutes with every rounded +, -, *, / and sqrt as long
 * as nothing overflows or becomes subnormal, so a computation run on values
 * scaled into a safe range (and scaled back where the result has units) gives
 * the bits it would give with an unbounded exponent. Two forms: a multiplier
 * (`powerOfTwoScale`, `scaled`, `sumLimit`: the designs and strategies, whose
 * results depend only on ratios) and an exponent (`needsScaling`, `times2`,
 * `exponentOf`, `scaledCopy`: the moea indicators and slice objectives).
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

/** Inputs whose largest magnitude lies in [2^-400, 2^400] need no rescaling. */
export const SAFE_HIGH = 2 ** 400;
/** See {@link SAFE_HIGH}. */
export const SAFE_LOW = 2 ** -400;

/** Whether a largest magnitude `max` (>= 0) lies outside the safe range (0 is safe). */
export function needsScaling(max: number): boolean {
  return max > SAFE_HIGH || (max > 0 && max < SAFE_LOW);
}

/** `x * 2^k`, exact unless the result overflows or is subnormal (|k| <= 2046). */
export function times2(x: number, k: number): number {
  const a = Math.trunc(k / 2);
  return x * 2 ** a * 2 ** (k - a);
}

/** The exponent e with `max * 2^-e` in [1, 2), for a finite `max` > 0. */
export function exponentOf(max: number): number {
  let e = Math.floor(Math.log2(max));
  const m = times2(max, -e);
  if (m >= 2) e++;
  else if (m < 1) e--;
  return e;
}

/** The largest magnitude of `data`. */
export function maxAbs(data: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < data.length; i++) {
    const v = Math.abs(data[i] as number);
    if (v > m) m = v;
  }
  return m;
}

/** A copy of `data` times 2^k. */
export function scaledCopy(data: ArrayLike<number>, k: number): Float64Array {
  const out = new Float64Array(data.length);
  for (let i = 0; i < data.length; i++) out[i] = times2(data[i] as number, k);
  return out;
}

/**
 * `data` times the power of two 2^-exponent that brings its largest |value|
 * into [1, 2) when that value lies beyond 2^+-400 ({@link needsScaling}), else
 * `data` itself with exponent 0: exact, so every ordering of distances is kept.
 */
export function intoRange<T extends ArrayLike<number>>(
  data: T,
): { data: T | Float64Array; exponent: number } {
  const big = maxAbs(data);
  if (!needsScaling(big)) return { data, exponent: 0 };
  const exponent = exponentOf(big);
  return { data: scaledCopy(data, -exponent), exponent };
}
