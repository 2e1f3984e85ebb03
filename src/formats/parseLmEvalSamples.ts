import type { RowMatrix } from "../core/rowMatrix.js";
import { failType } from "../core/validate.js";
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
} from "./_internal.js";
import { buildTable, newRun } from "./_table.js";
import type { HarnessRuns } from "./types.js";

const FN = "parseLmEvalSamples";

/** Options of {@link parseLmEvalSamples}. */
export type ParseLmEvalSamplesOptions = {
  /**
   * The per-sample metric field that holds correctness (0/1 or a boolean).
   * @defaultValue the first of {@link parseLmEvalSamplesDefaults}`.metrics` present in the first sample, else the first name in its `metrics` list
   */
  readonly metric?: string;
  /**
   * Which filter's samples to read (`filter` field, e.g. `"strict-match"`);
   * required when the file holds more than one.
   * @defaultValue the only filter in the file
   */
  readonly filter?: string;
  /** The run's name; wins over `results`. */
  readonly run?: string;
  /**
   * The `results_<date>.json` object written beside the samples (text or
   * parsed): the run is named by its `model_name`, else the `pretrained=`
   * value of `config.model_args`.
   */
  readonly results?: unknown;
  /** The file name, shown in error messages. */
  readonly source?: string;
};

/** Defaults of {@link parseLmEvalSamples}. */
export const parseLmEvalSamplesDefaults = Object.freeze({
  /** Metric fields tried in order when `metric` is not given. */
  metrics: Object.freeze(["acc", "exact_match"] as const),
});

/** Result of {@link parseLmEvalSamples}: one run. */
export type ParseLmEvalSamplesResult = HarnessRuns & {
  /** The metric read as correctness. */
  readonly metric: string;
  /** The filter of the samples read (`"none"` for most multiple-choice tasks). */
  readonly filter: string;
  /**
   * Items x choices probabilities, the softmax of each sample's per-choice
   * log-likelihoods, for multiple-choice (log-likelihood) tasks; rows of items
   * with fewer choices than the widest are padded with 0. `undefined` for
   * generation tasks.
   */
  readonly probs: RowMatrix | undefined;
  /** Number of choices of each item (`undefined` with `probs`). */
  readonly choices: Int32Array | undefined;
};

const KEYS = ["metric", "filter", "run", "results", "source"] as const;

/**
 * The log-likelihood of one response: `["-1.5", "False"]` (the harness's
 * `(loglik, is_greedy)` pair, written as strings) or a number; anything else
 * (e.g. generated text, even "42") is not one.
 */
function logLik(resp: unknown): number {
  if (typeof resp === "number") return resp;
  if (!isLogLikPair(resp)) return Number.NaN;
  const v = resp[0];
  if (typeof v === "number") return v;
  if (typeof v !== "string" || v.trim() === "") return Number.NaN;
  // Python's str(float("-inf")): a choice of probability 0 (e.g. an fp16 underflow)
  if (v.trim() === "-inf") return Number.NEGATIVE_INFINITY;
  return Number(v);
}

/** Whether a response has a log-likelihood's shape: `[value, is_greedy]` (whatever the value). */
function isLogLikPair(resp: unknown): resp is [unknown, unknown] {
  if (!Array.isArray(resp) || resp.length !== 2) return false;
  const greedy = resp[1];
  return typeof greedy === "boolean" || greedy === "True" || greedy === "False";
}

function runName(
  options: ParseLmEvalSamplesOptions | undefined,
  source: string | undefined,
): string {
  const run = runOption(FN, options?.run);
  if (run !== undefined) return run;
  if (options?.results !== undefined) {
    const r = objectAt(
      FN,
      "results",
      "options.results",
      parseJson(FN, options.results, "options.results"),
    );
    if (typeof r.model_name === "string" && r.model_name !== "") return r.model_name;
    const config = r.config;
    if (typeof config === "object" && config !== null) {
      const args = (config as Json).model_args;
      const m = typeof args === "string" ? /(?:^|,)\s*pretrained=([^,]+)/.exec(args) : null;
      if (m !== null) return (m[1] as string).trim();
    }
    failType(FN, "options.results has no model_name and no pretrained= in config.model_args");
  }
  return failType(
    FN,
    `${at(source)}no run name: pass options.run or options.results (the results_*.json beside the samples file)`,
  );
}

type Row = { readonly line: number; readonly o: Json };

