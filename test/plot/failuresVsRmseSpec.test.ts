import * as vega from "vega";
import { describe, expect, it } from "vitest";
import { failuresVsRmseSpec } from "../../src/plot/failuresVsRmseSpec.js";
import { rows, toSvg, toVega } from "./_compile.js";

// Front by hand (minimise rmse, maximise failures): gbs (0.03, 12) and deepEst (0.06, 30) are not
// dominated; srs (0.05, 10) is dominated by gbs; pps (0.04, 12) is dominated by gbs (equal failures, worse rmse).
const points = [
  { name: "srs", rmse: 0.05, failures: 10 },
  { name: "gbs", rmse: 0.03, failures: 12 },
  { name: "deepEst", rmse: 0.06, failures: 30 },
  { name: "pps", rmse: 0.04, failures: 12 },
];

describe("failuresVsRmseSpec(points, options)", () => {
  it("marks the Pareto front computed by hand", () => {
    expect(rows(failuresVsRmseSpec(points)).map((r) => r["front"])).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });

  it("compiles with vega-lite and renders to SVG with every point labelled", async () => {
    const spec = failuresVsRmseSpec(points, { title: "trade-off" });
    expect(toVega(spec)).toHaveProperty("marks");
    const svg = await toSvg(spec);
    expect(svg).toContain("deepEst");
    expect(svg).toContain(">srs<");
  });

  it("takes 200,000 points (a spread overflowed the stack) and RMSEs near the double limit", async () => {
    const many = Array.from({ length: 200_000 }, (_, i) => ({
      name: `p${i}`,
      rmse: i / 2e5,
      failures: i,
    }));
    expect(rows(failuresVsRmseSpec(many))).toHaveLength(200_000);
    // the label side is data: the midpoint of 1.7e308 and 1.6e308 overflowed into "datum.rmse <= Infinity"
    const huge = failuresVsRmseSpec([
      { name: "a", rmse: 1.7e308, failures: 1 },
      { name: "b", rmse: 1.6e308, failures: 2 },
    ]);
    expect(JSON.stringify(huge)).not.toContain("Infinity");
    const svg = await toSvg(huge);
    expect(svg).toContain(">a<");
    expect(svg).toContain(">b<");
  });

  it("leaves the input unchanged and throws on bad input", () => {
    const before = JSON.stringify(points);
    failuresVsRmseSpec(points);
    expect(JSON.stringify(points)).toBe(before);
    expect(() => failuresVsRmseSpec([])).toThrow(RangeError);
    expect(() =>
      failuresVsRmseSpec([{ name: "a", rmse: 0.1, failures: Number.POSITIVE_INFINITY }]),
    ).toThrow("failuresVsRmseSpec: points[0].failures must be finite");
    expect(() => failuresVsRmseSpec([{ name: "a", rmse: "0.1", failures: 1 } as never])).toThrow(
      TypeError,
    );
  });
});

describe("failuresVsRmseSpec: every point with the same RMSE", () => {
  it("renders without vega warnings (an empty label layer gave 'Infinite extent')", async () => {
    const warnings: string[] = [];
    const keep = (...args: unknown[]) => warnings.push(args.map(String).join(" "));
    let level = 0;
    const logger = {
      level(l?: number) {
        if (l === undefined) return level;
        level = l;
        return logger;
      },
      error: keep,
      warn: keep,
      info: () => logger,
      debug: () => logger,
    };
    const spec = failuresVsRmseSpec([
      { name: "a", rmse: 0.03, failures: 10 },
      { name: "b", rmse: 0.03, failures: 12 },
    ]);
    const view = new vega.View(vega.parse(toVega(spec)), {
      renderer: "none",
      logger: logger as unknown as vega.LoggerInterface,
    });
    await view.runAsync();
    view.finalize();
    expect(warnings).toEqual([]);
  });
});
