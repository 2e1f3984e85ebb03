import type { Rng } from "../core/rng.js";
import type { RowMatrix } from "../core/rowMatrix.js";
import {
  checkInteger,
  checkNumber,
  checkRng,
  draw,
  fail,
  failType,
  toRowMatrix,
} from "../core/validate.js";
import { snapToInteger } from "./_internal.js";
import type { Selector } from "./types.js";

/**
 * Shortlist-then-subsample: a geometric pool, then a simple random sample
 * from it (the paper's "Shortlist" ablation).
 *
 * Algorithm (trajectory-aware subset selection paper, section 6.3: "use a
 * geometric algorithm to select a larger candidate pool (either 1.5 or 2
 * times the target subset size), then randomly sample from that pool"):
 * m = min(X.rows, ceil(factor * k)) (a product within 1e-9 of an integer taken
 * as that integer: 1.1 * 50 gives 55, not 56); pool = selector(X, m); then `k` of the m
 * pool positions by simple random sampling without replacement (Knuth's
 * selection sampling, Algorithm S: position t is kept with probability
 * (still needed) / (still available), one draw each). Every k-subset of the
 * pool is equally likely. Within the result, rows keep the pool's pick order.
 * Used inside strata, wrap it: `withinStrata(strata, k, (Xh, kh) =>
 * shortlist(centroid, Xh, kh, 1.5, rng), X)`.
 *
 * @param selector - The geometric selector that builds the pool.
 * @param X - The items, one row each.
 * @param k - Number of items to return, 0 <= k <= X.rows.
 * @param factor - Pool size multiplier, >= 1 (the paper uses 1.5 and 2).
 * @param rng - Uniform source in [0, 1).
 * @returns `k` distinct row indices in the pool's pick order.
 * @throws {TypeError} If `selector` or `rng` is not a function, `X` neither a RowMatrix nor an array of rows, `k` or `factor` not a
 *   number, or the selector does not return an Int32Array.
 * @throws {RangeError} If `X` holds a non-finite value, `k` is not an integer in [0, X.rows], `factor` is not
 *   a finite number >= 1, `rng` returns a value outside [0, 1), or the selector returns a wrong-sized pool,
 *   an index out of range or a duplicate.
 * @see Knuth, D. E. The Art of Computer Programming, vol. 2, section 3.4.2, Algorithm S.
 * @example
 * ```ts
 * const X = rowMatrix([[0], [1], [2], [3], [4], [5], [6], [7], [8], [9]]);
 * // pool = centroid(X, 4) = [4, 5, 3, 6]; keep 2 of them at random
 * shortlist(centroid, X, 2, 2, createRng(1)); // Int32Array [5, 3]
 * ```
 */
export function shortlist(
  selector: Selector,
  X: RowMatrix | readonly ArrayLike<number>[],
  k: number,
  factor: number,
  rng: Rng,
): Int32Array {
  const fn = "shortlist";
  if (typeof selector !== "function") failType(fn, "selector must be a function");
  const XMatrix = toRowMatrix(fn, "X", X);
  checkInteger(fn, "k", k, 0);
  if (k > XMatrix.rows) fail(fn, `k must be at most the number of rows of X (${XMatrix.rows})`, k);
  checkNumber(fn, "factor", factor, 1);
  checkRng(fn, rng);
  if (k === 0) return new Int32Array(0);
  const m = Math.min(XMatrix.rows, Math.ceil(snapToInteger(factor * k)));
  const pool: unknown = selector(XMatrix, m);
  if (!(pool instanceof Int32Array)) failType(fn, "selector must return an Int32Array");
  if (pool.length !== m) fail(fn, `selector returned ${pool.length} indices, expected ${m}`);
  const seen = new Uint8Array(XMatrix.rows);
  for (let t = 0; t < m; t++) {
    const r = pool[t] as number;
    if (!(r >= 0 && r < XMatrix.rows))
      fail(fn, `selector returned an index outside [0, ${XMatrix.rows})`, r);
    if (seen[r] === 1) fail(fn, `selector returned index ${r} twice`);
    seen[r] = 1;
  }
  const out = new Int32Array(k);
  let need = k;
  let p = 0;
  for (let t = 0; t < m && need > 0; t++) {
    if ((m - t) * draw(fn, rng) < need) {
      out[p++] = pool[t] as number;
      need--;
    }
  }
  return out;
}
