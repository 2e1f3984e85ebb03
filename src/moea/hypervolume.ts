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
 * @param F - Objective values (1, 2 or 3 columns), one row per point.
 * @param reference - The reference point, one value per column.
 * @returns The hypervolume (0 for an empty set).
 * @throws {TypeError} If `F` is not a `RowMatrix` or a `number[][]` or `reference` not a Float64Array.
 * @throws {RangeError} If `F` has more than 3 or no columns, `reference` has the
 *   wrong length, a value is not finite, or the hypervolume itself exceeds the
 *   double range (about 1.8e308; rescale the objectives).
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
  const reference64 = asFloat64Array("hypervolume", "reference", reference);
  // the reference sets the width of an empty F: then it is checked, under its own name
  const empty = Array.isArray(F) && F.length === 0;
  if (empty && !(reference64.length >= 1 && reference64.length <= 3))
    fail("hypervolume", "reference must have 1, 2 or 3 values (objectives)", reference64.length);
  // an empty number[][] has no column count: it is an empty set of the reference's width
  // (a front with no feasible member), whose volume is 0
  const FMatrix = empty
    ? { data: new Float64Array(0), rows: 0, cols: reference64.length }
    : asRowMatrix("hypervolume", "F", F);
  const v = volume(FMatrix, reference64);
  if (!Number.isFinite(v)) {
    fail(
      "hypervolume",
      "the hypervolume overflows (a box side or the volume exceeds about 1.8e308); rescale the objectives",
      v,
    );
  }
  return v;
}

function volume(F: RowMatrix, reference: Float64Array): number {
  const fn = "hypervolume";
  checkRowMatrix(fn, "F", F);
  checkFloat64Array(fn, "reference", reference);
  const m = F.cols;
  if (!(m >= 1 && m <= 3)) fail(fn, "F must have 1, 2 or 3 columns (objectives)", m);
  if (reference.length !== m) {
    fail(
      fn,
      `reference length differs from the number of objectives (${reference.length} vs ${m})`,
    );
  }
  const d = F.data;
  const keep: number[] = [];
  for (let i = 0; i < F.rows; i++) {
    let inside = true;
    for (let k = 0; k < m; k++)
      if (!((d[i * m + k] as number) < (reference[k] as number))) inside = false;
    if (inside) keep.push(i);
  }
  if (keep.length === 0) return 0;
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
