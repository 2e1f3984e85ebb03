import type { RowMatrix } from "../core/rowMatrix.js";
import { fail, failType, optionKeys, toRowMatrix } from "../core/validate.js";
import { nonDominatedSort } from "../moea/nonDominatedSort.js";
import { header } from "./_internal.js";
import type { PlotOptions, VegaLiteSpec } from "./types.js";

/** Dark (the front) to light; rank 6 and later share the lightest, which stays visible on white. */
const RANK_BLUES = ["#08306b", "#2171b5", "#4292c6", "#6baed6", "#9ecae1", "#c6dbef"];

const KEYS = optionKeys<ParetoFrontSpecOptions>()(
  "title",
  "width",
  "height",
  "objectives",
  "labels",
);

/** Options of {@link paretoFrontSpec}. */
export type ParetoFrontSpecOptions = PlotOptions & {
  /** Axis titles of the two objectives. @defaultValue ["f1", "f2"] */
  readonly objectives?: readonly [string, string];
  /** One label per row, shown in tooltips (e.g. a slice partition's name). @defaultValue the row index */
  readonly labels?: readonly string[];
};

/**
 * Vega-Lite scatter of a two-objective population (both minimised) coloured
 * by non-domination rank, with the first front joined as a line — e.g. the
 * final population of `nsga2` or `identifySlices`.
 *
 * Ranks come from {@link nonDominatedSort} (rank 1 = the Pareto front); the
 * front is the darkest colour (later ranks paler, never white) and is drawn
 * as a line in order of the first objective. To show a maximised
 * objective, negate its column first (and say so in its axis title).
 *
 * @param F - Objective values, one row per solution, exactly two columns, all finite.
 * @param options - `objectives` (["f1", "f2"]), `labels` (row indices), `title` (none), `width` (400), `height` (250).
 * @returns A layered Vega-Lite spec with rows `{ f1, f2, rank, label }` inlined.
 * @throws {TypeError} If `F` is not a `RowMatrix` or a `number[][]`, or `objectives`/`labels` are not arrays
 *   of strings.
 * @throws {RangeError} If `F` does not have two columns or has no rows or a non-finite value, `labels` has
 *   the wrong length, or `width`/`height` is not positive.
 * @see Deb, K. et al. (2002). A fast and elitist multiobjective genetic algorithm: NSGA-II (non-dominated ranks).
 * @example
 * ```ts
 * const spec = paretoFrontSpec(rowMatrix([[1, 4], [2, 2], [3, 3], [4, 1]]));
 * (spec.data as { values: { rank: number }[] }).values.map((v) => v.rank); // [1, 1, 2, 1]
 * ```
 */
export function paretoFrontSpec(
  F: RowMatrix | readonly ArrayLike<number>[],
  options?: ParetoFrontSpecOptions,
): VegaLiteSpec {
  const fn = "paretoFrontSpec";
  const head = header(fn, options, KEYS);
  const FMatrix = toRowMatrix(fn, "F", F);
  if (FMatrix.cols !== 2)
    fail(fn, "F must have exactly two columns (two objectives)", FMatrix.cols);
  if (FMatrix.rows === 0) fail(fn, "F must have at least one row");
  const objectives = options?.objectives ?? ["f1", "f2"];
  // index loops: a hole (which some() skips) is not a string either
  const strings = (a: readonly unknown[]) =>
    Array.from(a, (v) => v).every((v) => typeof v === "string");
  if (!Array.isArray(objectives) || objectives.length !== 2 || !strings(objectives)) {
    failType(fn, "options.objectives must be two strings");
  }
  const labels = options?.labels;
  if (labels !== undefined) {
    if (!Array.isArray(labels) || !strings(labels)) {
      failType(fn, "options.labels must be an array of strings");
    }
    if (labels.length !== FMatrix.rows)
      fail(fn, `options.labels must have one label per row (${FMatrix.rows})`, labels.length);
  }
  const rank = new Int32Array(FMatrix.rows);
  nonDominatedSort(FMatrix).forEach((front, r) => {
    for (const i of front) rank[i] = r + 1;
  });
  const values = Array.from({ length: FMatrix.rows }, (_, i) => ({
    f1: FMatrix.data[2 * i] ?? 0,
    f2: FMatrix.data[2 * i + 1] ?? 0,
    rank: rank[i] ?? 0,
    label: labels?.[i] ?? String(i),
  }));
  const ranks = [...new Set(values.map((v) => v.rank))].sort((a, b) => a - b);
  const x = { field: "f1", type: "quantitative", title: objectives[0], scale: { zero: false } };
  const y = { field: "f2", type: "quantitative", title: objectives[1], scale: { zero: false } };
  return {
    ...head,
    data: { values },
    layer: [
      {
        mark: { type: "point", filled: true, opacity: 1 },
        encoding: {
          x,
          y,
          size: { condition: { test: "datum.rank === 1", value: 70 }, value: 35 },
          color: {
            field: "rank",
            type: "ordinal",
            title: "front rank",
            scale: { domain: ranks, range: ranks.map((r) => RANK_BLUES[Math.min(r, 6) - 1]) },
          },
          tooltip: [{ field: "label" }, { field: "f1" }, { field: "f2" }, { field: "rank" }],
        },
      },
      {
        transform: [{ filter: "datum.rank === 1" }],
        mark: { type: "line", color: "black" },
        encoding: { x, y, order: { field: "f1", type: "quantitative" } },
      },
    ],
  };
}
