import { exponentOf, times2 } from "../core/_scale.js";
import type { RowMatrix } from "../core/rowMatrix.js";
import {
  asFloat64Array,
  asRowMatrix,
  checkFloat64Array,
  checkRowMatrix,
  fail,
} from "../core/validate.js";

/** Area dominated by a 2-D staircase (x ascending, y descending) up to (r0, r1). */
function staircaseArea(xs: number[], ys: number[], r0: number, r1: number): number {
  let area = 0;
  let prevY = r1;
  for (let i = 0; i < xs.length; i++) {
    const y = ys[i] as number;
    area += (r0 - (xs[i] as number)) * (prevY - y);
    prevY = y;
  }
  return area;
}

/** Inserts (x, y) into a 2-D non-dominated staircase; returns false if it is dominated. */
function insertPoint(xs: number[], ys: number[], x: number, y: number): boolean {
  let pos = 0;
  while (pos < xs.length && (xs[pos] as number) < x) pos++;
  // The left neighbour has the smallest y among points with smaller x.
  if (pos > 0 && (ys[pos - 1] as number) <= y) return false;
  if (pos < xs.length && xs[pos] === x && (ys[pos] as number) <= y) return false;
  let end = pos;
  while (end < xs.length && (ys[end] as number) >= y) end++;
  xs.splice(pos, end - pos, x);
  ys.splice(pos, end - pos, y);
  return true;
}

/**
 * Hypervolume (S-metric) of a point set: the Lebesgue measure of the region
 * dominated by the points and bounded by a reference point (minimisation).
 *
 * Exact algorithms: one objective, r - min f; two objectives, sort by f_1
 * and sum the rectangles of the staircase, O(n log n); three objectives, a
 * sweep over f_3 that keeps the two-dimensional staircase of the points seen
 * so far and adds area x slab height, O(n^2). Points that do not strictly
 * dominate the reference point add nothing; dominated and duplicate points
 * are allowed and add nothing.
 *
 * Huge values: when a box side or a partial sum overflows the double range
 * but the hypervolume itself does not (`hypervolume([[-1e308, 0]], [1e308,
 * 1e-300])` is 2e8), each objective is rescaled by an exact power of two and
 * the result scaled back, so it is the value an unbounded exponent would
 * give (unless a value is over 2^1300 times smaller than the largest of its
 * objective, and becomes subnormal); results that do not overflow on the way
 * are computed as they are, bit for bit as before.
 *
 * @param F - Objective values (1, 2 or 3 columns), one row per point.
 * @param reference - The reference point, one value per column.
 * @returns The hypervolume (0 for an empty set: `[]`, `rowMatrix([])` or a
 *   `RowMatrix` with no rows).
 * @throws {TypeError} If `F` is not a `RowMatrix` or a `number[][]` or
 *   `reference` is not a `Float64Array` or an array of numbers.
 * @throws {RangeError} If `F` has more than 3 or no columns (an empty `F`
 *   without columns takes the reference's width, which must then be 1 to 3),
 *   `reference` has the wrong length, a value is not finite, or the
 *   hypervolume itself exceeds the largest double (about 1.8e308; rescale the
 *   objectives).
 * @see Zitzler, E., Thiele, L. (1998). Multiobjective optimization using evolutionary
 *   algorithms: a comparative case study. PPSN V, 292-301.
 * @see Fonseca, C. M., Paquete, L., López-Ibáñez, M. (2006). An improved
 *   dimension-sweep algorithm for the hypervolume indicator. IEEE CEC, 1157-1163.
 * @see DEAP `tools._hypervolume.hv.hypervolume`, pymoo `HV`
 * @example
 * ```ts
 * hypervolume(rowMatrix([[1, 3], [2, 2], [3, 1]]), new Float64Array([4, 4])); // 6
 * hypervolume(rowMatrix([[1, 1, 1]]), new Float64Array([2, 3, 4]));          // 6
 * ```
 */
