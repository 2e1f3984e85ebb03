import { nonDominatedSort } from "../moea/nonDominatedSort.js";
import { header, records } from "./_internal.js";
import type { PlotOptions, VegaLiteSpec } from "./types.js";

/** One point of {@link failuresVsRmseSpec}: a strategy (or configuration) summarised over repetitions. */
export type FailuresVsRmsePoint = {
  /** Label of the point, e.g. `"gbs / entropy"`. */
  readonly name: string;
  /** Estimation error (x axis; lower is better). */
  readonly rmse: number;
  /** Failures found among the labelled inputs, e.g. the median over repetitions (y axis; higher is better). */
  readonly failures: number;
};

/**
 * Vega-Lite scatter of the accuracy-estimation vs failure-finding trade-off,
 * with the Pareto front drawn as a step line through its points.
 *
 * The front is the set of points not dominated when minimising `rmse` and
 * maximising `failures` (first front of {@link nonDominatedSort} on
 * `[rmse, -failures]`); front points get `front: true`, are drawn larger and
 * are joined in order of RMSE. Every point is labelled with its name (to the
 * right of points in the left half of the RMSE range, to the left of the
 * others, so no label runs off the plot); neither axis is forced to start at
 * zero, and the legend sits below the plot. This is the trade-off figure of
 * the TCS replication (no strategy is best at both).
 *
 * @param points - One record per strategy/configuration.
 * @param options - `title` (none), `width` (400), `height` (250).
 * @returns A layered Vega-Lite spec (points, front line, labels) with the data inlined, each row with an added boolean `front`.
 * @throws {TypeError} If `points` is not an array of objects or a field has the wrong type.
 * @throws {RangeError} If `points` is empty, a number is not finite, or `width`/`height` is not positive.
 * @see Deb et al. (2002) for non-dominated sorting; Vega-Lite layer operator, https://vega.github.io/vega-lite/docs/layer.html
 * @example
 * ```ts
 * const spec = failuresVsRmseSpec([
 *   { name: "srs", rmse: 0.05, failures: 10 },
 *   { name: "gbs", rmse: 0.03, failures: 12 },
 *   { name: "deepEst", rmse: 0.06, failures: 30 },
 * ]);
 * (spec.data as { values: { name: string; front: boolean }[] }).values.map((v) => v.front); // [false, true, true]
 * ```
 */
export function failuresVsRmseSpec(
  points: readonly FailuresVsRmsePoint[],
  options?: PlotOptions,
): VegaLiteSpec {
  const fn = "failuresVsRmseSpec";
  const head = header(fn, options);
  const values = records(fn, "points", points, ["name"], ["rmse", "failures"]);
  const F = new Float64Array(values.length * 2);
  values.forEach((v, i) => {
    F[2 * i] = v["rmse"] as number;
    F[2 * i + 1] = -(v["failures"] as number);
  });
  const first = new Set(nonDominatedSort({ data: F, rows: values.length, cols: 2 })[0] ?? []);
  // loops, not Math.min(...): a spread of one argument per point overflows the stack;
  // halves before the sum, so that the midpoint of huge values does not overflow
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    lo = Math.min(lo, v["rmse"] as number);
    hi = Math.max(hi, v["rmse"] as number);
  }
  const mid = lo / 2 + hi / 2;
  // which side a label goes on is data, not a number written into an expression
  const rows = values.map((v, i) => ({
    ...v,
    front: first.has(i),
    labelLeft: (v["rmse"] as number) <= mid,
  }));
  const x = {
    field: "rmse",
    type: "quantitative",
    title: "RMSE (lower is better)",
    scale: { zero: false, nice: true },
  };
  const y = {
    field: "failures",
    type: "quantitative",
    title: "failures found (higher is better)",
    scale: { zero: false, nice: true },
  };
  const onFront = { filter: "datum.front" };
  const label = (side: "left" | "right"): Record<string, unknown> => ({
    transform: [{ filter: side === "left" ? "datum.labelLeft" : "!datum.labelLeft" }],
    mark: { type: "text", align: side, dx: side === "left" ? 7 : -7, dy: -7, fontSize: 10 },
    encoding: { x, y, text: { field: "name" } },
  });
  return {
    ...head,
    data: { values: rows },
    layer: [
      {
        mark: { type: "point", filled: true },
        encoding: {
          x,
          y,
          color: {
            field: "front",
            type: "nominal",
            title: "on the Pareto front",
            scale: { domain: [true, false], range: ["#d62728", "#9e9e9e"] },
            legend: { orient: "bottom" },
          },
          size: { condition: { test: "datum.front", value: 90 }, value: 40 },
          tooltip: [{ field: "name" }, { field: "rmse", format: ".4f" }, { field: "failures" }],
        },
      },
      {
        transform: [onFront],
        mark: { type: "line", interpolate: "step-after", color: "#d62728", strokeDash: [4, 3] },
        encoding: { x, y, order: { field: "rmse", type: "quantitative" } },
      },
      // a side no label is on gets no layer (an empty one made vega warn "Infinite extent")
      ...(rows.some((r) => r.labelLeft) ? [label("left")] : []),
      ...(rows.some((r) => !r.labelLeft) ? [label("right")] : []),
    ],
  };
}
