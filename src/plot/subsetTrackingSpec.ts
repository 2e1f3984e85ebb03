import { fail } from "../core/validate.js";
import { header, records } from "./_internal.js";
import type { PlotOptions, VegaLiteSpec } from "./types.js";

/** One run of {@link subsetTrackingSpec}: an agent run's resolve rate on the full benchmark and on the subset. */
export type SubsetTrackingRun = {
  /** Run (submission) name, shown on the x axis in the given order. */
  readonly run: string;
  /** Resolve rate on the full benchmark, in [0, 1]. */
  readonly full: number;
  /** Resolve rate measured on the subset only, in [0, 1]. */
  readonly subset: number;
};

/**
 * Vega-Lite chart of how a benchmark subset tracks the full benchmark: the
 * full and the subset resolve rate of each run, as two lines over the runs in
 * the order given (e.g. by submission date), with a tooltip of the error.
 *
 * Data: each run becomes two rows `{ run, series: "full" | "subset", rate,
 * error }` with `error = subset - full`; x = `run` (ordinal, input order kept),
 * y = `rate` on [0, 1], colour = `series`. The subset-selection paper's
 * per-submission tracking figure.
 *
 * @param runs - One record per run, in display order.
 * @param options - `title` (none), `width` (400), `height` (250).
 * @returns A Vega-Lite spec with the rows inlined.
 * @throws {TypeError} If `runs` is not an array of objects or a field has the wrong type.
 * @throws {RangeError} If `runs` is empty, a rate is not finite or outside [0, 1], or `width`/`height` is not positive.
 * @see Vega-Lite line mark, https://vega.github.io/vega-lite/docs/line.html
 * @example
 * ```ts
 * const spec = subsetTrackingSpec([{ run: "a", full: 0.5, subset: 0.52 }, { run: "b", full: 0.6, subset: 0.56 }]);
 * (spec.data as { values: { series: string }[] }).values.map((v) => v.series); // ["full", "subset", "full", "subset"]
 * ```
 */
export function subsetTrackingSpec(
  runs: readonly SubsetTrackingRun[],
  options?: PlotOptions,
): VegaLiteSpec {
  const fn = "subsetTrackingSpec";
  const head = header(fn, options);
  const rows = records(fn, "runs", runs, ["run"], ["full", "subset"]);
  const order = rows.map((r) => r["run"] as string);
  const values = rows.flatMap((r) => {
    const full = r["full"] as number;
    const subset = r["subset"] as number;
    for (const [k, v] of [
      ["full", full],
      ["subset", subset],
    ] as const) {
      if (!(v >= 0 && v <= 1))
        fail(fn, `runs[].${k} must be a rate in [0, 1] (run ${JSON.stringify(r["run"])})`, v);
    }
    const error = subset - full;
    return [
      { run: r["run"] as string, series: "full", rate: full, error },
      { run: r["run"] as string, series: "subset", rate: subset, error },
    ];
  });
  return {
    ...head,
    data: { values },
    mark: { type: "line", point: true },
    encoding: {
      x: { field: "run", type: "ordinal", sort: order, title: "run" },
      y: { field: "rate", type: "quantitative", title: "resolve rate", scale: { domain: [0, 1] } },
      color: { field: "series", type: "nominal", title: "measured on" },
      tooltip: [
        { field: "run" },
        { field: "series" },
        { field: "rate", format: ".3f" },
        { field: "error", format: "+.3f" },
      ],
    },
  };
}
