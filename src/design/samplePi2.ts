import type { RowMatrix } from "../core/rowMatrix.js";
import { fail, toInt32Array, toRowMatrix } from "../core/validate.js";

const FN = "samplePi2";

/**
 * The n x n block of a population's joint inclusion probability matrix that
 * belongs to the sampled units: what `horvitzThompson`'s `pi2` option takes.
 *
 * Formula: out[a][b] = pi2[sample[a]][sample[b]], rows and columns in the
 * order of `sample` (designs return it sorted, matching the order of the
 * sampled y and pik).
 *
 * @param pi2 - Population joint inclusion probabilities, a square N x N {@link RowMatrix}
 *   (e.g. from {@link systematicPi2}, {@link srsPi2} or {@link poissonPi2}).
 * @param sample - Distinct 0-based unit indices in [0, N), as returned by a design.
 * @returns A new n x n {@link RowMatrix}.
 * @throws {TypeError} If `pi2` is not a {@link RowMatrix} or `sample` is not an `Int32Array` or an array of
 *   integers.
 * @throws {RangeError} If `pi2` is not square or holds a non-finite value, or if `sample`
 *   holds an index outside [0, N) or a repeated index.
 * @see R `sampling::UPsystematicpi2` then `pi2[s, s]`.
 * @example
 * ```ts
 * samplePi2(srsPi2(4, 2), new Int32Array([1, 3])).data;
 * // Float64Array [0.5, 0.16666666666666666, 0.16666666666666666, 0.5]
 * ```
 */
export function samplePi2(
  pi2: RowMatrix | readonly ArrayLike<number>[],
  sample: ArrayLike<number>,
): RowMatrix {
  const pi2Matrix = toRowMatrix(FN, "pi2", pi2);
  const N = pi2Matrix.rows;
  if (pi2Matrix.cols !== N) fail(FN, `pi2 must be square (got ${N} x ${pi2Matrix.cols})`);
  const sample32 = toInt32Array(FN, "sample", sample, { min: 0, max: N - 1 });
  const n = sample32.length;
  const seen = new Uint8Array(N);
  for (let a = 0; a < n; a++) {
    const i = sample32[a] as number;
    if (seen[i] === 1) fail(FN, `sample[${a}] repeats unit ${i}`);
    seen[i] = 1;
  }
  const src = pi2Matrix.data;
  const data = new Float64Array(n * n);
  for (let a = 0; a < n; a++) {
    const row = (sample32[a] as number) * N;
    for (let b = 0; b < n; b++) data[a * n + b] = src[row + (sample32[b] as number)] as number;
  }
  return { data, rows: n, cols: n };
}
