import type { RowMatrix } from "../core/rowMatrix.js";
import {
  asInt32Array,
  checkInt32Array,
  checkOptions,
  fail,
  failType,
  optionKeys,
  toRowMatrix,
} from "../core/validate.js";
import { crowdInto } from "./_crowding.js";
import { checkObjectiveColumns } from "./_limits.js";

const KEYS = optionKeys<CrowdingDistanceOptions>()("fronts");

/** Options of {@link crowdingDistance}. */
export type CrowdingDistanceOptions = {
  /**
   * A partition of the rows into fronts (e.g. the output of
   * {@link nonDominatedSort}); each row's distance is computed within its own
   * front. Default: all rows form one front.
   */
  readonly fronts?: readonly ArrayLike<number>[];
};

/**
 * Crowding distance of every row, computed front by front, as in NSGA-II.
 *
 * Algorithm (Deb et al. 2002): within a front of size s, for each objective k
 * sort the members by f_k; the first and last get distance Infinity; each
 * interior member adds (f_k(next) - f_k(prev)) / (f_k(last) - f_k(first)).
 * The sum is divided by the number of objectives M, as in Deb's C code and
 * DEAP (this scaling does not change any comparison). An objective that is
 * constant over the front adds nothing. Fronts of one or two members are all
 * Infinity.
 *
 * Ties and duplicates: members with equal f_k are ordered by row index, so
 * among tied minima the lowest index gets the boundary Infinity and among tied
 * maxima the highest index. Duplicate points are not special-cased (unlike
 * Fortin & Parizeau 2013): of two identical interior points, one receives the
 * gap to its lower neighbour and the other the gap to its upper one.
 *
 * Difference from Deb's C NSGA-II: the C code marks only the minimum of each
 * objective as Infinity; on a two-objective front the maximum of f_1 is the
 * minimum of f_2, so both agree there. With three or more objectives this
 * function (like the paper and DEAP) also marks each maximum.
 *
 * @param F - Objective values, one row per solution.
 * @param options - Optional partition into fronts.
 * @returns A `Float64Array` of length `F.rows`: distance of each row (>= 0 or Infinity).
 * @throws {TypeError} If `F` is not a `RowMatrix` or a `number[][]`, or `fronts`
 *   is not an array whose fronts are each an `Int32Array` or an array of numbers.
 * @throws {RangeError} If `F` holds a non-finite value, or `fronts` does not
 *   cover every row exactly once.
 * @see Deb, K. et al. (2002). NSGA-II. IEEE Trans. Evol. Comput. 6(2), 182-197, Section III-B.
 * @see DEAP `tools.emo.assignCrowdingDist`
 * @example
 * ```ts
 * const F = rowMatrix([[0, 4], [1, 2], [2, 1], [4, 0]]);
 * crowdingDistance(F); // Float64Array [Infinity, 0.625, 0.625, Infinity]
 * // row 1: ((2 - 0) + (4 - 1)) / (2 * 4); row 2: ((4 - 1) + (2 - 0)) / (2 * 4)
 * ```
 */
export function crowdingDistance(
  F: RowMatrix | readonly ArrayLike<number>[],
  options: CrowdingDistanceOptions = {},
): Float64Array {
  const fn = "crowdingDistance";
  const FMatrix = toRowMatrix(fn, "F", F);
  checkObjectiveColumns(fn, "F", FMatrix);
  checkOptions(fn, options, KEYS);
  const n = FMatrix.rows;
  const out = new Float64Array(n);
  const fronts = Array.isArray(options.fronts)
    ? options.fronts.map((front, f) => asInt32Array(fn, `fronts[${f}]`, front))
    : (options.fronts as readonly Int32Array[] | undefined);
  if (fronts === undefined) {
    const all = new Int32Array(n);
    for (let i = 0; i < n; i++) all[i] = i;
    crowdInto(FMatrix.data, FMatrix.cols, all, out);
    return out;
  }
  if (!Array.isArray(fronts))
    failType(fn, "fronts must be an array of Int32Array or of arrays of numbers");
  const seen = new Uint8Array(n);
  let covered = 0;
  for (let f = 0; f < fronts.length; f++) {
    const front = fronts[f];
    checkInt32Array(fn, `fronts[${f}]`, front, { min: 0, max: n - 1 });
    for (let t = 0; t < front.length; t++) {
      const row = front[t] as number;
      if (seen[row] === 1) fail(fn, `fronts list row ${row} more than once`);
      seen[row] = 1;
      covered++;
    }
  }
  if (covered !== n) fail(fn, `fronts cover ${covered} of the ${n} rows`);
  for (const front of fronts) crowdInto(FMatrix.data, FMatrix.cols, front, out);
  return out;
}
