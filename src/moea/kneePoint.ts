import type { RowMatrix } from "../core/rowMatrix.js";
import { toRowMatrix } from "../core/validate.js";
import { checkObjectiveColumns } from "./_limits.js";

/** Result of {@link kneePoint}. */
export type KneePointResult = {
  /** Row index of the chosen point. */
  readonly index: number;
  /**
   * How it was chosen: `"normalBoundary"` when some point bulges beyond the
   * hyperplane through the extreme points, `"asf"` for the fallback.
   */
  readonly method: "normalBoundary" | "asf";
};

/** Solves the small system A w = 1 by Gaussian elimination; null when (nearly) singular. */
function solveOnes(A: Float64Array, m: number): Float64Array | null {
  const a = Float64Array.from(A);
  const w = new Float64Array(m).fill(1);
  for (let c = 0; c < m; c++) {
    let piv = c;
    for (let r = c + 1; r < m; r++) {
      if (Math.abs(a[r * m + c] as number) > Math.abs(a[piv * m + c] as number)) piv = r;
    }
    if (!(Math.abs(a[piv * m + c] as number) > 1e-10)) return null;
    if (piv !== c) {
      for (let k = 0; k < m; k++) {
        const t = a[c * m + k] as number;
        a[c * m + k] = a[piv * m + k] as number;
        a[piv * m + k] = t;
      }
      const t = w[c] as number;
      w[c] = w[piv] as number;
      w[piv] = t;
    }
    for (let r = 0; r < m; r++) {
      if (r === c) continue;
      const f = (a[r * m + c] as number) / (a[c * m + c] as number);
      if (f === 0) continue;
      for (let k = c; k < m; k++)
        a[r * m + k] = (a[r * m + k] as number) - f * (a[c * m + k] as number);
      w[r] = (w[r] as number) - f * (w[c] as number);
    }
  }
  for (let c = 0; c < m; c++) w[c] = (w[c] as number) / (a[c * m + c] as number);
  return w;
}

/**
 * Picks the knee of a non-dominated front: the point that bulges most towards
 * the ideal point, with a scalarising fallback (all objectives minimised).
 *
 * Algorithm: normalise each objective to [0, 1] by the front's ideal (min)
 * and nadir (max) values (a constant objective becomes 0). Take the extreme
 * point of each objective (its minimiser; ties by the smallest sum of the
 * other normalised objectives, then lowest index) and the hyperplane
 * w . f = 1 through them (the convex hull of individual minima of Das &
 * Dennis's normal-boundary intersection); if these points are degenerate, or
 * some w_k <= 0, the plane sum_k f_k = 1 is used instead (in two objectives
 * the two always coincide). Each point's signed distance to the plane towards
 * the ideal is (1 - w . f) / ||w||; the knee is the point with the largest
 * distance (ties: lowest index) when that distance exceeds 1e-12 (Das 1999;
 * Deb & Gupta 2011). When no point bulges (linear or concave fronts), the
 * fallback is the equal-weight achievement scalarising function with the
 * ideal point as reference: argmin_i max_k f_k(i) on the normalised front
 * (ties: smallest sum, then lowest index).
 *
 * @param front - Objective values of the front, one row per point (at least one row).
 * @returns The chosen row and the rule that chose it.
 * @throws {TypeError} If `front` is not a `RowMatrix` or a `number[][]`.
 * @throws {RangeError} If `front` is empty or holds a non-finite value.
 * @see Das, I. (1999). On characterizing the "knee" of the Pareto curve based on
 *   normal-boundary intersection. Structural Optimization 18, 107-115.
 * @see Wierzbicki, A. P. (1980). The use of reference objectives in multiobjective
 *   optimization. LNEMS 177, 468-486.
 * @example
 * ```ts
 * kneePoint(rowMatrix([[0, 1], [0.2, 0.2], [1, 0]])); // { index: 1, method: "normalBoundary" }
 * kneePoint(rowMatrix([[0, 1], [0.6, 0.6], [1, 0]])); // { index: 1, method: "asf" }
 * ```
 */
export function kneePoint(front: RowMatrix | readonly ArrayLike<number>[]): KneePointResult {
  const fn = "kneePoint";
  const frontMatrix = toRowMatrix(fn, "front", front, { allowEmpty: false });
  checkObjectiveColumns(fn, "front", frontMatrix);
  const { rows: n, cols: m, data } = frontMatrix;
  const f = new Float64Array(n * m);
  for (let k = 0; k < m; k++) {
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      const v = data[i * m + k] as number;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    const range = hi - lo;
    if (range === Number.POSITIVE_INFINITY) {
      // finite objectives whose range overflows (near +-1e308): the same ratios in halves
      const half = hi / 2 - lo / 2;
      for (let i = 0; i < n; i++) f[i * m + k] = ((data[i * m + k] as number) / 2 - lo / 2) / half;
      continue;
    }
    for (let i = 0; i < n; i++)
      f[i * m + k] = range > 0 ? ((data[i * m + k] as number) - lo) / range : 0;
  }
  const rowSum = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let k = 0; k < m; k++) s += f[i * m + k] as number;
    rowSum[i] = s;
  }
  const E = new Float64Array(m * m);
  for (let k = 0; k < m; k++) {
    let best = 0;
    for (let i = 1; i < n; i++) {
      const a = f[i * m + k] as number;
      const b = f[best * m + k] as number;
      if (a < b || (a === b && (rowSum[i] as number) - a < (rowSum[best] as number) - b)) best = i;
    }
    for (let c = 0; c < m; c++) E[k * m + c] = f[best * m + c] as number;
  }
  let w = solveOnes(E, m);
  if (w === null || w.some((x) => !(x > 0))) w = new Float64Array(m).fill(1);
  let norm = 0;
  for (let k = 0; k < m; k++) norm += (w[k] as number) ** 2;
  norm = Math.sqrt(norm);
  let knee = -1;
  let bestDist = 1e-12;
  for (let i = 0; i < n; i++) {
    let dot = 0;
    for (let k = 0; k < m; k++) dot += (w[k] as number) * (f[i * m + k] as number);
    const dist = (1 - dot) / norm;
    if (dist > bestDist) {
      bestDist = dist;
      knee = i;
    }
  }
  if (knee >= 0) return { index: knee, method: "normalBoundary" };
  let pick = 0;
  let pickMax = Number.POSITIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    let mx = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < m; k++) mx = Math.max(mx, f[i * m + k] as number);
    if (mx < pickMax || (mx === pickMax && (rowSum[i] as number) < (rowSum[pick] as number))) {
      pickMax = mx;
      pick = i;
    }
  }
  return { index: pick, method: "asf" };
}
