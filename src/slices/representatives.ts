import { intoRange } from "../core/_scale.js";
import { squaredEuclideanAt } from "../core/distance.js";
import type { RowMatrix } from "../core/rowMatrix.js";
import { asInt32Array, checkChoice, checkInteger, fail, toRowMatrix } from "../core/validate.js";
import { checkSliceOf } from "./_partition.js";

/**
 * Picks up to k representative instances of every slice: the k closest to the
 * slice centroid (`"closest"`, CASPER's CDS) or a farthest-point sample
 * (`"farthest"`, FPS).
 *
 * CDS: members sorted by Euclidean distance to the centroid C_s = mean of the
 * slice's rows (ties: lower index), first k. FPS: start from the member
 * closest to C_s, then repeatedly add the member whose distance to its nearest
 * chosen member is largest (ties: lower index) until k are chosen (paper eqs.
 * 17-20). A slice with at most k members gives all of them.
 *
 * @param sliceOf - Slice id per instance, ids in [0, N).
 * @param signals - N x d signal vectors.
 * @param k - Picks per slice, >= 1.
 * @param mode - `"closest"` (CDS) or `"farthest"` (FPS).
 * @returns Indexed by slice id (length N): the picked instance indices in pick
 *   order; empty for unused ids.
 * @throws {TypeError} If an argument has the wrong type.
 * @throws {RangeError} If the lengths differ, an id is outside [0, N), a
 *   signal is non-finite, k < 1 or `mode` is unknown (with "did you mean").
 * @see Muse, B. A. et al. CASPER, section 2.3.2.
 * @example
 * ```ts
 * const X = rowMatrix([[0], [1], [2], [10]]);
 * const sliceOf = new Int32Array([0, 0, 0, 0]); // centroid 3.25
 * representatives(sliceOf, X, 2, "closest")[0];  // Int32Array [2, 1]
 * representatives(sliceOf, X, 2, "farthest")[0]; // Int32Array [2, 3]
 * ```
 */
export function representatives(
  sliceOf: ArrayLike<number>,
  signals: RowMatrix | readonly ArrayLike<number>[],
  k: number,
  mode: "closest" | "farthest",
): readonly Int32Array[] {
  const fn = "representatives";
  const sliceOf32 = asInt32Array(fn, "sliceOf", sliceOf);
  checkSliceOf(fn, "sliceOf", sliceOf32);
  const signalsMatrix = toRowMatrix(fn, "signals", signals);
  if (signalsMatrix.rows !== sliceOf32.length) {
    fail(fn, `sliceOf and signals lengths differ (${sliceOf32.length} vs ${signalsMatrix.rows})`);
  }
  checkInteger(fn, "k", k, 1);
  checkChoice(fn, "mode", mode, ["closest", "farthest"] as const);
  const { cols: d } = signalsMatrix;
  // beyond 2^+-400 the squared distances over- or underflow (picks fell to the lowest
  // indices): the signals times a power of two, which keeps every ordering
  const { data } = intoRange(signalsMatrix.data);
  const n = sliceOf32.length;
  const members: number[][] = Array.from({ length: n }, () => []);
  for (let i = 0; i < n; i++) (members[sliceOf32[i] as number] as number[]).push(i);
  const out: Int32Array[] = [];
  const c = new Float64Array(d);
  for (let s = 0; s < n; s++) {
    const list = members[s] as number[];
    if (list.length === 0) {
      out.push(new Int32Array(0));
      continue;
    }
    c.fill(0);
    for (const i of list)
      for (let t = 0; t < d; t++) c[t] = (c[t] as number) + (data[i * d + t] as number);
    for (let t = 0; t < d; t++) c[t] = (c[t] as number) / list.length;
    const toC = list.map((i) => squaredEuclideanAt(data, i * d, c, 0, d));
    const order = list
      .map((_, a) => a)
      .sort((a, b) => (toC[a] as number) - (toC[b] as number) || a - b);
    const take = Math.min(k, list.length);
    if (mode === "closest") {
      out.push(Int32Array.from(order.slice(0, take).map((a) => list[a] as number)));
      continue;
    }
    const picked = [order[0] as number];
    const near = list.map((i) =>
      squaredEuclideanAt(data, i * d, data, (list[picked[0] as number] as number) * d, d),
    );
    while (picked.length < take) {
      let best = -1;
      for (let a = 0; a < list.length; a++) {
        if (picked.includes(a)) continue;
        if (best < 0 || (near[a] as number) > (near[best] as number)) best = a;
      }
      picked.push(best);
      const bi = list[best] as number;
      for (let a = 0; a < list.length; a++) {
        const v = squaredEuclideanAt(data, (list[a] as number) * d, data, bi * d, d);
        if (v < (near[a] as number)) near[a] = v;
      }
    }
    out.push(Int32Array.from(picked.map((a) => list[a] as number)));
  }
  return out;
}
