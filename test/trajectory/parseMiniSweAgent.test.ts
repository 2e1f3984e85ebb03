import { describe, expect, it } from "vitest";
import { parseMiniSweAgent } from "../../src/trajectory/parseMiniSweAgent.js";

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
