import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { RowMatrix } from "../src/entry/core.js";
import { confidence, deepGini, entropy, margin } from "../src/entry/features.js";
import {
  combineRuns,
  type HarnessRuns,
  parseInspectEval,
  parseInspectLog,
  parseLmEvalSamples,
  parsePromptfooResults,
  parseSwebenchReports,
  parseSwebenchResults,
} from "../src/entry/formats.js";
import type { Outcomes } from "../src/entry/subset.js";
import { didYouMean, type Parsed } from "./args.js";
import { CliError } from "./errors.js";
import { FROM_FORMATS, type FromFormat } from "./importOptions.js";
import { decodeUtf8, readMatrix } from "./io.js";
import { note } from "./progress.js";
import { readZipText } from "./zip.js";

/** `--from`, checked; undefined without it. */
export function fromFormat(verb: string, p: Parsed): FromFormat | undefined {
  const raw = p.values.get("from");
  if (raw === undefined) {
    for (const o of ["metric", "items", "run", "unscored", "filter"]) {
      if (p.values.has(o)) throw new CliError(`${verb}: --${o} needs --from`);
    }
    return undefined;
  }
  if (!(FROM_FORMATS as readonly string[]).includes(raw)) {
    throw new CliError(
      `${verb}: --from must be one of ${FROM_FORMATS.join(", ")} (got ${JSON.stringify(raw)}${didYouMean(raw, FROM_FORMATS, true)})`,
    );
  }
  return raw as FromFormat;
}

const wildcard = (pattern: string): RegExp =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, "\\$&")
      .replace(/\*/g, "[^/]*")
      .replace(/\?/g, "[^/]")}$`,
  );

/** The paths matching `pattern`, whose segments may hold `*` and `?` (not `**`), sorted. */
function glob(pattern: string): string[] {
  const parts = pattern.split("/");
  let paths = [parts[0] === "" ? "/" : (parts[0] as string)];
  if (/[*?]/.test(paths[0] as string)) paths = ["."];
  const rest = /[*?]/.test(parts[0] as string) ? parts : parts.slice(1);
  for (const part of rest) {
    if (part === "" || part === ".") continue;
    const next: string[] = [];
    for (const base of paths) {
      if (!/[*?]/.test(part)) {
        const p = base === "." && !pattern.startsWith("./") ? part : join(base, part);
        if (existsSync(p)) next.push(p);
        continue;
      }
      if (!existsSync(base) || !statSync(base).isDirectory()) continue;
      const re = wildcard(part);
      for (const f of readdirSync(base).sort()) {
        if (re.test(f)) next.push(base === "." && !pattern.startsWith("./") ? f : join(base, f));
      }
    }
    paths = next;
  }
  return paths;
}

/**
 * The files of an input option: a comma-separated list of paths whose
 * segments may hold `*` and `?` (matches sorted, each pattern must match).
 */
export function expandInputs(spec: string, what: string): string[] {
  return expandTagged(spec, what).map((f) => f.file);
}

/** As {@link expandInputs}, with whether each file was matched by a pattern. */
function expandTagged(spec: string, what: string): { file: string; globbed: boolean }[] {
  const out: { file: string; globbed: boolean }[] = [];
  for (const part of spec.split(",").map((s) => s.trim())) {
    if (part === "") throw new CliError(`${what}: empty file name in ${JSON.stringify(spec)}`);
    if (/[*?]/.test(part)) {
      const hits = glob(part);
      if (hits.length === 0) throw new CliError(`${what}: no file matches ${part}`);
      for (const file of hits) out.push({ file, globbed: true });
    } else {
      if (!existsSync(part)) throw new CliError(`${what}: no such file ${part}`);
      out.push({ file: part, globbed: false });
    }
  }
  return out;
}

const readText = (file: string): string => {
  // a folder is read by --from swebench only; the others take files (EISDIR came out raw)
  if (existsSync(file) && statSync(file).isDirectory()) {
    throw new CliError(
      `${file} is a folder: give its files, e.g. ${join(file, "*")} (a folder of reports is read with --from swebench)`,
    );
  }
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    throw new CliError(`${file}: cannot read (${e instanceof Error ? e.message : String(e)})`);
  }
  // a BOM (Windows editors write one) is not part of the JSON, as tables already drop it
  return decodeUtf8(file, bytes).replace(/^\uFEFF/, "");
};

const readJson = (file: string): unknown => {
  try {
    return JSON.parse(readText(file)) as unknown;
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw new CliError(`${file}: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
};

