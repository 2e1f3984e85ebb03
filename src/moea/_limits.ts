import { fail } from "../core/validate.js";

/**
 * The most generations `nsga2` and `identifySlices` run: 1,000,000 (the
 * paper configuration runs 6,907). A larger request is a `RangeError` rather
 * than a call that does not return for days.
 * @internal
 */
export const maxGenerations = 1_000_000;

/**
 * Fails unless a matrix of objective vectors with rows has at least one
 * column: rows of no objectives are all equal, and their fronts, crowding,
 * dominance and distances meant nothing (they came back as if computed).
 * @internal
 */
export function checkObjectiveColumns(
  fn: string,
  name: string,
  M: { readonly rows: number; readonly cols: number },
): void {
  if (M.rows > 0 && M.cols < 1)
    fail(fn, `${name} has no columns: each row needs at least one objective`);
}
