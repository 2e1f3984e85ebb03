import { failType } from "../core/validate.js";
import { failAt, idListAt, objectAt, parseJson, sourceOption } from "./_internal.js";
import { checkKnown, itemsOption, requiredRun } from "./_items.js";
import { buildTable, newRun } from "./_table.js";
import type { HarnessRuns } from "./types.js";

const FN = "parseSwebenchResults";

/** Options of {@link parseSwebenchResults}. */
export type ParseSwebenchResultsOptions = {
  /** The run's name (required: the file does not hold it; the harness names the file `<model>.<run_id>.json`). */
  readonly run: string;
  /**
   * The benchmark's instance ids (e.g. the 500 of SWE-bench Verified): every
   * one not resolved counts as unresolved. Required for a leaderboard
   * `results.json`, which lists only some outcomes.
   * @defaultValue the report's `submitted_ids`, if it covers `total_instances`
   */
  readonly items?: readonly string[];
  /** The file name, shown in error messages. */
  readonly source?: string;
};

/** Result of {@link parseSwebenchResults}: one run, `scores` equal to `data`. */
export type ParseSwebenchResultsResult = HarnessRuns & {
  /** Which summary was read: the harness's run report or a leaderboard `results.json`. */
  readonly format: "harness" | "leaderboard";
};

const KEYS = ["run", "items", "source"] as const;

/**
 * Parses a SWE-bench summary of one run into per-instance outcomes (1 =
 * resolved): the harness's run report or a leaderboard submission's
 * `results.json`.
 *
 * - The harness run report (`<model>.<run_id>.json`, written by
 *   `swebench.harness.run_evaluation`) lists `resolved_ids`,
 *   `submitted_ids`, `completed_ids`, `unresolved_ids`, `error_ids`,
 *   `empty_patch_ids`, ... and counts `total_instances`. The items are
 *   `options.items` or else `submitted_ids`; without `options.items` the
 *   report must have been run on every instance (`submitted_ids` covers
 *   `total_instances`), since instances it never saw would otherwise drop out
 *   of the denominator.
 * - A leaderboard submission (`evaluation/<split>/<submission>/results/results.json`
 *   of the SWE-bench experiments repository) lists `resolved` (and
 *   `no_generation`, `no_logs`, ...): instances not in `resolved` are
 *   unresolved, so the benchmark's ids must be given as `options.items`.
 *
 * As on the leaderboard, an instance that errored, had an empty patch or was
 * not submitted counts as unresolved (0). Every listed id must be one of the
 * items.
 *
 * @param report - The file's JSON text or its parsed value.
 * @param options - {@link ParseSwebenchResultsOptions}: `run` (required), `items`, `source`.
 * @returns One run (`scores` equal `data`) and the `format` recognised.
 * @throws {TypeError} If `report` is not an object, an id list is not an array of strings, or `run` is
 *   missing.
 * @throws {RangeError} If the report has neither `resolved_ids` nor `resolved`, items are needed and not
 *   given, or an id is not one of the items; the message names the source and the field.
 * @see https://github.com/SWE-bench/SWE-bench (`swebench/harness/reporting.py`, `make_run_report`); https://github.com/SWE-bench/experiments
 * @example
 * ```ts
 * const report = {
 *   total_instances: 3, submitted_instances: 3,
 *   submitted_ids: ["a__a-1", "a__a-2", "b__b-1"], resolved_ids: ["a__a-2"],
 * };
 * const r = parseSwebenchResults(report, { run: "my-agent" });
 * r.items; // ["a__a-1", "a__a-2", "b__b-1"]
 * r.data; // Uint8Array [0, 1, 0]
 * parseSwebenchResults({ resolved: ["x"] }, { run: "sub", items: ["x", "y"] }).data; // Uint8Array [1, 0]
 * parseSwebenchResults({ resolved: ["x"] }, { run: "sub" }); // throws RangeError: parseSwebenchResults: a leaderboard results.json lists only ...
 * ```
 */
export function parseSwebenchResults(
  report: unknown,
  options: ParseSwebenchResultsOptions,
): ParseSwebenchResultsResult {
  if (options === undefined) failType(FN, "options.run is required");
  const source = sourceOption(FN, options, KEYS);
  const run = requiredRun(
    FN,
    options.run,
    "the file is named <model>.<run_id>.json or sits in the submission's folder",
  );
  const given = itemsOption(FN, options.items);
  const o = objectAt(FN, source, "report", parseJson(FN, report, source));
  let format: "harness" | "leaderboard";
  let resolved: readonly string[];
  let items: readonly string[];
  if (o.resolved_ids !== undefined) {
    format = "harness";
    resolved = idListAt(FN, source, "resolved_ids", o.resolved_ids);
    if (given !== undefined) items = given;
    else {
      if (o.submitted_ids === undefined)
        failAt(
          FN,
          source,
          "report",
          "has no submitted_ids: pass options.items (the benchmark's instance ids)",
        );
      items = idListAt(FN, source, "submitted_ids", o.submitted_ids);
      const total = o.total_instances;
      if (typeof total === "number" && total !== items.length)
        failAt(
          FN,
          source,
          "submitted_ids",
          `covers ${items.length} of total_instances ${total}: pass options.items (the benchmark's instance ids) so that unsubmitted instances count as unresolved`,
        );
    }
  } else if (o.resolved !== undefined) {
    format = "leaderboard";
    resolved = idListAt(FN, source, "resolved", o.resolved);
    if (given === undefined)
      failAt(
        FN,
        source,
        "a leaderboard results.json",
        "lists only resolved (and no_generation, no_logs) ids: pass options.items (the benchmark's instance ids)",
      );
    items = given;
  } else {
    return failAt(
      FN,
      source,
      "report",
      `has neither resolved_ids (harness run report) nor resolved (leaderboard results.json) (keys: ${Object.keys(o).slice(0, 6).join(", ")})`,
    );
  }
  const universe = new Set(items);
  if (universe.size !== items.length) failAt(FN, source, "submitted_ids", "repeats an id");
  checkKnown(FN, source, format === "harness" ? "resolved_ids" : "resolved", resolved, universe);
  const yes = new Set(resolved);
  const cells = newRun(run);
  for (const id of items) {
    const v = yes.has(id) ? 1 : 0;
    cells.correct.set(id, v);
    cells.score.set(id, v);
  }
  return { ...buildTable(FN, source, [cells]), format };
}