/** `--items FILE`: one id a line, blank lines ignored. */
function readItems(p: Parsed): string[] | undefined {
  const file = p.values.get("items");
  if (file === undefined) return undefined;
  return readText(file)
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/**
 * The run name of an lm-eval samples file: the `model_name` of the
 * `results_<date>.json` beside it (same date), else the folder name (the
 * harness writes into `<output>/<model_name_sanitized>/`).
 */
function lmEval(file: string, p: Parsed): HarnessRuns {
  const m = /^samples_.+_(\d{4}-\d{2}-\d{2}T[\d.-]+)\.jsonl$/.exec(basename(file));
  const results = m === null ? undefined : join(dirname(file), `results_${m[1]}.json`);
  const metric = p.values.get("metric");
  const filter = p.values.get("filter");
  const common = {
    source: file,
    ...(metric === undefined ? {} : { metric }),
    ...(filter === undefined ? {} : { filter }),
  };
  if (results !== undefined && existsSync(results))
    return parseLmEvalSamples(readText(file), { ...common, results: readText(results) });
  // the folder's own name: dirname of a file in the current folder is "."
  return parseLmEvalSamples(readText(file), { ...common, run: basename(dirname(resolve(file))) });
}

const UNSCORED = ["fail", "skip", "incorrect"] as const;

function inspect(file: string, p: Parsed): HarnessRuns {
  const scorer = p.values.get("metric");
  const unscored = p.values.get("unscored") ?? "fail";
  if (!(UNSCORED as readonly string[]).includes(unscored))
    throw new CliError(
      `--unscored must be one of ${UNSCORED.join(", ")} (got ${JSON.stringify(unscored)}${didYouMean(unscored, UNSCORED, true)})`,
    );
  const options = {
    source: file,
    unscored: unscored as (typeof UNSCORED)[number],
    ...(scorer === undefined ? {} : { scorer }),
  };
  const r = file.toLowerCase().endsWith(".eval")
    ? parseInspectEval(readZipText(file, readFileSync(file)), options)
    : parseInspectLog(readText(file), options);
  const missing = r.unscoredSamples;
  if (missing.length > 0) {
    const errored = missing.filter((s) => s.reason === "error").length;
    const shown = missing
      .slice(0, 5)
      .map((s) => `${s.id}${s.epoch === undefined ? "" : `#${s.epoch}`}`);
    note(
      p.flags.has("quiet"),
      `note: ${file}: ${unscored === "skip" ? "left out" : "counted as incorrect"} ${missing.length} samples without a score (${errored} errored, ${missing.length - errored} unscored): ${shown.join(", ")}${missing.length > shown.length ? ", ..." : ""}`,
    );
  }
  return r;
}

/** Per-instance report files under a folder: `<id>/report.json` or `<id>.report.json`. */
function reportFiles(dir: string): { id: string; file: string }[] {
  const out: { id: string; file: string }[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const f = join(d, name);
      if (statSync(f).isDirectory()) walk(f);
      else if (name === "report.json") out.push({ id: basename(d), file: f });
      else if (name.endsWith(".report.json"))
        out.push({ id: name.slice(0, -".report.json".length), file: f });
    }
  };
  walk(dir);
  return out;
}

/** `--items FILE` as the parsers' option. */
function itemsOption(p: Parsed): { items?: string[] } {
  const items = readItems(p);
  return items === undefined ? {} : { items };
}

/** The reports of one run's per-instance files merged into `{ [id]: report }`, then parsed. */
function reportsRun(
  files: readonly { id: string; file: string; report: unknown }[],
  run: string,
  source: string,
  p: Parsed,
): HarnessRuns {
  const merged: Record<string, unknown> = {};
  for (const { id, file: f, report: r } of files) {
    // the harness keys its report by instance id; some agents copy the bare report
    const bare = typeof r === "object" && r !== null && "resolved" in r;
    const obj = (bare ? { [id]: r } : r) as Record<string, unknown>;
    for (const [k, v] of Object.entries(obj)) {
      if (k in merged) throw new CliError(`${f}: instance ${k} has a second report`);
      merged[k] = v;
    }
  }
  return parseSwebenchReports(merged, { run, source, ...itemsOption(p) });
}

/**
 * A harness per-instance report file (`<id>/report.json` or
 * `<id>.report.json`: one key, the instance id, or a bare report with a
 * boolean `resolved`): its instance id and the folder of its run (the folder
 * that holds the instance folders or files); undefined for any other file.
 */
function perInstance(file: string, o: unknown): { id: string; runDir: string } | undefined {
  const name = basename(file);
  const nested = name === "report.json";
  if (!nested && !name.endsWith(".report.json")) return undefined;
  if (typeof o !== "object" || o === null || Array.isArray(o)) return undefined;
  const r = o as Record<string, unknown>;
  const keys = Object.keys(r);
  const one = keys.length === 1 ? r[keys[0] as string] : undefined;
  const wrapped =
    typeof one === "object" &&
    one !== null &&
    typeof (one as Record<string, unknown>).resolved === "boolean";
  if (typeof r.resolved !== "boolean" && !wrapped) return undefined;
  const dir = dirname(resolve(file));
  return nested
    ? { id: basename(dir), runDir: dirname(dir) }
    : { id: name.slice(0, -".report.json".length), runDir: dir };
}

/** A folder of per-instance reports (searched recursively) as one run named after the folder. */
function swebenchFolder(file: string, p: Parsed): HarnessRuns {
  const files = reportFiles(file);
  if (files.length === 0)
    throw new CliError(`${file}: no report.json or *.report.json file in this folder`);
  const run = basename(resolve(file));
  return reportsRun(
    files.map((f) => ({ ...f, report: readJson(f.file) })),
    run,
    file,
    p,
  );
}

/** One SWE-bench file other than a per-instance report: a run report, results.json or per_instance_details.json. */
function swebenchFile(file: string, o: unknown, p: Parsed): HarnessRuns {
  const withItems = itemsOption(p);
  const keys = typeof o === "object" && o !== null ? Object.keys(o) : [];
  if (keys.includes("resolved_ids") || keys.includes("resolved")) {
    if (keys.includes("resolved") && !Array.isArray((o as { resolved: unknown }).resolved))
      throw new CliError(
        `${file}: a single per-instance report: pass the folder that holds the run's reports`,
      );
    if (!keys.includes("resolved_ids") && withItems.items === undefined)
      throw new CliError(
        `${file}: a leaderboard results.json lists only resolved ids: give the benchmark's instance ids with --items FILE`,
      );
    // leaderboard: evaluation/<split>/<submission>/results/results.json
    const dir = dirname(file);
    const run =
      basename(file) === "results.json" && basename(dir) === "results"
        ? basename(dirname(dir))
        : basename(file).replace(/\.json$/i, "");
    return parseSwebenchResults(o, { run, source: file, ...withItems });
  }
  return parseSwebenchReports(o, {
    run: basename(dirname(resolve(file))),
    source: file,
    ...withItems,
  });
}

/**
 * The SWE-bench inputs: folders of reports and whole-run files are one run
 * each; per-instance report files are grouped by the folder of their run
 * (each group one run named after that folder, where its first file was). A
 * lone per-instance report named without a pattern is refused: it is one
 * instance of a run, not a run.
 */
function swebenchInputs(files: readonly { file: string; globbed: boolean }[], p: Parsed) {
  const slots: (HarnessRuns | { group: string })[] = [];
  const groups = new Map<
    string,
    { files: { id: string; file: string; report: unknown }[]; globbed: boolean }
  >();
  for (const { file, globbed } of files) {
    if (statSync(file).isDirectory()) {
      slots.push(guarded(() => swebenchFolder(file, p)));
      continue;
    }
    const o = readJson(file);
    const one = perInstance(file, o);
    if (one === undefined) {
      slots.push(guarded(() => swebenchFile(file, o, p)));
      continue;
    }
    let g = groups.get(one.runDir);
    if (g === undefined) {
      g = { files: [], globbed: false };
      groups.set(one.runDir, g);
      slots.push({ group: one.runDir });
    }
    g.files.push({ id: one.id, file, report: o });
    g.globbed ||= globbed;
  }
  for (const [dir, g] of groups) {
    if (g.files.length === 1 && !g.globbed) {
      const f = (g.files[0] as { file: string }).file;
      const folder = relativeOrSame(dir);
      throw new CliError(
        `${f}: a single per-instance report (one instance of a run): pass the folder that holds the run's reports (${folder}) or the reports themselves (${join(folder, basename(f) === "report.json" ? "*/report.json" : "*.report.json")})`,
      );
    }
  }
  // a run is named after its folder; two folders of one name (a model under two run ids) get their parent's too
  const names = new Map<string, string>();
  const count = new Map<string, number>();
  for (const dir of groups.keys()) count.set(basename(dir), (count.get(basename(dir)) ?? 0) + 1);
  for (const dir of groups.keys()) {
    const b = basename(dir);
    names.set(dir, (count.get(b) ?? 0) > 1 ? `${basename(dirname(dir))}/${b}` : b);
  }
  return slots.map((s) => {
    if (!("group" in s)) return s;
    const g = groups.get(s.group) as { files: { id: string; file: string; report: unknown }[] };
    return guarded(() =>
      reportsRun(g.files, names.get(s.group) as string, relativeOrSame(s.group), p),
    );
  });
}

/** A path relative to the current folder when it is inside it, else as it is. */
function relativeOrSame(dir: string): string {
  const rel = relative(process.cwd(), dir);
  const outside = rel === "" || rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel);
  return outside ? dir : rel;
}

