import { describe, expect, it } from "vitest";
import { parseMiniSweAgent } from "../../src/trajectory/parseMiniSweAgent.js";
import { parseTrajectory } from "../../src/trajectory/parseTrajectory.js";

const reply = (cmd: string, thought = "do it") => ({
  role: "assistant",
  content: `THOUGHT: ${thought}\n\n\`\`\`bash\n${cmd}\n\`\`\``,
});
const obs = (code: number, out: string) => ({
  role: "user",
  content: `<returncode>${code}</returncode>\n<output>\n${out}\n</output>`,
});
const log = (...messages: unknown[]) => ({
  instance_id: "demo__demo-1",
  info: { config: { model: { model_name: "m1" } } },
  messages: [{ role: "system", content: "sys" }, { role: "user", content: "task" }, ...messages],
});

describe("parseMiniSweAgent(raw, options)", () => {
  it("reproduces its documented example", () => {
    const t = parseMiniSweAgent({
      instance_id: "demo__demo-1",
      info: { exit_status: "Submitted" },
      messages: [
        { role: "system", content: "You are a helpful assistant." },
        { role: "user", content: "Fix the bug." },
        {
          role: "assistant",
          content:
            "THOUGHT: Run the tests.\n\n```bash\ncd /testbed && python -m pytest tests/test_a.py\n```",
        },
        {
          role: "user",
          content: "<returncode>1</returncode>\n<output>\nE   AssertionError\n</output>",
        },
      ],
    });
    expect(t.steps[0]?.command).toBe("python -m pytest");
    expect(t.steps[0]?.testsRun).toEqual(["python -m pytest tests/test_a.py"]);
    expect(t.steps[0]?.exitCode).toBe(1);
    expect(t.steps[0]?.error).toBe("AssertionError");
    expect(t.steps[0]?.thought).toBe("Run the tests.");
  });

  it("fills model, ids and outcome, and lets options override them", () => {
    const raw = log(reply("ls"), obs(0, "a.py"));
    const t = parseMiniSweAgent(raw);
    expect(t.model).toBe("m1");
    expect(t.id).toBe("mini-swe-agent:demo__demo-1");
    expect(t.outcome).toBeUndefined();
    expect("outcome" in t).toBe(false);
    const u = parseMiniSweAgent(raw, {
      id: "run7",
      instanceId: "x__y-2",
      model: "m2",
      outcome: false,
    });
    expect([u.id, u.instanceId, u.model, u.outcome]).toEqual(["run7", "x__y-2", "m2", false]);
  });

  it("reads shell writes, tests and exit codes by rule", () => {
    const t = parseMiniSweAgent(
      log(
        reply("cat <<'EOF' > a.py\nx = 1\ny = 2\nEOF\npython a.py"),
        obs(0, ""),
        reply("sed -i 's/x/z/' a.py b.py && tox -e py39 && python tests/runtests.py admin"),
        obs(2, "boom"),
        reply("echo hi > /dev/null; cp a.py c.py; tee -a log.txt < a.py"),
        obs(0, "hi"),
      ),
    );
    expect(t.steps[0]?.filesTouched).toEqual(["a.py"]);
    expect(t.steps[0]?.editSize).toBe(2);
    expect(t.steps[0]?.command).toBe("cat");
    expect(t.steps[1]?.filesTouched).toEqual(["a.py", "b.py"]);
    // one sed expression applied to two files
    expect(t.steps[1]?.editSize).toBe(2);
    expect(t.steps[1]?.testsRun).toEqual(["tox -e py39", "python tests/runtests.py admin"]);
    expect(t.steps[1]?.exitCode).toBe(2);
    expect(t.steps[1]?.error).toBeUndefined();
    expect(t.steps[2]?.filesTouched).toEqual(["c.py", "log.txt"]);
  });

  it("recognises sympy's bin/test run through the interpreter as a test run", () => {
    // sympy__sympy-12481 steps 25, 32 and 39 of the 500-trajectory run had testsRun []
    const t = parseMiniSweAgent(
      log(
        reply("python bin/test sympy/combinatorics/tests/test_permutations.py"),
        obs(0, ""),
        reply("cd /testbed && python3 ./bin/test -k perm && bin/test sympy/core"),
        obs(0, ""),
        reply("python bin/testing.py"),
        obs(0, ""),
      ),
    );
    expect(t.steps[0]?.testsRun).toEqual([
      "python bin/test sympy/combinatorics/tests/test_permutations.py",
    ]);
    expect(t.steps[1]?.testsRun).toEqual(["python3 ./bin/test -k perm", "bin/test sympy/core"]);
    expect(t.steps[2]?.testsRun).toEqual([]);
  });

  it("skips shell comments, so an apostrophe in a comment opens no quote", () => {
    // django__django-13089 step 12 of the 500-trajectory run: the heredoc write was lost.
    const t = parseMiniSweAgent(
      log(
        reply(
          "# I'll write a script.\ncat <<'EOF' > apply_fix.py\nx = 1\nEOF\npython apply_fix.py",
        ),
        obs(0, ""),
        // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text with a ${#x} expansion, not a template
        reply("echo a#b > out.txt && echo ${#x} # it's done > no.txt"),
        obs(0, ""),
      ),
    );
    expect(t.steps[0]?.filesTouched).toEqual(["apply_fix.py"]);
    expect(t.steps[0]?.editSize).toBe(1);
    expect(t.steps[0]?.command).toBe("cat");
    // "#" inside a word or after "${" is no comment; a comment ends the line
    expect(t.steps[1]?.filesTouched).toEqual(["out.txt"]);
  });

  it("takes the exception that ends a traceback, not program output printed inside it", () => {
    // django__django-15695 step 28 of the 500-trajectory run (2>&1): "DEBUG" was the error type
    const interleaved = [
      "Traceback (most recent call last):",
      '  File "/testbed/reproduce_issue.py", line 65, in reproduce',
      "DEBUG: old_fields=('pink', 'weight')",
      '    operation_rename.database_forwards("app", editor, state, new_state)',
      '  File "/testbed/django/db/migrations/operations/models.py", line 973, in database_forwards',
      '    print(f"DEBUG: old_index_name={old_index_name}")',
      "NameError: name 'old_index_name' is not defined",
    ].join("\n");
    // sympy__sympy-24213 step 17: output of the last frame printed before the exception line
    const lastFrame = [
      "Traceback (most recent call last):",
      '  File "/testbed/test_fix.py", line 9, in <module>',
      "    print(f'Factor: {f}, Dim: {d}')",
      "Factor: -47.0000000000000, Dim: Dimension(acceleration*time)",
      "AttributeError: 'Dimension' object has no attribute 'dimension'",
    ].join("\n");
    // an exception named without an Error suffix is read from the line that ends the traceback
    const noSuffix = [
      "Traceback (most recent call last):",
      '  File "/testbed/check_matrix.py", line 5, in <module>',
      "    print('M * P:', M * P)",
      "sympy.polys.polyerrors.UnificationFailed: can't unify ZZ with ZZ[x]",
    ].join("\n");
    // pylint-dev__pylint-8898 step 28: an indented traceback, then the linter's `foo.py:1:0: ...` lines
    const indented = [
      "Error processing line 1 of /opt/site-packages/distutils-precedence.pth:",
      "  Traceback (most recent call last):",
      '    File "/opt/lib/python3.9/site.py", line 177, in addpackage',
      "      exec(line)",
      "    ModuleNotFoundError: No module named '_distutils_hack'",
      "Remainder of file ignored",
      "************* Module foo",
      'foo.py:1:0: C0104: Disallowed name "foo" (disallowed-name)',
    ].join("\n");
    const t = parseMiniSweAgent(
      log(
        reply("python r.py"),
        obs(1, interleaved),
        reply("python test_fix.py"),
        obs(1, lastFrame),
        reply("python check_matrix.py"),
        obs(1, noSuffix),
        reply("python a.py"),
        obs(1, 'Traceback (most recent call last):\n  File "a.py", line 1\n    x\nKeyError: 1'),
        reply("pylint foo.py"),
        obs(16, indented),
      ),
    );
    expect(t.steps.map((s) => s.error)).toEqual([
      "NameError",
      "AttributeError",
      "sympy.polys.polyerrors.UnificationFailed",
      "KeyError",
      undefined,
    ]);
  });

  it("reports no error when the exit code is 0 even if a traceback is printed", () => {
    const t = parseMiniSweAgent(
      log(reply("python r.py"), obs(0, "Traceback (most recent call last):\nValueError: x")),
    );
    expect(t.steps[0]?.error).toBeUndefined();
  });

  it("treats a reply without exactly one bash block as a step with no action", () => {
    const t = parseMiniSweAgent(
      log(
        { role: "assistant", content: "THOUGHT: hmm" },
        { role: "user", content: "format error" },
      ),
    );
    expect(t.steps[0]?.action).toBe("");
    expect(t.steps[0]?.command).toBeUndefined();
    expect(t.steps[0]?.thought).toBe("hmm");
    expect(t.steps[0]?.observation).toBe("format error");
  });

  it("truncates gigantic observations with a marker and keeps head and tail", () => {
    const big = "a".repeat(50) + "b".repeat(100) + "c".repeat(50);
    const t = parseMiniSweAgent(log(reply("ls"), { role: "user", content: big }), {
      maxObservationChars: 100,
    });
    expect(t.steps[0]?.observation).toBe(
      `${"a".repeat(50)}\n[... 100 characters truncated ...]\n${"c".repeat(50)}`,
    );
    const d = parseMiniSweAgent(log(reply("ls"), { role: "user", content: "x".repeat(20_001) }));
    expect(d.steps[0]?.observation).toMatch(/\[\.\.\. 1 characters truncated \.\.\.\]/);
    // a cut never splits an emoji's surrogate pair (a lone half was left)
    const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    for (const max of [3, 4, 5, 6, 7]) {
      const e = parseMiniSweAgent(log(reply("ls"), { role: "user", content: "😀😀😀😀" }), {
        maxObservationChars: max,
      });
      expect(e.steps[0]?.observation).not.toMatch(lone);
    }
  });

  it("accepts content blocks and rejects non-string ones", () => {
    const t = parseMiniSweAgent(
      log(reply("ls"), {
        role: "user",
        content: [{ type: "text", text: "a" }, { type: "image_url" }],
      }),
    );
    expect(t.steps[0]?.observation).toBe("a");
    expect(() => parseMiniSweAgent(log(reply("ls"), { role: "user", content: 42 }))).toThrow(
      /parseMiniSweAgent: raw.messages\[3\].content must be a string or an array of content blocks \(got number\)/,
    );
    expect(() =>
      parseMiniSweAgent(log(reply("ls"), { role: "user", content: [{ type: "text", text: 1 }] })),
    ).toThrow(TypeError);
  });

  it("rejects empty trajectories, missing fields and bad options", () => {
    expect(() => parseMiniSweAgent(log())).toThrow(/no assistant message \(empty trajectory\)/);
    expect(() => parseMiniSweAgent({ info: {} })).toThrow(
      /raw.messages must be an array \(got undefined\)/,
    );
    expect(() => parseMiniSweAgent({ messages: [reply("ls")] })).toThrow(
      /raw.instance_id is missing/,
    );
    // an empty logged id is refused as an empty option is ("mini-swe-agent:" collided)
    expect(() => parseMiniSweAgent({ instance_id: "", messages: [reply("ls")] })).toThrow(
      /^parseMiniSweAgent: raw.instance_id is empty \(pass options.instanceId\)/,
    );
    // info: null reads as no info, as parseSweAgent reads it
    expect(parseMiniSweAgent({ ...log(reply("ls")), info: null }).instanceId).toBe("demo__demo-1");
    // a CRLF log leaves no \r in the action
    const crlf = parseMiniSweAgent(
      log({ role: "assistant", content: "THOUGHT: x\r\n\r\n```bash\r\nls -la\r\npwd\r\n```" }),
    );
    expect(crlf.steps[0]?.action).toBe("ls -la\npwd");
    expect(() => parseMiniSweAgent(log({ content: "x" }))).toThrow(
      /raw.messages\[2\].role must be a string/,
    );
    expect(() => parseMiniSweAgent(log(null))).toThrow(/raw.messages\[2\] must be an object/);
    expect(() => parseMiniSweAgent("{}")).toThrow(/call JSON.parse first/);
    expect(() => parseMiniSweAgent(log(reply("ls")), { maxObservationChars: 0 })).toThrow(
      RangeError,
    );
    expect(() => parseMiniSweAgent(log(reply("ls")), { maxObservationChars: Number.NaN })).toThrow(
      RangeError,
    );
    expect(() => parseMiniSweAgent(log(reply("ls")), { outcome: 1 as unknown as boolean })).toThrow(
      /options.outcome must be a boolean/,
    );
    expect(() => parseMiniSweAgent(log(reply("ls")), { id: "" })).toThrow(/options.id is empty/);
    expect(() => parseMiniSweAgent(log(reply("ls")), [] as unknown as object)).toThrow(TypeError);
  });
});

