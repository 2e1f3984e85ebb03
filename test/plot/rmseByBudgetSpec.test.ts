import { describe, expect, it } from "vitest";
import { rmseByBudgetSpec } from "../../src/plot/rmseByBudgetSpec.js";
import { rows, tooltips, toSvg, toVega } from "./_compile.js";

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

  it("shows a feature-agnostic point's feature as (none) in its tooltip, in every panel", async () => {
    // one feature (runGrid's summary with one feature): the srs tooltip said "feature: undefined"
    const one = await tooltips(rmseByBudgetSpec(points));
    const srsOne = one.filter((t) => t["strategy"] === "srs");
    expect(srsOne.length).toBeGreaterThan(0);
    expect(srsOne.every((t) => t["feature"] === "(none)")).toBe(true);
    expect(
      one.filter((t) => t["strategy"] === "gbs").every((t) => t["feature"] === "entropy"),
    ).toBe(true);
    expect(await toSvg(rmseByBudgetSpec(points))).not.toContain("undefined");
    // two features: srs is drawn in both panels, but it used neither feature
    const two = [
      ...points,
      { strategy: "gbs", budget: 50, rmse: 0.035, feature: "margin" },
      { strategy: "gbs", budget: 100, rmse: 0.025, feature: "margin" },
    ];
    const faceted = await tooltips(rmseByBudgetSpec(two));
    const srsTwo = faceted.filter((t) => t["strategy"] === "srs");
    expect(srsTwo.length).toBeGreaterThan(0);
    expect(srsTwo.every((t) => t["feature"] === "(none)")).toBe(true);
    expect(
      new Set(faceted.filter((t) => t["strategy"] === "gbs").map((t) => t["feature"])),
    ).toEqual(new Set(["entropy", "margin"]));
    // without any feature there is no feature in the tooltip at all
    const none = await tooltips(rmseByBudgetSpec(points.slice(0, 2)));
    expect(none.length).toBeGreaterThan(0);
    expect(none.every((t) => !("feature" in t))).toBe(true);
  });

  it("copies the points (null features dropped) and leaves the input unchanged", () => {
    const before = JSON.stringify(points);
    const spec = rmseByBudgetSpec(points);
    // the feature shown in tooltips is a field of its own, "(none)" for a null feature
    expect(rows(spec)[0]).toEqual({
      strategy: "srs",
      budget: 50,
      rmse: 0.04,
      featureLabel: "(none)",
    });
    expect(rows(spec)[2]).toEqual({
      strategy: "gbs",
      budget: 50,
      rmse: 0.03,
      feature: "entropy",
      featureLabel: "entropy",
    });
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
