import { describe, expect, it } from "vitest";
import { recallAtKSpec } from "../../src/plot/recallAtKSpec.js";
import { rows, toSvg, toVega } from "./_compile.js";

const points = [
  { method: "casper", k: 1, recall: 0.5 },
  { method: "casper", k: 2, recall: 1 },
];

describe("recallAtKSpec(points, options)", () => {
  it("adds the random ranking's K/n baseline when items is given", () => {
    const r = rows(recallAtKSpec(points, { items: 4 }));
    // K / n for n = 4: 1/4 and 2/4.
    expect(r.slice(2)).toEqual([
      { method: "random (K/n)", k: 1, recall: 0.25 },
      { method: "random (K/n)", k: 2, recall: 0.5 },
    ]);
    expect(rows(recallAtKSpec(points))).toHaveLength(2);
  });

  it("keeps the baseline's bend at K = n when n lies between the points' K", () => {
    // min(1, K / 4) joined only at K = 1 and 10 drew 0.58 at K = 4, where it is 1
    const wide = [
      { method: "m", k: 1, recall: 0.5 },
      { method: "m", k: 10, recall: 1 },
    ];
    const base = (items: number) =>
      rows(recallAtKSpec(wide, { items })).filter((v) => v["method"] === "random (K/n)");
    expect(base(4)).toEqual([
      { method: "random (K/n)", k: 1, recall: 0.25 },
      { method: "random (K/n)", k: 4, recall: 1 },
      { method: "random (K/n)", k: 10, recall: 1 },
    ]);
    // n at or outside the points' range: no extra point (the line is straight there)
    expect(base(10).map((v) => v["k"])).toEqual([1, 10]);
    expect(base(20).map((v) => v["k"])).toEqual([1, 10]);
    expect(base(1).map((v) => v["k"])).toEqual([1, 10]);
  });

  it("compiles with vega-lite and renders to SVG", async () => {
    const spec = recallAtKSpec(points, { items: 4 });
    expect(toVega(spec)).toHaveProperty("marks");
    expect(await toSvg(spec)).toContain("Recall@K");
  });

  it("throws on bad points and a bad items count", () => {
    expect(() => recallAtKSpec([])).toThrow(RangeError);
    expect(() => recallAtKSpec(points, { items: 0 })).toThrow(RangeError);
    // K is a count, recall a share; the baseline's name is its own
    expect(() => recallAtKSpec([{ method: "m", k: 1.5, recall: 0.3 }])).toThrow(/points\[0\].k/);
    expect(() => recallAtKSpec([{ method: "m", k: -2, recall: 0.3 }])).toThrow(/points\[0\].k/);
    expect(() => recallAtKSpec([{ method: "m", k: 2, recall: 1.7 }])).toThrow(/points\[0\].recall/);
    expect(() =>
      recallAtKSpec([{ method: "random (K/n)", k: 1, recall: 0.9 }], { items: 4 }),
    ).toThrow(/is the baseline's name/);
    expect(() => recallAtKSpec([{ method: "m", k: 1, recall: Number.NaN }])).toThrow(
      "recallAtKSpec: points[0].recall must be finite",
    );
  });
});
