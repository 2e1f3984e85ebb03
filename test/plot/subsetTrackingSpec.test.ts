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
