import { checkDenseSquare } from "../core/checkDenseSquare.js";
import type { RowMatrix } from "../core/rowMatrix.js";
import { checkInteger, fail } from "../core/validate.js";

const FN = "srsPi2";

/**
 * Joint inclusion probabilities of simple random sampling without
 * replacement of `n` out of `N` units, as a dense N x N matrix.
 *
 * Formula: pi_ii = n / N and, for i != j, pi_ij = n (n - 1) / (N (N - 1))
 * (0 when n <= 1).
 *
 * @param N - Population size, an integer in [1, 11585] (the matrix holds N^2 doubles).
 * @param n - Sample size, an integer in [0, N].
 * @returns A new N x N {@link RowMatrix}, diagonal pik = n / N.
 * @throws {TypeError} If `N` or `n` is not a number.
 * @throws {RangeError} If `N` is not an integer >= 1 or is above 11585, or if `n` is
 *   negative, not an integer or larger than `N`.
 * @see Cochran, W. G. (1977). Sampling Techniques, 3rd ed., section 2.4; Särndal, Swensson & Wretman (1992), Model Assisted Survey Sampling, section 3.3.
 * @example
 * ```ts
 * srsPi2(3, 2).data;
 * // Float64Array [0.6666666666666666, 0.3333333333333333, 0.3333333333333333,
 * //               0.3333333333333333, 0.6666666666666666, 0.3333333333333333,
 * //               0.3333333333333333, 0.3333333333333333, 0.6666666666666666]
 * ```
 */
export function srsPi2(N: number, n: number): RowMatrix {
  checkInteger(FN, "N", N, 1);
  checkDenseSquare(FN, "N", N);
  checkInteger(FN, "n", n);
  if (n > N) fail(FN, `n must be at most N (${N})`, n);
  const off = n > 1 ? (n * (n - 1)) / (N * (N - 1)) : 0;
  const data = new Float64Array(N * N).fill(off);
  for (let i = 0; i < N; i++) data[i * N + i] = n / N;
  return { data, rows: N, cols: N };
}
