import { failType } from "../core/validate.js";
import { arrayAt, failAt, type Json, objectAt, parseJson, sourceOption } from "./_internal.js";
import { buildTable, newRun, type RunCells } from "./_table.js";
import type { HarnessRuns } from "./types.js";

const FN = "parsePromptfooResults";

/** Options of {@link parsePromptfooResults}. */
export type ParsePromptfooResultsOptions = {
  /** The file name, shown in error messages. */
  readonly source?: string;
};

/** Result of {@link parsePromptfooResults}: one run per provider (and prompt). */
export type ParsePromptfooResultsResult = HarnessRuns & {
  /** 1 where the test errored (`failureReason` 2: the provider or an assertion threw), same layout as `data`; such a test also has `data` 0. */
  readonly errored: Uint8Array;
  /** Each item's `testCase.description` ("" when it has none). */
  readonly descriptions: readonly string[];
};

const KEYS = ["source"] as const;

function providerName(fn: string, source: string | undefined, where: string, p: unknown): string {
  if (typeof p === "string" && p !== "") return p;
  if (typeof p === "object" && p !== null) {
    const { id, label } = p as Json;
    if (typeof label === "string" && label !== "") return label;
    if (typeof id === "string" && id !== "") return id;
  }
  return failAt(fn, source, where, "must be a provider id or { id, label }", p);
}

function index(fn: string, source: string | undefined, where: string, v: unknown): number {
  if (typeof v !== "number" || !Number.isSafeInteger(v) || v < 0)
    failAt(fn, source, where, "must be an integer >= 0", v);
  return v;
}

/**
 * Parses a promptfoo results file (`promptfoo eval --output results.json`)
 * into one run per provider: per-test pass/fail and score.
 *
 * Reads `results.results[]` (output format version 3; a file whose
 * `results` is the array itself is read too), each row with `testIdx` (the
 * item), `promptIdx`, `provider` (`{ id, label }`: the run is the label, else
 * the id), `success` (pass = 1), `score` (defaults to `success` as 0/1) and
 * `failureReason` (2 = error). A provider that ran more than one prompt
 * gives one run per prompt, named `<provider> [prompt <promptIdx>]`
 * (promptfoo numbers `promptIdx` over its prompt x provider columns, so two
 * providers of one prompt hold 0 and 1 and are named by provider alone). Every
 * run must cover the same tests, each once.
 *
 * Polarity: `data` is 1 = passed; TCS labels are 1 = failure ({@link failureLabels}).
 *
 * @param results - The file's JSON text or its parsed value.
 * @param options - {@link ParsePromptfooResultsOptions}: `source`.
 * @returns The runs with `scores`, `errored` and the tests' `descriptions`.
 * @throws {TypeError} If the file or a row is not an object, `success` is not a boolean, or `results.version`
 *   is not a number.
 * @throws {RangeError} If there are no rows, a `testIdx` is not an integer, a (run, test) pair repeats, a
 *   score is not finite, `results.version` is not an integer >= 1, or the runs cover different tests; the
 *   message names the source and row (for different tests: the rows that named the runs and the tests,
 *   `ragged runs: run "b" (results.results[1].provider) has 1 items, run "a" (results.results[0].provider)
 *   1 (missing "0" of results.results[0].testIdx) (extra "1" of results.results[1].testIdx)`).
 * @see https://www.promptfoo.dev/docs/configuration/outputs/ (JSON output)
 * @example
 * ```ts
 * const file = { evalId: "e1", results: { version: 3, results: [
 *   { testIdx: 0, promptIdx: 0, provider: { id: "openai:gpt-4o-mini" }, success: true, score: 1 },
 *   { testIdx: 0, promptIdx: 0, provider: { id: "ollama:llama3" }, success: false, score: 0.25 },
 *   { testIdx: 1, promptIdx: 0, provider: { id: "openai:gpt-4o-mini" }, success: false, score: 0 },
 *   { testIdx: 1, promptIdx: 0, provider: { id: "ollama:llama3" }, success: true, score: 1 },
 * ] } };
 * const r = parsePromptfooResults(file);
 * r.runs; // ["openai:gpt-4o-mini", "ollama:llama3"]
 * r.items; // ["0", "1"]
 * r.data; // Uint8Array [1, 0, 0, 1]
 * r.scores; // Float64Array [1, 0, 0.25, 1]
 * ```
 */
