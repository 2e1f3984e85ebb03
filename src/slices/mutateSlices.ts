import type { Rng } from "../core/rng.js";
import {
  asInt32Array,
  checkInteger,
  checkNumber,
  checkOptions,
  checkRng,
  fail,
  optionKeys,
} from "../core/validate.js";
import {
  checkSliceBounds,
  checkSliceOf,
  mutateInto,
  partitionScratch,
  repairInto,
} from "./_partition.js";
import type { SliceBounds } from "./randomSlices.js";

const KEYS = optionKeys<MutateSlicesOptions>()(
  "minSize",
  "maxSize",
  "maxMutations",
  "moveRate",
  "swapRate",
);

/** Options of {@link mutateSlices}: the size bounds plus the mutation budget. */
export type MutateSlicesOptions = SliceBounds & {
  /** Most move attempts and most swap attempts per call, >= 1. @defaultValue 2 (the paper's tuned value for its main data set) */
  readonly maxMutations?: number;
  /** Probability that each move attempt is carried out, in [0, 1]. @defaultValue 0.5 */
  readonly moveRate?: number;
  /** Probability that each swap attempt is carried out, in [0, 1]. @defaultValue 0.5 */
  readonly swapRate?: number;
};

/**
 * Mutates a slice assignment by moves and swaps that keep slice sizes within
 * bounds, then repairs it (CASPER-SI's constraint-aware mutation).
 *
 * Algorithm: draw 1 + floor(U * maxMutations) move attempts and, independently,
 * as many swap attempts. Each move attempt (carried out with probability
 * moveRate) picks a random slice with more than minSize members and sends a
 * random member to a random other slice with fewer than maxSize members; each
 * swap attempt (probability swapRate) exchanges random members of two random
 * distinct slices. Moves and swaps never break the bounds of a valid input;
 * {@link repairSlices}'s procedure is applied afterwards so that an invalid
 * input comes out valid too.
 *
 * @param sliceOf - Slice id per instance, ids in [0, N).
 * @param rng - Uniform random source in [0, 1).
 * @param options - `minSize`, `maxSize` (required), `maxMutations` (default 2),
 *   `moveRate` and `swapRate` (default 0.5 each; the paper leaves them open).
 * @returns The mutated assignment (a new array).
 * @throws {TypeError} If `sliceOf` is not an `Int32Array` or an array of integers, `rng` is not a
 *   function or `options` is not an object.
 * @throws {RangeError} If `sliceOf` is empty or has an id outside [0, N), the
 *   bounds are invalid for N, `maxMutations` is not an integer >= 1, or a rate
 *   is outside [0, 1].
 * @see Muse, B. A. et al. CASPER, section 2.2.3 (move and swap mutation).
 * @example
 * ```ts
 * const x = new Int32Array([0, 0, 0, 1, 1, 2, 2, 2]);
 * mutateSlices(x, createRng(4), { minSize: 2, maxSize: 4 }); // Int32Array [1, 0, 1, 0, 1, 2, 2, 2]
 * ```
 */
export function mutateSlices(
  sliceOf: ArrayLike<number>,
  rng: Rng,
  options: MutateSlicesOptions,
): Int32Array {
  const fn = "mutateSlices";
  const sliceOf32 = asInt32Array(fn, "sliceOf", sliceOf);
  checkSliceOf(fn, "sliceOf", sliceOf32);
  checkRng(fn, rng);
  checkOptions(fn, options, KEYS);
  if (options === undefined) fail(fn, "options with minSize and maxSize is required");
  const { minSize, maxSize, maxMutations = 2, moveRate = 0.5, swapRate = 0.5 } = options;
  checkSliceBounds(fn, sliceOf32.length, minSize, maxSize);
  checkInteger(fn, "maxMutations", maxMutations, 1);
  checkNumber(fn, "moveRate", moveRate, 0, 1);
  checkNumber(fn, "swapRate", swapRate, 0, 1);
  const sc = partitionScratch(sliceOf32.length);
  const moved = mutateInto(
    fn,
    sliceOf32,
    rng,
    minSize,
    maxSize,
    maxMutations,
    moveRate,
    swapRate,
    sc,
  );
  return repairInto(fn, moved, minSize, maxSize, rng, sc);
}
