import { fail } from "../core/validate.js";
import {
  asArray,
  asObject,
  asString,
  contentText,
  type JsonObject,
  makeStep,
  makeTrajectory,
  NO_ACTION,
  optInstanceId,
  optString,
  readOptions,
  shellAction,
  toolCallsOf,
} from "./_extract.js";
import type { ParseTrajectoryOptions, Step, Trajectory } from "./schema.js";

const FN = "parseMiniSweAgent";
/** mini-swe-agent's fenced action: `bash` (v1) or `mswea_bash_command` (v2 text mode). */
const FENCE = /```(bash|mswea_bash_command)[ \t]*\r?\n([\s\S]*?)\r?\n```/g;

/** One command of an assistant turn, with the tool call it answers (v2 tool-calling mode). */
type Command = { readonly command: string; readonly id?: string };

/** The fenced action blocks of a reply: the v2 fence when present, else the v1 `bash` fence. */
function fences(reply: string): RegExpMatchArray[] {
  const all = [...reply.matchAll(FENCE)];
  const v2 = all.filter((b) => b[1] === "mswea_bash_command");
  return v2.length > 0 ? v2 : all;
}

/**
 * The commands of one assistant message, by mini-swe-agent's own precedence:
 * the harness's parse `extra.actions[].command` (v2), else the `bash` tool
 * calls (v2 tool-calling mode), else exactly one fenced block (v1, v2 text mode).
 */
function commandsOf(
  fn: string,
  path: string,
  m: JsonObject,
  blocks: readonly RegExpMatchArray[],
): Command[] {
  const extra = m.extra;
  if (typeof extra === "object" && extra !== null && !Array.isArray(extra)) {
    const acts = (extra as JsonObject).actions;
    if (acts !== undefined && acts !== null) {
      const list = asArray(fn, `${path}.extra.actions`, acts);
      return list.map((a, k) => {
        const ap = `${path}.extra.actions[${k}]`;
        const o = asObject(fn, ap, a);
        const id = optString(fn, `${ap}.tool_call_id`, o.tool_call_id);
        const command = asString(fn, `${ap}.command`, o.command);
        return id === undefined ? { command } : { command, id };
      });
    }
  }
  const calls = toolCallsOf(fn, path, m);
  if (calls.length > 0) {
    return calls.map((call) => {
      const command = call.args.command;
      if (call.name !== "bash" || typeof command !== "string") {
        fail(
          fn,
          `${call.path} is not a bash tool call with a string command (mini-swe-agent has one tool, bash)`,
          call.name,
        );
      }
      return call.id === undefined ? { command } : { command, id: call.id };
    });
  }
  return blocks.length === 1 ? [{ command: (blocks[0] as RegExpMatchArray)[2] as string }] : [];
}

/** The role of a message; a message without one from the Responses API is refused by name. */
function roleOf(fn: string, path: string, m: JsonObject): string {
  if (m.role === undefined && (m.object === "response" || typeof m.type === "string")) {
    fail(
      fn,
      `${path} has no role: an OpenAI Responses API message (mini-swe-agent v2 with a *_response model), which is not supported`,
    );
  }
  return asString(fn, `${path}.role`, m.role);
}

/** A v2 format error: mini-swe-agent 2 logs the rejected reply only inside this user message. */
function formatErrorReply(m: JsonObject): string | undefined {
  const extra = m.extra;
  if (typeof extra !== "object" || extra === null) return undefined;
  const e = extra as JsonObject;
  if (e.interrupt_type !== "FormatError") return undefined;
  return typeof e.model_response === "string" ? e.model_response : "";
}

/**
 * Parses a mini-swe-agent trajectory (`<instance>.traj.json`) into the unified
 * {@link Trajectory} schema.
 *
 * Format (mini-swe-agent v1, `trajectory_format: "mini-swe-agent-1"`):
 * `{ info, messages, instance_id?, trajectory_format? }` where `messages` is
 * the chat: a system prompt, the task, then alternating `assistant` replies
 * and `user` observations. Each assistant reply is one step: its single fenced
 * bash block is the action (mini-swe-agent's own rule `` ```bash\n...\n``` ``
 * must match exactly once, else the turn is a format error with an empty
 * action); the rest of the reply, minus the `THOUGHT:` label, is the thought;
 * the next non-assistant message is the observation
 * (`<returncode>N</returncode><output>...</output>`). So the step count equals
 * the number of assistant messages. `instanceId` comes from `instance_id`,
 * the model from `info.config.model.model_name`.
 *
 * mini-swe-agent v2 (`trajectory_format: "mini-swe-agent-1.1"`) is read too.
 * Its assistant messages record the harness's own parse in
 * `extra.actions[].command`, which is then the action. In text mode the reply
 * fences it as `` ```mswea_bash_command ``; in tool-calling mode (v2's
 * default) the reply has `content: null` and `tool_calls` to the `bash` tool
 * (read when `extra.actions` is absent), and the observations are `role:
 * "tool"` messages. A turn with several tool calls gives one step per call
 * (the thought on the first), each observed by the `tool` message with its
 * `tool_call_id`. v2 does not log a rejected reply as an assistant message:
 * the `user` message with `extra.interrupt_type: "FormatError"` becomes a
 * step with no action, its thought the rejected `extra.model_response`.
 * Messages of the OpenAI Responses API (no `role`) are not supported.
 *
 * @param raw - The parsed JSON value of the file (`JSON.parse(text)`).
 * @param options - Optional {@link ParseTrajectoryOptions}: `id`, `instanceId`, `model`, `outcome`, `maxObservationChars` (default 20,000).
 * @returns The trajectory; `outcome` is set only from `options.outcome`.
 * @throws {TypeError} If `raw` is not an object, `messages` is not an array, or a message or content block
 *   has the wrong type (the message names its path).
 * @throws {RangeError} If there is no assistant message, no instance id, an option is invalid, a v2 tool
 *   call is not a `bash` call with a `command` argument, or a message has no role but a Responses API `type`.
 * @see https://mini-swe-agent.com/latest/usage/output_files/ (trajectory format)
 * @see https://mini-swe-agent.com/latest/advanced/v2_migration/ (v2 changes)
 * @see Paper 2 (trajectory-aware subset selection), section 4.1.
 * @example
 * ```ts
 * const t = parseMiniSweAgent({
 *   instance_id: "demo__demo-1",
 *   info: { exit_status: "Submitted" },
 *   messages: [
 *     { role: "system", content: "You are a helpful assistant." },
 *     { role: "user", content: "Fix the bug." },
 *     { role: "assistant", content: "THOUGHT: Run the tests.\n\n```bash\ncd /testbed && python -m pytest tests/test_a.py\n```" },
 *     { role: "user", content: "<returncode>1</returncode>\n<output>\nE   AssertionError\n</output>" },
 *   ],
 * });
 * t.steps[0].command;  // "python -m pytest"
 * t.steps[0].testsRun; // ["python -m pytest tests/test_a.py"]
 * t.steps[0].exitCode; // 1
 * t.steps[0].error;    // "AssertionError"
 * ```
 */
