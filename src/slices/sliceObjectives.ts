import type { RowMatrix } from "../core/rowMatrix.js";
import { asInt32Array, fail, toBinary, toRowMatrix } from "../core/validate.js";
import { makeEvaluator } from "./_objectives.js";
import { checkSliceOf } from "./_partition.js";

/**
 * The three CASPER-SI objectives of a slice assignment, all to be minimised:
 * `[OI, Intra_SD, -Inter_SD]`.
 *
 * With m non-empty slices S_1..S_m and signal vectors v_i:
 * - OI = (1/m) sum_j (1 - max(#pass, #fail in S_j) / |S_j|), the output
 *   inconsistency (paper eqs. 7-10; `outcome` 1 = pass, 0 = fail);
 * - Intra_SD = (1/m) sum_j mean over pairs i < k in S_j of ||v_i - v_k||
 *   (eqs. 11-12; a one-member slice contributes 0);
 * - Inter_SD = (1/m) sum_j min_{l != j} ||mu(S_j) - mu(S_l)||, the mean
 *   distance from each slice centroid to its nearest other centroid
 *   (eqs. 13-16; 0 when m = 1). It is maximised, so the third entry is its
 *   negation.
 *
 * @param sliceOf - Slice id per instance, ids in [0, N).
 * @param signals - N x d behavioural signals (one row per instance).
 * @param outcome - 0/1 outcome per instance (1 = resolved / pass).
 * @returns `Float64Array [OI, Intra_SD, -Inter_SD]`.
 * @throws {TypeError} If an argument has the wrong type.
 * @throws {RangeError} If the lengths differ, `signals` holds a non-finite
 *   value, `outcome` a value other than 0/1, `sliceOf` an id outside [0, N), or
 *   an objective exceeds the largest double (`sliceObjectives: signals are too
 *   large: ...; rescale signals`). Signals beyond 2^±400 are evaluated in an
 *   exactly rescaled form, so they do not overflow early.
 * @see Muse, B. A. et al. CASPER, section 2.2.3 ("Objective functions and constraints").
 * @example
 * ```ts
 * // Slices {0, 1} and {2, 3} on a line; outcomes 1,1 | 1,0.
 * const X = rowMatrix([[0], [1], [4], [6]]);
 * sliceObjectives(new Int32Array([0, 0, 1, 1]), X, new Uint8Array([1, 1, 1, 0]));
 * // Float64Array [0.25, 1.5, -4.5]: OI = (0 + 0.5) / 2, Intra = (1 + 2) / 2, centroids 0.5 and 5
 * ```
 */
export function sliceObjectives(
  sliceOf: ArrayLike<number>,
  signals: RowMatrix | readonly ArrayLike<number>[],
  outcome: ArrayLike<number | boolean>,
): Float64Array {
  const fn = "sliceObjectives";
  const sliceOf32 = asInt32Array(fn, "sliceOf", sliceOf);
  checkSliceOf(fn, "sliceOf", sliceOf32);
  const signalsMatrix = toRowMatrix(fn, "signals", signals);
  const outcome01 = toBinary(fn, "outcome", outcome);
  if (signalsMatrix.rows !== sliceOf32.length) {
    fail(fn, `sliceOf and signals lengths differ (${sliceOf32.length} vs ${signalsMatrix.rows})`);
  }
  if (outcome01.length !== sliceOf32.length) {
    fail(fn, `sliceOf and outcome lengths differ (${sliceOf32.length} vs ${outcome01.length})`);
  }
  const ev = makeEvaluator(signalsMatrix, outcome01);
  return ev.objectives(ev.full(sliceOf32), new Float64Array(3));
}
