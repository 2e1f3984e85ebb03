import { largestRemainder } from "../core/largestRemainder.js";
import type { Rng } from "../core/rng.js";
import type { RowMatrix } from "../core/rowMatrix.js";
import { checkNumber, checkOptions, fail, failType, optionKeys } from "../core/validate.js";
import { shortlist } from "../select/shortlist.js";
import type { Selector } from "../select/types.js";
import { withinStrata } from "../select/withinStrata.js";
import { checkContext, passCounts, sameValues, stratumSizes } from "./_internal.js";
import { kmeansStrataAs } from "./kmeansStrata.js";
import type { SubsetContext, SubsetMethod } from "./types.js";

const KEYS = optionKeys<EmbeddingMethodOptions>()(
  "strata",
  "calibrate",
  "shortlist",
  "name",
  "label",
);

/** How {@link embeddingMethod} groups items before the geometric pick. */
export type EmbeddingGrouping = "consistency" | "difficulty" | "none" | "kmeans";

/** Options of {@link embeddingMethod}. */
export type EmbeddingMethodOptions = {
  /**
   * Grouping: `"consistency"` (pass count over the training runs; the paper's
   * Embedding-Within-Strata), `"difficulty"` (majority pass/fail), `"none"`
   * (pure embedding over all items) or `"kmeans"` (behavioural clusters of
   * the vectors, {@link kmeansStrata}).
   * @defaultValue "consistency"
   */
  readonly strata?: EmbeddingGrouping;
  /**
   * Only with `strata: "none"`: post-hoc calibration of the pass-count mix.
   * @defaultValue false
   */
  readonly calibrate?: boolean;
  /**
   * Shortlist factor f >= 1: pick f times the share geometrically, then keep
   * a simple random sample of the share ({@link shortlist}); the method becomes
   * stochastic. Not combinable with `calibrate`.
   * @defaultValue none (exact geometric pick)
   */
  readonly shortlist?: number;
  /** Display name. @defaultValue `"<label> [ES]"`, `[PE]`, `[PE+cal]`, `[CL]`, with ` SL<f>x` when shortlisting. */
  readonly name?: string;
  /** Label used in the default name. @defaultValue the selector function's name */
  readonly label?: string;
};

/**
 * A geometric subset method over item vectors: Embedding-Within-Strata and
 * the paper's ablations (pure embedding with or without calibration,
 * clustering instead of outcome strata, shortlist-then-subsample).
 *
 * Algorithm (trajectory-aware subset selection paper, sections 4.4.2, 6.3):
 * with groups g_i from `ctx.history` (pass counts or majority) or from
 * k-means over `ctx.vectors`, the subset is {@link withinStrata}(g, k,
 * selector, vectors): proportional allocation with largest remainders, then
 * the selector inside each group. `strata: "none"` applies the selector to
 * all items. Calibration (paper: "adjusts the selected subset so its
 * pass-count composition matches the full test suite"): the selector ranks
 * every item (selector(X, N), its pick order), the consistency strata get their proportional quotas
 * n_h, and the ranking is walked in order keeping an item while its stratum is below quota, so the
 * result keeps the selector's preferences under the outcome mix. Deterministic unless `shortlist` is
 * set. K-means clusterings are reused while the vectors' data are unchanged (compared with a copy on
 * each call: vectors overwritten in place are clustered again).
 *
 * @param selector - Any geometric {@link Selector} (`centroid`, `facilityLocation`, `medoids`, `kennardStone`, `coreEdge`, or a closure with options such as a DTW distance).
 * @param options - `strata`, `calibrate`, `shortlist`, `name`, `label` (see {@link EmbeddingMethodOptions}).
 * @returns A {@link SubsetMethod}; its `select` needs `ctx.vectors` with one row per item.
 * @throws {TypeError} If `selector` is not a function, `options` not an object, or `strata` unknown. The
 *   returned `select` throws a TypeError when `ctx.vectors` is missing or `selector` returns anything but an
 *   `Int32Array` (a NaN included; the message names the method and the selector), and a RangeError when the
 *   row count of `ctx.vectors` differs from the items, it holds NaN, `ctx.history.data` holds a value other
 *   than 0/1, or `selector` returns the wrong number of indices, one out of range or one twice.
 * @throws {RangeError} If `shortlist` is not a finite number >= 1, or `calibrate` is combined with strata
 *   other than "none" or with `shortlist`.
 * @see Ayyad et al. (2026), Trajectory-Aware Benchmark Subset Selection, sections 4.4.2 and 6.3.
 * @example
 * ```ts
 * const h = outcomes([
 *   { run: "a", item: "p", resolved: 1 }, { run: "a", item: "q", resolved: 1 },
 *   { run: "a", item: "r", resolved: 0 }, { run: "a", item: "s", resolved: 0 },
 * ]);
 * const X = rowMatrix([[0], [1], [5], [6]]);
 * const m = embeddingMethod(centroid);
 * m.name; // "centroid [ES]"
 * m.select({ history: h, k: 2, vectors: X }, createRng(1)); // Int32Array [2, 0]  (fails first: label 0)
 * ```
 */
