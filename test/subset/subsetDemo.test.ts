import { describe, expect, it } from "vitest";
import { loadSwebenchOutcomes } from "../../examples/loadSwebench.js";
import { subsetDemo } from "../../examples/subsetDemo.js";
import { fitStepwiseRate } from "../../src/subset/irt/fitStepwiseRate.js";
import { predictRateRegression } from "../../src/subset/irt/predictRateRegression.js";

const data = loadSwebenchOutcomes();
const r = subsetDemo(data, { seeds: 30 });

describe("subsetDemo(data) on the vendored SWE-bench Verified outcomes", () => {
  it("selects from runs strictly before the date and tracks every later run", () => {
    const before = data.submissions.filter((s) => s.date < r.date).length;
    expect(r.history).toBe(before);
    expect(r.later).toHaveLength(data.submissions.length - before);
    expect(r.later.every((x) => x.date >= r.date)).toBe(true);
    expect(r.k).toBe(50);
  });

  it("uses the full-benchmark rate of each later run as the truth", () => {
    for (const x of r.later) {
      const s = data.submissions.find((q) => q.name === x.name);
      expect(x.trueRate).toBe((s?.outcomes.reduce((a, b) => a + b, 0) ?? Number.NaN) / 500);
    }
  });

  it("chooses the candidate with the lowest RMSE on the history", () => {
    expect(r.chosen).toBe(r.selection[0]?.name);
    const sorted = [...r.selection].sort((a, b) => a.rmse - b.rmse);
    expect(r.selection).toEqual(sorted);
  });

  it("predicts each later run with fitStepwiseRate + predictRateRegression on the history only", () => {
    const past = data.submissions.filter((s) => s.date < r.date);
    const N = data.instanceIds.length;
    const hist = {
      runs: past.map((s) => s.name),
      items: data.instanceIds,
      data: Uint8Array.from(past.flatMap((s) => Array.from(s.outcomes))),
    };
    expect(hist.data.length).toBe(past.length * N);
    const fit = fitStepwiseRate(hist, r.k);
    let sq = 0;
    let covered = 0;
    for (const x of r.later) {
      const s = data.submissions.find((q) => q.name === x.name);
      const y = Uint8Array.from(fit.subset, (i) => s?.outcomes[i] ?? 0);
      const e = predictRateRegression(fit.model, y, { mse: fit.cvMse });
      expect(x.stepwise).toBe(e.estimate);
      sq += (e.estimate - x.trueRate) ** 2;
      const hit = e.ci[0] <= x.trueRate && x.trueRate <= e.ci[1];
      expect(x.stepwiseCovered).toBe(hit);
      covered += hit ? 1 : 0;
    }
    expect(r.stepwise.rmse).toBeCloseTo(Math.sqrt(sq / r.later.length), 12);
    expect(r.stepwise.coverage).toBe(covered / r.later.length);
    expect(r.stepwise.halfWidth).toBeCloseTo(1.959963984540054 * Math.sqrt(fit.cvMse), 12);
  });

  it("is deterministic", () => {
    expect(subsetDemo(data, { seeds: 30 })).toEqual(r);
  });
});
