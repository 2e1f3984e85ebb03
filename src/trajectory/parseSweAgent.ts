import { fail } from "../core/validate.js";
import {
  type ActionFields,
  asArray,
  asObject,
  asString,
  lineCount,
  makeStep,
  makeTrajectory,
  NO_ACTION,
  optInstanceId,
  optString,
  readOptions,
  shellAction,
} from "./_extract.js";
import { segments } from "./_shell.js";
import type { ParseTrajectoryOptions, Step, Trajectory } from "./schema.js";

const FN = "parseSweAgent";
const NAVIGATION_TOOLS = new Set([
  "open",
  "goto",
  "scroll_up",
  "scroll_down",
  "search_dir",
  "search_file",
  "find_file",
  "submit",
  "filemap",
  "exit_forfeit",
  "exit_cost",
  "exit_context",
  "exit_error",
  "exit_format",
  "skip",
]);

function openFile(state: unknown): string | undefined {
  let s: unknown = state;
  if (typeof s === "string") {
    try {
      s = JSON.parse(s);
    } catch {
      return undefined;
    }
  }
  if (typeof s !== "object" || s === null) return undefined;
  const f = (s as { open_file?: unknown }).open_file;
  return typeof f === "string" && f !== "n/a" && f.length > 0 ? f : undefined;
}

function sweAction(action: string, state: unknown): ActionFields {
  const trimmed = action.trim();
  if (trimmed.length === 0) return NO_ACTION;
  const first = /^\S+/.exec(trimmed)?.[0] ?? "";
  if (first === "edit" || first === "insert") {
    // SWE-agent 1.x's windowed_edit_replace: `edit <search> <replace> [<replace-all>]`, `insert <text> [<line>]`
    const range = /^edit\s+(\d+):(\d+)/.exec(trimmed);
    const words = range === null ? (segments(trimmed)[0]?.words ?? []) : [];
    if (first === "insert" || words.length >= 3) {
      const file = openFile(state);
      return {
        action,
        tool: first,
        command: first,
        filesTouched: file === undefined ? [] : [file],
        testsRun: [],
        editSize:
          first === "insert" ? lineCount(words[1]) : lineCount(words[1]) + lineCount(words[2]),
      };
    }
    const lines = trimmed.split("\n");
    const endAt = lines.findIndex((l, i) => i > 0 && l.trim() === "end_of_edit");
    const body = endAt < 0 ? lines.length - 1 : endAt - 1;
    const replaced = range === null ? 0 : Number(range[2]) - Number(range[1]) + 1;
    const file = openFile(state);
    return {
      action,
      tool: "edit",
      command: "edit",
      filesTouched: file === undefined ? [] : [file],
      testsRun: [],
      editSize: Math.max(0, replaced) + Math.max(0, body),
    };
  }
  if (first === "create") {
    const path = trimmed.split(/\s+/)[1];
    return {
      action,
      tool: "create",
      command: "create",
      filesTouched: path === undefined ? [] : [path],
      testsRun: [],
      editSize: 0,
    };
  }
  if (first === "str_replace_editor") {
    const words = segments(trimmed)[0]?.words ?? [];
    const sub = words[1];
    const path = words[2];
    const flag = (name: string) => {
      const k = words.indexOf(name);
      return k < 0 ? undefined : words[k + 1];
    };
    let size = 0;
    if (sub === "str_replace") size = lineCount(flag("--old_str")) + lineCount(flag("--new_str"));
    else if (sub === "create") size = lineCount(flag("--file_text"));
    else if (sub === "insert") size = lineCount(flag("--new_str"));
    const writes =
      sub === "create" || sub === "str_replace" || sub === "insert" || sub === "undo_edit";
    const f: ActionFields = {
      action,
      tool: "str_replace_editor",
      filesTouched: writes && path !== undefined ? [path] : [],
      testsRun: [],
      editSize: size,
    };
    return sub === undefined ? f : { ...f, command: sub };
  }
  if (NAVIGATION_TOOLS.has(first)) {
    return { action, tool: first, command: first, filesTouched: [], testsRun: [], editSize: 0 };
  }
  return shellAction(action, "bash");
}

