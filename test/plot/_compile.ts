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
