import type { Rng } from "../core/rng.js";
import { asInt32Array, checkRng, fail } from "../core/validate.js";
import { checkSliceOf, huxInto, partitionScratch } from "./_partition.js";

/**
 * Half-uniform crossover (HUX) of two slice assignments: swaps half of the
 * positions where the parents disagree. The children are not repaired; pass
 * them to {@link repairSlices}.
 *
 * Algorithm: D = { t : a[t] != b[t] }; floor(|D| / 2) positions are drawn
 * from D without replacement (partial Fisher-Yates) and exchanged between the
 * copies of `a` and `b` (Eshelman 1991, as CASPER-SI applies it to slice-id
 * vectors).
 *
 * @param a - First parent: slice id per instance, ids in [0, N).
 * @param b - Second parent, same length.
 * @param rng - Uniform random source in [0, 1).
 * @returns The two children `[fromA, fromB]` (new arrays).
 * @throws {TypeError} If a parent is not an `Int32Array` or an array of integers or `rng` is not a function.
 * @throws {RangeError} If a parent is empty, has an id outside [0, N), or the
 *   lengths differ.
 * @see Eshelman, L. J. (1991). The CHC adaptive search algorithm. FOGA 1, 265-283.
 * @see Muse, B. A. et al. CASPER, section 2.2.3 ("Selection and genetic operations").
 * @example
 * ```ts
 * const a = new Int32Array([0, 0, 1, 1, 1, 1]);
 * const b = new Int32Array([0, 2, 2, 2, 2, 2]);
 * huxCrossover(a, b, createRng(4)); // [Int32Array [0, 2, 2, 1, 1, 1], Int32Array [0, 0, 1, 2, 2, 2]]
 * ```
 */
export function huxCrossover(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  rng: Rng,
): [Int32Array, Int32Array] {
  const fn = "huxCrossover";
  const a32 = asInt32Array(fn, "a", a);
  const b32 = asInt32Array(fn, "b", b);
  checkSliceOf(fn, "a", a32);
  checkSliceOf(fn, "b", b32);
  if (a32.length !== b32.length)
    fail(fn, `a and b lengths differ (${a32.length} vs ${b32.length})`);
  checkRng(fn, rng);
  return huxInto(fn, a32, b32, rng, partitionScratch(a32.length));
}
