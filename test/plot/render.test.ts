import { describe, expect, it } from "vitest";
import { failuresVsRmseSpec } from "../../src/plot/failuresVsRmseSpec.js";
import { forestSpec } from "../../src/plot/forestSpec.js";
import { recallAtKSpec } from "../../src/plot/recallAtKSpec.js";
import { runningEstimateSpec } from "../../src/plot/runningEstimateSpec.js";
import { subsetTrackingSpec } from "../../src/plot/subsetTrackingSpec.js";
import { toSvg } from "./_compile.js";
import { gallery } from "./_gallery.js";

/** How many drawn items of each kind ("point", "line mark", "area mark", "rule mark", "text mark") the SVG holds, axes and legends left out. */
function marks(svg: string): Record<string, number> {
  const count: Record<string, number> = {};
  for (const m of svg.matchAll(/aria-roledescription="([a-z ]+)"/g)) {
    const kind = m[1] ?? "";
    if (/container|axis|legend|title/.test(kind)) continue;
    count[kind] = (count[kind] ?? 0) + 1;
  }
  return count;
}

/** The tick labels of an axis, read from the SVG's axis-label texts in order. */
function axisLabels(svg: string, axis: "X" | "Y"): string[] {
  const start = svg.indexOf(`aria-label="${axis}-axis`);
  const group = svg.slice(start, svg.indexOf('class="mark-text role-axis-title"', start));
  const labels = group.slice(group.indexOf("role-axis-label"));
  return [...labels.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1] ?? "");
}

const expected: Record<string, Record<string, number>> = {
  rmseByBudgetSpec: { "line mark": 8, point: 40 },
  failuresVsRmseSpec: { "line mark": 1, point: 8, "text mark": 8 },
  paretoFrontSpec: { "line mark": 1, point: 32 },
  recallAtKSpec: { "line mark": 4, point: 20 },
  subsetTrackingSpec: { "rule mark": 9, "line mark": 2, point: 18 },
  runningEstimateSpec: { "area mark": 2, "line mark": 1, "rule mark": 1 },
  forestSpec: { point: 4, "rule mark": 5 },
};

describe("every plot renders to SVG with vega-lite + vega", () => {
  it.each(gallery())("$name draws its marks", async ({ name, spec }) => {
    const svg = await toSvg(spec);
    expect(svg.startsWith("<svg")).toBe(true);
    expect(marks(svg)).toEqual(expected[name]);
  });
});

describe("what the rendered charts show", () => {
  it("failuresVsRmseSpec labels every point, not only the front, and does not start x at 0", async () => {
    const points = [
      { name: "srs", rmse: 0.05, failures: 10 },
      { name: "gbs", rmse: 0.03, failures: 12 },
      { name: "deepEst", rmse: 0.06, failures: 30 },
      { name: "ssrs", rmse: 0.04, failures: 9 },
    ];
    const svg = await toSvg(failuresVsRmseSpec(points));
    for (const p of points) expect(svg).toContain(`>${p.name}</text>`);
    const x = axisLabels(svg, "X").map(Number);
    expect(x[0]).toBeGreaterThan(0);
    expect(svg).toMatch(/Symbol legend titled 'on the Pareto front'/);
    // the legend sits below the plot: its group is translated further down than the plot's height
    const legend = /role-legend"[^>]*><g transform="translate\(([\d.]+),([\d.]+)\)"/.exec(svg);
    expect(Number(legend?.[2])).toBeGreaterThan(250);
  });

  it("paretoFrontSpec fills the front with the darkest colour", async () => {
    const { spec } = gallery().find((g) => g.name === "paretoFrontSpec") ?? { spec: undefined };
    if (spec === undefined) throw new Error("no paretoFrontSpec in the gallery");
    const svg = await toSvg(spec);
    const fills = (rank: number) =>
      new Set(
        [...svg.matchAll(/aria-label="[^"]*rank: (\d+)"[^>]*fill="(#[0-9a-f]{6})"/g)]
          .filter((m) => Number(m[1]) === rank)
          .map((m) => m[2]),
      );
    expect(fills(1)).toEqual(new Set(["#08306b"]));
    const lum = (hex: string) =>
      Number.parseInt(hex.slice(1, 3), 16) + Number.parseInt(hex.slice(3, 5), 16);
    expect(lum([...fills(2)][0] ?? "")).toBeGreaterThan(lum("#08306b"));
  });

  it("recallAtKSpec shows whole-number K ticks only, even over a short range", async () => {
    const svg = await toSvg(
      recallAtKSpec([
        { method: "casper", k: 1, recall: 0.5 },
        { method: "casper", k: 2, recall: 1 },
      ]),
    );
    const ticks = axisLabels(svg, "X");
    expect(ticks.length).toBeGreaterThan(0);
    for (const t of ticks) expect(t).toMatch(/^\d+$/);
  });

  it("subsetTrackingSpec draws the subset's interval as one bar per run that carries ci", async () => {
    const runs = [
      { run: "a", full: 0.5, subset: 0.52, ci: [0.45, 0.58] as const },
      { run: "b", full: 0.6, subset: 0.56, ci: [0.5, 0.62] as const },
    ];
    expect(marks(await toSvg(subsetTrackingSpec(runs)))["rule mark"]).toBe(2);
    const bare = runs.map(({ ci: _ci, ...r }) => r);
    expect(marks(await toSvg(subsetTrackingSpec(bare)))["rule mark"]).toBeUndefined();
  });

  it("runningEstimateSpec draws one band without cs and two with it", async () => {
    const p = [
      { n: 2, estimate: 0.5, ci: [0.1, 0.9] as const },
      { n: 3, estimate: 0.33, ci: [0.05, 0.8] as const },
    ];
    expect(marks(await toSvg(runningEstimateSpec(p)))).toEqual({ "area mark": 1, "line mark": 1 });
    const withCs = p.map((q) => ({ ...q, cs: [0, 1] as const }));
    expect(marks(await toSvg(runningEstimateSpec(withCs)))["area mark"]).toBe(2);
  });

  it("forestSpec keeps the rows in input order and scales its height with them", async () => {
    const rows = ["zeta", "alpha", "mid"].map((name, i) => ({
      name,
      estimate: 0.2 + 0.1 * i,
      ci: [0.1 + 0.1 * i, 0.3 + 0.1 * i] as const,
    }));
    const svg = await toSvg(forestSpec(rows));
    expect(axisLabels(svg, "Y")).toEqual(["zeta", "alpha", "mid"]);
    expect(forestSpec(rows).height).toBe(72);
    expect(forestSpec(rows, { height: 100 }).height).toBe(100);
  });
});
