import type { RowMatrix } from "../core/rowMatrix.js";
import { toRowMatrix } from "../core/validate.js";
import { poolInto } from "./_internal.js";

/**
 * Statistics pooling of one trajectory: its T x d step embeddings become one
 * fixed-size vector of 5 d numbers.
 *
 * Layout: [mean, std, first, middle, last], each of length d, where for
 * column j mean_j = (1/T) sum_t x_tj, std_j = sqrt((1/T) sum_t (x_tj -
 * mean_j)^2) (population standard deviation, as numpy's `std`), first = step
 * 0, middle = step floor(T / 2), last = step T - 1. Mean and std are the
 * statistics pooling of Snyder et al. (2018) and Okabe et al. (2018); the
 * three anchors keep the order information that pooling discards (paper
 * section 4.3, "Pooled Embeddings").
 *
 * @param steps - The trajectory's step embeddings, one row per step (T >= 1 rows, d >= 1 columns).
 * @returns A new `Float64Array` of length 5 d.
 * @throws {TypeError} If `steps` is not a `RowMatrix` or a `number[][]`.
 * @throws {RangeError} If `steps` has no rows or no columns, or holds a non-finite value.
 * @see Okabe, Koshinaka & Shinoda (2018). Attentive statistics pooling for deep speaker embedding.
 * @see Ayyad et al. (2026), Trajectory-Aware Benchmark Subset Selection, section 4.3.
 * @example
 * ```ts
 * poolSteps(rowMatrix([[0, 10], [2, 10], [4, 10]]));
 * // Float64Array [2, 10,  1.632993161855452, 0,  0, 10,  2, 10,  4, 10]
 * ```
 */
export function poolSteps(steps: RowMatrix | readonly ArrayLike<number>[]): Float64Array {
  const fn = "poolSteps";
  const stepsMatrix = toRowMatrix(fn, "steps", steps, { allowEmpty: false });
  if (stepsMatrix.cols === 0) throw new RangeError(`${fn}: steps has no columns`);
  return poolInto(fn, "steps", stepsMatrix, new Float64Array(5 * stepsMatrix.cols), 0);
}