function readOne(format: Exclude<FromFormat, "swebench">, file: string, p: Parsed): HarnessRuns {
  return guarded(() => readOneAs(format, file, p));
}

/** Runs a parser, turning the library option names of its messages into the CLI's flags. */
function guarded(read: () => HarnessRuns): HarnessRuns {
  try {
    return read();
  } catch (e) {
    // the parsers name their library options; on the command line those are flags
    if (e instanceof RangeError || e instanceof TypeError) {
      const text = e.message
        .replace(/options\.filter\b/g, "--filter")
        .replace(/options\.(scorer|metric)\b/g, "--metric")
        .replace(/options\.items\b/g, "--items")
        .replace(/set options\.unscored to "skip"/g, "give --unscored skip")
        .replace(/or "incorrect" to count/g, "or --unscored incorrect to count")
        .replace(/options\.unscored "(\w+)"/g, "--unscored $1");
      if (text !== e.message) throw new CliError(text);
    }
    throw e;
  }
}

function readOneAs(format: Exclude<FromFormat, "swebench">, file: string, p: Parsed): HarnessRuns {
  switch (format) {
    case "lm-eval":
      return lmEval(file, p);
    case "inspect":
      return inspect(file, p);
    case "promptfoo":
      return parsePromptfooResults(readText(file), { source: file });
  }
}

