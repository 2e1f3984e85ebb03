import { describe, expect, it } from "vitest";
import { parseTrajectory as parse, parseTrajectory } from "../../src/trajectory/parseTrajectory.js";
import { fixture } from "./_fixtures.js";

describe("parseTrajectory(raw, options)", () => {
  it("detects mini-swe-agent and hand-checked steps match the log", () => {
    const t = parseTrajectory(fixture("mini-django__django-11066.traj.json"), { outcome: true });
    expect(t.framework).toBe("mini-swe-agent");
    expect(t.id).toBe("mini-swe-agent:django__django-11066");
    expect(t.instanceId).toBe("django__django-11066");
    expect(t.model).toBe("google/gemini-3-pro-preview");
    expect(t.outcome).toBe(true);
    // 19 assistant messages in the log (counted in the raw file)
    expect(t.steps.length).toBe(19);
    const s2 = t.steps[2];
    // the reply held two bash blocks: mini-swe-agent's format error, no action
    expect(s2?.action).toBe("");
    expect(s2?.observation.startsWith("Please always provide EXACTLY ONE action")).toBe(true);
    const s3 = t.steps[3];
    expect(s3?.command).toBe("cat");
    expect(s3?.tool).toBe("bash");
    expect(s3?.filesTouched).toEqual(["check_save_behavior.py"]);
    // heredoc body: 57 lines in the block minus the opening line, the EOF line and the run line
    expect(s3?.editSize).toBe(54);
    expect(s3?.exitCode).toBe(0);
    expect(s3?.error).toBeUndefined();
    const s4 = t.steps[4];
    expect(s4?.exitCode).toBe(1);
    // last traceback line of the observation: "RuntimeError: Settings already configured."
    expect(s4?.error).toBe("RuntimeError");
    const s8 = t.steps[8];
    expect(s8?.command).toBe("sed");
    expect(s8?.filesTouched).toEqual(["django/contrib/contenttypes/management/__init__.py"]);
    expect(s8?.editSize).toBe(1);
    const s13 = t.steps[13];
    expect(s13?.testsRun).toEqual(["./tests/runtests.py contenttypes"]);
    expect(s13?.command).toBe("runtests.py");
    expect(s13?.exitCode).toBe(1);
    expect(t.steps[18]?.action).toBe(
      "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached",
    );
  });

  it("detects an OpenHands completion log and hand-checked steps match the log", () => {
    const t = parseTrajectory(fixture("openhands-django__django-10973.json"), {
      instanceId: "django__django-10973",
    });
    expect(t.framework).toBe("openhands");
    expect(t.model).toBe("litellm_proxy/anthropic.claude-3-5-sonnet-20241022-v2:0");
    // 12 assistant messages + the final response turn
    expect(t.steps.length).toBe(13);
    expect(t.steps[1]?.action).toBe("cd /workspace/django__django__3.0 && git status");
    expect(t.steps[1]?.command).toBe("git");
    expect(t.steps[1]?.exitCode).toBe(0);
    const s5 = t.steps[5];
    expect(s5?.tool).toBe("str_replace_editor");
    expect(s5?.command).toBe("create");
    expect(s5?.filesTouched).toEqual(["/workspace/test_postgres_client.py"]);
    const s8 = t.steps[8];
    expect(s8?.testsRun).toEqual([
      "PYTHONPATH=/workspace/django__django__3.0 python3 test_postgres_client.py",
    ]);
    expect(s8?.exitCode).toBe(1);
    expect(s8?.error).toBe("IndentationError");
    expect(t.steps[10]?.error).toBe("FileNotFoundError");
    // assistant text without a tool call: observation is the next user message
    expect(t.steps[11]?.action).toBe("");
    expect(t.steps[11]?.observation).toMatch(/^Please continue working on the task/);
    expect(t.steps[12]?.command).toBe("finish");
    expect(t.steps[12]?.observation).toBe("");
  });

  it("detects SWE-agent 0.x and reads its special commands", () => {
    const t = parseTrajectory(fixture("sweagent-0.7-marshmallow-code__marshmallow-1867.traj"), {
      instanceId: "marshmallow-code__marshmallow-1867",
    });
    expect(t.framework).toBe("swe-agent");
    expect(t.steps.map((s) => s.tool)).toEqual([
      "create",
      "edit",
      "bash",
      "find_file",
      "open",
      "edit",
      "bash",
      "bash",
      "submit",
    ]);
    expect(t.steps[0]?.filesTouched).toEqual(["reproduce.py"]);
    // edit 1:1 replaces 1 line with 3 lines
    expect(t.steps[1]?.editSize).toBe(4);
    expect(t.steps[1]?.filesTouched).toEqual(["/marshmallow-code__marshmallow/reproduce.py"]);
    expect(t.steps[2]?.error).toBe("AttributeError");
    expect(t.steps[2]?.exitCode).toBeUndefined();
    expect(t.steps[5]?.filesTouched).toEqual([
      "/marshmallow-code__marshmallow/src/marshmallow/fields.py",
    ]);
    expect(t.steps[5]?.editSize).toBe(2);
    expect(t.steps[6]?.testsRun).toEqual(["python -m pytest tests/test_fields.py -q"]);
    expect(t.steps[6]?.command).toBe("python -m pytest");
    expect(t.steps[7]?.filesTouched).toEqual(["reproduce.py"]);
    expect(t.steps[0]?.thought).toBe("Let's first reproduce the bug.");
  });

  it("detects SWE-agent 1.x, its str_replace_editor and the replay_config instance id", () => {
    const t = parseTrajectory(fixture("sweagent-1.0-demo__demo-42.traj"));
    expect(t.instanceId).toBe("demo__demo-42");
    expect(t.steps[0]?.command).toBe("view");
    expect(t.steps[0]?.filesTouched).toEqual([]);
    expect(t.steps[1]?.command).toBe("str_replace");
    expect(t.steps[1]?.filesTouched).toEqual(["/testbed/src/demo/core.py"]);
    // old_str 1 line + new_str 2 lines
    expect(t.steps[1]?.editSize).toBe(3);
    expect(t.steps[2]?.testsRun).toEqual(["python -m pytest tests/test_core.py -x 2>&1"]);
    expect(t.steps[2]?.error).toBe("AssertionError");
  });

  it("names what it saw when the format is unknown", () => {
    expect(() => parseTrajectory({ events: [], meta: 1 })).toThrow(RangeError);
    expect(() => parseTrajectory({ events: [], meta: 1 })).toThrow(
      /parseTrajectory: unknown trajectory format \(saw keys: events, meta;/,
    );
    expect(() => parseTrajectory({})).toThrow(/saw keys: none/);
    expect(() => parseTrajectory({ messages: [{ role: "user", content: "hi" }] })).toThrow(
      /unknown trajectory format/,
    );
  });

  it("rejects JSON text, arrays and non-objects", () => {
    expect(() => parseTrajectory('{"trajectory": [')).toThrow(TypeError);
    expect(() => parseTrajectory('{"trajectory": [')).toThrow(/call JSON.parse first/);
    expect(() => parseTrajectory([])).toThrow(/got array/);
    expect(() => parseTrajectory(null)).toThrow(TypeError);
    expect(() => parseTrajectory(42)).toThrow(TypeError);
  });

  it("does not mutate its input and is deterministic", () => {
    const raw = fixture("openhands-django__django-10973.json");
    const copy = structuredClone(raw);
    const a = parseTrajectory(raw, { instanceId: "x__y-1" });
    const b = parseTrajectory(raw, { instanceId: "x__y-1" });
    expect(raw).toEqual(copy);
    expect(a).toEqual(b);
  });
});

describe("parseTrajectory errors name parseTrajectory, not the parser it delegates to", () => {
  it("reports bad options and malformed turns under its own name", () => {
    expect(() => parse({ trajectory: [] }, [] as never)).toThrow(
      /^parseTrajectory: options must be an object/,
    );
    expect(() => parse({ trajectory: [] }, { levl: 1 } as never)).toThrow(
      /^parseTrajectory: unknown option "levl"/,
    );
    expect(() => parse({ trajectory: [] }, { instanceId: "x" })).toThrow(
      /^parseTrajectory: raw\.trajectory is empty/,
    );
    expect(() => parse({ messages: [7], info: {} }, { instanceId: "x" })).toThrow(
      /^parseTrajectory: /,
    );
    expect(() => parse({ messages: [7], response: {} }, { instanceId: "x" })).toThrow(
      /^parseTrajectory: /,
    );
  });
});