export function parsePromptfooResults(
  results: unknown,
  options?: ParsePromptfooResultsOptions,
): ParsePromptfooResultsResult {
  const source = sourceOption(FN, options, KEYS);
  const o = objectAt(FN, source, "file", parseJson(FN, results, source));
  let where = "results";
  let list: readonly unknown[];
  if (Array.isArray(o.results)) list = arrayAt(FN, source, where, o.results);
  else {
    const inner = objectAt(FN, source, "results", o.results);
    // the output format's version (3 as of promptfoo 0.100); read only to refuse a corrupted one
    const version = inner.version;
    if (version !== undefined) {
      if (typeof version !== "number")
        failType(
          FN,
          `${source === undefined ? "" : `${source}: `}results.version must be a number (got ${JSON.stringify(version)})`,
        );
      if (!(Number.isSafeInteger(version) && version >= 1))
        failAt(FN, source, "results.version", "must be an integer >= 1", version);
    }
    where = "results.results";
    list = arrayAt(FN, source, where, inner.results);
  }
  if (list.length === 0) failAt(FN, source, where, "is empty");
  const rows = list.map((row, k) => {
    const w = `${where}[${k}]`;
    const r = objectAt(FN, source, w, row);
    const test = index(FN, source, `${w}.testIdx`, r.testIdx);
    const prompt = r.promptIdx === undefined ? 0 : index(FN, source, `${w}.promptIdx`, r.promptIdx);
    const provider = providerName(FN, source, `${w}.provider`, r.provider);
    if (typeof r.success !== "boolean")
      failType(
        FN,
        `${source === undefined ? "" : `${source}: `}${w}.success must be a boolean (got ${JSON.stringify(r.success)})`,
      );
    const score = r.score === undefined ? Number(r.success) : r.score;
    if (typeof score !== "number" || !Number.isFinite(score))
      failAt(FN, source, `${w}.score`, "must be a finite number", r.score);
    const tc = r.testCase;
    const description =
      typeof tc === "object" && tc !== null && typeof (tc as Json).description === "string"
        ? ((tc as Json).description as string)
        : "";
    return {
      w,
      test,
      prompt,
      provider,
      success: r.success,
      score,
      errored: r.failureReason === 2,
      description,
    };
  });
  // promptfoo numbers promptIdx over its prompt x provider columns: one prompt
  // run by two providers gives them promptIdx 0 and 1, so a run is named by
  // prompt only when its provider ran more than one
  const promptsOf = new Map<string, Set<number>>();
  for (const r of rows) {
    const set = promptsOf.get(r.provider) ?? new Set<number>();
    set.add(r.prompt);
    promptsOf.set(r.provider, set);
  }
  const byRun = new Map<string, RunCells>();
  const errored = new Map<string, Set<string>>();
  const descriptions = new Map<string, string>();
  for (const r of rows) {
    const several = (promptsOf.get(r.provider)?.size ?? 0) > 1;
    const name = several ? `${r.provider} [prompt ${r.prompt}]` : r.provider;
    let cells = byRun.get(name);
    if (cells === undefined) {
      cells = newRun(name, several ? `${r.w}.provider and .promptIdx` : `${r.w}.provider`);
      byRun.set(name, cells);
      errored.set(name, new Set());
    }
    const id = String(r.test);
    if (cells.correct.has(id))
      failAt(FN, source, `${r.w}.testIdx`, `repeats test ${id} of run ${JSON.stringify(name)}`);
    cells.correct.set(id, r.success ? 1 : 0);
    cells.idFrom?.set(id, `${r.w}.testIdx`);
    cells.score.set(id, r.score);
    if (r.errored) errored.get(name)?.add(id);
    if (!descriptions.has(id)) descriptions.set(id, r.description);
  }
  const table = buildTable(FN, source, [...byRun.values()]);
  const N = table.items.length;
  const err = new Uint8Array(table.data.length);
  table.runs.forEach((name, r) => {
    const set = errored.get(name) as Set<string>;
    table.items.forEach((id, i) => {
      if (set.has(id)) err[r * N + i] = 1;
    });
  });
  return {
    ...table,
    errored: err,
    descriptions: table.items.map((id) => descriptions.get(id) ?? ""),
  };
}
