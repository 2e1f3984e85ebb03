import { describe, expect, it } from "vitest";
import { parseSweAgent } from "../../src/trajectory/parseSweAgent.js";

describe("parseSweAgent(raw, options)", () => {
  it("reproduces its documented example", () => {
    const t = parseSweAgent(
      {
        trajectory: [
          {
            thought: "Open the file.",
            action: "open src/a.py",
            observation: "[File: /repo/src/a.py (3 lines total)]",
            state: '{"open_file": "/repo/src/a.py"}',
          },
          {
            thought: "Fix line 2.",
            action: "edit 2:2\n    return x + 1\nend_of_edit",
            observation: "File updated.",
            state: '{"open_file": "/repo/src/a.py"}',
          },
        ],
        info: { exit_status: "submitted" },
      },
      { instanceId: "demo__demo-1" },
    );
    expect(t.steps[1]?.tool).toBe("edit");
    expect(t.steps[1]?.filesTouched).toEqual(["/repo/src/a.py"]);
    expect(t.steps[1]?.editSize).toBe(2);
  });

  it("edits without a known open file touch nothing", () => {
    const t = parseSweAgent({
      instance_id: "a__b-1",
      trajectory: [{ action: "edit 1:3\nx\nend_of_edit", observation: "ok", state: "not json" }],
    });
    expect(t.steps[0]?.filesTouched).toEqual([]);
    // lines 1-3 replaced by one line
    expect(t.steps[0]?.editSize).toBe(4);
    expect(t.steps[0]?.thought).toBe("");
  });

  it("rejects missing fields, empty trajectories and unknown instances", () => {
    expect(() => parseSweAgent({ instance_id: "a__b-1", trajectory: [] })).toThrow(
      /parseSweAgent: raw.trajectory is empty/,
    );
    expect(() =>
      parseSweAgent({ instance_id: "a__b-1", trajectory: [{ observation: "x" }] }),
    ).toThrow(/raw.trajectory\[0\].action must be a string \(got undefined\)/);
    expect(() =>
      parseSweAgent({ instance_id: "a__b-1", trajectory: [{ action: "ls", observation: 3 }] }),
    ).toThrow(/raw.trajectory\[0\].observation must be a string/);
    expect(() => parseSweAgent({ trajectory: [{ action: "ls" }] })).toThrow(
      /instance id is not recorded/,
    );
    expect(() => parseSweAgent({ trajectory: "x" })).toThrow(TypeError);
  });
});
