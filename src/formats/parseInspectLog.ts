import { checkChoice, checkNumber, fail, failType } from "../core/validate.js";
import {
  arrayAt,
  at,
  failAt,
  idAt,
  type Json,
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
  /**
   * What to do with a sample that has no score: an errored sample (`error`
   * set and no value for the scorer, as Inspect writes it when
   * `fail_on_error` tolerates errors or the log's status is `"error"`) or an
   * unscored one (value `null` or `NaN`, as `Score.unscored()` is written, or
   * no `scores` at all). `"fail"`: a `RangeError` naming the sample (id,
   * epoch) and why; `"skip"`: leave that epoch out, as Inspect's own metrics
   * and reducers do (an item whose every epoch is left out is not an item of
   * the run); `"incorrect"`: count that epoch as score 0. Either way the
   * samples are listed in the result's `unscoredSamples`.
   * @defaultValue {@link parseInspectLogDefaults}`.unscored` (`"fail"`)
   */
  readonly unscored?: InspectUnscored;
  /** The file name, shown in error messages. */
  readonly source?: string;
};

/** What {@link parseInspectLog} does with an errored or unscored sample (`options.unscored`). */
export type InspectUnscored = "fail" | "skip" | "incorrect";

/** A sample (one epoch) that had no score, in {@link ParseInspectLogResult}`.unscoredSamples`. */
export type InspectUnscoredSample = {
  /** The sample's id. */
  readonly id: string;
  /** The sample's epoch (undefined when the log does not give it). */
  readonly epoch: number | undefined;
  /** `"error"`: the sample errored (`error` set) and has no score; `"unscored"`: its value is null or NaN, or it has no `scores`. */
  readonly reason: "error" | "unscored";
  /** The error's message (`error.message`) of an errored sample; "" otherwise. */
  readonly message: string;
};

/** Defaults of {@link parseInspectLog} and {@link parseInspectEval}. */
export const parseInspectLogDefaults = Object.freeze({
  reducer: "mean" as InspectReducer,
  threshold: 1,
  unscored: "fail" as InspectUnscored,
});

/** Result of {@link parseInspectLog} and {@link parseInspectEval}: one run. */
export type ParseInspectLogResult = HarnessRuns & {
  /** The task name (`eval.task`). */
  readonly task: string;
  /** The scorer read. */
  readonly scorer: string;
  /** The reducer applied over epochs. */
  readonly reducer: InspectReducer;
  /** Number of epochs read for each item (with `unscored: "skip"`, the scored ones). */
  readonly epochs: Int32Array;
  /**
   * The samples (one per epoch) that had no score, in log order: skipped or
   * counted as 0 according to `options.unscored`; empty when every sample
   * was scored.
   */
  readonly unscoredSamples: readonly InspectUnscoredSample[];
};

/** @internal */
export const INSPECT_KEYS = [
  "scorer",
  "reducer",
  "threshold",
  "run",
  "unscored",
  "source",
] as const;
const REDUCERS: readonly InspectReducer[] = ["mean", "median", "mode", "max"];
const UNSCORED: readonly InspectUnscored[] = ["fail", "skip", "incorrect"];
/** The key a non-finite JSON constant is rewritten to before `JSON.parse` (see {@link parseInspectJson}). */
const NON_FINITE = "$evalsift-non-finite";

/**
 * `JSON.parse` of an Inspect log's text, accepting the constants `NaN`,
 * `Infinity` and `-Infinity` outside strings: Inspect writes a non-finite
 * float so (pydantic's `ser_json_inf_nan="constants"`; `Score.unscored()`
 * is `NaN`), which strict JSON has not. Only when the strict parse fails are
 * the constants rewritten (outside strings) to a tagged object that the
 * reviver turns back into the number. An already parsed value is returned as it is.
 * @internal
 */
