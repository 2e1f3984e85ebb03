/**
 * Saves the outputs of examples/deno-notebook.ipynb and gives every cell a
 * stable id (nbformat 4.5). The outputs are computed, not typed: the
 * notebook's code (examples/deno-notebook.ts, the same cells with source
 * imports) is run under Node, outside a kernel, where it prints the estimate
 * line and the plotted points; the chart is rebuilt from those points with
 * the notebook's own call and saved as the Vega-Lite display the kernel makes
 * (plus an SVG rendered by vega, which GitHub and nbviewer can show).
 *
 * Usage: npx tsx scripts/notebook-outputs.ts   (rewrites the .ipynb in place)
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import * as vega from "vega";
import { compile } from "vega-lite";
import { rmseByBudgetSpec } from "../src/plot/rmseByBudgetSpec.js";

const NB = "examples/deno-notebook.ipynb";
const IDS = ["about", "data", "estimate", "rmse-plot"];

type Cell = {
  id?: string;
  cell_type: string;
  metadata: Record<string, unknown>;
  source: string[];
  execution_count?: number | null;
  outputs?: unknown[];
};

const stdout = execFileSync(process.execPath, ["--import", "tsx", "examples/deno-notebook.ts"], {
  encoding: "utf8",
});
const [estimateLine = "", json = "{}"] = stdout.trim().split("\n");
const { points } = JSON.parse(json) as {
  points: { strategy: string; budget: number; rmse: number }[];
};
const ts = readFileSync("examples/deno-notebook.ts", "utf8");
const title = /rmseByBudgetSpec\(points, \{ title: "([^"]+)" \}\)/.exec(ts)?.[1];
if (title === undefined)
  throw new Error("the plot cell no longer calls rmseByBudgetSpec(points, { title })");
const spec = rmseByBudgetSpec(points, { title });
const view = new vega.View(vega.parse(compile(JSON.parse(JSON.stringify(spec))).spec), {
  renderer: "none",
});
const svg = await view.toSVG();
view.finalize();

const lines = (text: string): string[] =>
  text.split("\n").map((l, i, all) => (i < all.length - 1 ? `${l}\n` : l));
const nb = JSON.parse(readFileSync(NB, "utf8")) as { cells: Cell[]; nbformat_minor: number };
if (nb.cells.length !== IDS.length) throw new Error(`expected ${IDS.length} cells in ${NB}`);
nb.nbformat_minor = Math.max(nb.nbformat_minor, 5);
let count = 0;
nb.cells = nb.cells.map((cell, k) => {
  const { id: _id, ...rest } = cell;
  const withId = { id: IDS[k] ?? `cell-${k}`, ...rest };
  if (cell.cell_type !== "code") return withId;
  count++;
  const outputs =
    IDS[k] === "estimate"
      ? [{ name: "stdout", output_type: "stream", text: [`${estimateLine}\n`] }]
      : IDS[k] === "rmse-plot"
        ? [
            {
              output_type: "display_data",
              metadata: {},
              data: {
                "application/vnd.vegalite.v5+json": spec,
                "image/svg+xml": lines(svg),
                "text/plain": [`<Vega-Lite chart: ${title}>`],
              },
            },
          ]
        : [];
  return { ...withId, execution_count: count, outputs };
});
writeFileSync(NB, `${JSON.stringify(nb, null, 1)}\n`);
console.log(`${NB}: ${count} code cells, outputs saved`);
