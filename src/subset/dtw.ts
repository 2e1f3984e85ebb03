import type { RowMatrix } from "../core/rowMatrix.js";
import { checkInteger, checkOptions, fail, optionKeys, toRowMatrix } from "../core/validate.js";

const KEYS = optionKeys<DtwOptions>()("window");

/** Options of {@link dtw}. */
export type DtwOptions = {
  /**
   * Sakoe–Chiba band half-width: steps i and j may be matched only when
   * |i - j| <= window (widened to |T_a - T_b| when smaller, so a path exists).
   * @defaultValue unconstrained (every alignment allowed).
   */
  readonly window?: number;
};

/**
 * Dynamic time warping distance between two step sequences (the paper's
 * time-series embeddings, which keep step order).
 *
 * Algorithm: D(0, 0) = c(0, 0); D(i, j) = c(i, j) + min(D(i-1, j),
 * D(i, j-1), D(i-1, j-1)) with local cost c(i, j) = Euclidean distance
 * between step i of `a` and step j of `b`; the result is D(T_a - 1, T_b - 1),
 * the cost of the cheapest monotone alignment of all steps (not normalised by
 * path length). Symmetric, 0 for identical sequences, O(T_a T_b d) time and
 * O(T_b) memory. To use it with a geometric selector, flatten equally long
 * sequences into rows and pass a `distance` callback that rebuilds them.
 *
 * @param a - First sequence, T_a x d (T_a >= 1).
 * @param b - Second sequence, T_b x d (the same d).
 * @param options - `window`: Sakoe–Chiba band (default none).
 * @returns The DTW distance, >= 0.
 * @throws {TypeError} If `a` or `b` is not a `RowMatrix` or a `number[][]` or `options` is not an object.
 * @throws {RangeError} If either has no rows or a non-finite value, their widths differ, `window` is not
 *   an integer >= 0, or the distance exceeds the double range (`dtw: a and b are too large: rescale them ...`;
 *   huge values whose squares alone overflow are handled exactly by scaling).
 * @see Sakoe & Chiba (1978). Dynamic programming algorithm optimization for spoken word recognition. IEEE TASSP 26(1).
 * @see R `dtw::dtw(x, y, dist.method = "Euclidean", step.pattern = symmetric1)`.
 * @example
 * ```ts
 * // align 0-0, 1-1, 1-1, 2-2: every matched pair is equal
 * dtw(rowMatrix([[0], [1], [2]]), rowMatrix([[0], [1], [1], [2]])); // 0
 * dtw(rowMatrix([[0], [0]]), rowMatrix([[1]])); // 2
 * ```
 */
export function dtw(
  a: RowMatrix | readonly ArrayLike<number>[],
  b: RowMatrix | readonly ArrayLike<number>[],
  options: DtwOptions = {},
): number {
  const fn = "dtw";
  const aMatrix = toRowMatrix(fn, "a", a, { allowEmpty: false });
  const bMatrix = toRowMatrix(fn, "b", b, { allowEmpty: false });
  if (aMatrix.cols !== bMatrix.cols)
    fail(fn, `a and b widths differ (${aMatrix.cols} vs ${bMatrix.cols})`);
  checkOptions(fn, options, KEYS);
  const n = aMatrix.rows;
  const m = bMatrix.rows;
  let w = Math.max(n, m);
  if (options.window !== undefined) {
    checkInteger(fn, "options.window", options.window, 0);
    w = Math.max(options.window, Math.abs(n - m));
  }
  const first = dtwPass(aMatrix, bMatrix, w, 1);
  // Below 2^500 no cell of the optimal path can have overflowed (its squared
  // cost would be below 2^1000), so the pass is exact: every ordinary input.
  if (first <= SAFE) return first;
  // Otherwise some squared cost overflowed (or the distance is huge): the same
  // recursion on the values times 2^-k is exact (sqrt, sums and minima commute
  // with a power-of-two scale) and cannot overflow.
  let big = 0;
  for (const x of aMatrix.data) big = Math.max(big, Math.abs(x));
  for (const x of bMatrix.data) big = Math.max(big, Math.abs(x));
  const scale = 2 ** -Math.max(0, Math.ceil(Math.log2(big)) - 400);
  const out = dtwPass(aMatrix, bMatrix, w, scale) / scale;
  if (!Number.isFinite(out))
    fail(fn, "a and b are too large: rescale them (their DTW distance exceeds the double range)");
  return out;
}

/** 2^500: a DTW result below it was computed without overflow. */
const SAFE = 2 ** 500;

/** The DTW recursion on the values times `scale` (1, or a power of two). */
function dtwPass(aMatrix: RowMatrix, bMatrix: RowMatrix, w: number, scale: number): number {
  const n = aMatrix.rows;
  const m = bMatrix.rows;
  const d = aMatrix.cols;
  const cost =
    scale === 1
      ? (i: number, j: number): number => {
          let s = 0;
          for (let t = 0; t < d; t++) {
            const e = (aMatrix.data[i * d + t] as number) - (bMatrix.data[j * d + t] as number);
            s += e * e;
          }
          return Math.sqrt(s);
        }
      : (i: number, j: number): number => {
          let s = 0;
          for (let t = 0; t < d; t++) {
            const e =
              (aMatrix.data[i * d + t] as number) * scale -
              (bMatrix.data[j * d + t] as number) * scale;
            s += e * e;
          }
          return Math.sqrt(s);
        };
  let prev = new Float64Array(m).fill(Number.POSITIVE_INFINITY);
  let cur = new Float64Array(m);
  for (let i = 0; i < n; i++) {
    cur.fill(Number.POSITIVE_INFINITY);
    const lo = Math.max(0, i - w);
    const hi = Math.min(m - 1, i + w);
    for (let j = lo; j <= hi; j++) {
      const c = cost(i, j);
      if (i === 0 && j === 0) {
        cur[j] = c;
        continue;
      }
      const up = prev[j] as number;
      const left = j > 0 ? (cur[j - 1] as number) : Number.POSITIVE_INFINITY;
      const diag = j > 0 ? (prev[j - 1] as number) : Number.POSITIVE_INFINITY;
      cur[j] = c + Math.min(up, left, diag);
    }
    const t = prev;
    prev = cur;
    cur = t;
  }
  return prev[m - 1] as number;
}