// mini-swe-agent v2 (`trajectory_format: "mini-swe-agent-1.1"`). The shapes follow SWE-agent/mini-swe-agent
// docs/usage/output_files.md (messages with an `extra` field, `extra.actions[].command`), the text-mode fence of
// docs/advanced/v2_migration.md (```mswea_bash_command), models/utils/actions_toolcall.py (tool calls to `bash` with
// JSON arguments, observations as `role: "tool"` messages with `tool_call_id`) and actions_text.py / agents/default.py
// (a rejected reply is not logged; the FormatError user message carries it as `extra.model_response`).
const v2 = (...messages: unknown[]) => ({
  info: {
    exit_status: "Submitted",
    submission: "diff",
    mini_version: "2.0.0",
    config: { model: { model_name: "anthropic/claude-sonnet-4-5" } },
  },
  messages: [{ role: "system", content: "sys" }, { role: "user", content: "task" }, ...messages],
  trajectory_format: "mini-swe-agent-1.1",
  instance_id: "demo__demo-1",
});
const v2obs = (code: number, out: string, toolCallId?: string) => ({
  ...(toolCallId === undefined ? { role: "user" } : { role: "tool", tool_call_id: toolCallId }),
  content: `<returncode>${code}</returncode>\n<output>\n${out}\n</output>`,
  extra: { raw_output: out, returncode: code, timestamp: 1706000001.0, exception_info: null },
});
const call = (id: string, command: string) => ({
  id,
  type: "function",
  function: { name: "bash", arguments: JSON.stringify({ command }) },
});

