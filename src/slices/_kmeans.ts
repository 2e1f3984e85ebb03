/**
 * k-means++ seeding drawn with `rng` and Lloyd's algorithm, the kernel of
 * `kmeansSlices` and of `gmmSlices`' start; `fn` names the public function
 * in errors (an rng value outside [0, 1)). Inputs are validated by the caller.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */
import { lloyd } from "../core/_lloyd.js";
import { squaredEuclideanAt } from "../core/distance.js";
import type { Rng } from "../core/rng.js";
import type { RowMatrix } from "../core/rowMatrix.js";
import { draw } from "../core/validate.js";

/** Cluster label per row of `X`, ids in [0, k). */
export function kmeansLabels(
  fn: string,
  X: RowMatrix,
  k: number,
  rng: Rng,
  maxIterations: number,
): Int32Array {
  const { data, rows: n, cols: d } = X;
  const near = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const centres = new Float64Array(k * d);
  let next = Math.floor(draw(fn, rng) * n);
  for (let c = 0; c < k; c++) {
    centres.set(data.subarray(next * d, next * d + d), c * d);
    let total = 0;
    for (let i = 0; i < n; i++) {
      const v = squaredEuclideanAt(data, i * d, data, next * d, d);
      if (v < (near[i] as number)) near[i] = v;
      total += near[i] as number;
    }
    if (c === k - 1) break;
    if (total === 0) {
      next = Math.floor(draw(fn, rng) * n);
      continue;
    }
    let u = draw(fn, rng) * total;
    next = n - 1;
    for (let i = 0; i < n; i++) {
      u -= near[i] as number;
      if (u < 0) {
        next = i;
        break;
      }
    }
  }
  const init = { data: centres, rows: k, cols: d };
  return lloyd(X, init, { maxRounds: maxIterations, tolerance: 1e-6, empty: "keep" }).labels;
}
