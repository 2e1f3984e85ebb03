import { describe, expect, it } from "vitest";
import { parseOpenHandsCompletion } from "../../src/trajectory/parseOpenHandsCompletion.js";

const call = (id: string, name: string, args: string) => ({
  role: "assistant",
  content: [{ type: "text", text: `calling ${name}` }],
  tool_calls: [{ id, type: "function", function: { name, arguments: args } }],
});
const tool = (id: string, text: string) => ({
  role: "tool",
  tool_call_id: id,
  content: [{ type: "text", text }],
});
const log = (...messages: unknown[]) => ({
  messages: [{ role: "system", content: "sys" }, { role: "user", content: "task" }, ...messages],
  response: { model: "claude", choices: [{ message: { role: "assistant", content: "bye" } }] },
});
const ID = { instanceId: "demo__demo-1" };

describe("parseOpenHandsCompletion(raw, options)", () => {
  it("reproduces its documented example", () => {
    const t = parseOpenHandsCompletion(
      {
        messages: [
          { role: "system", content: "You are OpenHands agent." },
          { role: "user", content: [{ type: "text", text: "Fix the bug." }] },
          {
            role: "assistant",
            content: [{ type: "text", text: "Let me edit the file." }],
            tool_calls: [
              {
                id: "c1",
                type: "function",
                function: {
                  name: "str_replace_editor",
                  arguments:
                    '{"command": "str_replace", "path": "/workspace/a.py", "old_str": "x = 1", "new_str": "x = 2"}',
                },
              },
            ],
          },
          {
            role: "tool",
            tool_call_id: "c1",
            content: [{ type: "text", text: "The file /workspace/a.py has been edited." }],
          },
        ],
        response: {
          model: "claude",
          choices: [
            {
              message: {
                role: "assistant",
                content: "Done.",
                tool_calls: [
                  { id: "c2", type: "function", function: { name: "finish", arguments: "{}" } },
                ],
              },
            },
          ],
        },
      },
      { instanceId: "demo__demo-1" },
    );
    expect(t.steps.length).toBe(2);
    expect(t.steps[0]?.command).toBe("str_replace");
    expect(t.steps[0]?.filesTouched).toEqual(["/workspace/a.py"]);
    expect(t.steps[0]?.editSize).toBe(2);
    expect(t.steps[1]?.command).toBe("finish");
    expect(t.model).toBe("claude");
  });

  it("pairs tool calls with their tool replies by id and reads exit codes", () => {
    const t = parseOpenHandsCompletion(
      log(
        call("a", "execute_bash", '{"command": "cd /w && python -m pytest -q t/test_x.py"}'),
        call("b", "execute_bash", '{"command": "ls"}'),
        tool("b", "x.py\n[Command finished with exit code 0]"),
        tool(
          "a",
          "Traceback (most recent call last):\nKeyError: 'k'\n[Command finished with exit code 1]",
        ),
      ),
      ID,
    );
    expect(t.steps.length).toBe(3);
    expect(t.steps[0]?.testsRun).toEqual(["python -m pytest -q t/test_x.py"]);
    expect(t.steps[0]?.exitCode).toBe(1);
    expect(t.steps[0]?.error).toBe("KeyError");
    expect(t.steps[1]?.exitCode).toBe(0);
    expect(t.steps[2]?.thought).toBe("bye");
    expect(t.steps[2]?.action).toBe("");
  });

  it("splits an assistant message with several tool calls into steps", () => {
    const m = {
      role: "assistant",
      content: "two things",
      tool_calls: [
        {
          id: "a",
          type: "function",
          function: { name: "execute_bash", arguments: '{"command": "ls"}' },
        },
        {
          id: "b",
          type: "function",
          function: { name: "execute_bash", arguments: '{"command": "pwd"}' },
        },
      ],
    };
    const t = parseOpenHandsCompletion(log(m, tool("a", "1"), tool("b", "2")), ID);
    expect(t.steps.map((s) => [s.action, s.thought, s.observation])).toEqual([
      ["ls", "two things", "1"],
      ["pwd", "", "2"],
      ["", "bye", ""],
    ]);
  });

  it("requires the instance id and rejects truncated or mistyped values", () => {
    expect(() => parseOpenHandsCompletion(log())).toThrow(/options.instanceId is required/);
    expect(() =>
      parseOpenHandsCompletion(log(call("a", "execute_bash", '{"command": "ls')), ID),
    ).toThrow(/tool_calls\[0\].function.arguments is not valid JSON \(truncated\?\)/);
    expect(() =>
      parseOpenHandsCompletion(log({ role: "assistant", tool_calls: [{ id: "a" }] }), ID),
    ).toThrow(/tool_calls\[0\].function must be an object \(got undefined\)/);
    expect(() => parseOpenHandsCompletion(log({ role: "tool", content: "x" }), ID)).toThrow(
      /raw.messages\[2\].tool_call_id must be a string/,
    );
    expect(() =>
      parseOpenHandsCompletion(
        log({ role: "assistant", content: [{ type: "text", text: null }] }),
        ID,
      ),
    ).toThrow(/content\[0\].text must be a string \(got null\)/);
    expect(() => parseOpenHandsCompletion({ messages: {} }, ID)).toThrow(TypeError);
    expect(() => parseOpenHandsCompletion({ messages: [] }, ID)).toThrow(/empty trajectory/);
  });
});
