import { fail, optionKeys } from "../core/validate.js";
import { axisTitleOption, header, interval, records, referenceRule } from "./_internal.js";
import type { PlotOptions, VegaLiteSpec } from "./types.js";

const KEYS = optionKeys<RunningEstimateSpecOptions>()(
  "title",
  "width",
  "height",
  "axisTitle",
  "reference",
);

/** One point of {@link runningEstimateSpec}: the estimate after `n` labels, with its interval and, optionally, the confidence sequence's bounds. */
export type RunningEstimatePoint = {
  /** Labels spent so far (x axis), a positive integer; strictly increasing over the points. */
  readonly n: number;
  /** Estimate after `n` labels. */
  readonly estimate: number;
  /** The fixed-n confidence interval `[lo, hi]` at `n` (valid for this n alone). */
  readonly ci: readonly [number, number];
  /**
   * The confidence sequence's bounds `[lower, upper]` at `n` (valid at every n at once), e.g. from `bettingCs`;
   * given on every point or on none (one band drawn through all points).
   */
  readonly cs?: readonly [number, number];
};

/** Options of {@link runningEstimateSpec}. */
export type RunningEstimateSpecOptions = PlotOptions & {
  /** Title of the estimate axis. @defaultValue runningEstimateSpecDefaults.axisTitle (`"estimate"`) */
  readonly axisTitle?: string;
  /** A value drawn as a dashed horizontal rule (the true value or a decision threshold). @defaultValue no rule */
  readonly reference?: number;
};

/** Defaults of {@link runningEstimateSpec}'s options. */
export const runningEstimateSpecDefaults = Object.freeze({ axisTitle: "estimate" } as const);

/** Band names of {@link runningEstimateSpec}, in drawing order (the wider sequence behind). */
const CS = "confidence sequence (any n)";
const CI = "confidence interval (this n)";

/**
 * Vega-Lite chart of a running estimate against labels spent: the estimate
 * as a line, its fixed-n confidence interval as a band and, when the points
 * carry `cs`, the anytime-valid confidence sequence as a second band.
 *
 * Data: each point becomes one row per band `{ n, band, lo, hi, estimate }`;
 * layers: an area per band (x = `n`, y = `lo` to `hi`, colour = band), the
 * estimate line and, with `reference`, a horizontal dashed rule. The picture
 * shows why the sequence exists: the fixed-n interval is narrower, but only
 * the sequence may be read at a data-dependent stopping time
 * (Howard et al. 2021; e.g. `hypergeometricCs`, `bettingCs`, `weightedBettingCs`,
 * or the `sequential` option of the srs / sups strategies).
 *
 * @param points - One record per number of labels, `n` strictly increasing.
 * @param options - `axisTitle` ("estimate"), `reference` (none), `title` (none), `width` (400), `height` (250).
 * @returns A layered Vega-Lite spec with the rows inlined.
 * @throws {TypeError} If `points` is not an array of objects, a field has the wrong type, or `ci`/`cs` is not
 *   two numbers.
 * @throws {RangeError} If `points` is empty, a number or bound is not finite, `lo > hi`, `n` is not a
 *   positive integer or not strictly increasing, `cs` is given on some points but not all (the band would be
 *   drawn through points that have none), or `width`/`height` is not positive.
 * @see Howard, S. R., Ramdas, A., McAuliffe, J. & Sekhon, J. (2021). Time-uniform, nonparametric, nonasymptotic confidence sequences. Annals of Statistics 49(2).
 * @example
 * ```ts
 * const spec = runningEstimateSpec([
 *   { n: 10, estimate: 0.2, ci: [0.05, 0.5], cs: [0, 0.7] },
 *   { n: 20, estimate: 0.25, ci: [0.1, 0.45], cs: [0.02, 0.6] },
 * ]);
 * (spec.data as { values: { band: string }[] }).values.map((v) => v.band);
 * // ["confidence sequence (any n)", "confidence interval (this n)", "confidence sequence (any n)", "confidence interval (this n)"]
 * ```
 */
export function runningEstimateSpec(
  points: readonly RunningEstimatePoint[],
  options?: RunningEstimateSpecOptions,
): VegaLiteSpec {
  const fn = "runningEstimateSpec";
  const head = header(fn, options, KEYS);
  const base = records(fn, "points", points, [], ["n", "estimate"]);
  let last = 0;
  const withCs = points.map((p) => (p as { cs?: unknown }).cs !== undefined);
  const first = withCs.indexOf(!withCs[0]);
  if (first >= 0) {
    const [has, lacks] = withCs[0] ? [0, first] : [first, 0];
    fail(
      fn,
      `points[${lacks}] has no cs but points[${has}] has: give cs on every point or on none (the sequence's band is drawn through all points)`,
    );
  }
  const values = base.flatMap((r, i) => {
    const n = r["n"] as number;
    if (!(Number.isInteger(n) && n >= 1)) fail(fn, `points[${i}].n must be a positive integer`, n);
    if (!(n > last))
      fail(fn, `points[${i}].n must be larger than the previous point's n (${last})`, n);
    last = n;
    const estimate = r["estimate"] as number;
    const [lo, hi] = interval(fn, "points", i, "ci", points[i]);
    const out: Record<string, string | number>[] = [];
    if (withCs[i]) {
      const [cl, ch] = interval(fn, "points", i, "cs", points[i]);
      out.push({ n, band: CS, lo: cl, hi: ch, estimate });
    }
    out.push({ n, band: CI, lo, hi, estimate });
    return out;
  });
  const axisTitle = axisTitleOption(fn, options?.axisTitle, runningEstimateSpecDefaults.axisTitle);
  const x = {
    field: "n",
    type: "quantitative",
    title: "labels spent",
    axis: { tickMinStep: 1, format: "d" },
  };
  const bands = values.some((v) => v["band"] === CS) ? [CS, CI] : [CI];
  const layer: Record<string, unknown>[] = [
    {
      mark: { type: "area", opacity: 0.5 },
      encoding: {
        x,
        y: { field: "lo", type: "quantitative", title: axisTitle, scale: { zero: false } },
        y2: { field: "hi" },
        color: {
          field: "band",
          type: "nominal",
          title: null,
          scale: { domain: bands, range: ["#fdd0a2", "#6baed6"].slice(2 - bands.length) },
          legend: { orient: "bottom", labelLimit: 400 },
        },
        tooltip: [
          { field: "n" },
          { field: "band" },
          { field: "lo", format: ".4f" },
          { field: "hi", format: ".4f" },
        ],
      },
    },
    {
      transform: [{ filter: `datum.band === '${CI}'` }],
      mark: { type: "line", color: "black", strokeWidth: 1.5 },
      encoding: {
        x,
        y: { field: "estimate", type: "quantitative", title: axisTitle },
        tooltip: [{ field: "n" }, { field: "estimate", format: ".4f" }],
      },
    },
  ];
  if (options?.reference !== undefined)
    layer.push(referenceRule(fn, options.reference, "y", axisTitle));
  return { ...head, data: { values }, layer };
}
