import { checkChoice, checkNumber, failType } from "../core/validate.js";
import {
  arrayAt,
  failAt,
  idAt,
  objectAt,
  parseJson,
  runOption,
  sourceOption,
  stringAt,
} from "./_internal.js";
import { buildTable, newRun } from "./_table.js";
import type { HarnessRuns } from "./types.js";

/** How the scores of one sample's epochs are combined (Inspect's reducer names). */
export type InspectReducer = "mean" | "median" | "mode" | "max";

/** Options of {@link parseInspectLog} and {@link parseInspectEval}. */
export type ParseInspectLogOptions = {
  /**
   * The scorer to read (a key of `samples[].scores`); required when the log has more than one.
   * @defaultValue the only scorer of the log
   */
  readonly scorer?: string;
  /**
   * How the epochs of a sample are reduced to one score.
   * @defaultValue {@link parseInspectLogDefaults}`.reducer` (`"mean"`, Inspect's default reducer)
   */
  readonly reducer?: InspectReducer;
  /**
   * An item counts as correct when its reduced score is at least this.
   * @defaultValue {@link parseInspectLogDefaults}`.threshold` (1: full credit)
   */
  readonly threshold?: number;
  /** The run's name. @defaultValue the log's `eval.model` */
  readonly run?: string;
  /** The file name, shown in error messages. */
  readonly source?: string;
};

/** Defaults of {@link parseInspectLog} and {@link parseInspectEval}. */
export const parseInspectLogDefaults = Object.freeze({
  reducer: "mean" as InspectReducer,
  threshold: 1,
});

/** Result of {@link parseInspectLog} and {@link parseInspectEval}: one run. */
export type ParseInspectLogResult = HarnessRuns & {
  /** The task name (`eval.task`). */
  readonly task: string;
  /** The scorer read. */
  readonly scorer: string;
  /** The reducer applied over epochs. */
  readonly reducer: InspectReducer;
  /** Number of epochs found for each item. */
  readonly epochs: Int32Array;
};

/** @internal */
export const INSPECT_KEYS = ["scorer", "reducer", "threshold", "run", "source"] as const;
const REDUCERS: readonly InspectReducer[] = ["mean", "median", "mode", "max"];
/** A decimal number as text: sign, digits, point, exponent (no hex, no spaces). */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A score value as a number, following Inspect's `value_to_float`: numbers
 * and booleans as they are, "C" = 1, "P" = 0.5, "I" and "N" = 0, "yes"/"true"
 * = 1, "no"/"false" = 0, decimal numbers as text ("0.75", "1e-1"; not "0x1" or " 1 "); anything else is an error.
 */
function scoreValue(fn: string, source: string | undefined, where: string, v: unknown): number {
  if (typeof v === "number") {
    if (!Number.isFinite(v)) failAt(fn, source, where, "is not a finite number", v);
    return v;
  }
  if (typeof v === "boolean") return Number(v);
  if (typeof v === "string") {
    if (v === "C") return 1;
    if (v === "P") return 0.5;
    if (v === "I" || v === "N") return 0;
    const s = v.toLowerCase();
    if (s === "yes" || s === "true") return 1;
    if (s === "no" || s === "false") return 0;
    // a decimal number only (Number() would also read "0x1" and " 1 ")
    const x = Number(v);
    if (DECIMAL.test(v) && Number.isFinite(x)) return x;
  }
  return failAt(fn, source, where, 'is not a score ("C", "I", "P", "N", a number or a boolean)', v);
}

function reduce(values: number[], reducer: InspectReducer): number {
  const n = values.length;
  switch (reducer) {
    case "mean":
      return values.reduce((a, b) => a + b, 0) / n;
    case "max":
      return values.reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY);
    case "median": {
      const s = [...values].sort((a, b) => a - b);
      return n % 2 === 1
        ? (s[(n - 1) / 2] as number)
        : ((s[n / 2 - 1] as number) + (s[n / 2] as number)) / 2;
    }
    case "mode": {
      // the most frequent value; a tie goes to the value seen first (as
      // Inspect's Counter.most_common): count all, then take the first maximum
      const count = new Map<number, number>();
      for (const v of values) count.set(v, (count.get(v) ?? 0) + 1);
      let best = values[0] as number;
      for (const [v, c] of count) if (c > (count.get(best) as number)) best = v;
      return best;
    }
  }
}

/** @internal One sample as found in a log: its value and where it came from (for errors). */
export type InspectSample = { readonly where: string; readonly sample: unknown };

