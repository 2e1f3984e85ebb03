import type { Rng } from "../core/rng.js";
import { checkInteger, checkRng, draw, maxLength } from "../core/validate.js";

const FN = "srs";

/**
 * Simple random sampling without replacement: every subset of `n` units out
 * of `N` has the same probability 1 / choose(N, n), so pik = n / N.
 *
 * Algorithm: when n < N / 16, Floyd's algorithm (Bentley & Floyd 1987): for
 * j = N - n, ..., N - 1 draw t uniform in {0, ..., j} and take t, or j if t
 * is already taken; O(n) time and memory, then a sort. Otherwise Knuth's
 * selection-sampling Algorithm S (TAOCP vol. 2, 3.4.2): visit the units in
 * order and take unit t with probability (n - taken) / (N - t); O(N) time,
 * output already sorted. Both are exact; the switch only trades speed.
 *
 * @param N - Population size, an integer >= 1.
 * @param n - Sample size, an integer in [0, N].
 * @param rng - Uniform source in [0, 1), e.g. `createRng(seed)`.
 * @returns The selected 0-based unit indices, sorted ascending, length `n`.
 * @throws {TypeError} If `N` or `n` is not a number or `rng` is not a function.
 * @throws {RangeError} If `N` is not an integer >= 1, if `n` is negative, not an
 *   integer, larger than `N` or larger than 2^27 (checked before allocating), or
 *   if `rng` returns a value outside [0, 1).
 * @see R `sampling::srswor`, `base::sample.int(N, n)`
 * @example
 * ```ts
 * srs(10, 3, createRng(1)); // Int32Array [1, 4, 6]
 * ```
 */
export function srs(N: number, n: number, rng: Rng): Int32Array {
  checkInteger(FN, "N", N, 1, 2147483647);
  checkInteger(FN, "n", n, 0, maxLength);
  if (n > N) checkInteger(FN, "n", n, 0, N);
  checkRng(FN, rng);
  const out = new Int32Array(n);
  if (n === 0) return out;
  if (n * 16 < N) {
    const taken = new Set<number>();
    for (let j = N - n; j < N; j++) {
      const t = Math.floor(draw(FN, rng) * (j + 1));
      taken.add(taken.has(t) ? j : t);
    }
    let k = 0;
    for (const i of taken) out[k++] = i;
    return out.sort();
  }
  let k = 0;
  for (let t = 0; t < N && k < n; t++) {
    if (draw(FN, rng) * (N - t) < n - k) out[k++] = t;
  }
  return out;
}
