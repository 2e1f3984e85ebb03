import { describe, expect, it } from "vitest";
import { runningEstimateSpec } from "../../src/plot/runningEstimateSpec.js";
import { rows, toVega } from "./_compile.js";

const points = [
  { n: 2, estimate: 0.5, ci: [0.1, 0.9] as const, cs: [0, 1] as const },
  { n: 3, estimate: 0.33, ci: [0.05, 0.8] as const, cs: [0.02, 0.9] as const },
];

describe("runningEstimateSpec(points, options)", () => {
  it("folds each point into one row per band, the sequence only when given", () => {
    expect(rows(runningEstimateSpec(points))).toEqual([
      { n: 2, band: "confidence sequence (any n)", lo: 0, hi: 1, estimate: 0.5 },
      { n: 2, band: "confidence interval (this n)", lo: 0.1, hi: 0.9, estimate: 0.5 },
      { n: 3, band: "confidence sequence (any n)", lo: 0.02, hi: 0.9, estimate: 0.33 },
      { n: 3, band: "confidence interval (this n)", lo: 0.05, hi: 0.8, estimate: 0.33 },
    ]);
    const bare = points.map(({ cs: _, ...rest }) => rest);
    expect(rows(runningEstimateSpec(bare)).map((r) => r["band"])).toEqual([
      "confidence interval (this n)",
      "confidence interval (this n)",
    ]);
  });

  it("compiles, with a reference rule, and leaves its input unchanged", () => {
    const copy = structuredClone(points);
    const spec = runningEstimateSpec(points, { reference: 0.2, axisTitle: "failure rate" });
    expect(toVega(spec)).toHaveProperty("marks");
    expect((spec["layer"] as unknown[]).length).toBe(3);
    expect(points).toEqual(copy);
  });

  it("throws on n that is not a positive integer or does not increase, and on a bad interval", () => {
    const p = points[1] ?? points[0];
    if (p === undefined) throw new Error("no point");
    expect(() => runningEstimateSpec([{ ...p, n: 0 }])).toThrow(
      "runningEstimateSpec: points[0].n must be a positive integer (got 0)",
    );
    expect(() => runningEstimateSpec([p, p])).toThrow(
      "runningEstimateSpec: points[1].n must be larger than the previous point's n (3) (got 3)",
    );
    expect(() => runningEstimateSpec([{ ...p, cs: [0.9, 0.1] }])).toThrow(
      "runningEstimateSpec: points[0].cs must have lo <= hi (got [0.9, 0.1])",
    );
    // a sequence band through a point without cs would invent its bounds there
    const { cs: _, ...bare } = { ...p, cs: [0, 1] as const };
    expect(() =>
      runningEstimateSpec([
        { ...p, n: 1, cs: [0, 1] },
        { ...bare, n: 2 },
      ]),
    ).toThrow(
      "runningEstimateSpec: points[1] has no cs but points[0] has: give cs on every point or on none",
    );
    expect(() =>
      runningEstimateSpec([
        { ...bare, n: 1 },
        { ...p, n: 2, cs: [0, 1] },
      ]),
    ).toThrow("runningEstimateSpec: points[0] has no cs but points[1] has");
    expect(() => runningEstimateSpec([{ ...p, ci: [Number.NaN, 1] }])).toThrow(RangeError);
    expect(() => runningEstimateSpec([{ ...p, estimate: "x" as never }])).toThrow(TypeError);
  });
});
