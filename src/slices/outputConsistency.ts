import { asInt32Array, fail, toBinary } from "../core/validate.js";
import { checkSliceOf } from "./_partition.js";

/** Result of {@link outputConsistency} and {@link sliceCoherence}: one value per non-empty slice. */
export type OutputConsistencyResult = {
  /** The non-empty slice ids, increasing. */
  readonly ids: Int32Array;
  /** The value of each slice, aligned with `ids`. */
  readonly values: Float64Array;
  /** Unweighted mean of `values` over slices. */
  readonly mean: number;
};

/**
 * Output consistency (OC) of each slice: the share of its instances whose
 * outcome equals the slice's majority outcome.
 *
 * OC(S) = max(#{i in S : y_i = 1}, #{i in S : y_i = 0}) / |S|, in [0.5, 1]
 * (CASPER eq. 8, its RQ1 metric; 1 - OC is the OI objective).
 *
 * @param sliceOf - Slice id per instance, ids in [0, N).
 * @param outcome - 0/1 outcome per instance.
 * @returns Per-slice OC and their mean.
 * @throws {TypeError} If `sliceOf` is not an `Int32Array` or an array of integers or `outcome` not a
 *   Uint8Array.
 * @throws {RangeError} If the lengths differ, an id is outside [0, N) or an outcome is not 0/1.
 * @see Muse, B. A. et al. CASPER, section 3.9 ("Output consistency").
 * @example
 * ```ts
 * outputConsistency(new Int32Array([0, 0, 0, 1, 1]), new Uint8Array([1, 1, 0, 0, 0]));
 * // { ids: Int32Array [0, 1], values: Float64Array [0.6666666666666666, 1], mean: 0.8333333333333333 }
 * ```
 */
export function outputConsistency(
  sliceOf: ArrayLike<number>,
  outcome: ArrayLike<number | boolean>,
): OutputConsistencyResult {
  const fn = "outputConsistency";
  const sliceOf32 = asInt32Array(fn, "sliceOf", sliceOf);
  checkSliceOf(fn, "sliceOf", sliceOf32);
  const outcome01 = toBinary(fn, "outcome", outcome);
  if (outcome01.length !== sliceOf32.length) {
    fail(fn, `sliceOf and outcome lengths differ (${sliceOf32.length} vs ${outcome01.length})`);
  }
  const n = sliceOf32.length;
  const size = new Int32Array(n);
  const pass = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const s = sliceOf32[i] as number;
    size[s] = (size[s] as number) + 1;
    pass[s] = (pass[s] as number) + (outcome01[i] as number);
  }
  const ids: number[] = [];
  const values: number[] = [];
  for (let s = 0; s < n; s++) {
    const z = size[s] as number;
    if (z === 0) continue;
    const p = pass[s] as number;
    ids.push(s);
    values.push(Math.max(p, z - p) / z);
  }
  let sum = 0;
  for (const v of values) sum += v;
  return {
    ids: Int32Array.from(ids),
    values: Float64Array.from(values),
    mean: sum / values.length,
  };
}
