/**
 * The stopping rule of `stoppingTime`, shared with the sequential strategies.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import { checkNestedKeys, checkNumber, failType } from "../core/validate.js";

/** A stopping rule: stop when the half-width is at most `halfWidth` and/or when the interval excludes `threshold`. */
export type StoppingRule = {
  /** Stop at the first t with `(upper - lower) / 2 <= halfWidth` (> 0). */
  readonly halfWidth?: number;
  /** Stop at the first t whose interval excludes this value (`upper < threshold` or `lower > threshold`). */
  readonly threshold?: number;
};

/**
 * Checks a rule: an object with a positive finite `halfWidth` and/or a finite
 * `threshold`. With `known`, any other own key is rejected with "did you
 * mean" (`stoppingTime`'s rule); without, other keys are left to the caller
 * (a sequential strategy's `sequential` option carries more).
 */
export function checkRule(
  fn: string,
  arg: string,
  rule: unknown,
  known?: readonly string[],
): StoppingRule {
  if (typeof rule !== "object" || rule === null || Array.isArray(rule)) {
    failType(fn, `${arg} must be an object { halfWidth?, threshold? }`);
  }
  if (known !== undefined) checkNestedKeys(fn, arg, rule, known);
  const { halfWidth, threshold } = rule as { halfWidth?: unknown; threshold?: unknown };
  if (halfWidth === undefined && threshold === undefined) {
    failType(fn, `${arg} must set halfWidth, threshold or both`);
  }
  if (halfWidth !== undefined) {
    checkNumber(fn, `${arg}.halfWidth`, halfWidth, 0, Number.POSITIVE_INFINITY, { lower: true });
  }
  if (threshold !== undefined) checkNumber(fn, `${arg}.threshold`, threshold);
  return rule as StoppingRule;
}

/** Which side of the threshold an interval lies on, if it excludes it. */
export function thresholdSide(
  lower: number,
  upper: number,
  threshold: number | undefined,
): "below" | "above" | "undecided" {
  if (threshold === undefined) return "undecided";
  if (upper < threshold) return "below";
  if (lower > threshold) return "above";
  return "undecided";
}

/** Whether the rule fires on the interval [lower, upper]. */
export function ruleFires(lower: number, upper: number, rule: StoppingRule): boolean {
  if (rule.halfWidth !== undefined && (upper - lower) / 2 <= rule.halfWidth) return true;
  return thresholdSide(lower, upper, rule.threshold) !== "undecided";
}
