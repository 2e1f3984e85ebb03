import { describe, expect, it } from "vitest";
import { agentStates } from "../../src/slices/agentStates.js";
import {
  behavioralSignals,
  behavioralSignals as signalsOf,
} from "../../src/slices/behavioralSignals.js";
import { fitTedBaseline, fitTedBaseline as tedOf } from "../../src/slices/fitTedBaseline.js";
import type { Step, Trajectory } from "../../src/trajectory/schema.js";
import { hasShared } from "../helpers/sharedData.js";
import { realCorpus } from "../trajectory/_real.js";
import { step } from "./_steps.js";

const traj = (steps: Step[], outcome?: boolean): Trajectory => ({
  id: "t",
  framework: "mini-swe-agent",
  instanceId: "t",
  steps,
  ...(outcome === undefined ? {} : { outcome }),
});

describe("agentStates(steps)", () => {
  it("maps Table 4 commands", () => {
    const acts = [
      "cd /testbed && grep -rn foo src/",
      "cat > fix.py << 'EOF'\nx\nEOF",
      "python -m pytest tests/test_a.py",
      "rm -f reproduce.py",
      "pip install -e .",
      "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached",
      "make",
      "sed -n '1,20p' a.py",
      "python check_fix.py",
    ];
    expect(agentStates(acts.map((a, i) => step(i, a)))).toEqual([
      "NAVIGATION",
      "PATCH",
      "VALIDATION",
      "CLEANUP",
      "SETUP",
      "SUBMISSION",
      "OTHER",
      "NAVIGATION",
      "VALIDATION",
    ]);
  });
  it("thought words mark REPRODUCTION; editor tools map by sub-command", () => {
    const s = [
      step(0, "python t.py", { thought: "First I will reproduce the bug." }),
      step(1, 'str_replace_editor {"command":"view"}', {
        tool: "str_replace_editor",
        command: "view",
      }),
      step(2, 'str_replace_editor {"command":"str_replace"}', {
        tool: "str_replace_editor",
        command: "str_replace",
      }),
    ];
    expect(agentStates(s)).toEqual(["REPRODUCTION", "NAVIGATION", "PATCH"]);
  });
  it("extraRules take precedence", () => {
    const s = [step(0, "make")];
    expect(agentStates(s, { extraRules: [{ state: "VALIDATION", commands: ["make"] }] })).toEqual([
      "VALIDATION",
    ]);
  });
  it("rejects a non-array", () => {
    expect(() => agentStates("ls" as never)).toThrow(/agentStates: steps must be an array/);
  });
  it("checks extra rules: an unknown state (NaN signals later), a misspelt key, a null rule", () => {
    const s = [step(0, "foo bar")];
    expect(() =>
      agentStates(s, { extraRules: [{ state: "PACTH" as never, commands: ["foo"] }] }),
    ).toThrow(/agentStates: options.extraRules\[0\].state must be one of .*did you mean "PATCH"\?/);
    expect(() =>
      agentStates(s, { extraRules: [{ state: "PATCH", command: ["foo"] } as never] }),
    ).toThrow(/unknown key "options.extraRules\[0\].command" \(did you mean "commands"\?\)/);
    expect(() => agentStates(s, { extraRules: [null as never] })).toThrow(
      new TypeError(
        "agentStates: options.extraRules[0] must be an object with a state and its tests",
      ),
    );
    expect(() =>
      agentStates(s, { extraRules: [{ state: "PATCH", patterns: ["foo"] as never }] }),
    ).toThrow(/patterns must be an array of RegExp/);
    expect(() =>
      behavioralSignals(traj([step(0, "ls")], true), { plan: ["SETUPP" as never] }),
    ).toThrow(/behavioralSignals: options.plan\[0\] must be one of .*did you mean "SETUP"\?/);
  });
});

