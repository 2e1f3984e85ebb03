import { fail } from "../core/validate.js";
import {
  asArray,
  asObject,
  asString,
  contentText,
  makeStep,
  makeTrajectory,
  NO_ACTION,
  optInstanceId,
  readOptions,
  shellAction,
} from "./_extract.js";
import type { ParseTrajectoryOptions, Step, Trajectory } from "./schema.js";

const FN = "parseMiniSweAgent";
const BASH_BLOCK = /```bash[ \t]*\r?\n([\s\S]*?)\r?\n```/g;

/**
 * Parses a mini-swe-agent trajectory (`<instance>.traj.json`) into the unified
 * {@link Trajectory} schema.
 *
 * Format (mini-swe-agent v1): `{ info, messages, instance_id?, trajectory_format? }`
 * where `messages` is the chat: a system prompt, the task, then alternating
 * `assistant` replies and `user` observations. Each assistant reply is one
 * step: its single fenced bash block is the action (mini-swe-agent's own rule
 * `` ```bash\n...\n``` `` must match exactly once, else the turn is a format
 * error with an empty action); the rest of the reply, minus the `THOUGHT:`
 * label, is the thought; the next non-assistant message is the observation
 * (`<returncode>N</returncode><output>...</output>`). So the step count equals
 * the number of assistant messages. `instanceId` comes from `instance_id`,
 * the model from `info.config.model.model_name`.
 *
 * @param raw - The parsed JSON value of the file (`JSON.parse(text)`).
 * @param options - Optional {@link ParseTrajectoryOptions}: `id`, `instanceId`, `model`, `outcome`, `maxObservationChars` (default 20,000).
 * @returns The trajectory; `outcome` is set only from `options.outcome`.
 * @throws {TypeError} If `raw` is not an object, `messages` is not an array, or a message or content block
 *   has the wrong type (the message names its path).
 * @throws {RangeError} If there is no assistant message, no instance id, or an option is invalid.
 * @see https://mini-swe-agent.com/latest/usage/output_files/ (trajectory format)
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

  const steps: Step[] = [];
  for (let i = 0; i < messages.length; i++) {
    const m = asObject(fn, `raw.messages[${i}]`, messages[i]);
    const role = asString(fn, `raw.messages[${i}].role`, m.role);
    if (role !== "assistant") continue;
    const reply = contentText(fn, `raw.messages[${i}].content`, m.content);
    let observation = "";
    const next = messages[i + 1];
    if (next !== undefined) {
      const n = asObject(fn, `raw.messages[${i + 1}]`, next);
      if (asString(fn, `raw.messages[${i + 1}].role`, n.role) !== "assistant") {
        observation = contentText(fn, `raw.messages[${i + 1}].content`, n.content);
      }
    }
    const blocks = [...reply.matchAll(BASH_BLOCK)];
    const action =
      blocks.length === 1
        ? shellAction(((blocks[0] as RegExpMatchArray)[1] as string).replace(/\r\n/g, "\n"), "bash")
        : NO_ACTION;
    const withoutAction =
      blocks.length === 1 ? reply.replace((blocks[0] as RegExpMatchArray)[0], "") : reply;
    const thought = withoutAction.trim().replace(/^THOUGHT:\s*/, "");
    steps.push(makeStep(steps.length, thought, action, observation, opts.maxObs));
  }
  if (steps.length === 0) fail(fn, "raw.messages holds no assistant message (empty trajectory)");
  return makeTrajectory("mini-swe-agent", instanceId, model, opts, steps);
}
