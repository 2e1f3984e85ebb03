/**
 * Shared pieces of the three parsers: reading JSON safely with messages that
 * name the path, observation truncation, and the rule-based step extraction of
 * paper 2, section 4.1 (exit codes, tracebacks, test runs, files touched).
 * @internal
 */
import {
  checkInteger,
  checkNoHoles,
  checkOptions,
  fail,
  failType,
  optionKeys,
} from "../core/validate.js";
import { segments, shellTests, shellVerb, shellWrites } from "./_shell.js";
import type { Framework, ParseTrajectoryOptions, Step, Trajectory } from "./schema.js";

const PARSE_KEYS = optionKeys<ParseTrajectoryOptions>()(
  "id",
  "instanceId",
  "model",
  "outcome",
  "maxObservationChars",
);

/** Default for {@link ParseTrajectoryOptions.maxObservationChars}. */
export const MAX_OBSERVATION_CHARS = 20_000;

/** A JSON object as produced by `JSON.parse`. */
export type JsonObject = { readonly [key: string]: unknown };

function kind(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return `array(${v.length})`;
  if (typeof v === "string") return `string(${v.length})`;
  return typeof v;
}

/** Checks that `v` is a plain JSON object. */
export function asObject(fn: string, path: string, v: unknown): JsonObject {
  if (typeof v !== "object" || v === null || Array.isArray(v)) {
    if (path === "raw" && typeof v === "string") {
      failType(fn, "raw must be a parsed JSON object, not a string (call JSON.parse first)");
    }
    failType(fn, `${path} must be an object (got ${kind(v)})`);
  }
  return v as JsonObject;
}

/** Checks that `v` is an array without holes (JSON has none; `map`/`forEach` would skip one). */
export function asArray(fn: string, path: string, v: unknown): readonly unknown[] {
  if (!Array.isArray(v)) failType(fn, `${path} must be an array (got ${kind(v)})`);
  checkNoHoles(fn, path, v);
  return v;
}

/** One OpenAI-style tool call of an assistant message, read by {@link toolCallsOf}. */
export type ToolCall = {
  /** The call's path in the raw log, for messages (`raw.messages[2].tool_calls[0]`). */
  readonly path: string;
  /** `function.name`. */
  readonly name: string;
  /** `function.arguments` as JSON text (an object given unparsed is serialised). */
  readonly argsText: string;
  /** `function.arguments` parsed: always a JSON object. */
  readonly args: JsonObject;
  /** The call's `id`, which the tool's reply names as `tool_call_id`. */
  readonly id?: string;
};

/**
 * The `tool_calls` of an assistant message (none when absent or null), each
 * checked: `function` an object, `function.name` a string, `function.arguments`
 * a JSON object or JSON text of one (text that does not parse is refused as
 * truncated, the usual cause in real logs), `id` a string when present.
 */
export function toolCallsOf(fn: string, path: string, msg: JsonObject): ToolCall[] {
  const raw = msg.tool_calls;
  if (raw === undefined || raw === null) return [];
  return asArray(fn, `${path}.tool_calls`, raw).map((c, k) => {
    const cp = `${path}.tool_calls[${k}]`;
    const call = asObject(fn, cp, c);
    const f = asObject(fn, `${cp}.function`, call.function);
    const name = asString(fn, `${cp}.function.name`, f.name);
    const ap = `${cp}.function.arguments`;
    let argsText: string;
    let parsed: unknown = f.arguments;
    if (typeof f.arguments === "string") {
      argsText = f.arguments;
      try {
        parsed = JSON.parse(argsText);
      } catch {
        fail(fn, `${ap} is not valid JSON (truncated?)`, argsText.slice(0, 40));
      }
    } else {
      argsText = JSON.stringify(asObject(fn, ap, parsed));
    }
    const args = asObject(fn, ap, parsed);
    const id = optString(fn, `${cp}.id`, call.id);
    return id === undefined
      ? { path: cp, name, argsText, args }
      : { path: cp, name, argsText, args, id };
  });
}

/** Checks that `v` is a string. */
export function asString(fn: string, path: string, v: unknown): string {
  if (typeof v !== "string") failType(fn, `${path} must be a string (got ${kind(v)})`);
  return v;
}

/**
 * A logged instance id that may be absent (undefined or null); an empty one is
 * refused as `options.instanceId: ""` is (the trajectory id `framework:` would
 * collide across files).
 */
export function optInstanceId(fn: string, path: string, v: unknown): string | undefined {
  const id = optString(fn, path, v);
  if (id === "") fail(fn, `${path} is empty (pass options.instanceId)`);
  return id;
}

