import type { RowMatrix } from "../core/rowMatrix.js";
import { fail, failType, toRowMatrix } from "../core/validate.js";
import { poolInto } from "./_internal.js";

/**
 * Pools many trajectories at once: row i is {@link poolSteps} of `list[i]`.
 *
 * @param list - One step-embedding matrix per item (T_i x d, T_i >= 1, the same d for all).
 * @returns A new `list.length` x 5 d RowMatrix ([mean, std, first, middle, last] per row).
 * @throws {TypeError} If `list` is not an array or an element is not a `RowMatrix` or a `number[][]`.
 * @throws {RangeError} If `list` is empty, a trajectory has no steps or a non-finite value, or the widths d
 *   differ.
 * @see Ayyad et al. (2026), Trajectory-Aware Benchmark Subset Selection, section 4.3.
 * @example
 * ```ts
 * const X = poolTrajectories([rowMatrix([[1], [3]]), rowMatrix([[5]])]);
 * X.rows; // 2
 * X.data; // Float64Array [2, 1, 1, 3, 3,  5, 0, 5, 5, 5]
 * ```
 */
export function poolTrajectories(
  list: readonly (RowMatrix | readonly ArrayLike<number>[])[],
): RowMatrix {
  const fn = "poolTrajectories";
  if (!Array.isArray(list)) failType(fn, "list must be an array of RowMatrix");
  if (list.length === 0) fail(fn, "list is empty");
  // Array.from, not map: a hole in a sparse array must fail as `undefined` does
  const matrices = Array.from(list, (m, i) =>
    toRowMatrix(fn, `list[${i}]`, m, { allowEmpty: false }),
  );
  const d = (matrices[0] as RowMatrix).cols;
  for (let i = 0; i < matrices.length; i++) {
    const m = matrices[i] as RowMatrix;
    if (m.cols !== d) fail(fn, `list[${i}] has ${m.cols} columns, list[0] has ${d}`);
  }
  if (d === 0) fail(fn, "trajectories have no columns");
  const data = new Float64Array(list.length * 5 * d);
  for (let i = 0; i < matrices.length; i++) {
    poolInto(fn, `list[${i}]`, matrices[i] as RowMatrix, data, i * 5 * d);
  }
  return { data, rows: list.length, cols: 5 * d };
}
