import { describe, expect, it } from "vitest";
import { loadSwebenchOutcomes } from "../../examples/loadSwebench.js";
import { subsetDemo } from "../../examples/subsetDemo.js";

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

  it("is deterministic", () => {
    expect(subsetDemo(data, { seeds: 30 })).toEqual(r);
  });
});
