import type { Plain } from "../core/toPlain.js";
import { optionKeys } from "../core/validate.js";
import { asOutcomes, passCounts, trainingRuns } from "./_internal.js";
import type { Outcomes } from "./outcomes.js";

const KEYS = optionKeys<StrataHistoryOptions>()("runs");

/** Options of {@link consistencyStrata} and {@link difficultyStrata}. */
export type StrataHistoryOptions = {
  /**
   * Indices of the runs of `history` to count (the training window), distinct.
   * @defaultValue every run of `history`.
   */
  readonly runs?: readonly number[] | Int32Array;
};

/**
 * Consistency strata: each item's stratum is its number of resolved runs in
 * the history ("Consist-Strat").
 *
 * Definition (trajectory-aware subset selection paper, section 4.4.1 (4)):
 * "groups instances by their exact number of passes across prior runs"; with
 * W prior runs the labels are 0..W (W + 1 possible strata, some possibly
 * empty). With one run it equals {@link difficultyStrata}.
 *
 * @param history - Past runs' outcomes.
 * @param options - `runs`: which runs of `history` form the window (default all).
 * @returns Per item, the pass count c_i = sum_r y_ri over the chosen runs, as stratum label.
 * @throws {TypeError} If `history` is not a well-formed Outcomes or `options.runs` is not an array.
 * @throws {RangeError} If `history` is empty, holds a value other than 0/1 or a duplicate id, or
 *   `options.runs` is empty, repeats a run or is out of range.
 * @see Ayyad et al. (2026), Trajectory-Aware Benchmark Subset Selection, section 4.4.1.
 * @example
 * ```ts
 * const h = outcomes([
 *   { run: "a", item: "x", resolved: 1 }, { run: "a", item: "y", resolved: 0 }, { run: "a", item: "z", resolved: 1 },
 *   { run: "b", item: "x", resolved: 1 }, { run: "b", item: "y", resolved: 0 }, { run: "b", item: "z", resolved: 0 },
 * ]);
 * consistencyStrata(h); // Int32Array [2, 0, 1]
 * consistencyStrata(h, { runs: [1] }); // Int32Array [1, 0, 0]
 * ```
 */
export function consistencyStrata(
  history: Outcomes | Plain<Outcomes>,
  options: StrataHistoryOptions = {},
): Int32Array {
  const fn = "consistencyStrata";
  history = asOutcomes(fn, "history", history);
  return passCounts(history, trainingRuns(fn, history, options, KEYS));
}
