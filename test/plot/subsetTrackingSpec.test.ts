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
