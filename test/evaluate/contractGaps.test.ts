import { describe, expect, it } from "vitest";
import { evaluateSubset } from "../../src/evaluate/evaluateSubset.js";
import { runGrid } from "../../src/evaluate/runGrid.js";
import { baselineMethod } from "../../src/subset/baselineMethod.js";
import { strategies } from "../../src/tcs/strategies.js";

function holey<T>(a: readonly T[], k: number): T[] {
  const c = [...a];
  delete c[k];
  return c;
}

const base = {
  select: baselineMethod("consistency"),
  size: 2,
  window: 1,
  seeds: 2,
  seed: 1,
};
const data = Uint8Array.of(1, 1, 0, 0, 1, 1, 1, 0, 1, 0, 0, 0);

describe("evaluateSubset checks run ids as the subset functions do", () => {
  it("rejects duplicate run ids (recommendSubset, fitIrt, ... reject the same Outcomes)", () => {
    const outcomes = { runs: ["a", "b", "a"], items: ["p", "q", "r", "s"], data };
    expect(() => evaluateSubset({ ...base, outcomes })).toThrow(
      new RangeError('evaluateSubset: duplicate run id "a" in outcomes.runs'),
    );
  });
  it("rejects a run id that is not a string, a hole included", () => {
    const outcomes = { runs: holey(["a", "b", "c"], 1), items: ["p", "q", "r", "s"], data };
    expect(() => evaluateSubset({ ...base, outcomes })).toThrow(
      new TypeError("evaluateSubset: outcomes.runs[1] must be a string run id"),
    );
    const items = { runs: ["a", "b", "c"], items: holey(["p", "q", "r", "s"], 3), data };
    expect(() => evaluateSubset({ ...base, outcomes: items })).toThrow(
      new TypeError("evaluateSubset: outcomes.items[3] must be a string item id"),
    );
  });
  it("rejects a hole in splits", () => {
    const outcomes = { runs: ["a", "b", "c"], items: ["p", "q", "r", "s"], data };
    const splits = holey(
      [
        { train: Int32Array.of(0), test: Int32Array.of(1, 2) },
        { train: Int32Array.of(1), test: Int32Array.of(2) },
      ],
      0,
    );
    expect(() => evaluateSubset({ ...base, outcomes, splits })).toThrow(
      new TypeError("evaluateSubset: splits[0] must have Int32Array train and test"),
    );
  });
});

describe("runGrid rejects holes in its arrays", () => {
  const y = Uint8Array.from({ length: 20 }, (_, i) => (i % 3 === 0 ? 1 : 0));
  const risk = Float64Array.from({ length: 20 }, (_, i) => 0.1 + i / 40);
  it("budgets with a hole", () => {
    expect(() =>
      runGrid({
        y,
        features: { risk },
        strategies: { srs: strategies.srs },
        budgets: holey([5, 6, 8], 1),
        repetitions: 1,
        seed: 1,
      }),
    ).toThrow(/^runGrid: budgets\[1\] must be a number/);
  });
  it("featureAgnostic with a hole", () => {
    expect(() =>
      runGrid({
        y,
        features: { risk },
        strategies: { srs: strategies.srs },
        featureAgnostic: holey(["srs", "srs"], 0),
        budgets: [5],
        repetitions: 1,
        seed: 1,
      }),
    ).toThrow(new TypeError("runGrid: featureAgnostic[0] must be a string"));
  });
});
