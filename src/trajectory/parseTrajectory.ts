import { fail, failType } from "../core/validate.js";
import { miniSweAgentAs } from "./parseMiniSweAgent.js";
import { openHandsCompletionAs } from "./parseOpenHandsCompletion.js";
import { sweAgentAs } from "./parseSweAgent.js";
import type { ParseTrajectoryOptions, Trajectory } from "./schema.js";

const FN = "parseTrajectory";

/**
 * Parses an agent log of any supported framework into the unified
 * {@link Trajectory} schema, detecting the format from its keys.
 *
 * Detection, first match wins: a `trajectory` array is SWE-agent
 * ({@link parseSweAgent}); a `messages` array with an `info` object or a
 * `trajectory_format` starting with `mini-swe-agent` is mini-swe-agent, v1
 * or v2 with its tool calls ({@link parseMiniSweAgent}); a `messages` array with a `response` object or
 * with any message carrying `tool_calls` is an OpenHands completion log
 * ({@link parseOpenHandsCompletion}). Rule-based extraction, the same for all
 * formats (paper 2, section 4.1): shell commands are split into simple
 * commands and normalised to their program; test runs are found by pattern
 * (pytest, tox, nose, unittest, `python -m ...`, Django's `runtests.py`, test
 * scripts); exit codes are read from the observation; when the exit code is
 * not 0 the last Python traceback gives the error type; files touched come
 * from edit tools and shell writes.
 *
 * @param raw - The parsed JSON value of one log file.
 * @param options - {@link ParseTrajectoryOptions}, passed to the detected parser (`instanceId` is required for OpenHands logs).
 * @returns The trajectory.
 * @throws {TypeError} If `raw` is not a JSON object (a string is reported as "call JSON.parse first").
 * @throws {RangeError} If the format is not recognised (the message lists the keys it saw), or the detected
 *   parser rejects the log.
 * @see Paper 2 (trajectory-aware subset selection), section 4.1.
 * @example
 * ```ts
 * const t = parseTrajectory({
 *   trajectory: [{ thought: "List files.", action: "ls", observation: "setup.py" }],
 *   instance_id: "demo__demo-1",
 * });
 * t.framework;          // "swe-agent"
 * t.steps[0].command;   // "ls"
 * parseTrajectory({ events: [] }); // throws RangeError: parseTrajectory: unknown trajectory format (saw keys: events; ...)
 * ```
 */
export function parseTrajectory(raw: unknown, options?: ParseTrajectoryOptions): Trajectory {
  if (typeof raw === "string") {
    failType(FN, "raw must be a parsed JSON object, not a string (call JSON.parse first)");
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    failType(
      FN,
      `raw must be a JSON object (got ${raw === null ? "null" : Array.isArray(raw) ? "array" : typeof raw})`,
    );
  }
  const o = raw as { readonly [k: string]: unknown };
  if (Array.isArray(o.trajectory)) return sweAgentAs(FN, raw, options);
  if (Array.isArray(o.messages)) {
    const fmt = o.trajectory_format;
    if (
      (typeof o.info === "object" && o.info !== null) ||
      (typeof fmt === "string" && fmt.startsWith("mini-swe-agent"))
    ) {
      return miniSweAgentAs(FN, raw, options);
    }
    const hasToolCalls = o.messages.some(
      (m: unknown) => typeof m === "object" && m !== null && "tool_calls" in m,
    );
    if ((typeof o.response === "object" && o.response !== null) || hasToolCalls) {
      return openHandsCompletionAs(FN, raw, options);
    }
  }
  const keys = Object.keys(o).slice(0, 12).join(", ");
  fail(
    FN,
    `unknown trajectory format (saw keys: ${keys.length > 0 ? keys : "none"}; expected "trajectory" [SWE-agent], "messages" + "info" [mini-swe-agent] or "messages" + "response" [OpenHands completion])`,
  );
}
