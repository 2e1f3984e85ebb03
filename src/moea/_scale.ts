/**
 * Exact power-of-two rescaling, for kernels that would overflow (or
 * underflow) on huge (or tiny) finite inputs: multiplying every input by 2^k
 * commutes with every rounded +, -, *, / and sqrt as long as nothing
 * overflows or becomes subnormal, so a kernel run on inputs scaled into a
 * safe range and scaled back gives the bits it would give with an unbounded
 * exponent. Shared by the moea indicators and the slice objectives.
 *
 * @internal
 */

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
