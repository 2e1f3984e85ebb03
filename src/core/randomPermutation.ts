import { draw } from "./validate.js";

/**
 * A uniformly random permutation of 0..n-1 by the Fisher–Yates shuffle
 * (Durstenfeld's in-place form, from the last position down), one draw from
 * `rng` per position i = n-1..1 with j = floor(u (i + 1)). Callers that must
 * keep their seeded outputs rely on exactly this draw order. `into` (length
 * n, any content) receives the permutation instead of a new array.
 *
 * @internal
 */
export function randomPermutation(
  fn: string,
  n: number,
  rng: () => number,
  into?: Int32Array,
): Int32Array {
  const perm = into ?? new Int32Array(n);
  for (let i = 0; i < n; i++) perm[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(draw(fn, rng) * (i + 1));
    const t = perm[i] as number;
    perm[i] = perm[j] as number;
    perm[j] = t;
  }
  return perm;
}
