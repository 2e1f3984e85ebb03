import { exponentOf, maxAbs, needsScaling, scaledCopy, times2 } from "../core/_scale.js";
import type { RowMatrix } from "../core/rowMatrix.js";
import { fail, toRowMatrix } from "../core/validate.js";
import { checkObjectiveColumns } from "./_limits.js";

/**
 * Inverted generational distance: the mean, over the points of a reference
 * (true) front, of the Euclidean distance to the nearest point of the
 * approximation.
 *
 * Formula: IGD(A, Z) = (1 / |Z|) sum_{z in Z} min_{a in A} ||a - z||_2, O(|A| |Z| M).
 * Lower is better; it measures convergence and coverage together, and its
 * value depends on how densely `reference` samples the true front.
 *
 * @param front - The approximation, one row per point.
 * @param reference - Points on the true front, same number of columns.
 * @returns The IGD (>= 0).
 * @throws {TypeError} If an argument is not a `RowMatrix` or a `number[][]`.
 * @throws {RangeError} If either matrix is empty, the column counts differ, a
 *   value is not finite, or the IGD itself exceeds the largest double
 *   (`igd: front and reference are too large: ...; rescale the objectives`).
 *   Huge or tiny finite values (beyond 2^±400) are computed in an exactly
 *   rescaled form, so they do not overflow early.
 * @see Coello Coello, C. A., Reyes Sierra, M. (2004). A study of the parallelization
 *   of a coevolutionary multi-objective evolutionary algorithm. MICAI, 688-697.
 * @see pymoo `IGD`
 * @example
 * ```ts
 * igd(rowMatrix([[0, 1], [1, 0]]), rowMatrix([[0, 1], [0.5, 0.5], [1, 0]]));
 * // 0.23570226039551587  (= (0 + sqrt(0.5) + 0) / 3)
 * ```
 */
export function igd(
  front: RowMatrix | readonly ArrayLike<number>[],
  reference: RowMatrix | readonly ArrayLike<number>[],
): number {
  const fn = "igd";
  const frontMatrix = toRowMatrix(fn, "front", front, { allowEmpty: false });
  const referenceMatrix = toRowMatrix(fn, "reference", reference, { allowEmpty: false });
  checkObjectiveColumns(fn, "front", frontMatrix);
  checkObjectiveColumns(fn, "reference", referenceMatrix);
  const m = frontMatrix.cols;
  if (referenceMatrix.cols !== m) {
    fail(fn, `front and reference column counts differ (${m} vs ${referenceMatrix.cols})`);
  }
  // Beyond 2^±400 the squared distances could overflow (or underflow): both
  // matrices are then scaled by a power of two into [1, 2), which is exact,
  // and the IGD scaled back.
  const big = Math.max(maxAbs(frontMatrix.data), maxAbs(referenceMatrix.data));
  if (!needsScaling(big))
    return igdOf(frontMatrix.data, frontMatrix.rows, referenceMatrix.data, referenceMatrix.rows, m);
  const e = exponentOf(big);
  const a = scaledCopy(frontMatrix.data, -e);
  const z = scaledCopy(referenceMatrix.data, -e);
  const v = times2(igdOf(a, frontMatrix.rows, z, referenceMatrix.rows, m), e);
  if (!Number.isFinite(v)) {
    fail(
      fn,
      "front and reference are too large: their IGD overflows the largest double (about 1.8e308); rescale the objectives",
    );
  }
  return v;
}

/** The IGD kernel: `na` rows of `a` against `nz` rows of `z`, `m` columns each. */
function igdOf(a: Float64Array, na: number, z: Float64Array, nz: number, m: number): number {
  let total = 0;
  for (let j = 0; j < nz; j++) {
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < na; i++) {
      let s = 0;
      for (let k = 0; k < m; k++) {
        const t = (a[i * m + k] as number) - (z[j * m + k] as number);
        s += t * t;
      }
      if (s < best) best = s;
    }
    total += Math.sqrt(best);
  }
  return total / nz;
}
