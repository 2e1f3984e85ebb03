import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { paretoFrontSpec } from "../../src/plot/paretoFrontSpec.js";
import { rows, toSvg, toVega } from "./_compile.js";

// Ranks by hand (both minimised): (1,4), (2,2), (4,1) are mutually non-dominated; (3,3) is dominated by (2,2).
const F = rowMatrix([
  [1, 4],
  [2, 2],
  [3, 3],
  [4, 1],
]);

describe("paretoFrontSpec(F, options)", () => {
  it("ranks the rows by non-domination", () => {
    expect(rows(paretoFrontSpec(F)).map((r) => r["rank"])).toEqual([1, 1, 2, 1]);
    expect(rows(paretoFrontSpec(F, { labels: ["a", "b", "c", "d"] }))[2]).toEqual({
      f1: 3,
      f2: 3,
      rank: 2,
      label: "c",
    });
  });

  it("compiles with vega-lite and renders to SVG with the objective titles", async () => {
    const spec = paretoFrontSpec(F, { objectives: ["coherence", "size spread"] });
    expect(toVega(spec)).toHaveProperty("marks");
    const svg = await toSvg(spec);
    expect(svg).toContain("coherence");
    expect(svg).toContain("size spread");
  });

  it("throws on a matrix without two columns, bad labels and bad objectives", () => {
    expect(() => paretoFrontSpec(rowMatrix([[1, 2, 3]]))).toThrow(
      "paretoFrontSpec: F must have exactly two columns",
    );
    // a 0 x 2 matrix passes the column check and reaches the row check (rowMatrix([]) is 0 x 0)
    expect(() => paretoFrontSpec({ data: new Float64Array(0), rows: 0, cols: 2 })).toThrow(
      new RangeError("paretoFrontSpec: F must have at least one row"),
    );
    expect(() => paretoFrontSpec(rowMatrix([]))).toThrow(
      /^paretoFrontSpec: F must have exactly two columns/,
    );
    expect(() => paretoFrontSpec(F, { labels: ["a"] })).toThrow(
      "options.labels must have one label per row (4)",
    );
    expect(() => paretoFrontSpec(F, { objectives: ["a"] as never })).toThrow(TypeError);
    expect(() =>
      paretoFrontSpec({ data: new Float64Array([Number.NaN, 1]), rows: 1, cols: 2 }),
    ).toThrow(RangeError);
  });
});

describe("paretoFrontSpec: holes in the option arrays", () => {
  it("refuses a hole in objectives or labels (a hole is not a string)", () => {
    const F = [
      [0, 1],
      [1, 0],
    ];
    // biome-ignore lint/suspicious/noSparseArray: the hole is the point
    const holeObjectives = [, "b"] as unknown as [string, string];
    expect(() => paretoFrontSpec(F, { objectives: holeObjectives })).toThrow(TypeError);
    // biome-ignore lint/suspicious/noSparseArray: the hole is the point
    const holeLabels = ["x", ,] as unknown as string[];
    expect(holeLabels.length).toBe(2);
    expect(() => paretoFrontSpec(F, { labels: holeLabels })).toThrow(TypeError);
  });
});
