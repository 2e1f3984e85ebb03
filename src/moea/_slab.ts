/**
 * Genome buffers for the real-coded operators, carved out of shared slabs.
 *
 * A `Float64Array` of a few dozen elements lives outside the V8 heap, and
 * allocating one costs about 400 ns (its own backing store, plus tracking for
 * the garbage collector): more than the SBX arithmetic on the whole genome.
 * A view into a 16 KiB slab costs about a fifth of that. The operators return
 * such views: each is a distinct, non-overlapping `Float64Array` (writing to
 * one never changes another), but its `buffer` is shared and `byteOffset` is
 * generally not 0, and a view keeps its slab alive while it is reachable.
 *
 * @internal
 */

// 2,048 doubles: 68 genomes of 30 variables; a surviving genome pins at most
// 16 KiB, and a slab is cheap next to the views it serves.
const SLAB = 2048;
// Longer arrays gain little (the copy dominates) and would waste slab space.
const MAX_VIEW = SLAB >> 3;

// The first call finds this slab full and creates one.
let slab = new ArrayBuffer(0);
let used = SLAB;

/** A new zero-filled Float64Array of length `n`, usually a view into a slab. */
export function newF64(n: number): Float64Array {
  // n = 0 is no view: on the first call the slab is the empty placeholder,
  // and a view at offset SLAB into it threw V8's own RangeError
  if (n > MAX_VIEW || n === 0) return new Float64Array(n);
  if (used + n > SLAB) {
    slab = new ArrayBuffer(SLAB * 8);
    used = 0;
  }
  const out = new Float64Array(slab, used * 8, n);
  used += n;
  return out;
}

/** A new Float64Array with the elements of `x` (see {@link newF64}). */
export function copyF64(x: Float64Array): Float64Array {
  const out = newF64(x.length);
  out.set(x);
  return out;
}
