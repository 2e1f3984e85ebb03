import { basename } from "node:path";
import {
  bettingCs,
  type Estimate,
  type IntervalMethod,
  proportionInterval,
} from "../src/entry/estimate.js";
import {
  forestSpec,
  type RunningEstimatePoint,
  runningEstimateSpec,
  subsetTrackingSpec,
  type VegaLiteSpec,
} from "../src/entry/plot.js";
import type { EvaluateSubsetResult, Outcomes } from "../src/entry/subset.js";
import type { OptionSpec } from "./args.js";
import { CliError } from "./errors.js";
import { checkWritable, writeAtomicAsync } from "./io.js";

/** The `--plot FILE` option of the verbs that draw their result. */
export function plotOption(picture: string): OptionSpec {
  return {
    name: "plot",
    kind: "string",
    value: "FILE",
    help: `also draw ${picture}: FILE.vl.json (the Vega-Lite spec), FILE.svg (needs the optional packages vega and vega-lite) or FILE.png (also @resvg/resvg-js)`,
  };
}

type PlotFormat = "vl.json" | "svg" | "png";

function formatOf(file: string): PlotFormat {
  const name = basename(file).toLowerCase();
  if (name.endsWith(".vl.json")) return "vl.json";
  if (name.endsWith(".svg")) return "svg";
  if (name.endsWith(".png")) return "png";
  throw new CliError(
    `--plot: ${JSON.stringify(file)} must end in .vl.json (Vega-Lite JSON), .svg or .png`,
  );
}

/** Checks `--plot FILE` before the run: a known extension and a writable folder. */
export function checkPlotFile(file: string): void {
  formatOf(file);
  checkWritable(file, "--plot");
}

/**
 * Imports an optional package by name (a variable specifier, so the CLI
 * bundle does not include it); a missing package is a usage error saying what
 * to install and what works without it.
 */
async function optional(name: string, file: string): Promise<unknown> {
  try {
    return await import(name);
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") {
      throw new CliError(
        `--plot ${file}: drawing ${formatOf(file) === "png" ? "PNG" : "SVG"} needs the optional package ${name}, which is not installed next to evalsift (npm install ${name}); --plot ${file.replace(/\.(svg|png)$/i, ".vl.json")} writes the Vega-Lite spec without it`,
      );
    }
    throw e;
  }
}