/** `replay_config.problem_statement.id`, with `replay_config` a JSON string or (as some SWE-agent files store it) an object. */
function replayInstance(replay: unknown): string | undefined {
  try {
    const r: unknown = typeof replay === "string" ? JSON.parse(replay) : replay;
    const ps = (r as { problem_statement?: { id?: unknown } } | null)?.problem_statement;
    return typeof ps?.id === "string" ? ps.id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Parses a SWE-agent trajectory (`<instance_id>.traj`) into the unified
 * {@link Trajectory} schema.
 *
 * Format (as documented at swe-agent.com, "Output files"): `{ trajectory,
 * history?, info?, replay_config?, environment? }` where `trajectory` is a list
 * of turns `{ response, thought, action, observation, state?, query? }`. Each
 * turn is one step: `thought` and `observation` are copied, `action` is read by
 * SWE-agent's command grammar: `edit a:b ... end_of_edit` edits the file named
 * by `state.open_file` (replaced range + new lines), as do SWE-agent 1.x's
 * `edit '<search>' '<replace>'` (search + replace lines) and `insert '<text>'`
 * (text lines), `create path` creates `path`, `str_replace_editor
 * <command> <path> --old_str ... --new_str ...` is SWE-agent 1.x's editor,
 * `open`/`goto`/`scroll_*`/`search_*`/`find_file`/`submit` are navigation, and
 * anything else is a shell command. The instance id comes from
 * `options.instanceId`, `raw.instance_id`, `raw.info.instance_id`, or
 * `replay_config.problem_statement.id` (`replay_config` a JSON string or an object).
 *
 * @param raw - The parsed JSON value of the `.traj` file.
 * @param options - {@link ParseTrajectoryOptions}: `id`, `instanceId`, `model`, `outcome`, `maxObservationChars` (default 20,000).
 * @returns The trajectory; `outcome` only from `options.outcome`.
 * @throws {TypeError} If `raw` is not an object, `trajectory` is not an array, or a turn field has the wrong
 *   type (the message names its path).
 * @throws {RangeError} If the trajectory is empty, the instance id is unknown, or an option is invalid.
 * @see https://swe-agent.com/latest/usage/trajectories/ (the `.traj` format)
 * @see Paper 2 (trajectory-aware subset selection), section 4.1.
 * @example
 * ```ts
 * const t = parseSweAgent(
 *   {
 *     trajectory: [
 *       { thought: "Open the file.", action: "open src/a.py", observation: "[File: /repo/src/a.py (3 lines total)]",
 *         state: '{"open_file": "/repo/src/a.py"}' },
 *       { thought: "Fix line 2.", action: "edit 2:2\n    return x + 1\nend_of_edit", observation: "File updated.",
 *         state: '{"open_file": "/repo/src/a.py"}' },
 *     ],
 *     info: { exit_status: "submitted" },
 *   },
 *   { instanceId: "demo__demo-1" },
 * );
 * t.steps[1].tool;         // "edit"
 * t.steps[1].filesTouched; // ["/repo/src/a.py"]
 * t.steps[1].editSize;     // 2
 * ```
 */
export function parseSweAgent(raw: unknown, options?: ParseTrajectoryOptions): Trajectory {
  return sweAgentAs(FN, raw, options);
}

/** {@link parseSweAgent} whose errors name `fn` (so that `parseTrajectory` reports its own name). */
export function sweAgentAs(fn: string, raw: unknown, options?: ParseTrajectoryOptions): Trajectory {
  const opts = readOptions(fn, options);
  const o = asObject(fn, "raw", raw);
  const turns = asArray(fn, "raw.trajectory", o.trajectory);
  const info = o.info === undefined || o.info === null ? {} : asObject(fn, "raw.info", o.info);
  const instanceId =
    opts.instanceId ??
    optInstanceId(fn, "raw.instance_id", o.instance_id) ??
    optInstanceId(fn, "raw.info.instance_id", info.instance_id) ??
    replayInstance(o.replay_config);
  if (instanceId === undefined) {
    fail(fn, "the instance id is not recorded in raw (pass options.instanceId)");
  }
  const steps: Step[] = [];
  for (let i = 0; i < turns.length; i++) {
    const path = `raw.trajectory[${i}]`;
    const t = asObject(fn, path, turns[i]);
    const action = asString(fn, `${path}.action`, t.action);
    const observation = optString(fn, `${path}.observation`, t.observation) ?? "";
    const thought = optString(fn, `${path}.thought`, t.thought) ?? "";
    steps.push(makeStep(i, thought.trim(), sweAction(action, t.state), observation, opts.maxObs));
  }
  if (steps.length === 0) fail(fn, "raw.trajectory is empty (empty trajectory)");
  return makeTrajectory("swe-agent", instanceId, undefined, opts, steps);
}
