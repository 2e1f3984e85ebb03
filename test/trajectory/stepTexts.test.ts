import { describe, expect, it } from "vitest";
import type { Trajectory } from "../../src/trajectory/schema.js";
import { stepTexts } from "../../src/trajectory/stepTexts.js";
import { traj } from "./_make.js";

describe("stepTexts(trajectory)", () => {
  it("reproduces its documented example", () => {
    const t: Trajectory = {
      id: "t1",
      framework: "swe-agent",
      instanceId: "demo__demo-1",
      steps: [
        {
          index: 0,
          thought: "look",
          action: "ls",
          observation: "setup.py",
          filesTouched: [],
          testsRun: [],
          editSize: 0,
        },
        {
          index: 1,
          thought: "no-op",
          action: "",
          observation: "Please run a command.",
          filesTouched: [],
          testsRun: [],
          editSize: 0,
        },
      ],
    };
    expect(stepTexts(t)).toEqual(["ls\nsetup.py", "Please run a command."]);
  });

  it("leaves out the thought and empty observations", () => {
    expect(stepTexts(traj("a__b-1", [["submit", ""]]))).toEqual(["submit"]);
  });

  it("rejects bad input", () => {
    expect(() => stepTexts({} as Trajectory)).toThrow(/stepTexts: trajectory must be a Trajectory/);
    expect(() => stepTexts({ steps: [{ action: 1 }] } as unknown as Trajectory)).toThrow(
      /steps\[0\] needs string action and observation/,
    );
  });

  it("rejects a step whose index or editSize is NaN or infinite (was taken)", () => {
    const t = traj("a__b-1", [
      ["ls", "a.py"],
      ["cat a.py", "x = 1"],
    ]);
    const at1 = (extra: object): Trajectory => ({
      ...t,
      steps: t.steps.map((s, i) => (i === 1 ? { ...s, ...extra } : s)),
    });
    for (const v of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(() => stepTexts(at1({ index: v }))).toThrow(
        new RangeError(`stepTexts: trajectory.steps[1].index must be an integer (got ${v})`),
      );
      expect(() => stepTexts(at1({ editSize: v }))).toThrow(
        new RangeError(`stepTexts: trajectory.steps[1].editSize must be finite (got ${v})`),
      );
    }
  });
});
