import type { RowMatrix } from "../core/rowMatrix.js";
import { fail, toRowMatrix } from "../core/validate.js";

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
 * @throws {RangeError} If either matrix is empty, the column counts differ, or
 *   a value is not finite.
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
  const m = frontMatrix.cols;
  if (referenceMatrix.cols !== m) {
    fail(fn, `front and reference column counts differ (${m} vs ${referenceMatrix.cols})`);
  }
  const a = frontMatrix.data;
  const z = referenceMatrix.data;
  let total = 0;
  for (let j = 0; j < referenceMatrix.rows; j++) {
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < frontMatrix.rows; i++) {
      let s = 0;
      for (let k = 0; k < m; k++) {
        const t = (a[i * m + k] as number) - (z[j * m + k] as number);
        s += t * t;
      }
      if (s < best) best = s;
    }
    total += Math.sqrt(best);
  }
  return total / referenceMatrix.rows;
}
