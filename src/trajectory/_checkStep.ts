/**
 * The one check of a {@link Step}'s numeric fields, shared by every function
 * that takes steps (`sanitize`, `stepTexts`, `trajectoryVectors`,
 * `agentStates`, `behavioralSignals`, `fitTedBaseline`).
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import { checkInteger, checkNumber } from "../core/validate.js";
import type { Step } from "./schema.js";

/**
 * Checks `step.index` (an integer >= 0) and `step.editSize` (a finite
 * number): a NaN or an infinity there is a corrupt step, refused even by a
 * function that does not read the field, since the step is copied into its
 * output or passed on to one that does. `where` names the step
 * (`trajectory.steps[3]`), so the message reads
 * `fn: trajectory.steps[3].editSize must be finite (got NaN)`.
 *
 * @throws {TypeError} If a field is not a number.
 * @throws {RangeError} If `index` is not an integer >= 0 or `editSize` is not finite.
 */
export function checkStepNumbers(fn: string, where: string, step: Step): void {
  checkInteger(fn, `${where}.index`, step.index, 0);
  checkNumber(fn, `${where}.editSize`, step.editSize);
}
