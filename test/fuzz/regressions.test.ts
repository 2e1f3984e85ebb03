import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { getRow } from "../../src/core/rowMatrix.js";
import { ppsWithReplacement } from "../../src/design/ppsWithReplacement.js";
import { hypergeometricCs } from "../../src/estimate/hypergeometricCs.js";
import { runGrid } from "../../src/evaluate/runGrid.js";
import { strategies } from "../../src/tcs/strategies.js";
import { parseMiniSweAgent } from "../../src/trajectory/parseMiniSweAgent.js";
import { sanitize } from "../../src/trajectory/sanitize.js";

// Regressions for the cases `npm run fuzz` found after the first round of fixes.
describe("fuzz regressions", () => {
  it("getRow refuses a row holding NaN", () => {
    const m = { data: new Float64Array([1, 2, Number.NaN, 4]), rows: 2, cols: 2 };
    expect(getRow(m, 0)).toEqual(new Float64Array([1, 2]));
    expect(() => getRow(m, 1)).toThrow(/^getRow: m.data\[2\] \(row 1\) must be finite/);
  });

  it("ppsWithReplacement and hypergeometricCs refuse sizes above 2^27 before working", () => {
    const p = new Float64Array([0.5, 0.5]);
    expect(() => ppsWithReplacement(p, 1e9, createRng(1))).toThrow(
      /^ppsWithReplacement: n must be at most 134217728/,
    );
    expect(() => hypergeometricCs(new Float64Array([0, 1]), 1e9)).toThrow(
      /^hypergeometricCs: N must be at most 134217728/,
    );
  });

  it("runGrid caps repetitions at 1e6", () => {
    const y = new Uint8Array([1, 0, 0, 1, 0, 0, 0, 1, 0, 0]);
    const risk = new Float64Array([0.9, 0.1, 0.2, 0.8, 0.1, 0.3, 0.2, 0.7, 0.1, 0.2]);
    expect(() =>
      runGrid({
        y,
        features: { risk },
        strategies: { srs: strategies.srs },
        budgets: [4],
        repetitions: 1e9,
        seed: 1,
      } as never),
    ).toThrow(/^runGrid: repetitions must be at most 1000000/);
  });

  it("sanitize refuses a step whose index, editSize or exitCode is not finite", () => {
    const t = parseMiniSweAgent({
      instance_id: "demo__demo-1",
      messages: [
        { role: "user", content: "Fix it." },
        { role: "assistant", content: "THOUGHT: test\n\n```bash\npytest tests/test_demo.py\n```" },
        { role: "user", content: "<returncode>1</returncode>\n1 failed in 0.12s" },
      ],
    });
    expect(() => sanitize([t])).not.toThrow();
    const step = t.steps[0];
    if (step === undefined) throw new Error("no step parsed");
    for (const bad of [
      { ...step, index: Number.NaN },
      { ...step, editSize: Number.POSITIVE_INFINITY },
      { ...step, exitCode: Number.NaN },
    ]) {
      expect(() => sanitize([{ ...t, steps: [bad] }])).toThrow(
        /^sanitize: corpus\[0\]\.steps\[0\]\./,
      );
    }
  });
});
