import { checkSameLength, fail, toInt32Array } from "../core/validate.js";

/**
 * Cross-classification of two stratifications ("Repo x Diff",
 * "Repo x Consist"): items share a label exactly when they share both labels.
 *
 * The non-empty (a, b) cells are numbered 0, 1, ... in lexicographic order of
 * (a, b), so labels are dense and independent of item order.
 *
 * @param a - First stratum label per item (e.g. {@link repositoryStrata}), integers >= 0.
 * @param b - Second stratum label per item (e.g. {@link consistencyStrata}), integers >= 0.
 * @returns Per item, the label of its (a, b) cell.
 * @throws {TypeError} If `a` or `b` is not an `Int32Array` or an array of integers.
 * @throws {RangeError} If either is empty or holds a negative label, or their lengths differ.
 * @see Ayyad et al. (2026), Trajectory-Aware Benchmark Subset Selection, section 4.4.1 (5), (6).
 * @example
 * ```ts
 * crossStrata(Int32Array.of(0, 0, 1, 1, 0), Int32Array.of(2, 0, 2, 2, 2)); // Int32Array [1, 0, 2, 2, 1]
 * ```
 */
export function crossStrata(a: ArrayLike<number>, b: ArrayLike<number>): Int32Array {
  const fn = "crossStrata";
  const a32 = toInt32Array(fn, "a", a, { min: 0, allowEmpty: false });
  const b32 = toInt32Array(fn, "b", b, { min: 0, allowEmpty: false });
  checkSameLength(fn, "a", a32, "b", b32);
  let B = 0;
  for (let i = 0; i < b32.length; i++) if ((b32[i] as number) >= B) B = (b32[i] as number) + 1;
  const keys = new Set<number>();
  for (let i = 0; i < a32.length; i++) keys.add((a32[i] as number) * B + (b32[i] as number));
  let top = 0;
  for (const k of keys) top = Math.max(top, k);
  if (!Number.isSafeInteger(top)) fail(fn, "labels are too large to combine");
  const sorted = Array.from(keys).sort((x, y) => x - y);
  const label = new Map(sorted.map((k, h) => [k, h]));
  const out = new Int32Array(a32.length);
  for (let i = 0; i < a32.length; i++) {
    out[i] = label.get((a32[i] as number) * B + (b32[i] as number)) as number;
  }
  return out;
}
