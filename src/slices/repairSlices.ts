import type { Rng } from "../core/rng.js";
import { asInt32Array, checkOptions, checkRng, fail, optionKeys } from "../core/validate.js";
import { checkSliceBounds, checkSliceOf, partitionScratch, repairInto } from "./_partition.js";
import type { SliceBounds } from "./randomSlices.js";

const KEYS = optionKeys<SliceBounds>()("minSize", "maxSize");

/**
 * Repairs a slice assignment so that every slice holds between minSize and
 * maxSize instances, as CASPER-SI does after crossover and mutation.
 *
 * Algorithm: (1) an oversized slice of size s is divided into
 * ceil(s / maxSize) near-equal random parts when each part still reaches
 * minSize, otherwise its s - maxSize excess members (drawn at random) are set
 * aside and then placed in the undersized slices first, then in the smallest
 * slices with room, else in a new slice; (2) each undersized slice is
 * dissolved, member by member, into the currently smallest other slice with
 * room (the paper's "reassigned to the smallest valid slice"), or, when the
 * other slices lack room, topped up with random members of the largest slice
 * above minSize. New slices take the smallest unused id; ids are not
 * renumbered, so a valid assignment is returned unchanged (as a copy).
 *
 * @param sliceOf - Slice id per instance, ids in [0, N).
 * @param rng - Uniform random source in [0, 1).
 * @param bounds - `minSize` and `maxSize` (both required).
 * @returns The repaired assignment (a new array).
 * @throws {TypeError} If `sliceOf` is not an `Int32Array` or an array of integers, `rng` is not a
 *   function or `bounds` is not an object.
 * @throws {RangeError} If `sliceOf` is empty or has an id outside [0, N), or
 *   the bounds are invalid for N (see {@link randomSlices}).
 * @see Muse, B. A. et al. CASPER, section 2.2.3 (the crossover repair example).
 * @example
 * ```ts
 * // The paper's example: slice 0 holds one instance; it joins the smallest slice.
 * repairSlices(new Int32Array([0, 2, 1, 2, 2, 1]), createRng(1), { minSize: 2, maxSize: 3 });
 * // Int32Array [1, 2, 1, 2, 2, 1]
 * ```
 */
export function repairSlices(
  sliceOf: ArrayLike<number>,
  rng: Rng,
  bounds: SliceBounds,
): Int32Array {
  const fn = "repairSlices";
  const sliceOf32 = asInt32Array(fn, "sliceOf", sliceOf);
  checkSliceOf(fn, "sliceOf", sliceOf32);
  checkRng(fn, rng);
  checkOptions(fn, bounds, KEYS);
  if (bounds === undefined) fail(fn, "bounds with minSize and maxSize is required");
  checkSliceBounds(fn, sliceOf32.length, bounds.minSize, bounds.maxSize);
  return repairInto(
    fn,
    sliceOf32,
    bounds.minSize,
    bounds.maxSize,
    rng,
    partitionScratch(sliceOf32.length),
  );
}
