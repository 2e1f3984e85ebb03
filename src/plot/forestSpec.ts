import { checkNumber, fail, failType, optionKeys } from "../core/validate.js";
import { axisTitleOption, header, interval, records, referenceRule } from "./_internal.js";
import type { PlotOptions, VegaLiteSpec } from "./types.js";

const KEYS = optionKeys<ForestSpecOptions>()(
  "title",
  "width",
  "height",
  "axisTitle",
  "reference",
  "rowHeight",
);

/** One row of {@link forestSpec}: an estimate with its interval, e.g. `{ name, ...estimate }` of an `Estimate`. */
export type ForestRow = {
  /** Row label (model, run, strategy, ...), shown on the y axis in the given order; unique. */
  readonly name: string;
  /** Point estimate. */
  readonly estimate: number;
  /** Interval `[lo, hi]`, finite, `lo <= hi`. */
  readonly ci: readonly [number, number];
  /** Optional group (e.g. the design or the model family): rows are coloured by it; beside grouped rows, a row without one is shown as "(no group)". */
  readonly group?: string;
};

/** Options of {@link forestSpec}. */
export type ForestSpecOptions = PlotOptions & {
  /** Title of the estimate axis. @defaultValue forestSpecDefaults.axisTitle (`"estimate"`) */
  readonly axisTitle?: string;
  /** A value drawn as a dashed vertical rule (the true value, a threshold, a baseline). @defaultValue no rule */
  readonly reference?: number;
  /** Height per row in pixels, used when `height` is not given. @defaultValue forestSpecDefaults.rowHeight (24) */
  readonly rowHeight?: number;
};

/** Defaults of {@link forestSpec}'s options. */
export const forestSpecDefaults = Object.freeze({ axisTitle: "estimate", rowHeight: 24 } as const);

/**
 * Vega-Lite forest plot: one row per model / run / strategy, its point
 * estimate as a dot and its interval as a horizontal line, rows in the given
 * order, with an optional dashed reference line.
 *
 * Data: each row becomes `{ name, estimate, lo, hi }` (plus `group`); the
 * layers are a rule from `lo` to `hi`, a point at `estimate` and, with
 * `reference`, a vertical rule. The estimate axis does not start at zero, so
 * close intervals stay apart. The height is `rowHeight` per row unless
 * `height` is given. The layout of a meta-analysis forest plot (Lewis &
 * Clarke 2001), here for evaluation estimates.
 *
 * @param rows - One record per row, e.g. `{ name: "srs", ...estimate }` for each `Estimate`.
 * @param options - `axisTitle` ("estimate"), `reference` (none), `rowHeight` (24), `title` (none), `width` (400), `height` (rows x rowHeight).
 * @returns A layered Vega-Lite spec with the rows inlined.
 * @throws {TypeError} If `rows` is not an array of objects, a field has the wrong type, or `ci` is not two
 *   numbers.
 * @throws {RangeError} If `rows` is empty, a name repeats, a number or bound is not finite, `lo > hi`, or
 *   `width`/`height`/`rowHeight` is not positive.
 * @see Lewis, S. & Clarke, M. (2001). Forest plots: trying to see the wood and the trees. BMJ 322, 1479–1480.
 * @example
 * ```ts
 * const spec = forestSpec(
 *   [
 *     { name: "srs", estimate: 0.3, ci: [0.2, 0.4] },
 *     { name: "pivotal", estimate: 0.32, ci: [0.26, 0.38] },
 *   ],
 *   { reference: 0.31 },
 * );
 * (spec.data as { values: unknown[] }).values[1]; // { name: "pivotal", estimate: 0.32, lo: 0.26, hi: 0.38 }
 * spec.height; // 48
 * ```
 */
export function forestSpec(rows: readonly ForestRow[], options?: ForestSpecOptions): VegaLiteSpec {
  const fn = "forestSpec";
  // options' type first: a string spread below read as keys "0", "1", ...
  if (
    options !== undefined &&
    (typeof options !== "object" || options === null || Array.isArray(options))
  ) {
    failType(fn, "options must be an object");
  }
  const rowHeight = options?.rowHeight ?? forestSpecDefaults.rowHeight;
  checkNumber(fn, "options.rowHeight", rowHeight, 0, Number.POSITIVE_INFINITY, { lower: true });
  const n = Array.isArray(rows) ? rows.length : 0;
  // the derived height is the rows times rowHeight: its overflow is rowHeight's, not height's
  if (options?.height === undefined && !Number.isFinite(n * rowHeight)) {
    fail(
      fn,
      `options.rowHeight x ${n} rows overflows; use a smaller rowHeight or give height`,
      rowHeight,
    );
  }
  // an explicit height: undefined means the default too (a spread gave 250)
  const head = header(
    fn,
    n > 0
      ? { ...options, height: options?.height === undefined ? n * rowHeight : options.height }
      : options,
    KEYS,
  );
  const base = records(fn, "rows", rows, ["name"], ["estimate"], ["group"]);
  const seen = new Map<string, number>();
  const values = base.map((r, i) => {
    const name = r["name"] as string;
    const prev = seen.get(name);
    if (prev !== undefined)
      fail(fn, `rows[${i}].name repeats rows[${prev}].name ${JSON.stringify(name)}`);
    seen.set(name, i);
    const [lo, hi] = interval(fn, "rows", i, "ci", rows[i]);
    const row: Record<string, string | number> = {
      name,
      estimate: r["estimate"] as number,
      lo,
      hi,
    };
    if (r["group"] !== undefined) row["group"] = r["group"];
    return row;
  });
  const axisTitle = axisTitleOption(fn, options?.axisTitle, forestSpecDefaults.axisTitle);
  const grouped = values.some((v) => v["group"] !== undefined);
  // a row without a group beside grouped ones gets a named colour, not "undefined"
  if (grouped) for (const v of values) if (v["group"] === undefined) v["group"] = "(no group)";
  const y = {
    field: "name",
    type: "nominal",
    sort: [...seen.keys()],
    title: null,
    axis: { labelLimit: 320 },
  };
  const x = {
    field: "estimate",
    type: "quantitative",
    title: axisTitle,
    scale: { zero: false },
  };
  const color = grouped ? { color: { field: "group", type: "nominal", title: "group" } } : {};
  const tooltip = [
    { field: "name" },
    ...(grouped ? [{ field: "group" }] : []),
    { field: "estimate", format: ".4f" },
    { field: "lo", format: ".4f" },
    { field: "hi", format: ".4f" },
  ];
  const layer: Record<string, unknown>[] = [
    {
      mark: { type: "rule", strokeWidth: 2, ...(grouped ? {} : { color: "#4c78a8" }) },
      encoding: { y, x: { ...x, field: "lo" }, x2: { field: "hi" }, ...color, tooltip },
    },
    {
      mark: {
        type: "point",
        filled: true,
        size: 70,
        opacity: 1,
        ...(grouped ? {} : { color: "#1f3b5c" }),
      },
      encoding: { y, x, ...color, tooltip },
    },
  ];
  if (options?.reference !== undefined)
    layer.push(referenceRule(fn, options.reference, "x", axisTitle));
  return { ...head, data: { values }, layer };
}
