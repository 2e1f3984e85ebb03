import { checkOptions, fail, failType } from "../core/validate.js";
import { distinctIds } from "./_internal.js";
import type { HarnessRuns } from "./types.js";

const FN = "failureLabels";

/** Options of {@link failureLabels}. */
export type FailureLabelsOptions = {
  /**
   * The run whose labels to take.
   * @defaultValue the only run of the table
   */
  readonly run?: string;
};

/**
 * One run's outcomes as TCS labels, **1 = failure**: `1 - data` of that run.
 *
 * Harnesses (and {@link HarnessRuns}) write 1 for correct; the TCS
 * strategies, `runStrategy` and the CLI's `--labels` count failures (1 =
 * failure, 0 = pass), so the estimate is a failure rate. This is the one
 * place the polarity flips.
 *
 * @param table - A table from one of the importers.
 * @param options - {@link FailureLabelsOptions}: `run`.
 * @returns A new `Uint8Array` over the items: 1 where the run failed the item.
 * @throws {TypeError} If `table` is not an object, its `runs` or `items` is not an array of strings (a
 *   hole of a sparse array included), its `data` is not a `Uint8Array`, its `scores` (when given) not a
 *   `Float64Array`, or `run` is not a string.
 * @throws {RangeError} If `runs` or `items` repeats an id, `data` does not hold runs x items values of
 *   0/1 (the chosen run's row is read), `scores` has another length or a non-finite value, the table has
 *   several runs and none is named, or the named run is not in it.
 * @example
 * ```ts
 * const t = parseSwebenchResults({ resolved: ["x"] }, { run: "a", items: ["x", "y"] });
 * t.data; // Uint8Array [1, 0]
 * failureLabels(t); // Uint8Array [0, 1]
 * ```
 */
export function failureLabels(table: HarnessRuns, options?: FailureLabelsOptions): Uint8Array {
  checkOptions(FN, options, ["run"]);
  if (typeof table !== "object" || table === null)
    failType(FN, "table must be a HarnessRuns object (runs, items, data)");
  distinctIds(FN, "table.runs", table.runs, "run names");
  distinctIds(FN, "table.items", table.items, "item ids");
  if (!(table.data instanceof Uint8Array))
    failType(FN, "table.data must be a Uint8Array of 0/1 (runs x items)");
  if (table.data.length !== table.runs.length * table.items.length)
    fail(
      FN,
      `table.data length ${table.data.length} does not equal runs * items (${table.runs.length} * ${table.items.length})`,
    );
  // not read here, but every table carries finite scores (combineRuns refuses others): a NaN is a
  // corrupted table (absent: a table built by hand with data alone)
  const scores: unknown = table.scores;
  if (scores !== undefined) {
    if (!(scores instanceof Float64Array))
      failType(FN, "table.scores must be a Float64Array (runs x items)");
    if (scores.length !== table.data.length)
      fail(
        FN,
        `table.scores length ${scores.length} does not equal table.data length ${table.data.length}`,
      );
    for (let c = 0; c < scores.length; c++) {
      if (!Number.isFinite(scores[c] as number))
        fail(FN, `table.scores[${c}] is not finite`, scores[c]);
    }
  }
  const name = options?.run;
  if (name !== undefined && typeof name !== "string") failType(FN, "options.run must be a string");
  let r = 0;
  if (name === undefined) {
    if (table.runs.length !== 1)
      fail(
        FN,
        `table has ${table.runs.length} runs: choose one with options.run (${table.runs.join(", ")})`,
      );
  } else {
    r = table.runs.indexOf(name);
    if (r < 0)
      fail(FN, `run ${JSON.stringify(name)} is not in the table (runs: ${table.runs.join(", ")})`);
  }
  const N = table.items.length;
  const out = new Uint8Array(N);
  for (let i = 0; i < N; i++) {
    const v = table.data[r * N + i] as number;
    if (v > 1)
      fail(
        FN,
        `table.data must hold 0 or 1 (run ${JSON.stringify(table.runs[r])}, item ${JSON.stringify(table.items[i])})`,
        v,
      );
    out[i] = 1 - v;
  }
  return out;
}
