import { exponentOf, maxAbs, needsScaling, times2 } from "../core/_scale.js";
import type { RowMatrix } from "../core/rowMatrix.js";
import { asInt32Array, fail, toRowMatrix } from "../core/validate.js";
import { checkSliceOf } from "./_partition.js";
import type { OutputConsistencyResult } from "./outputConsistency.js";

/**
 * Slice coherence metric (SCM): the mean pairwise cosine similarity of the
 * signal vectors inside each slice.
 *
 * SCM(S) = (2 / (|S| (|S| - 1))) sum_{i < j in S} cos(v_i, v_j), with
 * cos(u, v) = u . v / (||u|| ||v||), taken as 0 when either vector is zero. A
 * one-member slice scores 1.
 *
 * @param sliceOf - Slice id per instance, ids in [0, N).
 * @param signals - N x d signal vectors (one row per instance).
 * @returns Per-slice SCM and their mean.
 * @throws {TypeError} If `sliceOf` is not an `Int32Array` or an array of integers or `signals` not a
 *   RowMatrix.
 * @throws {RangeError} If the lengths differ, an id is outside [0, N) or a signal is non-finite.
 *   Rows beyond 2^±400 (whose squared norms would overflow or underflow) are
 *   scaled by a power of two first, which leaves the cosines exact.
 * @see Muse, B. A. et al. CASPER, section 3.9 ("Slice coherence metric").
 * @example
 * ```ts
 * const X = rowMatrix([[1, 0], [1, 1], [0, 1], [0, 2]]);
 * sliceCoherence(new Int32Array([0, 0, 1, 1]), X);
 * // { ids: Int32Array [0, 1], values: Float64Array [0.7071067811865475, 1], mean: 0.8535533905932737 }
 * ```
 */
export function sliceCoherence(
  sliceOf: ArrayLike<number>,
  signals: RowMatrix | readonly ArrayLike<number>[],
): OutputConsistencyResult {
  const fn = "sliceCoherence";
  const sliceOf32 = asInt32Array(fn, "sliceOf", sliceOf);
  checkSliceOf(fn, "sliceOf", sliceOf32);
  const signalsMatrix = toRowMatrix(fn, "signals", signals);
  if (signalsMatrix.rows !== sliceOf32.length) {
    fail(fn, `sliceOf and signals lengths differ (${sliceOf32.length} vs ${signalsMatrix.rows})`);
  }
  const { cols: d } = signalsMatrix;
  const n = sliceOf32.length;
  const data = rowsInRange(signalsMatrix.data, n, d);
  const norm = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let k = 0; k < d; k++) s += (data[i * d + k] as number) ** 2;
    norm[i] = Math.sqrt(s);
  }
  const members: number[][] = Array.from({ length: n }, () => []);
  for (let i = 0; i < n; i++) (members[sliceOf32[i] as number] as number[]).push(i);
  const ids: number[] = [];
  const values: number[] = [];
  for (let s = 0; s < n; s++) {
    const list = members[s] as number[];
    if (list.length === 0) continue;
    ids.push(s);
    if (list.length === 1) {
      values.push(1);
      continue;
    }
    let sum = 0;
    for (let a = 0; a < list.length; a++) {
      const i = list[a] as number;
      for (let b = a + 1; b < list.length; b++) {
        const j = list[b] as number;
        const den = (norm[i] as number) * (norm[j] as number);
        if (den === 0) continue;
        let dot = 0;
        for (let k = 0; k < d; k++)
          dot += (data[i * d + k] as number) * (data[j * d + k] as number);
        sum += dot / den;
      }
    }
    values.push((2 * sum) / (list.length * (list.length - 1)));
  }
  let total = 0;
  for (const v of values) total += v;
  return {
    ids: Int32Array.from(ids),
    values: Float64Array.from(values),
    mean: total / values.length,
  };
}

/**
 * The signals with every row whose largest magnitude lies outside
 * [2^-400, 2^400] (where its squared norm or a dot product would overflow or
 * underflow) scaled by a power of two into [1, 2): cosines do not depend on
 * a row's scale, and scaling by a power of two is exact, so the cosines are
 * those of an unbounded exponent. `data` itself when no row needs it.
 */
function rowsInRange(data: Float64Array, n: number, d: number): Float64Array {
  let out: Float64Array | undefined;
  for (let i = 0; i < n; i++) {
    const row = data.subarray(i * d, (i + 1) * d);
    const big = maxAbs(row);
    if (!needsScaling(big)) continue;
    out ??= Float64Array.from(data);
    const e = exponentOf(big);
    for (let k = 0; k < d; k++) out[i * d + k] = times2(row[k] as number, -e);
  }
  return out ?? data;
}
