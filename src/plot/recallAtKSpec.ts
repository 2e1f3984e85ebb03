import { checkInteger, checkNumber, fail, optionKeys } from "../core/validate.js";

/** The series name of the random baseline (`options.items`). */
const BASELINE = "random (K/n)";

import { header, records } from "./_internal.js";
import type { PlotOptions, VegaLiteSpec } from "./types.js";

const KEYS = optionKeys<RecallAtKSpecOptions>()("title", "width", "height", "items");

/** One point of {@link recallAtKSpec}: a ranking method's Recall@K at one K (e.g. from `recallAtK`). */
export type RecallAtKPoint = {
  /** Ranking method, one line per method. */
  readonly method: string;
  /** Number of top-ranked items inspected (x axis). */
  readonly k: number;
  /** Recall@K in [0, 1] (y axis). */
  readonly recall: number;
};

/** Options of {@link recallAtKSpec}. */
export type RecallAtKSpecOptions = PlotOptions & {
  /** Number of ranked items n; when given, the random ranking's expected Recall@K = K / n is drawn dashed. @defaultValue no baseline */
  readonly items?: number;
};

/**
 * Vega-Lite line chart of Recall@K curves: how many of the regressed slices
 * each ranking method finds among its top K, the CASPER evaluation's figure.
 *
 * Encoding: x = `k` (integer ticks only), y = `recall` on [0, 1], colour =
 * `method`, with points.
 * With `items = n`, an extra dashed line `K / n` (the expectation of a
 * uniformly random ranking) is added as method `"random (K/n)"` at every K
 * of the points, and at K = n when n lies inside their range (where
 * min(1, K / n) bends), so the straight segments between them are exact.
 *
 * @param points - One record per (method, K).
 * @param options - `items` (no baseline), `title` (none), `width` (400), `height` (250).
 * @returns A Vega-Lite spec with the points inlined.
 * @throws {TypeError} If `points` is not an array of objects or a field has the wrong type.
 * @throws {RangeError} If `points` is empty, a number is not finite, a `k` is not a positive integer, a
 *   `recall` is outside [0, 1], a method is named as the baseline ("random (K/n)"), `items` is not a positive integer, or
 *   `width`/`height` is not positive.
 * @see Muse, B. A. et al. CASPER: change-aware slice prioritization (section 3.10, Recall@K).
 * @example
 * ```ts
 * const spec = recallAtKSpec([{ method: "casper", k: 1, recall: 0.5 }, { method: "casper", k: 2, recall: 1 }], { items: 4 });
 * (spec.data as { values: unknown[] }).values.length; // 4
 * ```
 */
export function recallAtKSpec(
  points: readonly RecallAtKPoint[],
  options?: RecallAtKSpecOptions,
): VegaLiteSpec {
  const fn = "recallAtKSpec";
  const head = header(fn, options, KEYS);
  const values: Record<string, string | number>[] = records(
    fn,
    "points",
    points,
    ["method"],
    ["k", "recall"],
  );
  values.forEach((v, i) => {
    checkInteger(fn, `points[${i}].k`, v["k"], 1);
    checkNumber(fn, `points[${i}].recall`, v["recall"], 0, 1);
    // the baseline's own series name
    if (v["method"] === BASELINE)
      fail(fn, `points[${i}].method ${JSON.stringify(BASELINE)} is the baseline's name`);
  });
  const items = options?.items;
  if (items !== undefined) {
    checkInteger(fn, "options.items", items, 1);
    const ks = new Set(values.map((v) => v["k"] as number));
    // min(1, K / n) bends at K = n: a point there keeps the straight segments exact
    let lo = Number.POSITIVE_INFINITY;
    let hi = 0;
    for (const k of ks) {
      if (k < lo) lo = k;
      if (k > hi) hi = k;
    }
    if (lo < items && items < hi) ks.add(items);
    const sorted = [...ks].sort((a, b) => a - b);
    for (const k of sorted) values.push({ method: BASELINE, k, recall: Math.min(1, k / items) });
  }
  return {
    ...head,
    data: { values },
    mark: { type: "line", point: true },
    encoding: {
      x: {
        field: "k",
        type: "quantitative",
        title: "K (top-ranked slices inspected)",
        axis: { tickMinStep: 1, format: "d" },
      },
      y: { field: "recall", type: "quantitative", title: "Recall@K", scale: { domain: [0, 1] } },
      color: { field: "method", type: "nominal", title: "method" },
      strokeDash: {
        condition: { test: "datum.method === 'random (K/n)'", value: [4, 3] },
        value: [1, 0],
      },
      tooltip: [{ field: "method" }, { field: "k" }, { field: "recall", format: ".3f" }],
    },
  };
}