export function parseInspectJson(fn: string, input: unknown, source: string | undefined): unknown {
  if (typeof input !== "string") return input;
  try {
    return JSON.parse(input) as unknown;
  } catch (e) {
    if (!/NaN|Infinity/.test(input)) return parseJson(fn, input, source);
    let out = "";
    let from = 0;
    let inString = false;
    for (let i = 0; i < input.length; i++) {
      const c = input[i];
      if (inString) {
        if (c === "\\") i++;
        else if (c === '"') inString = false;
        continue;
      }
      if (c === '"') {
        inString = true;
        continue;
      }
      const word = ["NaN", "Infinity", "-Infinity"].find((w) => input.startsWith(w, i));
      if (word === undefined) continue;
      out += `${input.slice(from, i)}{"${NON_FINITE}":"${word}"}`;
      i += word.length - 1;
      from = i + 1;
    }
    if (from === 0) return parseJson(fn, input, source);
    try {
      return JSON.parse(out + input.slice(from), (_k, v: unknown) =>
        typeof v === "object" && v !== null && Object.keys(v).length === 1 && NON_FINITE in v
          ? Number((v as Record<string, string>)[NON_FINITE])
          : v,
      ) as unknown;
    } catch {
      // report the original text's error, not the rewritten one's
      return fail(
        fn,
        `${at(source)}not valid JSON (${e instanceof Error ? e.message : String(e)})`,
      );
    }
  }
}
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

/** The message of a sample's `error` (an `EvalError` object, or a string). */
function errorMessage(error: unknown): string {
  if (typeof error === "string") return error;
  if (typeof error === "object" && error !== null) {
    const m = (error as Json).message;
    if (typeof m === "string") return m;
  }
  return "";
}

