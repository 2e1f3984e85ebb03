import type { Plain } from "../core/toPlain.js";
import { optionKeys } from "../core/validate.js";
import { asOutcomes, passCounts, trainingRuns } from "./_internal.js";
import type { StrataHistoryOptions } from "./consistencyStrata.js";
import type { Outcomes } from "./outcomes.js";

const KEYS = optionKeys<StrataHistoryOptions>()("runs");

/**
 * Difficulty strata: 1 ("easy") for items resolved in a strict majority of the
 * history's runs, 0 ("hard") otherwise ("Diff-Strat").
 *
 * Definition (trajectory-aware subset selection paper, section 4.4.1 (3)):
 * "those the agent solved in the majority of the prior full runs (easy
 * instances), and those it did not (hard instances)". With W runs and pass
 * count c_i the label is 1 when 2 c_i > W; an exact half (even W) is not a
 * majority and counts as hard.
 *
 * @param history - Past runs' outcomes.
 * @param options - `runs`: which runs of `history` form the window (default all).
 * @returns Per item, 1 (easy) or 0 (hard).
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
 * difficultyStrata(h); // Int32Array [1, 0, 0]  (z passed 1 of 2: not a majority)
 * difficultyStrata(h, { runs: [0] }); // Int32Array [1, 0, 1]
 * ```
 */
export function difficultyStrata(
  history: Outcomes | Plain<Outcomes>,
  options: StrataHistoryOptions = {},
): Int32Array {
  const fn = "difficultyStrata";
  history = asOutcomes(fn, "history", history);
  const runs = trainingRuns(fn, history, options, KEYS);
  const c = passCounts(history, runs);
  const W = runs.length;
  const out = new Int32Array(c.length);
  for (let i = 0; i < c.length; i++) out[i] = 2 * (c[i] as number) > W ? 1 : 0;
  return out;
}