export function hypervolume(
  F: RowMatrix | readonly ArrayLike<number>[],
  reference: ArrayLike<number>,
): number {
  const fn = "hypervolume";
  const reference64 = asFloat64Array(fn, "reference", reference);
  // an empty number[][] has no column count: it is an empty set of the
  // reference's width (a front with no feasible member), whose volume is 0
  const FMatrix = Array.isArray(F) && F.length === 0 ? undefined : asRowMatrix(fn, "F", F);
  if (FMatrix !== undefined) checkRowMatrix(fn, "F", FMatrix);
  checkFloat64Array(fn, "reference", reference64);
  const m = reference64.length;
  // so is a RowMatrix of no rows and no columns (`rowMatrix([])`): the
  // reference sets its width, and is then checked under its own name
  if (FMatrix === undefined || (FMatrix.rows === 0 && FMatrix.cols === 0)) {
    if (!(m >= 1 && m <= 3)) fail(fn, "reference must have 1, 2 or 3 values (objectives)", m);
    return 0;
  }
  const cols = FMatrix.cols;
  if (!(cols >= 1 && cols <= 3)) fail(fn, "F must have 1, 2 or 3 columns (objectives)", cols);
  if (m !== cols) {
    fail(fn, `reference length differs from the number of objectives (${m} vs ${cols})`);
  }
  const d = FMatrix.data;
  const keep: number[] = [];
  for (let i = 0; i < FMatrix.rows; i++) {
    let inside = true;
    for (let k = 0; k < m; k++)
      if (!((d[i * m + k] as number) < (reference64[k] as number))) inside = false;
    if (inside) keep.push(i);
  }
  if (keep.length === 0) return 0;
  const v = volume(d, keep, m, reference64);
  if (Number.isFinite(v)) return v;
  // A box side, a product or a partial sum overflowed. Every value scaled by
  // a power of two per objective, chosen so that no box or sum can overflow,
  // gives the same roundings (unless a value becomes subnormal, far below
  // the largest of its objective), and the volume is scaled back.
  const shift = new Array<number>(m);
  const ref = new Float64Array(m);
  const pts = new Float64Array(keep.length * m);
  let back = 0;
  for (let k = 0; k < m; k++) {
    let big = Math.abs(reference64[k] as number);
    for (const i of keep) big = Math.max(big, Math.abs(d[i * m + k] as number));
    // big > 0: a kept value lies strictly below the reference
    const e = SCALED_EXPONENT[m] as number;
    shift[k] = e - exponentOf(big);
    back -= shift[k] as number;
    ref[k] = times2(reference64[k] as number, shift[k] as number);
  }
  keep.forEach((i, t) => {
    for (let k = 0; k < m; k++) pts[t * m + k] = times2(d[i * m + k] as number, shift[k] as number);
  });
  const scaled = scaleBack(
    volume(
      pts,
      keep.map((_, t) => t),
      m,
      ref,
    ),
    back,
  );
  if (!Number.isFinite(scaled)) {
    fail(
      fn,
      "the hypervolume overflows the largest double (about 1.8e308); rescale the objectives",
      scaled,
    );
  }
  return scaled;
}

/**
 * The exponent that the largest |value| of each objective is scaled to on the
 * overflow path, by number of objectives m: box sides are then below
 * 2^(e+2), and a volume below 2^(m (e+2)) <= 2^966.
 */
const SCALED_EXPONENT = [0, 960, 480, 320];

/** `v` times 2^k for any integer k, in steps that keep each power of two finite. */
function scaleBack(v: number, k: number): number {
  let x = v;
  let rest = k;
  while (rest !== 0) {
    const step = Math.max(-1000, Math.min(1000, rest));
    x = times2(x, step);
    rest -= step;
  }
  return x;
}

/**
 * The hypervolume of rows `keep` of `d` (`m` columns), each strictly below
 * `reference` in every objective (`keep` non-empty).
 */
function volume(d: Float64Array, keep: number[], m: number, reference: Float64Array): number {
  const r0 = reference[0] as number;
  if (m === 1) {
    let best = r0;
    for (const i of keep) best = Math.min(best, d[i] as number);
    return r0 - best;
  }
  const r1 = reference[1] as number;
  if (m === 2) {
    keep.sort(
      (a, b) =>
        (d[2 * a] as number) - (d[2 * b] as number) ||
        (d[2 * a + 1] as number) - (d[2 * b + 1] as number),
    );
    let area = 0;
    let minY = r1;
    for (const i of keep) {
      const y = d[2 * i + 1] as number;
      if (y < minY) {
        area += (r0 - (d[2 * i] as number)) * (minY - y);
        minY = y;
      }
    }
    return area;
  }
  const r2 = reference[2] as number;
  keep.sort((a, b) => (d[3 * a + 2] as number) - (d[3 * b + 2] as number));
  const xs: number[] = [];
  const ys: number[] = [];
  let volume = 0;
  let area = 0;
  for (let t = 0; t < keep.length; t++) {
    const i = keep[t] as number;
    if (insertPoint(xs, ys, d[3 * i] as number, d[3 * i + 1] as number)) {
      area = staircaseArea(xs, ys, r0, r1);
    }
    const z = d[3 * i + 2] as number;
    const zNext = t + 1 < keep.length ? (d[3 * (keep[t + 1] as number) + 2] as number) : r2;
    volume += area * (zNext - z);
  }
  return volume;
}
