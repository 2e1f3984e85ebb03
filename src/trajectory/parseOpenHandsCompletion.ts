import { fail } from "../core/validate.js";
import {
  type ActionFields,
  asArray,
  asObject,
  asString,
  contentText,
  editorAction,
  type JsonObject,
  makeStep,
  makeTrajectory,
  NO_ACTION,
  optInstanceId,
  optString,
  readOptions,
  shellAction,
  type ToolCall,
  toolCallsOf,
} from "./_extract.js";
import type { ParseTrajectoryOptions, Step, Trajectory } from "./schema.js";

const FN = "parseOpenHandsCompletion";
const SHELL_TOOLS = new Set(["execute_bash", "bash", "cmd_run", "execute_command"]);

function toolAction({ name, argsText, args }: ToolCall): ActionFields {
  if (SHELL_TOOLS.has(name) && typeof args.command === "string") {
    return shellAction(args.command, name);
  }
  if (typeof args.command === "string" && typeof args.path === "string") {
    return editorAction(name, argsText, args, args.path);
  }
  return {
    action: `${name} ${argsText}`,
    tool: name,
    command: name,
    filesTouched: [],
    testsRun: [],
    editSize: 0,
  };
}

/**
 * Parses an OpenHands LLM-completion log (the `llm_completions/<instance>/*.json`
 * file litellm writes per model call) into the unified {@link Trajectory}.
 *
 * Format: `{ messages, response, args, kwargs, timestamp, cost }`. `messages`
 * is the whole conversation sent to the model: system prompt, task, then
 * `assistant` messages with OpenAI-style `tool_calls` and `tool` messages with
 * the matching `tool_call_id`. Pass the LAST completion file of a run: it
 * holds every earlier turn. Each tool call is one step (thought = the text
 * blocks of its assistant message, on the first call only; observation = the
 * `tool` message answering it); an assistant message without tool calls is one
 * step with an empty action whose observation is the next `user` message. The
 * final model turn in `response.choices[0].message` is the last step(s), with
 * an empty observation. So, when every assistant message has at most one tool
 * call, the step count is the number of assistant messages plus one.
 * `execute_bash` calls are read as shell commands; calls whose arguments have
 * `command` and `path` (`str_replace_editor`) as file edits; other tools
 * (`finish`, ...) keep their name as the command. Content may be a string or a
 * list of `{ type: "text", text }` blocks (other block types are skipped).
 *
 * @param raw - The parsed JSON value of the completion file.
 * @param options - {@link ParseTrajectoryOptions}; `instanceId` is required because the log does not record it. `maxObservationChars` defaults to 20,000.
 * @returns The trajectory; `model` from `response.model`, `outcome` only from `options.outcome`.
 * @throws {TypeError} If `raw`, `messages`, a message, a content block or a tool call has the wrong type (the
 *   message names its path).
 * @throws {RangeError} If `options.instanceId` is missing, tool-call arguments are not valid JSON, there is
 *   no assistant turn, or an option is invalid.
 * @see https://docs.all-hands.dev/ (OpenHands; `log_completions` writes these files)
 * @see Paper 2 (trajectory-aware subset selection), section 4.1, figure 3a.
 * @example
 * ```ts
 * const t = parseOpenHandsCompletion(
 *   {
 *     messages: [
 *       { role: "system", content: "You are OpenHands agent." },
 *       { role: "user", content: [{ type: "text", text: "Fix the bug." }] },
 *       {
 *         role: "assistant",
 *         content: [{ type: "text", text: "Let me edit the file." }],
 *         tool_calls: [{ id: "c1", type: "function", function: { name: "str_replace_editor",
 *           arguments: '{"command": "str_replace", "path": "/workspace/a.py", "old_str": "x = 1", "new_str": "x = 2"}' } }],
 *       },
 *       { role: "tool", tool_call_id: "c1", content: [{ type: "text", text: "The file /workspace/a.py has been edited." }] },
 *     ],
 *     response: { model: "claude", choices: [{ message: { role: "assistant", content: "Done.",
 *       tool_calls: [{ id: "c2", type: "function", function: { name: "finish", arguments: "{}" } }] } }] },
 *   },
 *   { instanceId: "demo__demo-1" },
 * );
 * t.steps.length;           // 2
 * t.steps[0].command;       // "str_replace"
 * t.steps[0].filesTouched;  // ["/workspace/a.py"]
 * t.steps[0].editSize;      // 2
 * t.steps[1].command;       // "finish"
 * ```
 */
export function parseOpenHandsCompletion(
  raw: unknown,
  options?: ParseTrajectoryOptions,
): Trajectory {
  return openHandsCompletionAs(FN, raw, options);
}

/** {@link parseOpenHandsCompletion} whose errors name `fn` (so that `parseTrajectory` reports its own name). */
export function openHandsCompletionAs(
  fn: string,
  raw: unknown,
  options?: ParseTrajectoryOptions,
): Trajectory {
  const opts = readOptions(fn, options);
  const o = asObject(fn, "raw", raw);
  const messages = asArray(fn, "raw.messages", o.messages);
  const instanceId = opts.instanceId ?? optInstanceId(fn, "raw.instance_id", o.instance_id);
  if (instanceId === undefined) {
    fail(fn, "options.instanceId is required (completion logs do not record the instance)");
  }
  const turns: { msg: JsonObject; path: string; at: number }[] = [];
  const toolReplies = new Map<string, string>();
  for (let i = 0; i < messages.length; i++) {
    const path = `raw.messages[${i}]`;
    const m = asObject(fn, path, messages[i]);
    const role = asString(fn, `${path}.role`, m.role);
    if (role === "assistant") turns.push({ msg: m, path, at: i });
    else if (role === "tool") {
      const id = asString(fn, `${path}.tool_call_id`, m.tool_call_id);
      toolReplies.set(id, contentText(fn, `${path}.content`, m.content));
    }
  }
  let model: string | undefined;
  if (o.response !== undefined && o.response !== null) {
    const r = asObject(fn, "raw.response", o.response);
    model = optString(fn, "raw.response.model", r.model);
    const choices = r.choices === undefined ? [] : asArray(fn, "raw.response.choices", r.choices);
    if (choices.length > 0) {
      const c = asObject(fn, "raw.response.choices[0]", choices[0]);
      if (c.message !== undefined && c.message !== null) {
        const path = "raw.response.choices[0].message";
        turns.push({ msg: asObject(fn, path, c.message), path, at: messages.length });
      }
    }
  }
  const steps: Step[] = [];
  for (const { msg, path, at } of turns) {
    const thought = contentText(fn, `${path}.content`, msg.content).trim();
    const calls = toolCallsOf(fn, path, msg);
    if (calls.length === 0) {
      let observation = "";
      const next = messages[at + 1];
      if (next !== undefined) {
        const n = asObject(fn, `raw.messages[${at + 1}]`, next);
        if (n.role === "user")
          observation = contentText(fn, `raw.messages[${at + 1}].content`, n.content);
      }
      steps.push(makeStep(steps.length, thought, NO_ACTION, observation, opts.maxObs));
      continue;
    }
    calls.forEach((call, k) => {
      const observation = call.id === undefined ? "" : (toolReplies.get(call.id) ?? "");
      steps.push(
        makeStep(steps.length, k === 0 ? thought : "", toolAction(call), observation, opts.maxObs),
      );
    });
  }
  if (steps.length === 0) fail(fn, "raw holds no assistant turn (empty trajectory)");
  return makeTrajectory("openhands", instanceId, model, opts, steps);
}
