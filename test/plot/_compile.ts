import * as vega from "vega";
import { compile } from "vega-lite";
import type { VegaLiteSpec } from "../../src/plot/types.js";

/** Compiles a Vega-Lite spec to Vega (throws on an invalid spec) and returns the Vega spec. */
export function toVega(spec: VegaLiteSpec): vega.Spec {
  // A round trip through JSON proves the spec is plain data (no typed arrays, functions or NaN).
  const json = JSON.parse(JSON.stringify(spec));
  return compile(json).spec;
}

/** Renders a Vega-Lite spec headlessly to an SVG string with the `vega` runtime. */
export async function toSvg(spec: VegaLiteSpec): Promise<string> {
  const view = new vega.View(vega.parse(toVega(spec)), { renderer: "none" });
  const svg = await view.toSVG();
  view.finalize();
  return svg;
}

/** The inlined data rows of a spec built by src/plot. */
export function rows(spec: VegaLiteSpec): Record<string, unknown>[] {
  return (spec["data"] as { values: Record<string, unknown>[] }).values;
}

/** The tooltips of every mark item a Vega-Lite spec renders, as the viewer shows them. */
export async function tooltips(spec: VegaLiteSpec): Promise<Record<string, unknown>[]> {
  const view = new vega.View(vega.parse(toVega(spec)), { renderer: "none" });
  await view.runAsync();
  const out: Record<string, unknown>[] = [];
  const walk = (node: { items?: unknown[] }): void => {
    for (const item of node.items ?? []) {
      const tip = (item as { tooltip?: unknown }).tooltip;
      if (typeof tip === "object" && tip !== null) out.push(tip as Record<string, unknown>);
      walk(item as { items?: unknown[] });
    }
  };
  walk((view.scenegraph() as unknown as { root: { items?: unknown[] } }).root);
  view.finalize();
  return out;
}
