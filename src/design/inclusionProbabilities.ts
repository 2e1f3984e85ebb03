import { powerOfTwoScale, scaled, sumLimit } from "../core/_scale.js";
import { fsum } from "../core/sum.js";
import { asFloat64Array, checkFloat64Array, checkInteger, fail } from "../core/validate.js";

const FN = "inclusionProbabilities";

/**
 * Inclusion probabilities proportional to size for a fixed-size design of
 * `n` units, capped at 1.
 *
 * Algorithm (as R's `sampling::inclusionprobabilities`): pik_i = n * size_i /
 * sum(size). While some units reach pik >= 1, those units are set to 1 and the
 * remaining ones are re-scaled to pik_i = (n - l) * size_i / sum(size over the
 * uncapped units), where l is the number of capped units. The capped set only
 * grows, so the loop ends after at most n rounds; zero sizes stay 0 and the
 * result sums to n. When the loop needs many rounds (very skewed sizes) the
 * same capped set is found by one sort of the sizes instead, so the cost stays
 * O(N log N).
 *
 * Unlike R, negative, NaN or infinite sizes throw (R shifts negatives to 0
 * with a warning), as does an `n` that cannot be reached. Sizes whose total
 * exceeds 1e300 are first multiplied by a power of two (exact), so the sum
 * cannot overflow and the result is that of the sizes divided by any common
 * factor. Every positive size gets pik > 0: when rounding alone caps n
 * units (e.g. sizes [1, 1, 1e-20] with n = 2), the remaining positive units
 * keep their last computed, tiny pik instead of 0 (the sum then exceeds n by
 * that much), and a size so small that its pik underflows to 0 throws.
 *
 * @param size - Non-negative size measure of each unit (e.g. a risk score).
 * @param n - Sample size: an integer between 0 and the number of positive sizes.
 * @returns A new `Float64Array` of pik in [0, 1] summing to `n` (up to rounding); all zeros when `n` is 0.
 * @throws {TypeError} If `size` is not a `Float64Array` or an array of numbers or `n` is not a number.
 * @throws {RangeError} If `size` is empty or holds a negative or non-finite value;
 *   if `n` is negative or not an integer; if `n > 0` and every size is zero; if
 *   `n` exceeds the number of positive sizes; or if a positive size is so much
 *   smaller than the others that its pik underflows to 0 (ratios beyond about 1e308).
 * @see R `sampling::inclusionprobabilities`; Tillé, Y. (2006). Sampling Algorithms, Springer, section 2.10.
 * @example
 * ```ts
 * inclusionProbabilities(new Float64Array([1, 2, 3, 14]), 2);
 * // Float64Array [0.16666666666666666, 0.3333333333333333, 0.5, 1]
 * ```
 */
export function inclusionProbabilities(size: ArrayLike<number>, n: number): Float64Array {
  const size64 = asFloat64Array(FN, "size", size);
  if (!(size64 instanceof Float64Array) || size64.length === 0) {
    checkFloat64Array(FN, "size", size64, { min: 0, allowEmpty: false });
  }
  // one pass validates and sums (Neumaier, as fsum; sizes are >= 0 here)
  let s = 0;
  let c = 0;
  for (let i = 0; i < size64.length; i++) {
    const v = size64[i] as number;
    if (!(v >= 0 && v < Number.POSITIVE_INFINITY)) {
      checkFloat64Array(FN, "size", size64, { min: 0, allowEmpty: false });
    }
    const t = s + v;
    c += s >= v ? s - t + v : v - t + s;
    s = t;
  }
  checkInteger(FN, "n", n);
  if (n === 0) return new Float64Array(size64.length);
  return inclusionProbabilitiesOfSum(size64, n, s + c);
}

/**
 * {@link inclusionProbabilities} of sizes already checked (finite, >= 0) for
 * an integer `n > 0`, given `total`, their Neumaier sum in index order (what
 * it computes in its checking pass): the same result and errors, for callers
 * that sum the sizes as they make them. `into` (length N, any content), when
 * given, receives the pik unless the sizes must be rescaled (a total above 1e300).
 * @internal
 */
export function inclusionProbabilitiesOfSum(
  size64: Float64Array,
  n: number,
  total: number,
  into?: Float64Array,
): Float64Array {
  if (!(total <= 1e300)) {
    // the sum overflows or nearly so: work with the sizes times a power of two
    // (exact, so the pik are those of any common rescaling of the sizes)
    const x = scaled(size64, powerOfTwoScale(size64, sumLimit(size64.length)));
    return positiveOrFail(size64, capToOne(x, n, fsum(x)).pik);
  }
  if (!(total > 0)) fail(FN, "size is all zeros, so no unit can be drawn", n);
  const { pik, clean } = capToOne(size64, n, total, into);
  return clean ? pik : positiveOrFail(size64, pik);
}