/** Reads the harness files of an input option; one file's table as it is (with its extras), several stacked. */
export function readHarness(
  format: FromFormat,
  spec: string,
  what: string,
  p: Parsed,
): HarnessRuns {
  const tagged = expandTagged(spec, what);
  if (format !== "swebench" && p.values.has("items"))
    throw new CliError(`${what}: --items is for --from swebench`);
  if ((format === "swebench" || format === "promptfoo") && p.values.has("metric"))
    throw new CliError(`${what}: --metric is for --from lm-eval or inspect (it would be ignored)`);
  if (format !== "lm-eval" && p.values.has("filter"))
    throw new CliError(`${what}: --filter is for --from lm-eval`);
  if (format !== "inspect" && p.values.has("unscored"))
    throw new CliError(`${what}: --unscored is for --from inspect`);
  const tables =
    format === "swebench"
      ? swebenchInputs(tagged, p)
      : tagged.map(({ file }) => readOne(format, file, p));
  return tables.length === 1 ? (tables[0] as HarnessRuns) : combineRuns(tables);
}

/** `--outcomes` read from a harness's output (with `--from`) as `Outcomes`. */
export function readOutcomesFrom(format: FromFormat, spec: string, p: Parsed): Outcomes {
  const t = readHarness(format, spec, "--outcomes", p);
  return { runs: t.runs, items: t.items, data: t.data };
}

