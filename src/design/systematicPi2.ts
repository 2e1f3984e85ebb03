import { checkDenseSquare } from "../core/checkDenseSquare.js";
import { checkIntegerSum } from "../core/checkIntegerSum.js";
import type { RowMatrix } from "../core/rowMatrix.js";
import { toFloat64Array } from "../core/validate.js";
import { runningSums } from "./_runningSums.js";

const FN = "systematicPi2";

/**
 * Exact joint inclusion probabilities of Madow's systematic PPS design
 * ({@link systematicPps}, units in the given order), as a dense N x N matrix.
 *
 * Algorithm: with running sums V_k (as in {@link systematicPps}, certain
 * units set aside), unit k is drawn exactly when the random start u falls in
 * the arc (frac(V_{k-1}), frac(V_{k-1}) + pik_k] of the circle [0, 1). So
 * pi_kl is the length of the intersection of the arcs of k and l, summed
 * over the shifts -1, 0, +1 that unroll the circle. This is the same
 * quantity as summing, over the sub-intervals of [0, 1) cut by the sorted
 * breakpoints frac(V_k), the length of each sub-interval into every pair
 * drawn together (R's `UPsystematicpi2`), but costs O(1) per pair, O(N^2) in
 * all. Units with pik = 0 or 1 get pi_kl = pik_k * pik_l, as in R; the
 * diagonal is pik.
 *
 * @param pik - Inclusion probabilities in [0, 1] summing to an integer n (within
 *   min(1e-4, 1e-9 * max(1, N))); N = pik.length <= 11585.
 * @returns A new N x N {@link RowMatrix} of joint inclusion probabilities, diagonal pik.
 * @throws {TypeError} If `pik` is not a `Float64Array` or an array of numbers.
 * @throws {RangeError} If `pik` is empty, longer than 11585, holds a value outside [0, 1]
 *   or a non-finite value, or does not sum to an integer (the message names the fix:
 *   use `inclusionProbabilities(size, n)`).
 * @see R `sampling::UPsystematicpi2`; Madow, W. G. (1949). On the theory of systematic sampling, II. Ann. Math. Statist. 20, 333-354.
 * @example
 * ```ts
 * systematicPi2(new Float64Array([0.5, 0.5, 0.5, 0.5])).data;
 * // Float64Array [0.5, 0, 0.5, 0,  0, 0.5, 0, 0.5,  0.5, 0, 0.5, 0,  0, 0.5, 0, 0.5]
 * ```
 */
export function systematicPi2(pik: ArrayLike<number>): RowMatrix {
  const pik64 = toFloat64Array(FN, "pik", pik, { min: 0, max: 1, allowEmpty: false });
  const N = pik64.length;
  checkDenseSquare(FN, "pik.length", N);
  const n = checkIntegerSum(FN, "pik", pik64);
  const V = runningSums(pik64, n);
  const start = new Float64Array(N);
  const len = new Float64Array(N);
  let prev = 0;
  for (let k = 0; k < N; k++) {
    start[k] = prev - Math.floor(prev);
    len[k] = (V[k] as number) - prev;
    prev = V[k] as number;
  }
  const data = new Float64Array(N * N);
  for (let k = 0; k < N; k++) {
    const pk = pik64[k] as number;
    data[k * N + k] = pk;
    for (let l = k + 1; l < N; l++) {
      const pl = pik64[l] as number;
      let v: number;
      if (pk === 0 || pk === 1 || pl === 0 || pl === 1) {
        v = pk * pl;
      } else {
        const a0 = start[k] as number;
        const a1 = a0 + (len[k] as number);
        const b0 = start[l] as number;
        const b1 = b0 + (len[l] as number);
        v =
          overlap(a0, a1, b0 - 1, b1 - 1) +
          overlap(a0, a1, b0, b1) +
          overlap(a0, a1, b0 + 1, b1 + 1);
      }
      data[k * N + l] = v;
      data[l * N + k] = v;
    }
  }
  return { data, rows: N, cols: N };
}

function overlap(a0: number, a1: number, b0: number, b1: number): number {
  const d = Math.min(a1, b1) - Math.max(a0, b0);
  return Math.max(d, 0);
}
