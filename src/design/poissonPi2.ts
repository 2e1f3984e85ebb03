import { checkDenseSquare } from "../core/checkDenseSquare.js";
import type { RowMatrix } from "../core/rowMatrix.js";
import { toFloat64Array } from "../core/validate.js";

const FN = "poissonPi2";

/**
 * Joint inclusion probabilities of Poisson sampling, as a dense N x N matrix.
 *
 * Formula: units enter independently, so pi_ij = pik_i * pik_j for i != j
 * and pi_ii = pik_i.
 *
 * @param pik - Inclusion probability of each unit, in [0, 1]; N = pik.length <= 11585.
 * @returns A new N x N {@link RowMatrix} with diagonal `pik`.
 * @throws {TypeError} If `pik` is not a `Float64Array` or an array of numbers.
 * @throws {RangeError} If `pik` is empty, longer than 11585, or holds a value outside
 *   [0, 1] or a non-finite value.
 * @see R `sampling::UPpoisson`; Särndal, Swensson & Wretman (1992), Model Assisted Survey Sampling, section 3.5.
 * @example
 * ```ts
 * poissonPi2(new Float64Array([0.5, 0.2])).data; // Float64Array [0.5, 0.1, 0.1, 0.2]
 * ```
 */
export function poissonPi2(pik: ArrayLike<number>): RowMatrix {
  const pik64 = toFloat64Array(FN, "pik", pik, { min: 0, max: 1, allowEmpty: false });
  const N = pik64.length;
  checkDenseSquare(FN, "pik.length", N);
  const data = new Float64Array(N * N);
  for (let i = 0; i < N; i++) {
    const pi = pik64[i] as number;
    const row = i * N;
    for (let j = 0; j < N; j++) data[row + j] = pi * (pik64[j] as number);
    data[row + i] = pi;
  }
  return { data, rows: N, cols: N };
}
