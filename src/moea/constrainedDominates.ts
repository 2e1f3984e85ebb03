import type { RowMatrix } from "../core/rowMatrix.js";
import {
  asFloat64Array,
  checkInteger,
  checkOptions,
  optionKeys,
  toRowMatrix,
} from "../core/validate.js";
import { checkViolation, dominance } from "./_dominance.js";
import { checkObjectiveColumns } from "./_limits.js";

const KEYS = optionKeys<ConstrainedDominatesOptions>()("violation");

/** Options of {@link constrainedDominates}. */
export type ConstrainedDominatesOptions = {
  /** Total constraint violation of each row (0 = feasible). Default: all rows feasible. */
  readonly violation?: ArrayLike<number>;
};

/**
 * Whether row `i` constrained-dominates row `j` (all objectives minimised).
 *
 * Deb's rules (2002, Section V): a feasible solution (violation 0) dominates
 * an infeasible one; of two infeasible solutions the one with the smaller
 * total violation dominates (equal violations: neither); of two feasible
 * solutions, i dominates j when it is no worse in every objective and strictly
 * better in at least one. Without `violation` this is plain Pareto dominance.
 *
 * @param F - Objective values, one row per solution.
 * @param i - Row of the candidate dominator.
 * @param j - Row of the candidate dominated solution.
 * @param options - Optional constraint violations.
 * @returns True when row i dominates row j.
 * @throws {TypeError} If `F` is not a `RowMatrix` or a `number[][]`, or `violation`
 *   is not a `Float64Array` or an array of numbers.
 * @throws {RangeError} If `i` or `j` is not a row index, `F` holds a non-finite
 *   value, or `violation` has the wrong length or a negative value.
 * @see Deb, K. et al. (2002). NSGA-II. IEEE Trans. Evol. Comput. 6(2), 182-197.
 * @example
 * ```ts
 * const F = rowMatrix([[1, 2], [2, 3], [0, 0]]);
 * constrainedDominates(F, 0, 1); // true
 * constrainedDominates(F, 2, 0); // true
 * constrainedDominates(F, 2, 0, { violation: new Float64Array([0, 0, 0.1]) }); // false
 * constrainedDominates(F, 0, 2, { violation: new Float64Array([0, 0, 0.1]) }); // true
 * ```
 */
export function constrainedDominates(
  F: RowMatrix | readonly ArrayLike<number>[],
  i: number,
  j: number,
  options: ConstrainedDominatesOptions = {},
): boolean {
  const fn = "constrainedDominates";
  const FMatrix = toRowMatrix(fn, "F", F);
  checkObjectiveColumns(fn, "F", FMatrix);
  checkInteger(fn, "i", i, 0, FMatrix.rows - 1);
  checkInteger(fn, "j", j, 0, FMatrix.rows - 1);
  checkOptions(fn, options, KEYS);
  const violation =
    options.violation === undefined
      ? undefined
      : asFloat64Array(fn, "violation", options.violation);
  checkViolation(fn, violation, FMatrix.rows);
  return dominance(FMatrix.data, FMatrix.cols, i, j, violation) === 1;
}
