import { maxLength } from "../../src/core/validate.js";
import { createRng, type RowMatrix } from "../../src/entry/core.js";
import { identifySlices, identifySlicesDefaults, representatives } from "../../src/entry/slices.js";
import { maxGenerations } from "../../src/moea/_limits.js";
import {
  didYouMean,
  helpText,
  intOpt,
  type OptionSpec,
  type Parsed,
  SEED_HELP,
  seedOpt,
  stringOpt,
} from "../args.js";
import { CliError } from "../errors.js";
import { fromFormat, readHarnessOutcome } from "../importers.js";
import { importOptions } from "../importOptions.js";
import {
  type ColumnRead,
  openTable,
  parseDecimal,
  readMatrix,
  requireColumn,
  requireRows,
  rowMatrix,
  type TableSource,
} from "../io.js";
import type { Result } from "../output.js";
import { plotOption, slicesFrontPlot } from "../plot.js";
import { note, progressBar } from "../progress.js";

export const slicesIdentifyOptions: readonly OptionSpec[] = [
  {
    name: "input",
    kind: "string",
    value: "FILE",
    help: "one row per test (.csv or .jsonl)",
    required: true,
  },
  {
    name: "outcome",
    kind: "string",
    value: "COL",
    help: "0/1 outcome under V0 (1 = pass); required unless --from. Its polarity does not change the slices (they group consistent outcomes, either value), so this verb has no --failure-outcome",
  },
  {
    name: "signals",
    kind: "string",
    value: "COLS",
    help: "signal columns: a comma list or a prefix ending in * (or use --vectors)",
  },
  {
    name: "vectors",
    kind: "string",
    value: "FILE",
    help: "signals as .npy (one row per input row) instead of --signals",
  },
  {
    name: "id",
    kind: "string",
    value: "COL",
    help: "column copied to the output to identify rows (slices rank --from matches its rows by it; a table's rows can be joined on it)",
    default: "id, when the input has a column of that name (as tcs does)",
  },
  {
    name: "min-size",
    kind: "string",
    value: "N",
    help: "smallest slice",
    default: String(identifySlicesDefaults.minSize),
  },
  {
    name: "max-size",
    kind: "string",
    value: "N",
    help: "largest slice",
    default: String(identifySlicesDefaults.maxSize),
  },
  {
    name: "population",
    kind: "string",
    value: "P",
    help: "NSGA-II population size",
    default: String(identifySlicesDefaults.populationSize),
  },
  {
    name: "generations",
    kind: "string",
    value: "G",
    help: "NSGA-II generations",
    default: String(identifySlicesDefaults.generations),
  },
  {
    name: "picks",
    kind: "string",
    value: "K",
    help: "representatives per slice to re-run under V1",
    default: "1",
  },
  {
    name: "pick-mode",
    kind: "string",
    value: "closest|farthest",
    help: "CDS (closest to the centroid) or FPS",
    default: "closest",
  },
  { name: "seed", kind: "string", value: "S", help: SEED_HELP, default: "1" },
  ...importOptions,
  {
    name: "run",
    kind: "string",
    value: "NAME",
    help: "with --from: the run whose outcomes are V0's (default: the only run); the rows are its items, signals come from --vectors",
  },
  plotOption("the final front on its first two objectives, the chosen knee labelled"),
];

export const slicesIdentifyHelp = helpText(
  "evalsift slices identify --input FILE --outcome COL (--signals COLS | --vectors FILE) [--seed S]",
  "Partitions the suite into coherent slices with NSGA-II (CASPER) and marks the\n" +
    "representatives of each slice to re-run after a change (column pick = 1). Feed the\n" +
    "re-run results to `slices rank`. Progress bar on a terminal.",
  slicesIdentifyOptions,
  "evalsift slices identify --input tests.csv --outcome passed --signals 'sig_*' --generations 100 --seed 1",
);

function signalColumns(t: TableSource, spec: string): string[] {
  if (spec.endsWith("*")) {
    const prefix = spec.slice(0, -1);
    const cols = t.columns.filter((c) => c.startsWith(prefix));
    if (cols.length === 0)
      throw new CliError(
        `${t.file}: no column starts with ${JSON.stringify(prefix)} (columns: ${t.columns.join(", ")})`,
      );
    return cols;
  }
  const cols = spec.split(",").map((s) => s.trim());
  for (const c of cols) requireColumn(t, c);
  return cols;
}