const probFeatures = { confidence, entropy, margin, deepGini } as const;

/**
 * The score of each row for the TCS verbs from a harness's output: the
 * rows are the items of one run (`--run`, or the only one); the feature is
 * `score` (the harness's own score) or, for lm-eval multiple-choice
 * samples, confidence|entropy|margin|deepGini of the choice probabilities.
 */
export function readHarnessScores(
  verb: string,
  format: FromFormat,
  p: Parsed,
  feature: string,
): { file: string; score: Float64Array; ids: readonly string[] } {
  const spec = p.values.get("input") ?? "";
  for (const o of ["id", "probs"]) {
    if (p.values.has(o))
      throw new CliError(
        `${verb}: --${o} is for table inputs; with --from the rows are the items of one run`,
      );
  }
  const t = readHarness(format, spec, "--input", p) as HarnessRuns & { probs?: RowMatrix };
  const r = pickRun(verb, t, p);
  const N = t.items.length;
  if (feature === "score") {
    return { file: spec, score: t.scores.slice(r * N, (r + 1) * N), ids: t.items };
  }
  if (Object.hasOwn(probFeatures, feature)) {
    if (t.probs === undefined) {
      throw new CliError(
        `${verb}: --feature ${feature} needs choice probabilities: only --from lm-eval samples of a multiple-choice task, one file, have them (use --feature score)`,
      );
    }
    const f = probFeatures[feature as keyof typeof probFeatures];
    return { file: spec, score: f(t.probs), ids: t.items };
  }
  throw new CliError(
    `${verb}: with --from, --feature is score or one of ${Object.keys(probFeatures).join(", ")} (got ${JSON.stringify(feature)})`,
  );
}

/** The run named by option `--<option>` (default `--run`), or the only run of the table read from `what`. */
export function pickRun(
  verb: string,
  t: HarnessRuns,
  p: Parsed,
  option = "run",
  what = "--input",
): number {
  const want = p.values.get(option);
  if (want !== undefined) {
    const r = t.runs.indexOf(want);
    if (r < 0)
      throw new CliError(
        `${verb}: no run ${JSON.stringify(want)} in ${what} (runs: ${t.runs.join(", ")})`,
      );
    return r;
  }
  if (t.runs.length !== 1) {
    throw new CliError(
      `${verb}: ${what} holds ${t.runs.length} runs (${t.runs.join(", ")}): choose one with --${option}`,
    );
  }
  return 0;
}

/**
 * `slices identify` from a harness's output: the rows are the items of one
 * run, the outcome is its 0/1 result (1 = pass, the harness's polarity and
 * the verb's), the signals come from `--vectors` (one row per item, in item order).
 */
export function readHarnessOutcome(
  verb: string,
  format: FromFormat,
  p: Parsed,
  vecFile: string | undefined,
): { outcome: Uint8Array; signals: RowMatrix; ids: readonly string[] } {
  for (const o of ["outcome", "signals", "id"]) {
    if (p.values.has(o))
      throw new CliError(
        `${verb}: --${o} is for table inputs; with --from the rows are the items of one run and the signals come from --vectors`,
      );
  }
  if (vecFile === undefined)
    throw new CliError(`${verb}: with --from, give the signals as --vectors FILE`);
  const t = readHarness(format, p.values.get("input") ?? "", "--input", p);
  const r = pickRun(verb, t, p);
  const N = t.items.length;
  const signals = readMatrix(vecFile, "--vectors");
  if (signals.rows !== N)
    throw new CliError(`${vecFile}: ${signals.rows} rows, but --input has ${N} items`);
  return { outcome: t.data.slice(r * N, (r + 1) * N), signals, ids: t.items };
}