export function parseMiniSweAgent(raw: unknown, options?: ParseTrajectoryOptions): Trajectory {
  return miniSweAgentAs(FN, raw, options);
}

/** {@link parseMiniSweAgent} whose errors name `fn` (so that `parseTrajectory` reports its own name). */
export function miniSweAgentAs(
  fn: string,
  raw: unknown,
  options?: ParseTrajectoryOptions,
): Trajectory {
  const opts = readOptions(fn, options);
  const o = asObject(fn, "raw", raw);
  const messages = asArray(fn, "raw.messages", o.messages);
  // null as the SWE-agent parser reads it: no info
  const info = o.info === undefined || o.info === null ? {} : asObject(fn, "raw.info", o.info);
  const instanceId = opts.instanceId ?? optInstanceId(fn, "raw.instance_id", o.instance_id);
  if (instanceId === undefined) {
    fail(fn, "raw.instance_id is missing (pass options.instanceId)");
  }
  let model: string | undefined;
  if (typeof info.config === "object" && info.config !== null) {
    const m = (info.config as { model?: unknown }).model;
    if (typeof m === "object" && m !== null) {
      const name = (m as { model_name?: unknown }).model_name;
      if (typeof name === "string") model = name;
    }
  }

  const msgs = messages.map((v, i) => asObject(fn, `raw.messages[${i}]`, v));
  const roles = msgs.map((m, i) => roleOf(fn, `raw.messages[${i}]`, m));
  const text = (i: number): string =>
    contentText(fn, `raw.messages[${i}].content`, (msgs[i] as JsonObject).content);
  const steps: Step[] = [];
  for (let i = 0; i < msgs.length; i++) {
    const m = msgs[i] as JsonObject;
    if (roles[i] !== "assistant") {
      // v2 drops the rejected reply and logs only the format error: it is still a turn
      const rejected = roles[i] === "user" ? formatErrorReply(m) : undefined;
      if (rejected !== undefined && roles[i - 1] !== "assistant") {
        const thought = rejected.trim().replace(/^THOUGHT:\s*/, "");
        steps.push(makeStep(steps.length, thought, NO_ACTION, text(i), opts.maxObs));
      }
      continue;
    }
    const path = `raw.messages[${i}]`;
    const reply = contentText(fn, `${path}.content`, m.content);
    const blocks = fences(reply);
    const commands = commandsOf(fn, path, m, blocks);
    // the messages answering this turn: observations up to the next turn
    let end = i + 1;
    while (end < msgs.length && roles[end] !== "assistant") end++;
    const replies: number[] = [];
    for (let j = i + 1; j < end; j++) replies.push(j);
    // in tool-calling mode a fenced block in the text is part of the thought, not the action
    const toolCalls = Array.isArray(m.tool_calls) && m.tool_calls.length > 0;
    const withoutAction =
      blocks.length === 1 && !toolCalls
        ? reply.replace((blocks[0] as RegExpMatchArray)[0], "")
        : reply;
    const thought = withoutAction.trim().replace(/^THOUGHT:\s*/, "");
    if (commands.length <= 1) {
      const c = commands[0];
      const action =
        c === undefined ? NO_ACTION : shellAction(c.command.replace(/\r\n/g, "\n"), "bash");
      const observation = replies.length > 0 ? text(replies[0] as number) : "";
      steps.push(makeStep(steps.length, thought, action, observation, opts.maxObs));
      continue;
    }
    // several tool calls in one turn: one step each, as for OpenHands, answered by tool_call_id
    for (let k = 0; k < commands.length; k++) {
      const c = commands[k] as Command;
      const byId =
        c.id === undefined
          ? undefined
          : replies.find((j) => (msgs[j] as JsonObject).tool_call_id === c.id);
      const j = byId ?? replies[k];
      const observation = j === undefined ? "" : text(j);
      const action = shellAction(c.command.replace(/\r\n/g, "\n"), "bash");
      steps.push(makeStep(steps.length, k === 0 ? thought : "", action, observation, opts.maxObs));
    }
  }
  if (steps.length === 0) fail(fn, "raw.messages holds no assistant message (empty trajectory)");
  return makeTrajectory("mini-swe-agent", instanceId, model, opts, steps);
}
