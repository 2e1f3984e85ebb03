import type { RowMatrix } from "../core/rowMatrix.js";
import { asFloat64Array, checkOptions, optionKeys, toRowMatrix } from "../core/validate.js";
import { checkViolation } from "./_dominance.js";
import { checkObjectiveColumns } from "./_limits.js";
import { sortFronts } from "./_sort.js";

const KEYS = optionKeys<NonDominatedSortOptions>()("violation");

/** Options of {@link nonDominatedSort}. */
export type NonDominatedSortOptions = {
  /**
   * Total constraint violation of each row (0 = feasible, larger = worse).
   * When given, Deb's constrained domination is used (see
   * {@link constrainedDominates}). Default: every row feasible.
   */
  readonly violation?: ArrayLike<number>;
};

/**
 * Sorts the rows of an objective matrix into Pareto fronts (all objectives
 * minimised).
 *
 * Definitions (Deb et al. 2002): row p dominates row q when p is no worse in
 * every objective and strictly better in at least one (with `violation`,
 * Deb's constrained domination applies first: feasible rows come before all
 * infeasible ones, which form one front per distinct violation value, smaller
 * first). Front 0 holds the rows no other row dominates; front k holds the
 * rows dominated only by rows of fronts < k — the fronts of Deb's fast
 * non-dominated sort. Rows with identical objective vectors do not dominate
 * each other, so duplicates always share a front. Within a front, row indices
 * are in ascending order.
 *
 * Algorithm: efficient non-dominated sort with binary search (ENS-BS): rows
 * are visited in lexicographic order of their objectives, and each joins the
 * first front none of whose members dominates it, found by binary search.
 * Worst case O(M N^2) like Deb's, usually far fewer comparisons (with two
 * objectives O(N log N)); memory O(N).
 *
 * To maximise an objective, negate its column first.
 *
 * @param F - Objective values, one row per solution, one column per objective.
 * @param options - Optional constraint violations.
 * @returns The fronts, best first; each an `Int32Array` of row indices. Every
 *   row appears in exactly one front. An empty matrix gives `[]`.
 * @throws {TypeError} If `F` is not a `RowMatrix` or a `number[][]`, or `violation`
 *   is not a `Float64Array` or an array of numbers.
 * @throws {RangeError} If `F` holds a non-finite value, or `violation` has the
 *   wrong length or a negative or non-finite value.
 * @see Deb, K., Pratap, A., Agarwal, S., Meyarivan, T. (2002). A fast and elitist
 *   multiobjective genetic algorithm: NSGA-II. IEEE Trans. Evol. Comput. 6(2), 182-197.
 * @see Zhang, X., Tian, Y., Cheng, R., Jin, Y. (2015). An efficient approach to
 *   nondominated sorting for evolutionary multiobjective optimization. IEEE Trans.
 *   Evol. Comput. 19(2), 201-213.
 * @see DEAP `tools.sortNondominated`
 * @example
 * ```ts
 * const F = rowMatrix([[1, 4], [2, 2], [3, 3], [4, 1], [2, 2]]);
 * nonDominatedSort(F); // [Int32Array [0, 1, 3, 4], Int32Array [2]]
 * nonDominatedSort(F, { violation: new Float64Array([0, 0, 0, 0.5, 0]) });
 * // [Int32Array [0, 1, 4], Int32Array [2], Int32Array [3]]
 * ```
 */
export function nonDominatedSort(
  F: RowMatrix | readonly ArrayLike<number>[],
  options: NonDominatedSortOptions = {},
): Int32Array[] {
  const fn = "nonDominatedSort";
  const FMatrix = toRowMatrix(fn, "F", F);
  checkObjectiveColumns(fn, "F", FMatrix);
  checkOptions(fn, options, KEYS);
  const violation =
    options.violation === undefined
      ? undefined
      : asFloat64Array(fn, "violation", options.violation);
  checkViolation(fn, violation, FMatrix.rows);
  return sortFronts(FMatrix.data, FMatrix.rows, FMatrix.cols, violation).fronts;
}