/** How a 0/1 column is read: a finite number that is 0 or 1, or true/false (any letter case). */
export function binaryRead(name: string): ColumnRead {
  return {
    kind: "number",
    ok: (v) => v === 0 || v === 1,
    booleans: true,
    bad: (raw) => {
      const v = parseDecimal(raw.trim());
      return `column ${JSON.stringify(name)} holds ${Number.isFinite(v) ? v : JSON.stringify(raw)}, not 0 or 1 (or true/false)`;
    },
  };
}

/** `evalsift slices identify`. */
export function slicesIdentify(p: Parsed): Result {
  const verb = "slices identify";
  const sigSpec = p.values.get("signals");
  const vecFile = p.values.get("vectors");
  if ((sigSpec === undefined) === (vecFile === undefined))
    throw new CliError(`${verb}: give exactly one of --signals COLS and --vectors FILE`);
  const seed = seedOpt(p, "1");
  const format = fromFormat(verb, p);
  const input =
    format === undefined
      ? readIdentifyTable(p, sigSpec, vecFile)
      : readHarnessOutcome(verb, format, p, vecFile);
  const { outcome, signals, ids } = input;
  const n = outcome.length;
  if (n === 0) throw new CliError(`${verb}: --input holds no tests`);
  const settings = searchSettings(verb, p, n);
  const k = intOpt(verb, p, "picks", 1, 1, n);
  const mode = p.values.get("pick-mode") ?? "closest";
  if (mode !== "closest" && mode !== "farthest")
    throw new CliError(
      `${verb}: --pick-mode must be closest or farthest (got ${JSON.stringify(mode)}${didYouMean(mode, ["closest", "farthest"], true)})`,
    );
  const bar = progressBar("slices identify (NSGA-II)", p.flags.has("quiet"));
  const r = identifySlices(signals, outcome, createRng(seed), {
    ...settings,
    onProgress: bar.update,
  });
  bar.finish();
  const picks = representatives(r.sliceOf, signals, k, mode);
  const picked = new Uint8Array(n);
  for (const list of picks) for (const i of list) picked[i] = 1;
  const slices = new Set(r.sliceOf).size;
  note(
    p.flags.has("quiet"),
    `${slices} slices over ${n} tests; ${picked.reduce((a, b) => a + b, 0)} representatives to re-run (pick = 1)`,
  );
  const columns = ids === undefined ? ["row", "slice", "pick"] : ["row", "id", "slice", "pick"];
  const rows = Array.from(r.sliceOf, (s, i) =>
    ids === undefined ? [i, s, picked[i] ?? 0] : [i, ids[i] ?? "", s, picked[i] ?? 0],
  );
  return {
    columns,
    rows,
    json: {
      slices,
      sliceOf: r.sliceOf,
      picks,
      objectives: r.front[r.chosen]?.objectives,
      front: r.front.length,
    },
    ...(p.values.has("plot") ? { plot: slicesFrontPlot(r.front, r.chosen) } : {}),
  };
}

/**
 * `--min-size`, `--max-size`, `--population` and `--generations`, checked
 * against each other and the number of tests before the search, so that a
 * bad combination names the flags (and says when a value is the default
 * rather than the user's) instead of identifySlices' own arguments.
 */