describe("parseMiniSweAgent(raw) on mini-swe-agent v2 trajectories", () => {
  it("reads the text mode's ```mswea_bash_command action and extra.actions", () => {
    const t = parseMiniSweAgent(
      v2(
        {
          role: "assistant",
          content:
            "THOUGHT: Run the tests.\n\n```mswea_bash_command\ncd /testbed && python -m pytest tests/test_a.py\n```",
          extra: {
            actions: [{ command: "cd /testbed && python -m pytest tests/test_a.py" }],
            cost: 0.003,
          },
        },
        v2obs(1, "E   AssertionError"),
        // the same fence without extra.actions (hand-made logs): the fence alone is the action
        {
          role: "assistant",
          content: "Edit.\n\n```mswea_bash_command\nsed -i 's/a/b/' src/x.py\n```",
        },
        v2obs(0, ""),
        { role: "exit", content: "diff", extra: { exit_status: "Submitted", submission: "diff" } },
      ),
    );
    expect(t.framework).toBe("mini-swe-agent");
    expect(t.model).toBe("anthropic/claude-sonnet-4-5");
    expect(t.steps).toHaveLength(2);
    expect(t.steps[0]?.action).toBe("cd /testbed && python -m pytest tests/test_a.py");
    expect(t.steps[0]?.command).toBe("python -m pytest");
    expect(t.steps[0]?.testsRun).toEqual(["python -m pytest tests/test_a.py"]);
    expect(t.steps[0]?.thought).toBe("Run the tests.");
    expect(t.steps[0]?.exitCode).toBe(1);
    expect(t.steps[0]?.error).toBe("AssertionError");
    expect(t.steps[1]?.command).toBe("sed");
    expect(t.steps[1]?.filesTouched).toEqual(["src/x.py"]);
    expect(t.steps[1]?.thought).toBe("Edit.");
  });

  it("reads the tool-calling mode: tool_calls, content null, role tool observations by id", () => {
    const t = parseTrajectory(
      v2(
        {
          role: "assistant",
          content: null,
          tool_calls: [call("call_1", "sed -i 's/a/b/' src/x.py")],
          extra: { actions: [{ command: "sed -i 's/a/b/' src/x.py", tool_call_id: "call_1" }] },
        },
        v2obs(0, "", "call_1"),
        // two calls in one turn, answered out of order: each step gets its own tool message
        {
          role: "assistant",
          content: "Check both.",
          tool_calls: [call("call_2", "pytest tests/test_a.py"), call("call_3", "ls")],
          extra: {
            actions: [
              { command: "pytest tests/test_a.py", tool_call_id: "call_2" },
              { command: "ls", tool_call_id: "call_3" },
            ],
          },
        },
        v2obs(0, "a.py", "call_3"),
        v2obs(1, "E   ValueError", "call_2"),
        // tool_calls without extra.actions (a log trimmed of extra): the bash arguments are read
        { role: "assistant", content: null, tool_calls: [call("call_4", "cat a.py")] },
        v2obs(0, "x = 1", "call_4"),
      ),
    );
    expect(t.framework).toBe("mini-swe-agent");
    expect(t.steps.map((s) => s.action)).toEqual([
      "sed -i 's/a/b/' src/x.py",
      "pytest tests/test_a.py",
      "ls",
      "cat a.py",
    ]);
    expect(t.steps[0]?.filesTouched).toEqual(["src/x.py"]);
    expect(t.steps[0]?.editSize).toBe(1);
    expect(t.steps[0]?.thought).toBe("");
    expect(t.steps[1]?.thought).toBe("Check both.");
    expect(t.steps[1]?.testsRun).toEqual(["pytest tests/test_a.py"]);
    expect(t.steps[1]?.exitCode).toBe(1);
    expect(t.steps[1]?.error).toBe("ValueError");
    expect(t.steps[2]?.thought).toBe("");
    expect(t.steps[2]?.observation).toContain("a.py");
    expect(t.steps[2]?.exitCode).toBe(0);
    expect(t.steps[3]?.command).toBe("cat");
    expect(t.steps[3]?.observation).toContain("x = 1");
    // a fenced block in a tool-calling reply's text is thought, not action
    const fenced = parseMiniSweAgent(
      v2(
        {
          role: "assistant",
          content: "I could run\n```bash\nls -la\n```\nbut cat is enough.",
          tool_calls: [call("call_5", "cat a.py")],
          extra: { actions: [{ command: "cat a.py", tool_call_id: "call_5" }] },
        },
        v2obs(0, "x = 1", "call_5"),
      ),
    );
    expect(fenced.steps[0]?.action).toBe("cat a.py");
    expect(fenced.steps[0]?.thought).toBe("I could run\n```bash\nls -la\n```\nbut cat is enough.");
  });

  it("turns a v2 format error (no assistant message is logged) into a step without action", () => {
    const t = parseMiniSweAgent(
      v2(
        {
          role: "user",
          content: "Format error: Expected exactly 1 action, found 2.",
          extra: {
            interrupt_type: "FormatError",
            n_actions: 2,
            model_response: "THOUGHT: two at once\n\n```mswea_bash_command\nls\n```",
          },
        },
        {
          role: "assistant",
          content: "ok\n\n```mswea_bash_command\nls\n```",
          extra: { actions: [{ command: "ls" }] },
        },
        v2obs(0, "a.py"),
      ),
    );
    expect(t.steps).toHaveLength(2);
    expect(t.steps[0]?.action).toBe("");
    expect(t.steps[0]?.command).toBeUndefined();
    expect(t.steps[0]?.thought).toMatch(/^two at once/);
    expect(t.steps[0]?.observation).toMatch(/^Format error/);
    expect(t.steps[1]?.command).toBe("ls");
  });

  it("refuses tool calls mini-swe-agent cannot have made and Responses API messages, by name", () => {
    const bad = (c: unknown) => v2({ role: "assistant", content: null, tool_calls: [c] });
    expect(
      parseMiniSweAgent(
        bad({
          id: "c",
          type: "function",
          function: { name: "bash", arguments: { command: "ls -la" } },
        }),
      ).steps[0]?.action,
    ).toBe("ls -la");
    expect(() =>
      parseMiniSweAgent(
        bad({ id: "c", type: "function", function: { name: "bash", arguments: "[1]" } }),
      ),
    ).toThrow(
      /^parseMiniSweAgent: raw.messages\[2\].tool_calls\[0\].function.arguments must be an object/,
    );
    expect(() =>
      parseMiniSweAgent(
        bad({ id: "c", type: "function", function: { name: "python", arguments: "{}" } }),
      ),
    ).toThrow(/^parseMiniSweAgent: raw.messages\[2\].tool_calls\[0\] is not a bash tool call/);
    expect(() =>
      parseMiniSweAgent(
        bad({ id: "c", type: "function", function: { name: "bash", arguments: '{"comm' } }),
      ),
    ).toThrow(/arguments is not valid JSON/);
    expect(() =>
      parseMiniSweAgent(v2({ object: "response", output: [], extra: { actions: [] } })),
    ).toThrow(/^parseMiniSweAgent: raw.messages\[2\] has no role: an OpenAI Responses API message/);
    expect(() =>
      parseMiniSweAgent(
        v2({ role: "assistant", content: "x", extra: { actions: [{ command: 1 }] } }),
      ),
    ).toThrow(/raw.messages\[2\].extra.actions\[0\].command must be a string/);
  });
});