/** Phase 1: the JSON lines of the chosen filter (the only one when `wantFilter` is unset). */
function readRows(
  text: string,
  source: string | undefined,
  wantFilter: string | undefined,
): { rows: Row[]; filter: string } {
  const rows: Row[] = [];
  const filters = new Set<string>();
  text.split("\n").forEach((raw, k) => {
    if (raw.trim() === "") return;
    let v: unknown;
    try {
      v = JSON.parse(raw);
    } catch (e) {
      failAt(
        FN,
        source,
        `line ${k + 1}:`,
        `is not valid JSON (${e instanceof Error ? e.message : String(e)})`,
      );
    }
    const o = objectAt(FN, source, `line ${k + 1}`, v);
    const f = o.filter === undefined ? "none" : o.filter;
    if (typeof f !== "string")
      failAt(FN, source, `line ${k + 1}: field "filter"`, "must be a string", f);
    filters.add(f);
    if (wantFilter === undefined || f === wantFilter) rows.push({ line: k + 1, o });
  });
  if (filters.size === 0) failAt(FN, source, "text", "has no samples");
  if (wantFilter === undefined && filters.size > 1) {
    failAt(
      FN,
      source,
      "the file",
      `holds several filters (${[...filters].join(", ")}): choose one with options.filter`,
    );
  }
  if (rows.length === 0) {
    failAt(
      FN,
      source,
      `options.filter ${JSON.stringify(wantFilter)}`,
      `matches no sample (filters: ${[...filters].join(", ")})`,
    );
  }
  return { rows, filter: wantFilter ?? ([...filters][0] as string) };
}

/** Phase 2: the metric, `options.metric` or the first default (or `metrics[0]`) in the first sample. */
function pickMetric(first: Row, source: string | undefined, metric: string | undefined): string {
  if (metric !== undefined) return metric;
  const o = first.o;
  let m: string | undefined = parseLmEvalSamplesDefaults.metrics.find((k) => k in o);
  if (m === undefined && Array.isArray(o.metrics) && typeof o.metrics[0] === "string")
    m = o.metrics[0];
  if (m === undefined)
    failAt(
      FN,
      source,
      `line ${first.line}`,
      "has no acc or exact_match field: name the metric with options.metric",
    );
  return m;
}

/** Phase 3b: the log-likelihoods of one sample's choices (at least 2; finite or -Infinity, not all -Infinity). */
function logLiks(source: string | undefined, line: number, o: Json): number[] {
  const resps = arrayAt(FN, source, `line ${line}: field "filtered_resps"`, o.filtered_resps);
  const ll = resps.map((r, c) => {
    const x = logLik(r);
    if (!(Number.isFinite(x) || x === Number.NEGATIVE_INFINITY))
      failAt(
        FN,
        source,
        `line ${line}: field "filtered_resps"[${c}]`,
        'is not a log-likelihood (a finite number or "-inf")',
        r,
      );
    return x;
  });
  if (ll.every((x) => x === Number.NEGATIVE_INFINITY))
    failAt(FN, source, `line ${line}: field "filtered_resps"`, 'is "-inf" for every choice');
  if (ll.length < 2)
    failAt(
      FN,
      source,
      `line ${line}: field "filtered_resps"`,
      "has fewer than 2 choices",
      resps.length,
    );
  return ll;
}

/** Phase 4: each sample's softmax over its choices, padded with zeros to the most choices. */
function softmaxRows(lls: readonly number[][]): { probs: RowMatrix; choices: Int32Array } {
  // a loop, not Math.max(...): a spread of one argument per sample overflows the stack
  let cols = 0;
  for (const l of lls) cols = Math.max(cols, l.length);
  const data = new Float64Array(lls.length * cols);
  const choices = new Int32Array(lls.length);
  lls.forEach((ll, i) => {
    choices[i] = ll.length;
    const max = ll.reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY);
    let sum = 0;
    for (const x of ll) sum += Math.exp(x - max);
    ll.forEach((x, c) => {
      data[i * cols + c] = Math.exp(x - max) / sum;
    });
  });
  return { probs: { data, rows: lls.length, cols }, choices };
}