function searchSettings(
  verb: string,
  p: Parsed,
  n: number,
): { minSize: number; maxSize: number; populationSize: number; generations: number } {
  const d = identifySlicesDefaults;
  const minSize = intOpt(verb, p, "min-size", d.minSize, 2, maxLength);
  const maxSize = intOpt(verb, p, "max-size", d.maxSize, 2, maxLength);
  const populationSize = intOpt(verb, p, "population", d.populationSize, 4, maxLength / 2);
  const generations = intOpt(verb, p, "generations", d.generations, 1, maxGenerations);
  const said = (flag: string, v: number): string =>
    p.values.has(flag) ? `--${flag} ${v}` : `the default --${flag} ${v}`;
  if (populationSize % 2 !== 0) {
    throw new CliError(
      `${verb}: --population must be even (NSGA-II mates its population in pairs; got ${populationSize}, try ${populationSize + 1})`,
    );
  }
  if (minSize > maxSize) {
    throw new CliError(
      `${verb}: ${said("min-size", minSize)} exceeds ${said("max-size", maxSize)}; give --min-size N and --max-size M with N <= M`,
    );
  }
  if (n < 2 * minSize) {
    throw new CliError(
      n < 4
        ? `${verb}: --input has ${n} tests; slicing needs at least 4 (two slices of at least 2)`
        : `${verb}: --input has ${n} tests, fewer than two slices of ${said("min-size", minSize)} (${2 * minSize}); give --min-size N with N <= ${Math.floor(n / 2)}`,
    );
  }
  if (maxSize > n) {
    throw new CliError(
      `${verb}: ${said("max-size", maxSize)} exceeds the ${n} tests of --input; give --max-size N with ${minSize} <= N <= ${n}`,
    );
  }
  if (Math.ceil(n / maxSize) > Math.floor(n / minSize)) {
    throw new CliError(
      `${verb}: no partition of the ${n} tests into slices of ${said("min-size", minSize)} to ${said("max-size", maxSize)} tests exists; widen the range`,
    );
  }
  return { minSize, maxSize, populationSize, generations };
}

/** The outcome, signals and ids of `slices identify` from the --input table. */
function readIdentifyTable(
  p: Parsed,
  sigSpec: string | undefined,
  vecFile: string | undefined,
): { outcome: Uint8Array; signals: RowMatrix; ids: readonly string[] | undefined } {
  const outcomeCol = p.values.get("outcome");
  if (outcomeCol === undefined)
    throw new CliError(
      "slices identify: missing required option --outcome COL (or read a harness's output with --from)",
    );
  const t = openTable(stringOpt(p, "input"), "--input");
  // rows are shown with their ids by default, as tcs shows them: a column named id is
  // used unless --id names another (or the column already has a role: outcome or a listed signal)
  const idCol =
    p.values.get("id") ??
    (t.columns.includes("id") &&
    outcomeCol !== "id" &&
    !(
      sigSpec !== undefined &&
      !sigSpec.endsWith("*") &&
      sigSpec.split(",").some((c) => c.trim() === "id")
    )
      ? "id"
      : undefined);
  let signalCols: string[] = [];
  let c: ReturnType<TableSource["read"]>;
  try {
    requireColumn(t, outcomeCol);
    if (idCol !== undefined) requireColumn(t, idCol);
    if (sigSpec !== undefined) signalCols = signalColumns(t, sigSpec);
    // a column fills one role. A prefix pattern leaves out the --outcome and --id columns (it
    // took the outcome in, leaking it into the slices); an explicit list may not name them.
    if (idCol !== undefined && idCol === outcomeCol)
      throw new CliError(
        `slices identify: --id and --outcome are the same column ${idCol}; a column fills one role`,
      );
    const roles = new Set([outcomeCol, ...(idCol === undefined ? [] : [idCol])]);
    if (sigSpec?.endsWith("*") === true) signalCols = signalCols.filter((col) => !roles.has(col));
    const taken = signalCols.find((col) => roles.has(col));
    if (taken !== undefined)
      throw new CliError(
        `slices identify: --signals names ${taken}, the ${taken === outcomeCol ? "--outcome" : "--id"} column; a column fills one role`,
      );
    if (sigSpec !== undefined && signalCols.length === 0)
      throw new CliError(
        `slices identify: --signals ${sigSpec} leaves no column besides --outcome and --id`,
      );
    const spec = new Map<string, ColumnRead>();
    for (const col of signalCols) spec.set(col, { kind: "number" });
    if (idCol !== undefined) spec.set(idCol, { kind: "string" });
    spec.set(outcomeCol, binaryRead(outcomeCol));
    c = t.read(spec);
  } finally {
    t.close();
  }
  requireRows(c, "--input");
  const outcome = Uint8Array.from(c.numbers.get(outcomeCol) as Float64Array);
  let signals: { data: Float64Array; rows: number; cols: number };
  if (vecFile !== undefined) {
    signals = readMatrix(vecFile, "--vectors");
    if (signals.rows !== c.n)
      throw new CliError(`${vecFile}: ${signals.rows} rows, but --input has ${c.n}`);
  } else signals = rowMatrix(c, signalCols);
  return {
    outcome,
    signals,
    ids: idCol === undefined ? undefined : c.strings.get(idCol),
  };
}
