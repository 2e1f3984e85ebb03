import { checkNoHoles, failType } from "../core/validate.js";
import { checkStepNumbers } from "./_checkStep.js";
import type { Trajectory } from "./schema.js";

/**
 * The embedding input of each step: its action and observation joined by a
 * newline (paper 2, section 4.3: "the step's sanitized action and
 * observation ... joined into a single string"; the thought and the other
 * schema fields are not embedded). Empty parts are left out, so a step
 * without an action gives just its observation.
 *
 * Pass a trajectory from {@link sanitize}'s result to embed sanitised text;
 * on a raw parsed trajectory this gives the raw text (useful for the
 * raw-versus-sanitised {@link leakageProbe}).
 *
 * @param trajectory - A parsed (ideally sanitised) trajectory.
 * @returns One string per step, in step order.
 * @throws {TypeError} If `trajectory.steps` is not an array of steps with string `action` and `observation`
 *   and numeric `index` and `editSize`.
 * @throws {RangeError} If a step's `index` is not an integer >= 0 or its `editSize` is not finite
 *   (`stepTexts: trajectory.steps[1].editSize must be finite (got NaN)`).
 * @see Paper 2 (trajectory-aware subset selection), section 4.3.
 * @example
 * ```ts
 * stepTexts({
 *   id: "t1", framework: "swe-agent", instanceId: "demo__demo-1",
 *   steps: [
 *     { index: 0, thought: "look", action: "ls", observation: "setup.py", filesTouched: [], testsRun: [], editSize: 0 },
 *     { index: 1, thought: "no-op", action: "", observation: "Please run a command.", filesTouched: [], testsRun: [], editSize: 0 },
 *   ],
 * }); // ["ls\nsetup.py", "Please run a command."]
 * ```
 */
export function stepTexts(trajectory: Trajectory): string[] {
  const FN = "stepTexts";
  if (typeof trajectory !== "object" || trajectory === null || !Array.isArray(trajectory.steps)) {
    failType(FN, "trajectory must be a Trajectory with a steps array");
  }
  checkNoHoles(FN, "trajectory.steps", trajectory.steps);
  return trajectory.steps.map((s, i) => {
    if (typeof s?.action !== "string" || typeof s.observation !== "string") {
      failType(FN, `trajectory.steps[${i}] needs string action and observation`);
    }
    checkStepNumbers(FN, `trajectory.steps[${i}]`, s);
    if (s.action.length === 0) return s.observation;
    if (s.observation.length === 0) return s.action;
    return `${s.action}\n${s.observation}`;
  });
}
