import { describe, expect, it } from "vitest";
import { loadSwebenchOutcomes } from "../../examples/loadSwebench.js";
import { resolveRateDemo } from "../../examples/resolveRateDemo.js";

const data = loadSwebenchOutcomes();
const REPS = 300;
const result = resolveRateDemo(data, { reps: REPS });

describe("resolveRateDemo(data) on the vendored SWE-bench Verified outcomes", () => {
  it("loads 134 submissions over 500 instances", () => {
    expect(data.instanceIds).toHaveLength(500);
    expect(data.submissions).toHaveLength(134);
  });

  it("estimates with every design, each with a finite 95% CI around its estimate", () => {
    expect(result.methods.map((m) => m.name)).toEqual(["srs", "stratified", "pivotal"]);
    for (const m of result.methods) {
      const e = m.estimate;
      expect(e.n, m.name).toBe(50);
      expect(e.level).toBe(0.95);
      expect(Number.isFinite(e.ci[0]) && Number.isFinite(e.ci[1]), m.name).toBe(true);
      expect(e.ci[0]).toBeLessThanOrEqual(e.estimate);
      expect(e.ci[1]).toBeGreaterThanOrEqual(e.estimate);
    }
  });

  it("uses a true rate equal to the target's share of resolved instances", () => {
    const me = data.submissions.find((s) => s.name === result.target);
    const resolved = me?.outcomes.reduce((a, b) => a + b, 0) ?? Number.NaN;
    expect(result.trueRate).toBe(resolved / 500);
  });

  it("allocates exactly the budget, at least 2 per stratum", () => {
    expect(result.allocation.reduce((a, b) => a + b, 0)).toBe(50);
    for (const a of result.allocation) expect(a).toBeGreaterThanOrEqual(2);
  });

  it("has plausible coverage and no detectable bias over repeated seeds", () => {
    // Binomial SE of a 95% coverage over REPS runs: a design whose CI covers
    // at the nominal rate falls below 0.95 - 5 SE with negligible probability.
    const seCoverage = Math.sqrt((0.95 * 0.05) / REPS);
    for (const m of result.methods) {
      expect(m.coverage, m.name).toBeGreaterThan(0.95 - 5 * seCoverage);
      // HT and the stratified estimator are unbiased: the mean over REPS runs
      // stays within 5 Monte Carlo SE (about rmse / sqrt(REPS)) of the truth.
      expect(Math.abs(m.meanEstimate - result.trueRate), m.name).toBeLessThan(
        (5 * m.rmse) / Math.sqrt(REPS),
      );
      expect(m.negativeVariance, m.name).toBe(0);
    }
  });

  it("is deterministic for a given seed", () => {
    const again = resolveRateDemo(data, { reps: 0 });
    const first = resolveRateDemo(data, { reps: 0 });
    expect(again.methods.map((m) => m.estimate)).toEqual(first.methods.map((m) => m.estimate));
    expect(result.methods.map((m) => m.estimate)).toEqual(first.methods.map((m) => m.estimate));
  });
});
