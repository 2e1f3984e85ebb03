/**
 * Kernels of the real-coded operators `sbx` and `polynomialMutation`: bounds
 * (one per variable or shared), their checks with the copy of the parent,
 * and the powers of the distribution index.
 *
 * @internal
 */

import { asFloat64Array, fail, failType } from "../core/validate.js";
import { copyF64, newF64 } from "./_slab.js";

/**
 * The closed-interval flags for `checkNumber`, passed explicitly: its default
 * `{}` is a new object on every call, which the operators' hot paths made by
 * the ten thousand.
 */
export const CLOSED: { readonly lower?: boolean; readonly upper?: boolean } = {};

/** A bound shared by all variables, or one bound per variable. */
export type Bound = number | Float64Array;

/** Value of a bound at variable i. */
export function boundAt(b: Bound, i: number): number {
  return typeof b === "number" ? b : (b[i] as number);
}

/**
 * x^e for e >= 0: repeated squaring when e is a small integer (the usual
 * distribution indices 5, 15, 20, 30 are), else `**`. On some engines `**`
 * costs as much as the rest of an SBX variable update; squaring differs from
 * it by a few ulps at most.
 */
export function powIndex(x: number, e: number): number {
  if (!(Number.isInteger(e) && e <= 64)) return x ** e;
  let result = 1;
  let base = x;
  let k = e;
  while (k > 0) {
    if (k & 1) result *= base;
    base *= base;
    k >>= 1;
  }
  return result;
}

/**
 * A threshold T such that `powIndex(beta, e)` >= 2^53 whenever beta >= T, so
 * that 2 - 1 / beta^e rounds to exactly 2: 2^(53/e) with a 1e-12 relative
 * margin, far above the rounding error of the power (below 1e-13 for any e).
 * Computed once per operator call.
 */
export function largeBeta(e: number): number {
  return 2 ** (53 / e) * (1 + 1e-12);
}

/** Checks that `x` is a Float64Array, the bounds (finite, low < high, lengths n), and that x lies within them. */
export function checkBounded(
  fn: string,
  arg: string,
  x: unknown,
  low: unknown,
  high: unknown,
): asserts x is Float64Array {
  if (!(x instanceof Float64Array)) failType(fn, `${arg} must be a Float64Array`);
  const n = x.length;
  checkBound(fn, "low", low, arg, n);
  checkBound(fn, "high", high, arg, n);
  if (typeof low === "number" && typeof high === "number") {
    if (!(low > Number.NEGATIVE_INFINITY && high < Number.POSITIVE_INFINITY && low < high)) {
      fail(fn, `low and high must be finite with low < high (${low} vs ${high})`);
    }
    // the operators divide by high - low: an overflowing width would give NaN children
    if (!(high - low < Number.POSITIVE_INFINITY)) {
      fail(fn, `high - low overflows (${low} vs ${high}); rescale the variables`);
    }
    for (let i = 0; i < n; i++) {
      const v = x[i] as number;
      if (!(v >= low && v <= high)) fail(fn, `${arg}[${i}] lies outside [${low}, ${high}]`, v);
    }
    return;
  }
  const lo = low as Bound;
  const hi = high as Bound;
  // One pass checks the bounds (finite, low < high) and x within them; NaN fails every comparison.
  for (let i = 0; i < n; i++) {
    const l = boundAt(lo, i);
    const h = boundAt(hi, i);
    const v = x[i] as number;
    if (
      !(
        l > Number.NEGATIVE_INFINITY &&
        h < Number.POSITIVE_INFINITY &&
        l < h &&
        h - l < Number.POSITIVE_INFINITY &&
        v >= l &&
        v <= h
      )
    ) {
      if (!(l > Number.NEGATIVE_INFINITY)) fail(fn, `low[${i}] must be finite`, l);
      if (!(h < Number.POSITIVE_INFINITY)) fail(fn, `high[${i}] must be finite`, h);
      if (!(l < h)) fail(fn, `low must be below high at variable ${i} (${l} vs ${h})`);
      if (!(h - l < Number.POSITIVE_INFINITY)) {
        fail(fn, `high - low overflows at variable ${i} (${l} vs ${h}); rescale the variables`);
      }
      fail(fn, `${arg}[${i}] lies outside [${l}, ${h}]`, v);
    }
  }
}

/**
 * {@link checkBounded} and a copy in one pass (the copy from
 * `newF64`): with scalar bounds each value is checked as it is copied, and any
 * failure is re-checked by {@link checkBounded} so that the message is the same.
 */
export function boundedCopy(
  fn: string,
  arg: string,
  x: unknown,
  low: unknown,
  high: unknown,
): Float64Array {
  if (
    !(x instanceof Float64Array) ||
    typeof low !== "number" ||
    typeof high !== "number" ||
    !(low > Number.NEGATIVE_INFINITY && high < Number.POSITIVE_INFINITY && low < high) ||
    !(high - low < Number.POSITIVE_INFINITY)
  ) {
    checkBounded(fn, arg, x, low, high);
    return copyF64(x);
  }
  const n = x.length;
  const out = newF64(n);
  let inside = true;
  for (let i = 0; i < n; i++) {
    const v = x[i] as number;
    out[i] = v;
    if (!(v >= low && v <= high)) inside = false;
  }
  if (!inside) checkBounded(fn, arg, x, low, high);
  return out;
}

function checkBound(fn: string, name: string, b: unknown, arg: string, n: number): void {
  if (typeof b === "number") return;
  if (!(b instanceof Float64Array)) failType(fn, `${name} must be a number or a Float64Array`);
  if (b.length !== n) fail(fn, `${name} and ${arg} lengths differ (${b.length} vs ${n})`);
}

/** A bound option as given: a number stays, an array (plain or typed) becomes a `Float64Array` (no copy when it is one). */
export function bound(fn: string, arg: string, b: number | ArrayLike<number>): Bound {
  return typeof b === "number" || typeof b !== "object" || b === null
    ? (b as number)
    : asFloat64Array(fn, arg, b);
}
