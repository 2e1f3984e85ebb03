import { largestRemainder } from "../core/largestRemainder.js";
import type { RowMatrix } from "../core/rowMatrix.js";
import {
  asInt32Array,
  checkInt32Array,
  checkInteger,
  checkOptions,
  fail,
  failType,
  optionKeys,
  toInt32Array,
  toRowMatrix,
} from "../core/validate.js";
import type { Selector } from "./types.js";

const KEYS = optionKeys<WithinStrataOptions>()("allocation");

/** Options of {@link withinStrata}. */
export type WithinStrataOptions = {
  /**
   * Picks per stratum, indexed by stratum label (length max(strata) + 1),
   * summing to `k`, each at most its stratum's size.
   * @defaultValue proportional allocation: `k` split in proportion to the
   * stratum sizes by the largest-remainder (Hamilton) method, ties to the
   * lowest label; the total is exactly `k`.
   */
  readonly allocation?: ArrayLike<number>;
};

/**
 * Applies a selector inside each stratum ("Embedding-Within-Strata").
 *
 * Algorithm (trajectory-aware subset selection paper, section 4.4.2): for
 * each stratum label h (ascending), take the rows of `X` whose `strata` value
 * is h (in ascending row order) as a sub-matrix X_h, call `selector(X_h, n_h)`
 * and map its local indices back to rows of `X`. The allocation n_h defaults
 * to proportional allocation with largest remainders, as the paper's
 * stratified methods: quota k N_h / N, floors first, then the leftover units
 * to the largest fractional parts (ties to the lowest label); totals are exact.
 * The selector is not called for strata with n_h = 0.
 *
 * @param strata - Stratum label of every row of `X`, integers >= 0 (e.g. historical pass counts).
 * @param k - Total number of rows to pick, 0 <= k <= X.rows.
 * @param selector - Any {@link Selector}, e.g. `centroid` or `(X, k) => shortlist(centroid, X, k, 2, rng)`.
 * @param X - The items, one row each, `X.rows === strata.length`.
 * @param options - `allocation`: explicit picks per stratum (default proportional).
 * @returns `k` distinct row indices: stratum by stratum in ascending label order, each in the selector's pick order.
 * @throws {TypeError} If `strata` is not an `Int32Array` or an array of integers, `selector` not a function,
 *   `X` neither a RowMatrix nor an array of rows, `options` not an object, `allocation` not an array of
 *   integers, or the selector does not return an Int32Array.
 * @throws {RangeError} If a label is negative, `strata.length !== X.rows`, `k` is not an integer in [0, X.rows],
 *   `X` holds a non-finite value, `allocation` has the wrong length, a negative entry, a total other than
 *   `k`, or an entry larger than its stratum, or the selector returns the wrong number of indices, an index
 *   out of range or a duplicate.
 * @see Cochran, W. G. (1977). Sampling Techniques, 3rd ed., section 5.5 (proportional allocation).
 * @example
 * ```ts
 * const X = rowMatrix([[0], [1], [2], [3], [4], [5], [6], [7], [8], [9]]);
 * const strata = Int32Array.from([0, 0, 0, 0, 0, 0, 1, 1, 1, 1]);
 * // 6 : 4 rows -> 3 + 2 picks
 * withinStrata(strata, 5, centroid, X); // Int32Array [2, 3, 1, 7, 8]
 * withinStrata(strata, 3, centroid, X, { allocation: Int32Array.of(1, 2) }); // Int32Array [2, 7, 8]
 * ```
 */
export function withinStrata(
  strata: ArrayLike<number>,
  k: number,
  selector: Selector,
  X: RowMatrix | readonly ArrayLike<number>[],
  options: WithinStrataOptions = {},
): Int32Array {
  const fn = "withinStrata";
  const strata32 = toInt32Array(fn, "strata", strata, { min: 0 });
  checkInteger(fn, "k", k, 0);
  if (typeof selector !== "function") failType(fn, "selector must be a function");
  const XMatrix = toRowMatrix(fn, "X", X);
  if (strata32.length !== XMatrix.rows) {
    fail(fn, `strata length and X rows differ (${strata32.length} vs ${XMatrix.rows})`);
  }
  if (k > XMatrix.rows) fail(fn, `k must be at most the number of rows of X (${XMatrix.rows})`, k);
  checkOptions(fn, options, KEYS);
  const allocation =
    options.allocation === undefined
      ? undefined
      : asInt32Array(fn, "options.allocation", options.allocation);
  const byLabel = new Map<number, number[]>();
  let H = 0;
  for (let i = 0; i < strata32.length; i++) {
    const h = strata32[i] as number;
    const m = byLabel.get(h);
    if (m === undefined) byLabel.set(h, [i]);
    else m.push(i);
    if (h + 1 > H) H = h + 1;
  }
  const labels = Array.from(byLabel.keys()).sort((a, b) => a - b);
  const sizes = labels.map((h) => (byLabel.get(h) as number[]).length);
  const alloc = new Int32Array(labels.length);
  if (allocation === undefined) {
    alloc.set(largestRemainder(sizes, sizes, k));
  } else {
    checkInt32Array(fn, "options.allocation", allocation, { min: 0 });
    if (allocation.length !== H) {
      fail(
        fn,
        `options.allocation length must equal the number of strata labels max(strata) + 1 (${allocation.length} vs ${H})`,
      );
    }
    let total = 0;
    for (let h = 0; h < H; h++) {
      const a = allocation[h] as number;
      const size = byLabel.get(h)?.length ?? 0;
      if (a > size) fail(fn, `stratum ${h} has ${size} rows, fewer than its allocation ${a}`);
      total += a;
    }
    if (total !== k) fail(fn, `options.allocation sums to ${total}, not to k = ${k}`);
    labels.forEach((h, t) => {
      alloc[t] = allocation[h] as number;
    });
  }
  const out = new Int32Array(k);
  let p = 0;
  const { cols, data } = XMatrix;
  for (let t = 0; t < labels.length; t++) {
    const nh = alloc[t] as number;
    if (nh === 0) continue;
    const h = labels[t] as number;
    const rows = byLabel.get(h) as number[];
    const sub = new Float64Array(rows.length * cols);
    rows.forEach((r, q) => {
      sub.set(data.subarray(r * cols, (r + 1) * cols), q * cols);
    });
    const picked: unknown = selector({ data: sub, rows: rows.length, cols }, nh);
    if (!(picked instanceof Int32Array)) {
      failType(fn, `selector must return an Int32Array (stratum ${h})`);
    }
    if (picked.length !== nh) {
      fail(fn, `selector returned ${picked.length} indices for stratum ${h}, expected ${nh}`);
    }
    const seen = new Uint8Array(rows.length);
    for (let q = 0; q < nh; q++) {
      const local = picked[q] as number;
      if (!(local >= 0 && local < rows.length)) {
        fail(fn, `selector returned an index outside [0, ${rows.length}) for stratum ${h}`, local);
      }
      if (seen[local] === 1) fail(fn, `selector returned index ${local} twice for stratum ${h}`);
      seen[local] = 1;
      out[p++] = rows[local] as number;
    }
  }
  return out;
}
