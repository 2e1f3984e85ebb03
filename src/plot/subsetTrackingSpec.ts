import { fail } from "../core/validate.js";
import { header, interval, records } from "./_internal.js";
import type { PlotOptions, VegaLiteSpec } from "./types.js";

/** Pixels of width per x-axis label: the runs named are thinned to fit (see {@link subsetTrackingSpec}). */
const LABEL_SPACING = 16;

/** 2nd, 3rd, 4th, ..., 11th, 12th, 13th, 21st. */
function ordinal(k: number): string {
  const teen = k % 100 >= 11 && k % 100 <= 13;
  const suffix = teen ? "th" : (["th", "st", "nd", "rd"][k % 10] ?? "th");
  return `${k}${suffix}`;
}

/** One run of {@link subsetTrackingSpec}: an agent run's resolve rate on the full benchmark and on the subset. */
export type SubsetTrackingRun = {
  /** Run (submission) name, shown on the x axis in the given order. */
  readonly run: string;
  /** Resolve rate on the full benchmark, in [0, 1]. */
  readonly full: number;
  /** Resolve rate measured on the subset only, in [0, 1] (e.g. the mean over seeds). */
  readonly subset: number;
  /** Spread of the subset's rate `[lo, hi]` within [0, 1], e.g. its 2.5th and 97.5th percentile over seeds and splits; drawn as a bar at the run. @defaultValue no bar for this run */
  readonly ci?: readonly [number, number];
};

/**
 * Vega-Lite chart of how a benchmark subset tracks the full benchmark: the
 * full and the subset resolve rate of each run, as two lines over the runs in
 * the order given (e.g. by submission date), with a tooltip of the error.
 *
 * Data: each run becomes two rows `{ run, series: "full" | "subset", rate,
 * error }` with `error = subset - full` (the subset row also `lo`, `hi` when
 * the run has a `ci`); x = `run` (ordinal, input order kept), y = `rate` on
 * [0, 1], colour = `series`; the subset's `ci` is drawn as a translucent bar
 * from `lo` to `hi` at its run (runs without a `ci` get none). The subset-selection paper's per-submission tracking figure.
 * With more runs than the width can name apart (one per 16 pixels: 25 at the
 * default 400), the x axis names every k-th run only, starting with the first
 * (the axis title says which); every run keeps its point and its name in the
 * tooltip.
 *
 * @param runs - One record per run, in display order.
 * @param options - `title` (none), `width` (400), `height` (250).
 * @returns A Vega-Lite spec with the rows inlined.
 * @throws {TypeError} If `runs` is not an array of objects, a field has the wrong type or a `ci` is not two
 *   numbers.
 * @throws {RangeError} If `runs` is empty, a run name repeats, a rate or bound is not finite or outside [0, 1], a `ci` has `lo > hi`,
 *   or `width`/`height` is not positive.
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
  // one x position per run: a repeated name drew two runs on one spot
  const seen = new Map<string, number>();
  order.forEach((run, i) => {
    const prev = seen.get(run);
    if (prev !== undefined)
      fail(fn, `runs[${i}].run repeats runs[${prev}].run ${JSON.stringify(run)}`);
    seen.set(run, i);
  });
  const values = rows.flatMap((r, i) => {
    const full = r["full"] as number;
    const subset = r["subset"] as number;
    const run = r["run"] as string;
    const given = (runs[i] as { ci?: unknown }).ci !== undefined;
    const ci = given ? interval(fn, "runs", i, "ci", runs[i]) : undefined;
    for (const [k, v] of [
      ["full", full],
      ["subset", subset],
      ["ci", ci?.[0] ?? 0],
      ["ci", ci?.[1] ?? 0],
    ] as const) {
      if (!(v >= 0 && v <= 1))
        fail(fn, `runs[].${k} must be a rate in [0, 1] (run ${JSON.stringify(run)})`, v);
    }
    const error = subset - full;
    const band = ci === undefined ? {} : { lo: ci[0], hi: ci[1] };
    return [
      { run, series: "full", rate: full, error },
      { run, series: "subset", rate: subset, error, ...band },
    ];
  });
  // a label every `every` runs: at most one per LABEL_SPACING pixels of width, so that
  // the slanted names stay apart (157 runs at 400 pixels drew a black band of names);
  // every run keeps its point and its name in the tooltip
  const width = head["width"] as number;
  const fit = Math.max(2, Math.floor(width / LABEL_SPACING));
  const every = Math.ceil(order.length / fit);
  const x = {
    field: "run",
    type: "ordinal",
    sort: order,
    title: every === 1 ? "run" : `run (every ${ordinal(every)} named)`,
    axis: {
      labelAngle: -40,
      labelAlign: "right",
      labelLimit: 160,
      ...(every === 1 ? {} : { values: order.filter((_, i) => i % every === 0) }),
    },
  };
  const y = {
    field: "rate",
    type: "quantitative",
    title: "resolve rate",
    scale: { domain: [0, 1] },
  };
  const color = {
    field: "series",
    type: "nominal",
    title: "measured on",
    scale: { domain: ["full", "subset"], range: ["#4c78a8", "#f58518"] },
  };
  const layer: Record<string, unknown>[] = [
    {
      mark: { type: "line", point: true },
      encoding: {
        x,
        y,
        color,
        tooltip: [
          { field: "run" },
          { field: "series" },
          { field: "rate", format: ".3f" },
          { field: "error", format: "+.3f" },
        ],
      },
    },
  ];
  if (values.some((v) => "lo" in v)) {
    layer.unshift({
      transform: [{ filter: "isValid(datum.lo)" }],
      // one bar per run that has a spread: an area joined the runs' bands
      // across runs without one and drew a lone run's band with zero width
      mark: { type: "rule", strokeWidth: 8, opacity: 0.3, color: "#f58518" },
      encoding: {
        x,
        y: { field: "lo", type: "quantitative", title: "resolve rate" },
        y2: { field: "hi" },
        tooltip: [{ field: "run" }, { field: "lo", format: ".3f" }, { field: "hi", format: ".3f" }],
      },
    });
  }
  return { ...head, data: { values }, layer };
}
