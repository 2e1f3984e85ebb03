import type { Rng } from "../core/rng.js";
import { checkRng, draw, toInt32Array } from "../core/validate.js";

/**
 * The random slice-ranking baseline: a uniformly random order of the given
 * slice ids (Fisher-Yates on a copy).
 *
 * @param ids - The slice ids to rank.
 * @param rng - Uniform random source in [0, 1).
 * @returns A random permutation of `ids` (a new array).
 * @throws {TypeError} If `ids` is not an `Int32Array` or an array of integers or `rng` not a function.
 * @see Muse, B. A. et al. CASPER, section 3.5 (baseline impact ranking).
 * @example
 * ```ts
 * randomRanking(new Int32Array([0, 1, 2, 3]), createRng(1)); // Int32Array [1, 3, 0, 2]
 * ```
 */
export function randomRanking(ids: ArrayLike<number>, rng: Rng): Int32Array {
  const fn = "randomRanking";
  const ids32 = toInt32Array(fn, "ids", ids);
  checkRng(fn, rng);
  const out = ids32.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(draw(fn, rng) * (i + 1));
    const t = out[i] as number;
    out[i] = out[j] as number;
    out[j] = t;
  }
  return out;
}
