import { describe, expect, it } from "vitest";
import { subsetTrackingSpec } from "../../src/plot/subsetTrackingSpec.js";
import { rows, toSvg, toVega } from "./_compile.js";

const runs = [
  { run: "b-run", full: 0.5, subset: 0.52 },
  { run: "a-run", full: 0.6, subset: 0.56 },
];

describe("subsetTrackingSpec(runs, options)", () => {
  it("folds each run into a full and a subset row with the error subset - full", () => {
    const r = rows(subsetTrackingSpec(runs));
    expect(r.map((x) => x["series"])).toEqual(["full", "subset", "full", "subset"]);
    expect(r[0]).toEqual({ run: "b-run", series: "full", rate: 0.5, error: 0.52 - 0.5 });
  });

  it("keeps the input order on the x axis, compiles and renders to SVG", async () => {
    const spec = subsetTrackingSpec(runs);
    expect(
      (spec["layer"] as { encoding: { x: { sort: string[] } } }[])[0]?.encoding.x.sort,
    ).toEqual(["b-run", "a-run"]);
    expect(toVega(spec)).toHaveProperty("marks");
    const svg = await toSvg(spec);
    expect(svg.indexOf("b-run")).toBeLessThan(svg.indexOf("a-run"));
  });

  it("draws each run's ci at that run only: none across a run without one, a lone ci visible", async () => {
    const marks = async (given: Parameters<typeof subsetTrackingSpec>[0]) => {
      const svg = await toSvg(subsetTrackingSpec(given, { width: 300 }));
      return [...svg.matchAll(/<(?:line|path)[^>]*f58518[^>]*>/g)]
        .map((m) => m[0])
        .filter((t) => t.includes("rule mark") || t.includes("area mark"));
    };
    const three = await marks([
      { run: "a", full: 0.5, subset: 0.5, ci: [0.4, 0.6] },
      { run: "b", full: 0.5, subset: 0.5 },
      { run: "c", full: 0.5, subset: 0.5, ci: [0.3, 0.6] },
    ]);
    expect(three.map((t) => /run: (\w)/.exec(t)?.[1])).toEqual(["a", "c"]);
    // the bar spans lo..hi: 0.3..0.6 of a 250-pixel axis is 75 pixels
    expect(three[1]).toContain('y2="-75"');
    const lone = await marks([
      { run: "a", full: 0.5, subset: 0.5 },
      { run: "b", full: 0.5, subset: 0.5, ci: [0.4, 0.6] },
    ]);
    expect(lone).toHaveLength(1);
    expect(lone[0]).toContain('y2="-50"');
  });

  it("names every k-th run when the runs outnumber what the width can name apart (157 runs were a black band)", async () => {
    const many = Array.from({ length: 157 }, (_, i) => ({
      run: `2025${String(i).padStart(4, "0")}_submission`,
      full: 0.3 + (i % 50) / 100,
      subset: 0.32 + (i % 50) / 100,
    }));
    const axisOf = (spec: ReturnType<typeof subsetTrackingSpec>) =>
      (spec["layer"] as { encoding: { x: { title: string; axis: { values?: string[] } } } }[])[0]
        ?.encoding.x;
    const x = axisOf(subsetTrackingSpec(many));
    // 400 pixels name 25 runs at most: every 7th of 157, from the first (23 labels)
    expect(x?.title).toBe("run (every 7th named)");
    expect(x?.axis.values).toHaveLength(23);
    expect(x?.axis.values?.slice(0, 2)).toEqual([many[0]?.run, many[7]?.run]);
    // a wider chart names more; few runs are all named, without a values list
    expect(axisOf(subsetTrackingSpec(many, { width: 1600 }))?.axis.values).toHaveLength(79);
    expect(axisOf(subsetTrackingSpec(runs))?.axis.values).toBeUndefined();
    expect(axisOf(subsetTrackingSpec(runs))?.title).toBe("run");
    // drawn: the axis holds the named runs only, every point stays
    const svg = await toSvg(subsetTrackingSpec(many));
    const labels = [...svg.matchAll(/>(2025\d{4}_submission)</g)].map((m) => m[1]);
    expect(labels).toEqual(x?.axis.values);
  });

  it("throws on a rate outside [0, 1] and on empty input", () => {
    expect(() => subsetTrackingSpec([{ run: "x", full: 1.2, subset: 0.5 }])).toThrow(
      'subsetTrackingSpec: runs[].full must be a rate in [0, 1] (run "x") (got 1.2)',
    );
    expect(() => subsetTrackingSpec([])).toThrow(RangeError);
    expect(() =>
      subsetTrackingSpec([
        { run: "a", full: 0.5, subset: 0.4 },
        { run: "a", full: 0.7, subset: 0.9 },
      ]),
    ).toThrow('subsetTrackingSpec: runs[1].run repeats runs[0].run "a"');
  });
});