/** The first line of a message, shortened to 80 characters. */
function clip(message: string): string {
  const line = message.split("\n", 1)[0] as string;
  return line.length > 80 ? `${line.slice(0, 77)}...` : line;
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
  const unscored = options?.unscored ?? parseInspectLogDefaults.unscored;
  checkChoice(fn, "options.unscored", unscored, UNSCORED);
  if (samples.length === 0)
    failAt(fn, source, "samples", "is empty (a header-only log, or no sample finished)");
  const read = samples.map(({ where, sample }) => {
    const s = objectAt(fn, source, where, sample);
    const id = idAt(fn, source, `${where}.id`, s.id);
    // Inspect numbers epochs from 1; a NaN or an infinity would make a repeat key of null
    if (s.epoch !== undefined) {
      if (typeof s.epoch !== "number")
        failType(
          fn,
          `${at(source)}${where}.epoch must be a number (got ${JSON.stringify(s.epoch)})`,
        );
      if (!(Number.isSafeInteger(s.epoch) && s.epoch >= 1))
        failAt(fn, source, `${where}.epoch`, "must be an integer >= 1", s.epoch);
    }
    // Inspect writes `error: null` for a sample that did not error
    const errored = s.error !== undefined && s.error !== null;
    const scores =
      s.scores === undefined || s.scores === null
        ? undefined
        : objectAt(fn, source, `${where}.scores`, s.scores);
    return { where, s, id, errored, scores };
  });
  if (scorer === undefined) {
    // the first scored sample names the scorer (an errored one may hold only the scorers that ran)
    const first =
      read.find((r) => r.scores !== undefined && !r.errored) ??
      read.find((r) => r.scores !== undefined);
    if (first !== undefined) {
      const names = Object.keys(first.scores as Json);
      if (names.length !== 1)
        failAt(
          fn,
          source,
          `${first.where}.scores`,
          `has ${names.length} scorers (${names.join(", ")}): choose one with options.scorer`,
        );
      scorer = names[0] as string;
    }
  }
  const byItem = new Map<string, number[]>();
  const seen = new Set<string>();
  const missing: InspectUnscoredSample[] = [];
  for (const { where, s, id, errored, scores } of read) {
    if (s.epoch !== undefined) {
      // a repeated (id, epoch) is a concatenated or duplicated log, not one more epoch
      const key = JSON.stringify([id, s.epoch]);
      if (seen.has(key))
        failAt(fn, source, where, `repeats id ${JSON.stringify(id)} epoch ${String(s.epoch)}`);
      seen.add(key);
    }
    let value: number | undefined;
    let why = "";
    if (scores === undefined) why = "it has no scores";
    else if (!((scorer as string) in scores)) {
      if (!errored)
        failAt(
          fn,
          source,
          `${where}.scores`,
          `has no scorer ${JSON.stringify(scorer)} (scorers: ${Object.keys(scores).join(", ")})`,
        );
      why = `it has no score of scorer ${JSON.stringify(scorer)}`;
    } else {
      const path = `${where}.scores.${scorer}`;
      const score = objectAt(fn, source, path, scores[scorer as string]);
      if (score.value === null || Number.isNaN(score.value))
        why = `its scores.${scorer}.value is ${String(score.value)}`;
      else value = scoreValue(fn, source, `${path}.value`, score.value);
    }
    if (value === undefined) {
      const message = errorMessage(s.error);
      const epoch = typeof s.epoch === "number" ? s.epoch : undefined;
      if (unscored === "fail") {
        const what = errored
          ? `errored${message === "" ? "" : ` (${JSON.stringify(clip(message))})`}: ${why}`
          : `is unscored: ${why} (Score.unscored() is written as NaN or null)`;
        failAt(
          fn,
          source,
          where,
          `(id ${JSON.stringify(id)}${epoch === undefined ? "" : `, epoch ${epoch}`}) ${what}; set options.unscored to "skip" to leave such samples out (as Inspect's metrics do) or "incorrect" to count them as 0`,
        );
      }
      missing.push({ id, epoch, reason: errored ? "error" : "unscored", message });
      if (unscored === "skip") continue;
      value = 0;
    }
    const list = byItem.get(id);
    if (list === undefined) byItem.set(id, [value]);
    else list.push(value);
  }
  if (byItem.size === 0)
    failAt(
      fn,
      source,
      "samples",
      `has no scored sample (all ${read.length} errored or are unscored, left out by options.unscored "skip")`,
    );
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
  return {
    ...table,
    task,
    scorer: scorer ?? "",
    reducer,
    epochs,
    unscoredSamples: missing,
  };
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
 * Errored and unscored samples: Inspect keeps a sample that errored (`error`
 * set, no score) when `fail_on_error` tolerates errors, and writes an
 * unscored one (`Score.unscored()`) with the value `NaN` (older versions:
 * `null`); its own metrics leave both out. By default such a sample is an
 * error that names it (id, epoch, the error's message); `unscored: "skip"`
 * leaves it out as Inspect does, `"incorrect"` counts it as 0, and either way
 * `unscoredSamples` lists it. The log's text may hold the constants `NaN`,
 * `Infinity` and `-Infinity`, which Inspect writes for non-finite floats.
 *
 * Polarity: `data` is 1 = correct; TCS labels are 1 = failure ({@link failureLabels}).
 *
 * @param log - The log's JSON text or its parsed value.
 * @param options - {@link ParseInspectLogOptions}: `scorer`, `reducer`, `threshold`, `run`, `unscored`, `source`.
 * @returns One run with `scores` (the reduced scores), `task`, `scorer`, `reducer`, `epochs` (epochs per item)
 *   and `unscoredSamples` (the errored or unscored samples skipped or counted as 0).
 * @throws {TypeError} If the log, `eval`, a sample or its `scores` is not an object, an id is neither a
 *   string nor an integer, or an `epoch` is not a number.
 * @throws {RangeError} If there are no samples, a sample's `epoch` is not an integer >= 1 (NaN included), a
 *   sample that did not error lacks the scorer, the log has
 *   several scorers and none is chosen, a value is not a score, a sample errored or is unscored and
 *   `unscored` is `"fail"` (the message names its id and epoch and says why), no sample is left with
 *   `"skip"`, or an option is invalid; the message names the source and the sample's path.
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
 *
 * const errored = {
 *   eval: { task: "arc", model: "m" },
 *   samples: [
 *     { id: 1, epoch: 1, scores: { match: { value: "C" } } },
 *     { id: 2, epoch: 1, error: { message: "RateLimitError" } },
 *   ],
 * };
 * parseInspectLog(errored); // throws RangeError: parseInspectLog: samples[1] (id "2", epoch 1) errored ("RateLimitError"): it has no scores; set options.unscored ...
 * const kept = parseInspectLog(errored, { unscored: "skip" });
 * kept.items; // ["1"]
 * kept.unscoredSamples; // [{ id: "2", epoch: 1, reason: "error", message: "RateLimitError" }]
 * parseInspectLog(errored, { unscored: "incorrect" }).data; // Uint8Array [1, 0]
 * ```
 */
export function parseInspectLog(
  log: unknown,
  options?: ParseInspectLogOptions,
): ParseInspectLogResult {
  const source = sourceOption(FN, options, INSPECT_KEYS);
  const o = objectAt(FN, source, "log", parseInspectJson(FN, log, source));
  const samples = arrayAt(FN, source, "samples", o.samples ?? []);
  return readInspect(
    FN,
    o.eval,
    samples.map((sample, k) => ({ where: `samples[${k}]`, sample })),
    options,
    source,
  );
}
