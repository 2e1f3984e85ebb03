import { describe, expect, it } from "vitest";
import { rmseByBudgetSpec } from "../../src/plot/rmseByBudgetSpec.js";
import { rows, toSvg, toVega } from "./_compile.js";

const points = [
  { strategy: "srs", budget: 50, rmse: 0.04, feature: null },
  { strategy: "srs", budget: 100, rmse: 0.03, feature: null },
  { strategy: "gbs", budget: 50, rmse: 0.03, feature: "entropy" },
  { strategy: "gbs", budget: 100, rmse: 0.02, feature: "entropy" },
];

describe("rmseByBudgetSpec(points, options)", () => {
  it("compiles with vega-lite and renders to SVG with one path per strategy", async () => {
    const spec = rmseByBudgetSpec(points, { title: "RMSE by budget", logY: true });
    expect(toVega(spec)).toHaveProperty("marks");
    const svg = await toSvg(spec);
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain("RMSE by budget");
    expect(svg).toContain("srs");
    expect(svg).toContain("gbs");
  });

  it("facets by feature when two or more features occur", () => {
    const two = points.map((p, i) => ({ ...p, feature: i < 2 ? "confidence" : "entropy" }));
    const spec = rmseByBudgetSpec(two);
    expect(spec["facet"]).toEqual({
      column: { field: "feature", type: "nominal", title: "feature" },
    });
    expect(toVega(spec)).toHaveProperty("marks");
    expect(rmseByBudgetSpec(points)["facet"]).toBeUndefined();
  });

  it("draws feature-agnostic points (runGrid's srs, feature null) in every feature's panel, not in a panel of their own", async () => {
    const three = [
      ...points,
      { strategy: "gbs", budget: 50, rmse: 0.035, feature: "margin" },
      { strategy: "gbs", budget: 100, rmse: 0.025, feature: "margin" },
    ];
    const spec = rmseByBudgetSpec(three);
    const data = rows(spec);
    expect(data.every((r) => r["feature"] === "entropy" || r["feature"] === "margin")).toBe(true);
    expect(
      data.filter((r) => r["strategy"] === "srs").map((r) => `${r["feature"]}@${r["budget"]}`),
    ).toEqual(["entropy@50", "margin@50", "entropy@100", "margin@100"]);
    const svg = await toSvg(spec);
    expect(svg).not.toContain("undefined");
  });

  it("copies the points (null features dropped) and leaves the input unchanged", () => {
    const before = JSON.stringify(points);
    const spec = rmseByBudgetSpec(points);
    expect(rows(spec)[0]).toEqual({ strategy: "srs", budget: 50, rmse: 0.04 });
    expect(JSON.stringify(points)).toBe(before);
  });

  it("throws on empty input, NaN, a wrong field type and bad options", () => {
    expect(() => rmseByBudgetSpec([])).toThrow(
      new RangeError("rmseByBudgetSpec: points must not be empty"),
    );
    expect(() => rmseByBudgetSpec([{ strategy: "srs", budget: 50, rmse: Number.NaN }])).toThrow(
      "rmseByBudgetSpec: points[0].rmse must be finite",
    );
    expect(() => rmseByBudgetSpec([{ strategy: 1, budget: 50, rmse: 1 } as never])).toThrow(
      TypeError,
    );
    expect(() => rmseByBudgetSpec(points, { width: 0 })).toThrow(
      "rmseByBudgetSpec: options.width must be greater than 0",
    );
    expect(() => rmseByBudgetSpec("x" as never)).toThrow(TypeError);
    // "false" turned the log scale on; a log axis cannot show an rmse of 0
    expect(() => rmseByBudgetSpec(points, { logY: "false" as never })).toThrow(
      "rmseByBudgetSpec: options.logY must be a boolean (got string)",
    );
    expect(() =>
      rmseByBudgetSpec([{ strategy: "s", budget: 10, rmse: 0 }], { logY: true }),
    ).toThrow(/points\[0\].rmse must be positive on a log axis/);
  });
});