/** Renders a Vega-Lite spec to SVG with vega-lite's compiler and vega's headless view. */
async function toSvg(spec: VegaLiteSpec, file: string): Promise<string> {
  const vl = (await optional("vega-lite", file)) as typeof import("vega-lite");
  const vega = (await optional("vega", file)) as typeof import("vega");
  const view = new vega.View(vega.parse(vl.compile(JSON.parse(JSON.stringify(spec))).spec), {
    renderer: "none",
  });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** What `@resvg/resvg-js` is used for: SVG text in, PNG bytes out. */
type ResvgModule = {
  readonly Resvg: new (
    svg: string,
    options: Record<string, unknown>,
  ) => { render(): { asPng(): Uint8Array } };
};

/**
 * Writes the chart of `spec` to `file` (through a temporary file and a
 * rename): `.vl.json` as the spec itself, `.svg` rendered with `vega` and
 * `vega-lite`, `.png` from that SVG with `@resvg/resvg-js` at twice the size.
 */
export async function writePlot(file: string, spec: VegaLiteSpec): Promise<void> {
  const format = formatOf(file);
  if (format === "vl.json") {
    await writeAtomicAsync(file, `${JSON.stringify(spec, null, 2)}\n`);
    return;
  }
  const svg = await toSvg(spec, file);
  if (format === "svg") {
    await writeAtomicAsync(file, svg);
    return;
  }
  const { Resvg } = (await optional("@resvg/resvg-js", file)) as ResvgModule;
  const png = new Resvg(svg, {
    background: "white",
    fitTo: { mode: "zoom", value: 2 },
    font: { loadSystemFonts: true },
  })
    .render()
    .asPng();
  await writeAtomicAsync(file, png);
}

/** The sorted sample's quantile p, by linear interpolation between order statistics (R type 7, numpy's default). */
function quantile(sorted: Float64Array, p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const a = sorted[lo] as number;
  return a + (h - lo) * ((sorted[Math.min(lo + 1, sorted.length - 1)] as number) - a);
}

/**
 * The running estimate of a sequential SRS session after each of its labels
 * (taken in draw order, so every prefix is a simple random sample): the
 * sample mean, the strategy's fixed-n interval for that many labels, and the
 * confidence sequence the strategy stops on (`bettingCs`, its default).
 */
export function runningSrsPlot(
  y: Float64Array,
  N: number,
  level: number,
  interval: IntervalMethod,
  title: string,
): VegaLiteSpec {
  const cs = bettingCs(y, N, { level });
  const points: RunningEstimatePoint[] = [];
  let sum = 0;
  let sum2 = 0;
  for (let t = 1; t <= y.length; t++) {
    const v = y[t - 1] as number;
    sum += v;
    sum2 += v * v;
    if (t < 2) continue;
    const mean = sum / t;
    const s2 = Math.max(0, (sum2 - t * mean * mean) / (t - 1));
    const ci = proportionInterval(
      { estimate: mean, variance: ((1 - t / N) * s2) / t, n: t, N, successes: sum },
      interval,
      level,
    );
    points.push({
      n: t,
      estimate: mean,
      ci: [Math.max(0, ci[0]), Math.min(1, ci[1])],
      cs: [cs.lower[t - 1] as number, cs.upper[t - 1] as number],
    });
  }
  if (points.length === 0)
    throw new CliError("--plot: the running estimate needs at least 2 labels");
  return runningEstimateSpec(points, { title, axisTitle: "mean label (failure rate)" });
}

/** A one-row forest of an estimate (a strategy's result); a 0/1 interval's unbounded ends are cut at [0, 1]. */
export function estimateForest(
  rows: readonly { readonly name: string; readonly estimate: Estimate }[],
  binary: boolean,
  options: { readonly title: string; readonly axisTitle: string; readonly reference?: number },
): VegaLiteSpec {
  return forestSpec(
    rows.map(({ name, estimate: e }) => ({
      name,
      estimate: e.estimate,
      ci: binary ? [Math.max(0, e.ci[0]), Math.min(1, e.ci[1])] : e.ci,
    })),
    options,
  );
}

/**
 * How a subset tracks the full benchmark in the temporal protocol: per test
 * run, its full resolve rate, the mean subset rate over seeds and splits and
 * the 2.5th-97.5th percentile band of those subset rates.
 */
export function trackingPlot(o: Outcomes, ev: EvaluateSubsetResult, title: string): VegaLiteSpec {
  const N = o.items.length;
  const P = ev.pairRun.length;
  const byRun = new Map<number, number[]>();
  for (let s = 0; s < ev.seeds; s++)
    for (let p = 0; p < P; p++) {
      const r = ev.pairRun[p] as number;
      const list = byRun.get(r) ?? [];
      list.push(ev.errors[s * P + p] as number);
      byRun.set(r, list);
    }
  const runs = [...byRun.keys()]
    .sort((a, b) => a - b)
    .map((r) => {
      let solved = 0;
      for (let i = 0; i < N; i++) solved += o.data[r * N + i] as number;
      const full = solved / N;
      const rates = Float64Array.from(byRun.get(r) ?? [], (e) => full + e).sort();
      const mean = rates.reduce((a, b) => a + b, 0) / rates.length;
      const clip = (v: number) => Math.min(1, Math.max(0, v));
      return {
        run: o.runs[r] ?? String(r),
        full,
        subset: clip(mean),
        ci: [clip(quantile(rates, 0.025)), clip(quantile(rates, 0.975))] as const,
      };
    });
  return subsetTrackingSpec(runs, { title });
}

/**
 * The final front of `slices identify`: every partition of the 3-objective
 * front (none dominates another in all three, so none is drawn as
 * dominated), outcome inconsistency against intra-slice spread, coloured by
 * the third objective (separation, Inter_SD: lower is better), the chosen
 * knee drawn larger with a visible text label. (It used to be re-ranked by
 * non-domination on the first two objectives alone, which showed most of the
 * front, the knee included, as dominated, and labelled the knee in a tooltip
 * only.)
 */
export function slicesFrontPlot(
  front: readonly { readonly objectives: Float64Array }[],
  chosen: number,
): VegaLiteSpec {
  const values = front.map((s, k) => ({
    oi: s.objectives[0] as number,
    intra: s.objectives[1] as number,
    inter: s.objectives[2] as number,
    label: k === chosen ? `partition ${k} (chosen knee)` : `partition ${k}`,
    chosen: k === chosen,
  }));
  const x = {
    field: "oi",
    type: "quantitative",
    title: "outcome inconsistency (OI, lower is better)",
    scale: { zero: false },
  };
  const y = {
    field: "intra",
    type: "quantitative",
    title: "intra-slice spread (Intra_SD, lower is better)",
    scale: { zero: false },
  };
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v5.json",
    title: "slices identify: final front (all three objectives non-dominated)",
    width: 400,
    height: 250,
    data: { values },
    layer: [
      {
        mark: { type: "point", filled: true, size: 60 },
        encoding: {
          x,
          y,
          color: {
            field: "inter",
            type: "quantitative",
            title: "-Inter_SD (lower is better)",
            legend: { titleLimit: 240 },
            scale: { scheme: "blues", reverse: true },
          },
          tooltip: [
            { field: "label", type: "nominal" },
            { field: "oi", type: "quantitative" },
            { field: "intra", type: "quantitative" },
            { field: "inter", type: "quantitative" },
          ],
        },
      },
      {
        transform: [{ filter: "datum.chosen" }],
        mark: {
          type: "point",
          shape: "circle",
          size: 220,
          stroke: "#d62728",
          strokeWidth: 2.5,
          filled: false,
        },
        encoding: { x, y },
      },
      {
        transform: [{ filter: "datum.chosen" }],
        mark: { type: "text", align: "left", dx: 10, dy: -10, fontSize: 11, color: "#d62728" },
        encoding: { x, y, text: { field: "label" } },
      },
    ],
  };
}