/** @internal Reads the samples of one Inspect log (the `eval` header and its samples). */
export function readInspect(
  fn: string,
  evalSpec: unknown,
  samples: readonly InspectSample[],
  options: ParseInspectLogOptions | undefined,
  source: string | undefined,
): ParseInspectLogResult {
  const spec = objectAt(fn, source, "eval", evalSpec);
  const run = runOption(fn, options?.run) ?? stringAt(fn, source, "eval.model", spec.model);
  const task = typeof spec.task === "string" ? spec.task : "";
  const reducer = options?.reducer ?? parseInspectLogDefaults.reducer;
  checkChoice(fn, "options.reducer", reducer, REDUCERS);
  const threshold = options?.threshold ?? parseInspectLogDefaults.threshold;
  checkNumber(fn, "options.threshold", threshold);
  let scorer = options?.scorer;
  if (scorer !== undefined && typeof scorer !== "string")
    failType(fn, "options.scorer must be a string");
  if (samples.length === 0)
    failAt(fn, source, "samples", "is empty (a header-only log, or no sample finished)");
  const byItem = new Map<string, number[]>();
  const seen = new Set<string>();
  for (const { where, sample } of samples) {
    const s = objectAt(fn, source, where, sample);
    const id = idAt(fn, source, `${where}.id`, s.id);
    if (s.epoch !== undefined) {
      // a repeated (id, epoch) is a concatenated or duplicated log, not one more epoch
      const key = JSON.stringify([id, s.epoch]);
      if (seen.has(key))
        failAt(fn, source, where, `repeats id ${JSON.stringify(id)} epoch ${String(s.epoch)}`);
      seen.add(key);
    }
    const scores = objectAt(fn, source, `${where}.scores`, s.scores);
    if (scorer === undefined) {
      const names = Object.keys(scores);
      if (names.length !== 1)
        failAt(
          fn,
          source,
          `${where}.scores`,
          `has ${names.length} scorers (${names.join(", ")}): choose one with options.scorer`,
        );
      scorer = names[0] as string;
    }
    if (!(scorer in scores))
      failAt(
        fn,
        source,
        `${where}.scores`,
        `has no scorer ${JSON.stringify(scorer)} (scorers: ${Object.keys(scores).join(", ")})`,
      );
    const score = objectAt(fn, source, `${where}.scores.${scorer}`, scores[scorer]);
    const value = scoreValue(fn, source, `${where}.scores.${scorer}.value`, score.value);
    const list = byItem.get(id);
    if (list === undefined) byItem.set(id, [value]);
    else list.push(value);
  }
  const cells = newRun(run);
  const epochs = new Int32Array(byItem.size);
  let i = 0;
  for (const [id, values] of byItem) {
    const v = reduce(values, reducer);
    cells.score.set(id, v);
    cells.correct.set(id, v >= threshold ? 1 : 0);
    epochs[i++] = values.length;
  }
  const table = buildTable(fn, source, [cells]);
  return { ...table, task, scorer: scorer as string, reducer, epochs };
}

const FN = "parseInspectLog";

/**
 * Parses an Inspect AI JSON eval log (`inspect eval ... --log-format json`)
 * into one run: per-sample correctness and score from one scorer, epochs
 * reduced to one score per sample.
 *
 * Reads `eval.model` (the run name), `eval.task` and `samples[]`, each with
 * `id`, `epoch` and `scores.<scorer>.value`. A value is turned into a number
 * as Inspect's `value_to_float` does: "C" (correct) = 1, "P" (partial) = 0.5,
 * "I" (incorrect) and "N" (no answer) = 0, numbers and booleans as they are,
 * "yes"/"true" = 1, "no"/"false" = 0, decimal numbers as text (not "0x1" or " 1 "); any other value
 * (e.g. a dictionary of several metrics) is an error, never a silent 0.
 * The epochs of a sample are reduced by `reducer` (mean, median, mode —
 * ties to the value seen first — or max over the epochs; a repeated
 * (`id`, `epoch`) pair is an error, not one more epoch), and the item is
 * correct (1) when the reduced score is at least `threshold` (by default 1:
 * full credit, so with the mean reducer every epoch must be correct).
 *
 * Polarity: `data` is 1 = correct; TCS labels are 1 = failure ({@link failureLabels}).
 *
 * @param log - The log's JSON text or its parsed value.
 * @param options - {@link ParseInspectLogOptions}: `scorer`, `reducer`, `threshold`, `run`, `source`.
 * @returns One run with `scores` (the reduced scores), `task`, `scorer`, `reducer` and `epochs` (epochs per item).
 * @throws {TypeError} If the log, `eval`, a sample or its `scores` is not an object, or an id is neither a
 *   string nor an integer.
 * @throws {RangeError} If there are no samples, a sample lacks the scorer, the log has several scorers and
 *   none is chosen, a value is not a score, or an option is invalid; the message names the source and the
 *   sample's path.
 * @see https://inspect.aisi.org.uk/eval-logs.html (log format); `inspect_ai.scorer.value_to_float`
 * @example
 * ```ts
 * const log = {
 *   eval: { task: "arc", model: "openai/gpt-4o" },
 *   samples: [
 *     { id: 1, epoch: 1, scores: { match: { value: "C" } } },
 *     { id: 1, epoch: 2, scores: { match: { value: "I" } } },
 *     { id: 2, epoch: 1, scores: { match: { value: "C" } } },
 *     { id: 2, epoch: 2, scores: { match: { value: "C" } } },
 *   ],
 * };
 * const r = parseInspectLog(log);
 * r.runs; // ["openai/gpt-4o"]
 * r.scores; // Float64Array [0.5, 1]
 * r.data; // Uint8Array [0, 1]
 * parseInspectLog(log, { reducer: "max" }).data; // Uint8Array [1, 1]
 * ```
 */
export function parseInspectLog(
  log: unknown,
  options?: ParseInspectLogOptions,
): ParseInspectLogResult {
  const source = sourceOption(FN, options, INSPECT_KEYS);
  const o = objectAt(FN, source, "log", parseJson(FN, log, source));
  const samples = arrayAt(FN, source, "samples", o.samples ?? []);
  return readInspect(
    FN,
    o.eval,
    samples.map((sample, k) => ({ where: `samples[${k}]`, sample })),
    options,
    source,
  );
}