export function embeddingMethod(
  selector: Selector,
  options: EmbeddingMethodOptions = {},
): SubsetMethod {
  const fn = "embeddingMethod";
  if (typeof selector !== "function") failType(fn, "selector must be a function");
  checkOptions(fn, options, KEYS);
  const { strata = "consistency", calibrate = false, shortlist: factor } = options;
  if (!["consistency", "difficulty", "none", "kmeans"].includes(strata)) {
    failType(fn, "options.strata must be consistency, difficulty, none or kmeans");
  }
  if (factor !== undefined) checkNumber(fn, "options.shortlist", factor, 1);
  if (calibrate && strata !== "none") fail(fn, 'options.calibrate applies only to strata "none"');
  if (calibrate && factor !== undefined)
    fail(fn, "options.calibrate cannot combine with options.shortlist");
  const tag = {
    consistency: "ES",
    difficulty: "ES-diff",
    none: calibrate ? "PE+cal" : "PE",
    kmeans: "CL",
  }[strata];
  const label = options.label ?? (selector.name || "selector");
  const name = options.name ?? `${label} [${tag}]${factor === undefined ? "" : ` SL${factor}x`}`;
  // k-means labels per vectors object, with a copy of the data they were computed from:
  // vectors changed in place are clustered again
  const clusters = new WeakMap<
    RowMatrix,
    { readonly data: Float64Array; readonly cols: number; readonly labels: Int32Array }
  >();
  const select = (ctx: SubsetContext, rng: Rng): Int32Array => {
    checkContext(name, ctx, rng);
    const { history, k, vectors: X } = ctx;
    const N = history.items.length;
    if (X === undefined) failType(name, "ctx.vectors is required (one row per item)");
    if (X.rows !== N) fail(name, `ctx.vectors has ${X.rows} rows, expected one per item (${N})`);
    for (let t = 0; t < X.data.length; t++) {
      if (!Number.isFinite(X.data[t] as number))
        fail(
          name,
          `ctx.vectors has a non-finite value at row ${Math.floor(t / X.cols)}`,
          X.data[t],
        );
    }
    const checked = checkedSelector(name, selector);
    const pick: Selector =
      factor === undefined ? checked : (Xh, kh) => shortlist(checked, Xh, kh, factor, rng);
    if (strata === "none") {
      if (!calibrate) return pick(X, k);
      const W = history.runs.length;
      const c = passCounts(
        history,
        Array.from({ length: W }, (_, r) => r),
      );
      const sizes = stratumSizes(c);
      const quota = largestRemainder(sizes, sizes, k);
      const order = checked(X, N);
      const out = new Int32Array(k);
      let p = 0;
      for (let t = 0; t < order.length && p < k; t++) {
        const i = order[t] as number;
        const h = c[i] as number;
        if ((quota[h] as number) > 0) {
          quota[h] = (quota[h] as number) - 1;
          out[p++] = i;
        }
      }
      return out;
    }
    let g: Int32Array;
    if (strata === "kmeans") {
      let cached = clusters.get(X);
      if (cached === undefined || cached.cols !== X.cols || !sameValues(cached.data, X.data)) {
        const labels = kmeansStrataAs(name, "ctx.vectors", X).labels;
        cached = { data: X.data.slice(), cols: X.cols, labels };
        clusters.set(X, cached);
      }
      g = cached.labels;
    } else {
      const W = history.runs.length;
      const c = passCounts(
        history,
        Array.from({ length: W }, (_, r) => r),
      );
      g = strata === "consistency" ? c : c.map((v) => (2 * v > W ? 1 : 0));
    }
    return withinStrata(g, k, pick, X);
  };
  return { name, stochastic: factor !== undefined, select };
}

/**
 * The selector with its result checked: an `Int32Array` of `k` distinct row
 * indices of `X`. Else a NaN (or a plain array) came back out of `select`
 * verbatim with `strata: "none"`, and inside strata the error named
 * `withinStrata`; now the error names the method (`fn`) and the selector.
 */
function checkedSelector(fn: string, selector: Selector): Selector {
  const who = selector.name === "" ? "selector" : `selector (${selector.name})`;
  return (X, k) => {
    const picked: unknown = selector(X, k);
    if (!(picked instanceof Int32Array)) {
      const got =
        picked === null || typeof picked !== "object"
          ? String(picked)
          : (picked.constructor?.name ?? "object");
      failType(fn, `${who} must return an Int32Array of row indices (got ${got})`);
    }
    if (picked.length !== k) fail(fn, `${who} returned ${picked.length} indices, expected ${k}`);
    const seen = new Uint8Array(X.rows);
    for (let t = 0; t < k; t++) {
      const i = picked[t] as number;
      if (!(i >= 0 && i < X.rows)) fail(fn, `${who} returned an index outside [0, ${X.rows})`, i);
      if (seen[i] === 1) fail(fn, `${who} returned index ${i} twice`);
      seen[i] = 1;
    }
    return picked;
  };
}
