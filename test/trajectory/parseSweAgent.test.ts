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

  it("reads the instance id from a replay_config stored as an object", () => {
    // SWE-agent's trajectories/demonstrations/*marshmallow-1867*.traj store replay_config as an object
    const problem = { type: "text", id: "marshmallow-code__marshmallow-1867", text: "TimeDelta" };
    const turns = [{ thought: "", action: "ls", observation: "a.py" }];
    expect(
      parseSweAgent({ trajectory: turns, replay_config: { problem_statement: problem } })
        .instanceId,
    ).toBe("marshmallow-code__marshmallow-1867");
    expect(
      parseSweAgent({
        trajectory: turns,
        replay_config: JSON.stringify({ problem_statement: problem }),
      }).instanceId,
    ).toBe("marshmallow-code__marshmallow-1867");
    expect(() =>
      parseSweAgent({ trajectory: turns, replay_config: { problem_statement: {} } }),
    ).toThrow(/instance id is not recorded/);
  });

  it("reads SWE-agent 1.x's edit '<search>' '<replace>' and insert '<text>' as writes of the open file", () => {
    // the windowed_edit_replace tools of SWE-agent's function_calling_replace demonstrations
    const state = { open_file: "/testbed/src/marshmallow/fields.py", working_dir: "/testbed" };
    const t = parseSweAgent(
      {
        trajectory: [
          {
            thought: "fix",
            action:
              "edit 'return int(value.total_seconds() / base_unit.total_seconds())' '# round to nearest int\n        return int(round(value.total_seconds() / base_unit.total_seconds()))'",
            observation: "[File: /testbed/src/marshmallow/fields.py (1997 lines total)]",
            state,
          },
          {
            thought: "add",
            action: "insert 'from datetime import timedelta\n\nprint(1)'",
            observation: "[File: /testbed/reproduce.py (3 lines total)]",
            state: { open_file: "/testbed/reproduce.py", working_dir: "/testbed" },
          },
          {
            thought: "all",
            action: 'edit "self.debug = True" "self.debug = False" true',
            observation: "",
            state: { open_file: "n/a" },
          },
        ],
      },
      { instanceId: "marshmallow-code__marshmallow-1867" },
    );
    expect(t.steps.map((s) => [s.tool, s.command, s.filesTouched, s.editSize])).toEqual([
      ["edit", "edit", ["/testbed/src/marshmallow/fields.py"], 3],
      ["insert", "insert", ["/testbed/reproduce.py"], 3],
      ["edit", "edit", [], 2],
    ]);
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