/**
 * Parses the per-sample log of lm-evaluation-harness (`--log_samples`,
 * `samples_<task>_<date>.jsonl`) into one run: per-item correctness from a
 * metric field and, for multiple-choice tasks, the choice probabilities.
 *
 * Each line is one document: `doc_id` (the item id), the metric fields
 * (`acc`, `exact_match`, ... — 0/1 numbers or booleans), `filter`, and
 * `filtered_resps`, one entry per request; for log-likelihood tasks an entry
 * is `[loglik, is_greedy]` written as strings (`["-1.25", "False"]`). The
 * probabilities are the softmax of the per-choice log-likelihoods,
 * `p_k = exp(l_k - max l) / sum_j exp(l_j - max l)`, so `confidence`,
 * `entropy`, `margin` and `deepGini` apply directly (they are the raw
 * log-likelihoods the harness's `acc` uses, not the length-normalised ones of
 * `acc_norm`; a `"-inf"` log-likelihood, as Python writes an underflow, is
 * a choice of probability 0). A task is read as multiple choice when the
 * first sample has at least two responses and each has such a pair's shape
 * (or is a number), whatever its value; every later sample must then be
 * too. Generated text is never read as a number.
 *
 * Polarity: `data` is the harness's 1 = correct; TCS labels are 1 = failure
 * ({@link failureLabels}).
 *
 * @param text - The JSONL text of the samples file.
 * @param options - {@link ParseLmEvalSamplesOptions}: `metric`, `filter`, `run` or `results`, `source`.
 * @returns One run: `runs`, `items` (doc ids), `data`, `scores` (the metric values), `metric`, `filter`, `probs`, `choices`.
 * @throws {TypeError} If `text` is not a string, a line is not a JSON object, or no run name can be found.
 * @throws {RangeError} If the file has no samples, a `doc_id` repeats, the metric is missing or not 0/1, the
 *   file mixes filters without `options.filter`, or a multiple-choice sample has a log-likelihood
 *   that is neither a finite number nor `"-inf"` (or `"-inf"` for every choice); the message names
 *   the source, line and field.
 * @see https://github.com/EleutherAI/lm-evaluation-harness (`--log_samples`; `EvaluationTracker.save_results_samples`)
 * @example
 * ```ts
 * const text = [
 *   '{"doc_id": 0, "filter": "none", "filtered_resps": [["-0.5", "True"], ["-2.0", "False"]], "acc": 1.0}',
 *   '{"doc_id": 1, "filter": "none", "filtered_resps": [["-3.0", "False"], ["-1.0", "True"]], "acc": 0.0}',
 * ].join("\n");
 * const r = parseLmEvalSamples(text, { run: "pythia-160m" });
 * r.items; // ["0", "1"]
 * r.data; // Uint8Array [1, 0]
 * r.probs.cols; // 2
 * confidence(r.probs)[0].toFixed(4); // "0.8176"
 * parseLmEvalSamples('{"doc_id": 0, "acc": 0.5}', { run: "m", source: "s.jsonl" }); // throws RangeError: parseLmEvalSamples: s.jsonl: line 1: field "acc" must be 0 or 1 ...
 * ```
 */
export function parseLmEvalSamples(
  text: string,
  options?: ParseLmEvalSamplesOptions,
): ParseLmEvalSamplesResult {
  const source = sourceOption(FN, options, KEYS);
  if (typeof text !== "string") failType(FN, `text must be a string (got ${typeof text})`);
  const run = runName(options, source);
  const wantFilter = options?.filter;
  if (wantFilter !== undefined && typeof wantFilter !== "string")
    failType(FN, "options.filter must be a string");
  const metricOption = options?.metric;
  if (metricOption !== undefined && typeof metricOption !== "string")
    failType(FN, "options.metric must be a string");
  const { rows, filter } = readRows(text, source, wantFilter);
  const first = rows[0] as Row;
  const metric = pickMetric(first, source, metricOption);
  const firstResps = Array.isArray(first.o.filtered_resps) ? first.o.filtered_resps : [];
  // by shape, not value: a bad value in the first sample is reported as in any other
  const multipleChoice =
    firstResps.length >= 2 && firstResps.every((r) => typeof r === "number" || isLogLikPair(r));
  // phase 3: one cell per sample, and its log-likelihoods for a multiple-choice task
  const cells = newRun(run);
  const lls: number[][] = [];
  for (const { line, o } of rows) {
    const id = idAt(FN, source, `line ${line}: field "doc_id"`, o.doc_id);
    if (cells.correct.has(id))
      failAt(FN, source, `line ${line}: field "doc_id"`, "repeats an earlier sample", o.doc_id);
    const v = o[metric];
    const value = typeof v === "boolean" ? Number(v) : v;
    if (value === undefined)
      failAt(FN, source, `line ${line}:`, `has no field ${JSON.stringify(metric)}`);
    if (value !== 0 && value !== 1)
      failAt(
        FN,
        source,
        `line ${line}: field ${JSON.stringify(metric)}`,
        "must be 0 or 1 (a correctness metric)",
        v,
      );
    cells.correct.set(id, value);
    cells.score.set(id, value);
    if (multipleChoice) lls.push(logLiks(source, line, o));
  }
  const table = buildTable(FN, source, [cells]);
  if (!multipleChoice) return { ...table, metric, filter, probs: undefined, choices: undefined };
  return { ...table, metric, filter, ...softmaxRows(lls) };
}
