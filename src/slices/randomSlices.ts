import type { Rng } from "../core/rng.js";
import {
  checkInteger,
  checkOptions,
  checkRng,
  fail,
  maxLength,
  optionKeys,
} from "../core/validate.js";
import { checkSliceBounds, drawPartition } from "./_partition.js";

const KEYS = optionKeys<SliceBounds>()("minSize", "maxSize");

/** Slice-size bounds shared by the slice operators. */
export type SliceBounds = {
  /** Smallest allowed slice size, >= 2. Required. */
  readonly minSize: number;
  /** Largest allowed slice size, >= minSize and <= N. Required. */
  readonly maxSize: number;
};

/**
 * Draws a random partition of `n` instances into slices whose sizes all lie
 * in [minSize, maxSize]: CASPER-SI's population initialisation.
 *
 * Algorithm: the slice count m is uniform over the feasible counts
 * ceil(n / maxSize)..floor(n / minSize); every slice starts at minSize and the
 * n - m * minSize remaining places go one by one to a uniformly chosen slice
 * that still has room; the instances are then dealt to the slices in a
 * uniformly random order (Fisher-Yates). Slice ids are 0..m-1.
 *
 * @param n - Number of instances (>= 2 * minSize, at most 2^27).
 * @param rng - Uniform random source in [0, 1).
 * @param bounds - `minSize` and `maxSize` (both required).
 * @returns The slice id of each instance.
 * @throws {TypeError} If `rng` is not a function or `bounds` is not an object.
 * @throws {RangeError} If `n`, `minSize` or `maxSize` is not an integer, `n`
 *   exceeds 2^27 = 134,217,728 (checked before anything is allocated),
 *   minSize < 2, minSize > maxSize, maxSize > n, n < 2 * minSize, or no
 *   partition with these bounds exists.
 * @see Muse, B. A. et al. CASPER: change-aware slice prioritization for
 *   efficient regression testing of LLM-based systems, section 2.2.3 ("Population initialization").
 * @example
 * ```ts
 * randomSlices(6, createRng(1), { minSize: 2, maxSize: 3 }); // Int32Array [2, 0, 2, 0, 1, 1]
 * ```
 */
export function randomSlices(n: number, rng: Rng, bounds: SliceBounds): Int32Array {
  const fn = "randomSlices";
  checkInteger(fn, "n", n, 1, maxLength);
  checkRng(fn, rng);
  checkOptions(fn, bounds, KEYS);
  if (bounds === undefined) fail(fn, "bounds with minSize and maxSize is required");
  const { minSize, maxSize } = bounds;
  checkSliceBounds(fn, n, minSize, maxSize);
  return drawPartition(fn, n, minSize, maxSize, rng);
}