/** A string field that may be absent (undefined or null). */
export function optString(fn: string, path: string, v: unknown): string | undefined {
  return v === undefined || v === null ? undefined : asString(fn, path, v);
}

/**
 * Text of a chat message `content`: a string, null/absent (empty), or an array
 * of content blocks whose `text` blocks are joined by newlines; other block
 * types (images, cache markers) are skipped.
 */
export function contentText(fn: string, path: string, v: unknown): string {
  if (v === undefined || v === null) return "";
  if (typeof v === "string") return v;
  if (!Array.isArray(v)) {
    failType(fn, `${path} must be a string or an array of content blocks (got ${kind(v)})`);
  }
  const parts: string[] = [];
  for (let i = 0; i < v.length; i++) {
    const b = asObject(fn, `${path}[${i}]`, v[i]);
    if (b.type === "text" || (b.type === undefined && "text" in b)) {
      parts.push(asString(fn, `${path}[${i}].text`, b.text));
    }
  }
  return parts.join("\n");
}

/** Keeps the head and tail halves of an over-long observation around a marker. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let head = Math.ceil(max / 2);
  let tail = max - head;
  // never between the two halves of a surrogate pair (an emoji): a lone half is no character
  const high = (i: number): boolean => {
    const c = text.charCodeAt(i);
    return c >= 0xd800 && c <= 0xdbff;
  };
  if (head > 0 && high(head - 1)) head--;
  if (tail > 0 && high(text.length - tail - 1)) tail--;
  const cut = text.length - head - tail;
  return `${text.slice(0, head)}\n[... ${cut} characters truncated ...]\n${tail > 0 ? text.slice(text.length - tail) : ""}`;
}

/** Validated common options. */
export type Common = {
  readonly id: string | undefined;
  readonly instanceId: string | undefined;
  readonly model: string | undefined;
  readonly outcome: boolean | undefined;
  readonly maxObs: number;
};

/** Validates {@link ParseTrajectoryOptions}. */
export function readOptions(fn: string, options: ParseTrajectoryOptions | undefined): Common {
  checkOptions(fn, options, PARSE_KEYS);
  const o = options ?? {};
  const str = (name: string, v: unknown) => {
    if (v !== undefined && typeof v !== "string")
      failType(fn, `options.${name} must be a string (got ${kind(v)})`);
    if (typeof v === "string" && v.length === 0) fail(fn, `options.${name} is empty`);
    return v as string | undefined;
  };
  if (o.outcome !== undefined && typeof o.outcome !== "boolean") {
    failType(fn, `options.outcome must be a boolean (got ${kind(o.outcome)})`);
  }
  const maxObs = o.maxObservationChars ?? MAX_OBSERVATION_CHARS;
  checkInteger(fn, "options.maxObservationChars", maxObs, 1);
  return {
    id: str("id", o.id),
    instanceId: str("instanceId", o.instanceId),
    model: str("model", o.model),
    outcome: o.outcome,
    maxObs,
  };
}

/** Assembles the trajectory object, leaving optional fields out when unknown. */
export function makeTrajectory(
  framework: Framework,
  instanceId: string,
  model: string | undefined,
  opts: Common,
  steps: Step[],
): Trajectory {
  const t: {
    id: string;
    framework: Framework;
    instanceId: string;
    model?: string;
    outcome?: boolean;
    steps: readonly Step[];
  } = { id: opts.id ?? `${framework}:${instanceId}`, framework, instanceId, steps };
  const m = opts.model ?? model;
  if (m !== undefined) t.model = m;
  if (opts.outcome !== undefined) t.outcome = opts.outcome;
  return t;
}

const RETURNCODE = /<returncode>\s*(-?\d+)\s*<\/returncode>/;
const FINISHED = /\[Command finished with exit code (-?\d+)\]/g;
const EXITCODE = /^\s*exit(?: code|_code|code)\s*[:=]\s*(-?\d+)\s*$/im;

/** Exit code reported in an observation, if any. */
export function exitCodeOf(obs: string): number | undefined {
  const r = RETURNCODE.exec(obs);
  if (r !== null) return Number(r[1]);
  let last: string | undefined;
  for (const m of obs.matchAll(FINISHED)) last = m[1];
  if (last !== undefined) return Number(last);
  const e = EXITCODE.exec(obs);
  return e === null ? undefined : Number(e[1]);
}

const EXCEPTION_LINE = /^([A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt)):/gm;
const PYTEST_E = /^E\s+([A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt))\b/gm;

const NAME_LINE = /^([A-Za-z_][\w.]*)(?::|\s*$)/;
const EXCEPTION_NAME = /(?:Error|Exception|Exit|Interrupt|Warning|StopIteration)$/;

