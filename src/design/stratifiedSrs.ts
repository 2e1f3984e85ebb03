import type { Rng } from "../core/rng.js";
import { checkRng, draw, fail, toInt32Array } from "../core/validate.js";
import { srs } from "./srs.js";

const FN = "stratifiedSrs";

/**
 * Stratified simple random sampling: an independent {@link srs} of
 * allocation[h] units inside each stratum h.
 *
 * Algorithm: the units of each stratum are listed in increasing index order
 * (one counting pass), then for h = 0, 1, ... a simple random sample without
 * replacement of allocation[h] positions is drawn from stratum h's list (the
 * rng is consumed stratum by stratum in that order). Unit i of stratum h is
 * drawn with probability allocation[h] / N_h. Use {@link proportionalAllocation}
 * or {@link neymanAllocation} to get the allocation.
 *
 * @param strata - `strata[i]` is the 0-based stratum id of population unit i.
 * @param allocation - `allocation[h]` is the number of units to draw in stratum h;
 *   its length must cover every stratum id (extra entries must be 0).
 * @param rng - Uniform source in [0, 1), e.g. `createRng(seed)`.
 * @returns The selected 0-based unit indices, sorted ascending, length sum(allocation).
 * @throws {TypeError} If `strata` or `allocation` is not an `Int32Array` or an array of integers or `rng` is
 *   not a function.
 * @throws {RangeError} If `strata` is empty or holds a negative id; if `allocation` holds
 *   a negative value, is shorter than the number of strata (max id + 1), or asks for more
 *   units than a stratum has; or if `rng` returns a value outside [0, 1).
 * @see R `sampling::strata(..., method = "srswor")`; Cochran (1977), Sampling Techniques, chapter 5.
 * @example
 * ```ts
 * stratifiedSrs(new Int32Array([0, 0, 1, 1, 1, 0]), new Int32Array([1, 2]), createRng(1));
 * // Int32Array [1, 2, 4]
 * ```
 */
export function stratifiedSrs(
  strata: ArrayLike<number>,
  allocation: ArrayLike<number>,
  rng: Rng,
): Int32Array {
  const strata32 = toInt32Array(FN, "strata", strata, { min: 0, allowEmpty: false });
  const allocation32 = toInt32Array(FN, "allocation", allocation, { min: 0 });
  checkRng(FN, rng);
  const N = strata32.length;
  let H = 0;
  for (let i = 0; i < N; i++) if ((strata32[i] as number) >= H) H = (strata32[i] as number) + 1;
  if (allocation32.length < H) {
    fail(FN, `allocation has ${allocation32.length} entries but strata has ids up to ${H - 1}`);
  }
  const count = new Int32Array(allocation32.length);
  for (let i = 0; i < N; i++)
    count[strata32[i] as number] = (count[strata32[i] as number] as number) + 1;
  let n = 0;
  for (let h = 0; h < allocation32.length; h++) {
    const a = allocation32[h] as number;
    if (a > (count[h] as number)) {
      fail(FN, `allocation[${h}] = ${a} exceeds the ${count[h]} units of stratum ${h}`);
    }
    n += a;
  }
  // start[h] .. start[h + 1] lists stratum h's units in increasing index order
  const start = new Int32Array(allocation32.length + 1);
  for (let h = 0; h < allocation32.length; h++)
    start[h + 1] = (start[h] as number) + (count[h] as number);
  const members = new Int32Array(N);
  const fill = start.slice(0, allocation32.length);
  for (let i = 0; i < N; i++) {
    const h = strata32[i] as number;
    members[fill[h] as number] = i;
    fill[h] = (fill[h] as number) + 1;
  }
  const taken = new Uint8Array(N);
  // a faulty rng is then reported under this function's name, not srs's
  const checked: Rng = () => draw(FN, rng);
  for (let h = 0; h < allocation32.length; h++) {
    const a = allocation32[h] as number;
    if (a === 0) continue;
    const pos = srs(count[h] as number, a, checked);
    for (let k = 0; k < a; k++)
      taken[members[(start[h] as number) + (pos[k] as number)] as number] = 1;
  }
  const out = new Int32Array(n);
  let k = 0;
  for (let i = 0; i < N; i++) if (taken[i] === 1) out[k++] = i;
  return out;
}