describe("behavioralSignals(trajectory, options)", () => {
  it("computes the ten signals by hand on a small trajectory", () => {
    // States: NAV(1), PATCH(3), PATCH(3), VALIDATION(4, exit 1), VALIDATION(4, exit 0), OTHER.
    const t = traj([
      step(0, "cat pkg/a.py pkg/b.py"),
      step(1, "sed -i 's/x/y/' pkg/a.py", { filesTouched: ["pkg/a.py"] }),
      step(2, "sed -i 's/u/v/' pkg/a.py pkg/c.py", { filesTouched: ["pkg/a.py", "pkg/c.py"] }),
      step(3, "python -m pytest pkg/a.py", { exitCode: 1 }),
      step(4, "python -m pytest tests/t.py", { exitCode: 0 }),
      step(5, "make"),
    ]);
    const s = behavioralSignals(t, {
      goldFiles: ["pkg/a.py", "pkg/d.py"],
      tedBaseline: { mean: 1, sd: 2, n: 2 },
    });
    // recall: edited {a, c} vs gold {a, d} -> 1/2.
    expect(s[0]).toBe(0.5);
    // MASM over 1,3,3,4,4: (2 + 0 + 1 + 0) / 4.
    expect(s[1]).toBe(0.75);
    // H over {NAV 1, PATCH 2, VAL 2, OTHER 1} / 6; TED = (H - 1) / 2.
    const H = -(2 * (1 / 6) * Math.log2(1 / 6) + 2 * (2 / 6) * Math.log2(2 / 6));
    expect(s[2]).toBeCloseTo((H - 1) / 2, 14);
    expect(s[3]).toBeCloseTo(2 / 6, 15);
    expect(s[4]).toBe(0.5);
    // DFR: a twice, c once -> 2/3.
    expect(s[5]).toBeCloseTo(2 / 3, 15);
    // NAV {a, b}, PATCH {a, c}, VAL {a, tests/t.py}: each pair shares only a -> 1/3 each.
    expect(s[6]).toBeCloseTo(1 / 3, 15);
    // Observed {NAV, PATCH, VAL, OTHER}; plan of 7: PPC 3/7, POC 3/7 (NAV, PATCH, VAL in order), PPF 7/8.
    expect(s[7]).toBeCloseTo(3 / 7, 15);
    expect(s[8]).toBeCloseTo(3 / 7, 15);
    expect(s[9]).toBeCloseTo(7 / 8, 15);
  });
  it("POC counts the longest common subsequence of first occurrences", () => {
    // First occurrences: PATCH, NAVIGATION, VALIDATION; plan NAV, PATCH, VAL -> LCS 2 of 3.
    const t = traj([step(0, "touch a.py"), step(1, "ls"), step(2, "pytest")]);
    const s = behavioralSignals(t, { plan: ["NAVIGATION", "PATCH", "VALIDATION"] });
    expect(s[8]).toBeCloseTo(2 / 3, 15);
    expect(s[7]).toBe(1);
  });
  it("gives zeros, never NaN, on an empty trajectory", () => {
    const s = behavioralSignals(traj([]));
    for (const v of s) expect(Number.isFinite(v)).toBe(true);
  });
  it("rejects a non-positive TED sd", () => {
    expect(() => behavioralSignals(traj([]), { tedBaseline: { mean: 0, sd: 0, n: 2 } })).toThrow(
      RangeError,
    );
  });
});

describe("fitTedBaseline(trajectories)", () => {
  it("averages the entropy of successful runs only", () => {
    // Entropies: [ls, ls] 0 bits, [ls, pytest] 1 bit; the failed run is ignored.
    const b = fitTedBaseline([
      traj([step(0, "ls"), step(1, "ls")], true),
      traj([step(0, "ls"), step(1, "pytest")], true),
      traj([step(0, "ls"), step(1, "pytest"), step(2, "rm x")], false),
    ]);
    expect(b).toEqual({ mean: 0.5, sd: Math.SQRT1_2, n: 2 });
  });
  it("needs two successful trajectories", () => {
    expect(() => fitTedBaseline([traj([], true)])).toThrow(/at least two successful/);
  });
  it("equal entropies give sd 1, whatever the rounding (eleven copies of log2 3 gave 2.3e-16)", () => {
    const three = () =>
      traj([step(0, "ls"), step(1, "pytest"), step(2, "sed -i s/a/b/ x.py")], true);
    const b = fitTedBaseline(Array.from({ length: 11 }, three));
    expect(b.sd).toBe(1);
    expect(b.mean).toBe(Math.log2(3));
    // the baseline's own entropy is 0 standard deviations away
    expect(behavioralSignals(three(), { tedBaseline: b })[2]).toBe(0);
  });
});

describe.skipIf(!hasShared)("agentStates / behavioralSignals on the 40 real trajectories", () => {
  it("label most turns with a workflow state and give finite signals", () => {
    const corpus = realCorpus();
    expect(corpus.length).toBe(40);
    const base = fitTedBaseline(corpus);
    let other = 0;
    let total = 0;
    for (const t of corpus) {
      const st = agentStates(t.steps);
      total += st.length;
      other += st.filter((s) => s === "OTHER").length;
      const s = behavioralSignals(t, { tedBaseline: base });
      expect(s.length).toBe(10);
      for (const v of s) expect(Number.isFinite(v)).toBe(true);
    }
    expect(other / total).toBeLessThan(0.25);
  });
});

describe("behavioralSignals / fitTedBaseline errors name themselves, not agentStates", () => {
  it("reports a malformed step under the caller's name and argument", () => {
    const bad = {
      id: "t",
      instanceId: "i",
      steps: [{ index: 0, action: 3 }],
    } as unknown as Trajectory;
    expect(() => signalsOf(bad)).toThrow(
      new TypeError("behavioralSignals: trajectory.steps[0] must be a Step with a string action"),
    );
    expect(() => tedOf([{ ...bad, outcome: true }])).toThrow(
      new TypeError("fitTedBaseline: trajectories[0].steps[0] must be a Step with a string action"),
    );
    expect(() => tedOf([null as never])).toThrow(
      /^fitTedBaseline: trajectories\[0\] is not a Trajectory/,
    );
  });
});