/**
 * Exception type of the last Python traceback (or pytest `E` line) in an
 * observation. The exception line ends the traceback: it is the first
 * non-indented line after the last `File "..."` frame and its source line.
 * Program output printed between the frames (stdout and stderr merged by
 * `2>&1`) is skipped; when such output also follows the last frame, the
 * first line naming an exception (`...Error`, `...Exception`, `...Exit`, ...)
 * wins; an exception named otherwise (`UnificationFailed: ...`) is taken only
 * from the first non-indented line after the frame.
 */
export function errorTypeOf(obs: string): string | undefined {
  const k = obs.lastIndexOf("Traceback (most recent call last):");
  if (k >= 0) {
    const lines = obs.slice(k).split(/\r?\n/);
    let from = 1;
    for (let i = 1; i < lines.length; i++) {
      if (/^\s+File "/.test(lines[i] as string)) from = i + 1;
    }
    let first: string | undefined;
    let atFirst = true;
    for (let i = from; i < lines.length; i++) {
      const l = lines[i] as string;
      if (l.length === 0 || /^\s/.test(l)) continue;
      const name = NAME_LINE.exec(l)?.[1];
      if (name !== undefined && EXCEPTION_NAME.test(name)) return name;
      if (atFirst) first = name;
      atFirst = false;
    }
    if (first !== undefined) return first;
  }
  // a truncated log may have lost the Traceback header but kept the exception line
  let last: string | undefined;
  for (const m of obs.matchAll(EXCEPTION_LINE)) last = m[1];
  if (last !== undefined) return last;
  for (const m of obs.matchAll(PYTEST_E)) last = m[1];
  return last;
}

const EDIT_WRITES = new Set(["create", "str_replace", "insert", "undo_edit", "write", "append"]);

/** Number of lines of a string; 0 for an empty or non-string value. */
export function lineCount(s: unknown): number {
  return typeof s === "string" && s.length > 0 ? s.split("\n").length : 0;
}

/** The action-dependent fields of a step. */
export type ActionFields = {
  readonly action: string;
  readonly tool?: string;
  readonly command?: string;
  readonly filesTouched: readonly string[];
  readonly testsRun: readonly string[];
  readonly editSize: number;
};

/** Fields of a shell action. */
export function shellAction(cmd: string, tool: string): ActionFields {
  const segs = segments(cmd);
  const verb = shellVerb(segs);
  const w = shellWrites(segs);
  const f: ActionFields = {
    action: cmd,
    tool,
    filesTouched: w.files,
    testsRun: shellTests(segs),
    editSize: w.size,
  };
  return verb === undefined ? f : { ...f, command: verb };
}

/** Fields of a file-editor tool call (`str_replace_editor`-style arguments). */
export function editorAction(
  tool: string,
  argsText: string,
  args: JsonObject,
  path: string | undefined,
): ActionFields {
  const sub = typeof args.command === "string" ? args.command : undefined;
  const writes = sub !== undefined && EDIT_WRITES.has(sub);
  let size = 0;
  if (sub === "str_replace") size = lineCount(args.old_str) + lineCount(args.new_str);
  else if (sub === "create") size = lineCount(args.file_text);
  else if (sub === "insert") size = lineCount(args.new_str);
  const f: ActionFields = {
    action: `${tool} ${argsText}`,
    tool,
    filesTouched: writes && path !== undefined ? [path] : [],
    testsRun: [],
    editSize: size,
  };
  return sub === undefined ? f : { ...f, command: sub };
}

/** Builds a step from its action fields and observation text. */
export function makeStep(
  index: number,
  thought: string,
  a: ActionFields,
  observation: string,
  maxObs: number,
): Step {
  const s: {
    index: number;
    thought: string;
    action: string;
    command?: string;
    tool?: string;
    filesTouched: readonly string[];
    testsRun: readonly string[];
    editSize: number;
    exitCode?: number;
    error?: string;
    observation: string;
  } = {
    index,
    thought,
    action: a.action,
    filesTouched: a.filesTouched,
    testsRun: a.testsRun,
    editSize: a.editSize,
    observation: truncate(observation, maxObs),
  };
  if (a.command !== undefined) s.command = a.command;
  if (a.tool !== undefined) s.tool = a.tool;
  const code = exitCodeOf(observation);
  if (code !== undefined) s.exitCode = code;
  if (code !== 0) {
    const err = errorTypeOf(observation);
    if (err !== undefined) s.error = err;
  }
  return s;
}

/** Fields of a turn without an action. */
export const NO_ACTION: ActionFields = { action: "", filesTouched: [], testsRun: [], editSize: 0 };
