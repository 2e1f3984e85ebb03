import { failType } from "../core/validate.js";
import { failAt, objectAt, parseJson, sourceOption } from "./_internal.js";
import { checkKnown, itemsOption, requiredRun } from "./_items.js";
import { buildTable, newRun } from "./_table.js";
import type { HarnessRuns } from "./types.js";

const FN = "parseSwebenchReports";

/** Options of {@link parseSwebenchReports}. */
export type ParseSwebenchReportsOptions = {
  /** The run's name (required: the reports do not hold it). */
  readonly run: string;
  /**
   * The benchmark's instance ids: an instance without a report counts as
   * unresolved (the harness writes no `report.json` when the patch is empty
   * or evaluation errored).
   * @defaultValue the instances that have a report, in input order
   */
  readonly items?: readonly string[];
  /** The file name, shown in error messages. */
  readonly source?: string;
};

/** Result of {@link parseSwebenchReports}: one run, `scores` equal to `data`. */
export type ParseSwebenchReportsResult = HarnessRuns;

const KEYS = ["run", "items", "source"] as const;

/**
 * Parses SWE-bench per-instance reports of one run into outcomes (1 =
 * resolved): `{ [instance_id]: { resolved: boolean, ... } }`.
 *
 * That is the shape of the harness's per-instance `report.json`
 * (`logs/run_evaluation/<run_id>/<model>/<instance_id>/report.json`: one key,
 * with `patch_is_None`, `patch_exists`, `patch_successfully_applied`,
 * `resolved`, `tests_status`) and of a leaderboard submission's
 * `per_instance_details.json` (every instance, with `resolved`, `cost`,
 * `api_calls`). Merge several `report.json` objects of one run into one
 * object first (`{ ...a, ...b }`). A bare report without its instance-id key
 * (as some agents copy it) is refused with a hint: wrap it as
 * `{ [instanceId]: report }`.
 *
 * @param reports - The JSON text or parsed object: instance id -> report.
 * @param options - {@link ParseSwebenchReportsOptions}: `run` (required), `items`, `source`.
 * @returns One run: `runs`, `items`, `data` (1 = resolved), `scores` (= `data`).
 * @throws {TypeError} If `reports` or a report is not an object, a `resolved` field is not a boolean, or
 *   `run` is missing.
 * @throws {RangeError} If there is no report, the object is a bare report, or an instance is not one of
 *   `options.items`; the message names the source and the instance.
 * @see https://github.com/SWE-bench/SWE-bench (`swebench/harness/grading.py`, `get_eval_report`)
 * @example
 * ```ts
 * const reports = {
 *   "astropy__astropy-12907": { patch_exists: true, resolved: true },
 *   "django__django-11099": { patch_exists: true, resolved: false },
 * };
 * parseSwebenchReports(reports, { run: "agent" }).data; // Uint8Array [1, 0]
 * const all = ["astropy__astropy-12907", "django__django-11099", "sympy__sympy-20590"];
 * parseSwebenchReports(reports, { run: "agent", items: all }).data; // Uint8Array [1, 0, 0]
 * parseSwebenchReports({ resolved: true, tests_status: {} }, { run: "agent" }); // throws RangeError: parseSwebenchReports: reports is a bare report ...
 * ```
 */
export function parseSwebenchReports(
  reports: unknown,
  options: ParseSwebenchReportsOptions,
): ParseSwebenchReportsResult {
  if (options === undefined) failType(FN, "options.run is required");
  const source = sourceOption(FN, options, KEYS);
  const run = requiredRun(FN, options.run, "the reports do not name the run");
  const given = itemsOption(FN, options.items);
  const o = objectAt(FN, source, "reports", parseJson(FN, reports, source));
  if (typeof o.resolved === "boolean")
    failAt(
      FN,
      source,
      "reports",
      "is a bare report (it has a resolved field): wrap it as { [instanceId]: report }",
    );
  const ids = Object.keys(o);
  if (ids.length === 0) failAt(FN, source, "reports", "is empty");
  const resolved = new Map<string, number>();
  for (const id of ids) {
    const r = objectAt(FN, source, `reports[${JSON.stringify(id)}]`, o[id]);
    if (typeof r.resolved !== "boolean")
      failType(
        FN,
        `${source === undefined ? "" : `${source}: `}reports[${JSON.stringify(id)}].resolved must be a boolean (got ${JSON.stringify(r.resolved)})`,
      );
    resolved.set(id, r.resolved ? 1 : 0);
  }
  const items = given ?? ids;
  if (given !== undefined) checkKnown(FN, source, "reports", ids, new Set(given));
  const cells = newRun(run);
  for (const id of items) {
    const v = resolved.get(id) ?? 0;
    cells.correct.set(id, v);
    cells.score.set(id, v);
  }
  return buildTable(FN, source, [cells]);
}
