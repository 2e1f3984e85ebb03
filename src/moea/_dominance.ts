/**
 * Unvalidated kernel of Deb's constrained domination behind
 * `constrainedDominates`, and the check of a violation vector that the
 * public sorting, domination and tournament functions share. Objectives are a row-major `Float64Array`
 * with `m` columns; `violation` (total constraint violation, 0 = feasible) is
 * optional.
 *
 * @internal
 */

import { checkFloat64Array, fail } from "../core/validate.js";

/**
 * Deb's constrained domination between rows i and j: 1 when i dominates j,
 * -1 when j dominates i, 0 otherwise.
 */
export function dominance(
  d: Float64Array,
  m: number,
  i: number,
  j: number,
  v: Float64Array | undefined,
): number {
  if (v !== undefined) {
    const vi = v[i] as number;
    const vj = v[j] as number;
    if (vi > 0 || vj > 0) return vi < vj ? 1 : vi > vj ? -1 : 0;
  }
  let better = false;
  let worse = false;
  const oi = i * m;
  const oj = j * m;
  for (let k = 0; k < m; k++) {
    const a = d[oi + k] as number;
    const b = d[oj + k] as number;
    if (a < b) {
      if (worse) return 0;
      better = true;
    } else if (a > b) {
      if (better) return 0;
      worse = true;
    }
  }
  return better ? 1 : worse ? -1 : 0;
}

/** Checks an optional violation vector: undefined, or a finite non-negative Float64Array of length n. */
export function checkViolation(
  fn: string,
  v: unknown,
  n: number,
): asserts v is Float64Array | undefined {
  if (v === undefined) return;
  checkFloat64Array(fn, "violation", v, { min: 0 });
  if (v.length !== n)
    fail(fn, `violation length differs from the number of rows (${v.length} vs ${n})`);
}
