import { rowMatrix } from "../../src/core/rowMatrix.js";
import { failuresVsRmseSpec } from "../../src/plot/failuresVsRmseSpec.js";
import { forestSpec } from "../../src/plot/forestSpec.js";
import { paretoFrontSpec } from "../../src/plot/paretoFrontSpec.js";
import { recallAtKSpec } from "../../src/plot/recallAtKSpec.js";
import { rmseByBudgetSpec } from "../../src/plot/rmseByBudgetSpec.js";
import { runningEstimateSpec } from "../../src/plot/runningEstimateSpec.js";
import { subsetTrackingSpec } from "../../src/plot/subsetTrackingSpec.js";
import type { VegaLiteSpec } from "../../src/plot/types.js";

/**
 * One chart of every builder on data shaped like the reports' (names and
 * magnitudes of the TCS, subset and slice experiments), for the render test
 * and for scripts/render-plots.ts, which writes them out to be looked at.
 */
export function gallery(): { name: string; spec: VegaLiteSpec }[] {
  const strategies = ["srs", "sups", "rhc", "ssrs", "gbs", "deepEst", "pivotal", "kCenterStrat"];
  const budgets = [50, 100, 200, 400, 800];
  const rmsePoints = strategies.flatMap((s, j) =>
    budgets.map((b) => ({ strategy: s, budget: b, rmse: (0.3 + 0.05 * j) / Math.sqrt(b) })),
  );
  const tradeoff = [
    { name: "srs", rmse: 0.021, failures: 41 },
    { name: "sups / entropy", rmse: 0.024, failures: 63 },
    { name: "rhc / entropy", rmse: 0.019, failures: 52 },
    { name: "ssrs / margin", rmse: 0.017, failures: 47 },
    { name: "gbs / entropy", rmse: 0.026, failures: 88 },
    { name: "deepEst / confidence", rmse: 0.031, failures: 112 },
    { name: "pivotal / entropy", rmse: 0.016, failures: 55 },
    { name: "kCenterStrat / lsa", rmse: 0.022, failures: 49 },
  ];
  // a population of a two-objective search: four fronts of a convex trade-off
  const F: number[][] = [];
  for (let r = 0; r < 4; r++)
    for (let i = 0; i < 8; i++) {
      const t = i / 7;
      F.push([t + 0.08 * r, (1 - t) ** 2 + 0.1 * r + 0.02 * ((i * 7 + r) % 3)]);
    }
  const recall = ["casper", "random slices", "by failure count"].flatMap((m, j) =>
    [1, 2, 3, 4, 5].map((k) => ({ method: m, k, recall: Math.min(1, (k * (3.2 - j)) / 8) })),
  );
  const runs = Array.from({ length: 9 }, (_, i) => {
    const full = 0.3 + 0.05 * i;
    const subset = full + 0.02 * Math.sin(i * 1.7);
    return {
      run: `2025-0${i + 1} agent-v${i + 1}`,
      full,
      subset,
      ci: [subset - 0.04, subset + 0.05] as const,
    };
  });
  const running = Array.from({ length: 60 }, (_, t) => {
    const n = 5 + 5 * t;
    const est = 0.2 + (0.06 / Math.sqrt(n)) * Math.cos(n / 9);
    const h = 1.1 / Math.sqrt(n);
    return {
      n,
      estimate: est,
      ci: [Math.max(0, est - h), Math.min(1, est + h)] as const,
      cs: [Math.max(0, est - 2.2 * h), Math.min(1, est + 2.2 * h)] as const,
    };
  });
  const forest = [
    { name: "srs", estimate: 0.46, ci: [0.32, 0.6] as const, group: "design" },
    { name: "stratified on pass rate", estimate: 0.5, ci: [0.41, 0.58] as const, group: "design" },
    { name: "pivotal on pass rate", estimate: 0.49, ci: [0.42, 0.57] as const, group: "design" },
    { name: "ppi++ (judge)", estimate: 0.52, ci: [0.45, 0.59] as const, group: "model-assisted" },
  ];
  return [
    {
      name: "rmseByBudgetSpec",
      spec: rmseByBudgetSpec(rmsePoints, { logY: true, title: "RMSE by budget" }),
    },
    {
      name: "failuresVsRmseSpec",
      spec: failuresVsRmseSpec(tradeoff, { title: "estimation vs failure finding" }),
    },
    {
      name: "paretoFrontSpec",
      spec: paretoFrontSpec(rowMatrix(F), {
        objectives: ["slice impurity", "spread"],
        title: "final population",
      }),
    },
    { name: "recallAtKSpec", spec: recallAtKSpec(recall, { items: 9, title: "Recall@K" }) },
    {
      name: "subsetTrackingSpec",
      spec: subsetTrackingSpec(runs, { title: "subset tracks the benchmark" }),
    },
    {
      name: "runningEstimateSpec",
      spec: runningEstimateSpec(running, {
        reference: 0.2,
        axisTitle: "failure rate",
        title: "sequential SRS",
      }),
    },
    {
      name: "forestSpec",
      spec: forestSpec(forest, {
        reference: 0.494,
        axisTitle: "resolve rate",
        title: "one submission, four estimators",
      }),
    },
  ];
}