/** Throws when a positive size got pik 0 (underflow), else returns `pik`. */
function positiveOrFail(size: Float64Array, pik: Float64Array): Float64Array {
  for (let i = 0; i < size.length; i++) {
    if ((pik[i] as number) === 0 && (size[i] as number) > 0) {
      fail(
        FN,
        `size[${i}] is positive but its inclusion probability underflows to 0 (the sizes span too wide a range)`,
        size[i],
      );
    }
  }
  return pik;
}

/**
 * The capping loop on validated sizes with a positive, finite `total`;
 * `clean`: no unit was capped and no positive size got pik 0 (`positiveOrFail`
 * would find nothing, so the common case skips its pass).
 */
function capToOne(
  size: Float64Array,
  n: number,
  total: number,
  into?: Float64Array,
): { pik: Float64Array; clean: boolean } {
  const N = size.length;
  // every pik is written by the first round, so `into` may hold anything
  const pik = into ?? new Float64Array(N);

  // first round fused with counting the positive sizes (checked before any return)
  let positive = 0;
  let over = 0;
  let zeroed = false;
  for (let i = 0; i < N; i++) {
    const a = size[i] as number;
    if (a > 0) positive++;
    // same expression as R, so units landing exactly on 1 are capped alike
    const p = (n * a) / total;
    if (p >= 1) over++;
    if (p === 0 && a > 0) zeroed = true;
    pik[i] = p;
  }
  if (n > positive) fail(FN, `n must be at most the number of positive sizes (${positive})`, n);
  if (over === 0) return { pik, clean: !zeroed };

  const capped = new Uint8Array(N);
  // sizes of the uncapped units with capped ones zeroed, so that fsum gives their total
  const free = Float64Array.from(size);
  let l = 0;
  for (let i = 0; i < N; i++) {
    if ((pik[i] as number) >= 1) {
      capped[i] = 1;
      free[i] = 0;
      pik[i] = 1;
      l++;
    }
  }
  let rounds = 1;
  for (;;) {
    const m = n - l;
    if (m <= 0) {
      // every unit of the sample is certain. Exactly, a positive size left
      // uncapped would keep m > 0, so this is rounding: those units keep their
      // last, tiny pik (zero sizes stay 0)
      return { pik, clean: false };
    }
    const rest = fsum(free);
    let newly = 0;
    for (let i = 0; i < N; i++) {
      if (capped[i] === 1) continue;
      const p = (m * (size[i] as number)) / rest;
      if (p >= 1) {
        capped[i] = 1;
        free[i] = 0;
        newly++;
        pik[i] = 1;
      } else {
        pik[i] = p;
      }
    }
    if (newly === 0) return { pik, clean: false };
    l += newly;
    rounds++;
    if (rounds === 8) {
      capBySorting(size, n, capped);
      l = 0;
      for (let i = 0; i < N; i++) {
        if (capped[i] === 1) {
          pik[i] = 1;
          free[i] = 0;
          l++;
        }
      }
    }
  }
}

/**
 * Grows `capped` to the least fixed point of the capping rule in one pass over
 * the sizes sorted in decreasing order: the k largest units are capped as long
 * as (n - k) * size_(k+1) >= sum of the sizes after the k largest. The caller's
 * loop then confirms the fixed point with one more round.
 */
function capBySorting(size: Float64Array, n: number, capped: Uint8Array): void {
  const N = size.length;
  const order = Int32Array.from({ length: N }, (_, i) => i).sort(
    (a, b) => (size[b] as number) - (size[a] as number),
  );
  const sorted = new Float64Array(N);
  for (let r = 0; r < N; r++) sorted[r] = size[order[r] as number] as number;
  // tail[k] = sum of sorted[k..N-1], accumulated from the small end for accuracy
  const tail = new Float64Array(N + 1);
  for (let r = N - 1; r >= 0; r--) tail[r] = (tail[r + 1] as number) + (sorted[r] as number);
  let k = 0;
  while (k < n && (n - k) * (sorted[k] as number) >= (tail[k] as number)) k++;
  for (let r = 0; r < k; r++) capped[order[r] as number] = 1;
}
