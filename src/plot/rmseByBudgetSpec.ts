import { fail, failType, optionKeys } from "../core/validate.js";
import { header, records } from "./_internal.js";
import type { PlotOptions, VegaLiteSpec } from "./types.js";

const KEYS = optionKeys<RmseByBudgetSpecOptions>()("title", "width", "height", "logY");
/** The rows' tooltip-only feature field: the point's own feature, or {@link NONE}. */
const LABEL = "featureLabel";
/** What the tooltip shows as the feature of a feature-agnostic point. */
const NONE = "(none)";

/** One point of {@link rmseByBudgetSpec}: a strategy's RMSE at one budget (a `RunGridCell` of `runGrid` fits). */
export type RmseByBudgetPoint = {
  /** Strategy name, one line per strategy. */
  readonly strategy: string;
  /** Labelling budget n (x axis). */
  readonly budget: number;
  /** Root-mean-square error of the strategy's estimates at this budget (y axis). */
  readonly rmse: number;
  /** Feature the strategy's risk came from; several features give one panel each. `null` for feature-agnostic strategies. */
  readonly feature?: string | null;
};

/** Options of {@link rmseByBudgetSpec}. */
export type RmseByBudgetSpecOptions = PlotOptions & {
  /** Log-scale y axis (RMSE shrinks like 1/sqrt(n)). @defaultValue false */
  readonly logY?: boolean;
};

/**
 * Vega-Lite line chart of estimation error against labelling budget: one
 * line per strategy, one panel per feature when the points name more than one.
 *
 * Encoding: x = `budget` (quantitative), y = `rmse`, colour = `strategy`,
 * points on the lines, tooltips with all fields; faceted by `feature` in
 * columns when at least two distinct non-null features occur, the
 * feature-agnostic points (`feature` null or absent, such as runGrid's `srs`)
 * drawn in every panel as its baseline. When any point names a feature, the
 * tooltip's feature comes from a tooltip-only field `featureLabel` of the
 * rows: the point's own feature, or `"(none)"` for a feature-agnostic point
 * (also in the panels it is copied into, which it did not use). The layout of
 * the TCS replication's RMSE-by-budget figures (Figure 3 of the paper).
 *
 * @param points - One record per (strategy, feature, budget), e.g. `runGrid(...).summary`.
 * @param options - `title` (none), `width` (400), `height` (250), `logY` (false).
 * @returns A Vega-Lite spec with the points inlined (copied; the input is not kept).
 * @throws {TypeError} If `points` is not an array of objects, a field has the wrong type or `logY` is not a
 *   boolean.
 * @throws {RangeError} If `points` is empty, a number is not finite, an `rmse` is not positive with `logY`,
 *   or `width`/`height` is not positive.
 * @see Vega-Lite line mark and facet operator, https://vega.github.io/vega-lite/docs/line.html
 * @example
 * ```ts
 * const spec = rmseByBudgetSpec([
 *   { strategy: "srs", budget: 50, rmse: 0.04 },
 *   { strategy: "srs", budget: 100, rmse: 0.03 },
 * ]);
 * spec.mark; // { type: "line", point: true }
 * ```
 */
export function rmseByBudgetSpec(
  points: readonly RmseByBudgetPoint[],
  options?: RmseByBudgetSpecOptions,
): VegaLiteSpec {
  const fn = "rmseByBudgetSpec";
  const head = header(fn, options, KEYS);
  const logY = options?.logY ?? false;
  if (typeof logY !== "boolean")
    failType(fn, `options.logY must be a boolean (got ${typeof logY})`);
  const values = records(fn, "points", points, ["strategy"], ["budget", "rmse"], ["feature"]);
  if (logY) {
    // a log axis cannot show 0 (Vega dropped or mis-drew such a point, with a warning)
    values.forEach((v, i) => {
      if (!((v["rmse"] as number) > 0))
        fail(fn, `points[${i}].rmse must be positive on a log axis (options.logY)`, v["rmse"]);
    });
  }
  const features = new Set(values.map((v) => v["feature"]).filter((f) => f !== undefined));
  // the tooltip's feature: a feature-agnostic point used none, whichever panel shows it
  if (features.size > 0) for (const v of values) v[LABEL] = v["feature"] ?? NONE;
  // feature-agnostic rows (runGrid's srs, feature null) are every panel's
  // baseline: copied into each feature's panel, not a panel of their own
  const shown =
    features.size < 2
      ? values
      : values.flatMap((v) =>
          v["feature"] === undefined ? [...features].map((f) => ({ ...v, feature: f })) : [v],
        );
  const encoding = {
    x: { field: "budget", type: "quantitative", title: "labelling budget n" },
    y: {
      field: "rmse",
      type: "quantitative",
      title: "RMSE",
      ...(logY ? { scale: { type: "log" } } : {}),
    },
    color: { field: "strategy", type: "nominal", title: "strategy" },
    tooltip: [
      { field: "strategy", type: "nominal" },
      ...(features.size > 0 ? [{ field: LABEL, type: "nominal", title: "feature" }] : []),
      { field: "budget", type: "quantitative" },
      { field: "rmse", type: "quantitative", format: ".4f" },
    ],
  };
  const mark = { type: "line", point: true };
  if (features.size < 2) return { ...head, data: { values: shown }, mark, encoding };
  const { $schema, title, width, height } = head;
  return {
    $schema,
    ...(title === undefined ? {} : { title }),
    data: { values: shown },
    facet: { column: { field: "feature", type: "nominal", title: "feature" } },
    spec: { width, height, mark, encoding },
  };
}
