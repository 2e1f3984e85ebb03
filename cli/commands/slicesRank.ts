import { rankSlices } from "../../src/index.js";
import { didYouMean, helpText, type OptionSpec, type Parsed, stringOpt } from "../args.js";
import { CliError } from "../errors.js";
import { fromFormat, pickRun, readHarness } from "../importers.js";
import {
  type FromFormat,
  failureOutcome,
  failureOutcomeOption,
  importOptions,
} from "../importOptions.js";
import {
  type ColumnRead,
  type Columns,
  openTable,
  parseBinary,
  parseDecimal,
  requireColumn,
  requireRows,
} from "../io.js";
import type { Result } from "../output.js";
import { note } from "../progress.js";

export const slicesRankOptions: readonly OptionSpec[] = [
  {
    name: "input",
    kind: "string",
    value: "FILE",
    help: "one row per test: slice, V0 outcome and score, and V1 results of the re-run tests; with --from, one row per item of --outcomes-v0 (column --id): slice, pick and scores",
    required: true,
  },
  {
    name: "slice",
    kind: "string",
    value: "COL",
    help: "slice id column (e.g. from slices identify)",
    default: "slice",
  },
  {
    name: "pick",
    kind: "string",
    value: "COL",
    help: "1 for tests re-run under V1",
    default: "pick",
  },
  {
    name: "outcome-v0",
    kind: "string",
    value: "COL",
    help: "table input: 0/1 outcome under V0 (1 = pass; see --failure-outcome)",
    default: "outcome_v0",
  },
  {
    name: "outcome-v1",
    kind: "string",
    value: "COL",
    help: "table input: 0/1 outcome under V1 (read on picked rows)",
    default: "outcome_v1",
  },
  {
    name: "score-v0",
    kind: "string",
    value: "COL",
    help: "failure impact score under V0",
    default: "score_v0",
  },
  {
    name: "score-v1",
    kind: "string",
    value: "COL",
    help: "failure impact score under V1 (read on picked rows)",
    default: "score_v1",
  },
  {
    name: "aggregate",
    kind: "string",
    value: "mean|median|max",
    help: "how per-test score changes combine per slice",
    default: "mean",
  },
  failureOutcomeOption,
  ...importOptions,
  {
    name: "outcomes-v0",
    kind: "string",
    value: "FILES",
    help: "with --from: V0's harness output (files or folders, comma-separated, * and ?, as --from describes); its items are the rows, each matched to the --input row of the same --id",
  },
  {
    name: "outcomes-v1",
    kind: "string",
    value: "FILES",
    help: "with --from: V1's harness output; it must hold every picked item and only items of --outcomes-v0",
  },
  {
    name: "run-v0",
    kind: "string",
    value: "NAME",
    help: "with --from: the run of --outcomes-v0 that is V0 (default: the only run)",
  },
  {
    name: "run-v1",
    kind: "string",
    value: "NAME",
    help: "with --from: the run of --outcomes-v1 that is V1 (default: the only run)",
  },
  {
    name: "id",
    kind: "string",
    value: "COL",
    help: "with --from: the --input column of item ids (slices identify --from writes it)",
    default: "id",
  },
];

export const slicesRankHelp = helpText(
  "evalsift slices rank --input FILE [--slice COL] [--pick COL] [--outcome-v0 COL] ... | --from FORMAT --input FILE --outcomes-v0 FILES --outcomes-v1 FILES",
  "Ranks slices by how likely they regressed after a change (CASPER): regressed first,\n" +
    "then improved, then unchanged, each by decreasing change in failure impact score,\n" +
    "from the V1 results of the picked tests only. A slice none of whose tests is picked\n" +
    "has no evidence either way: it is listed after every tested slice, by slice id, as\n" +
    "untested, with impact and delta_failure_rate left empty (null in JSON), never as\n" +
    "unchanged. Columns picked and size give each slice's picked tests and its tests.\n" +
    "No picked test at all is an error. With --from, the outcomes of V0 and V1 come\n" +
    "from a harness's output, matched by item id to the --input rows (slice, pick, scores).",
  slicesRankOptions,
  "evalsift slices rank --input results.csv --slice slice --pick pick\n" +
    "  evalsift slices rank --from swebench --items ids.txt --input slices.csv --outcomes-v0 v0/results.json --outcomes-v1 v1/results.json",
);

/** One version's outcomes from a harness's output (`--outcomes-v0` or `--outcomes-v1` with `--from`). */
type Version = {
  /** The option, its files and the run, for error messages. */
  readonly label: string;
  readonly items: readonly string[];
  readonly index: ReadonlyMap<string, number>;
  /** The run's 0/1 outcome per item, as the harness wrote it. */
  readonly data: Uint8Array;
};

function readVersion(verb: string, format: FromFormat, p: Parsed, v: "v0" | "v1"): Version {
  const option = `outcomes-${v}`;
  const spec = p.values.get(option);
  if (spec === undefined)
    throw new CliError(
      `${verb}: with --from, give ${v.toUpperCase()}'s harness output as --${option} FILES`,
    );
  const t = readHarness(format, spec, `--${option}`, p);
  const r = pickRun(verb, t, p, `run-${v}`, `--${option}`);
  const N = t.items.length;
  return {
    label: `--${option} ${spec} (run ${JSON.stringify(t.runs[r])})`,
    items: t.items,
    index: new Map(t.items.map((id, i) => [id, i] as const)),
    data: t.data.subarray(r * N, (r + 1) * N),
  };
}

/** Rejects the options of the other input mode (table columns vs harness files). */
function checkMode(verb: string, p: Parsed, format: FromFormat | undefined): void {
  if (format === undefined) {
    for (const o of ["outcomes-v0", "outcomes-v1", "run-v0", "run-v1", "id"]) {
      if (p.values.has(o)) throw new CliError(`${verb}: --${o} needs --from`);
    }
    return;
  }
  for (const o of ["outcome-v0", "outcome-v1"]) {
    if (p.values.has(o))
      throw new CliError(
        `${verb}: --${o} names a column of a table input; with --from the outcomes come from --outcomes-v0 and --outcomes-v1`,
      );
  }
}

/**
 * The outcomes of the --input rows from the harness, matched by id: rows and
 * V0 items one to one, every item of V1 one of V0's; V1's outcome of a row
 * is looked up when it is read (picked rows only), a missing one is an error.
 */
function matchItems(
  c: Columns,
  cid: string,
  v0: Version,
  v1: Version,
  at: (i: number, col: string) => string,
): { outcomeV0: Uint8Array; outcomeV1: (i: number) => number } {
  const ids = Array.from({ length: c.n }, (_, i) => (c.strings.get(cid)?.[i] ?? "").trim());
  const outcome = new Uint8Array(c.n);
  const rowOf = new Map<string, number>();
  ids.forEach((id, i) => {
    const prev = rowOf.get(id);
    if (prev !== undefined)
      throw new CliError(
        `${at(i, cid)}: malformed row: ${cid} ${JSON.stringify(id)} appears twice (first at ${at(prev, cid)})`,
      );
    rowOf.set(id, i);
    const j = v0.index.get(id);
    if (j === undefined)
      throw new CliError(
        `${at(i, cid)}: malformed row: ${cid} ${JSON.stringify(id)} is not an item of ${v0.label}`,
      );
    outcome[i] = v0.data[j] as number;
  });
  const missing = v0.items.filter((id) => !rowOf.has(id));
  if (missing.length > 0)
    throw new CliError(
      `${v0.label}: item ${JSON.stringify(missing[0])}${missing.length > 1 ? ` (and ${missing.length - 1} more)` : ""} has no row in ${c.file} (column ${cid})`,
    );
  const extra = v1.items.find((id) => !rowOf.has(id));
  if (extra !== undefined)
    throw new CliError(
      `${v1.label}: item ${JSON.stringify(extra)} is not an item of ${v0.label} (no row in ${c.file})`,
    );
  const outcomeV1 = (i: number): number => {
    const j = v1.index.get(ids[i] ?? "");
    if (j === undefined)
      throw new CliError(
        `${v1.label}: no outcome for item ${JSON.stringify(ids[i])}, picked at ${at(i, cid)}`,
      );
    return v1.data[j] as number;
  };
  return { outcomeV0: outcome, outcomeV1 };
}

/** `evalsift slices rank`. */
export function slicesRank(p: Parsed): Result {
  const verb = "slices rank";
  const failure = failureOutcome(verb, p);
  const format = fromFormat(verb, p);
  checkMode(verb, p, format);
  const harness =
    format === undefined
      ? undefined
      : { v0: readVersion(verb, format, p, "v0"), v1: readVersion(verb, format, p, "v1") };
  const t = openTable(stringOpt(p, "input"), "--input");
  const name = (opt: string, fallback: string) => requireColumn(t, p.values.get(opt) ?? fallback);
  let names: string[];
  try {
    names = [
      name("slice", "slice"),
      name("pick", "pick"),
      name("score-v0", "score_v0"),
      name("score-v1", "score_v1"),
      ...(harness === undefined
        ? [name("outcome-v0", "outcome_v0"), name("outcome-v1", "outcome_v1")]
        : [name("id", "id")]),
    ];
  } catch (e) {
    t.close();
    throw e;
  }
  // c4 is the V0 outcome column, or with --from the id column (then co1 is undefined)
  const [cs, cp, cs0, cs1, c4, co1] = names as [string, string, string, string, string, string?];
  const binary = (v: number) => v === 0 || v === 1;
  const num = (col: string, what: string, ok: (v: number) => boolean): ColumnRead => ({
    kind: "number",
    ok,
    booleans: ok === binary,
    bad: (raw) => `${col} ${JSON.stringify(raw.trim())} is not ${what}`,
  });
  // a column fills one role: read twice under one name, the later role replaced the earlier
  const roles = [cs, cp, cs0, cs1, c4, ...(co1 === undefined ? [] : [co1])];
  const dup = roles.find((col, k) => roles.indexOf(col) !== k);
  if (dup !== undefined) {
    throw new CliError(
      `slices rank: the column ${dup} is given for two roles; a column fills one role`,
    );
  }
  // V1 columns are read on picked rows only, so they are kept as text and checked below.
  const spec = new Map<string, ColumnRead>([
    [cs, num(cs, "a slice id in [0, n - 1]", (v) => Number.isInteger(v) && v >= 0)],
    [cp, num(cp, "0 or 1 (or true/false)", binary)],
    [cs0, num(cs0, "a finite number", () => true)],
    [cs1, { kind: "string" }],
  ]);
  if (co1 === undefined) spec.set(c4, { kind: "string" });
  else spec.set(c4, num(c4, "0 or 1 (or true/false)", binary)).set(co1, { kind: "string" });
  const c = t.read(spec, { positions: [cs, c4, cs1, ...(co1 === undefined ? [] : [co1])] });
  requireRows(c, "--input");
  const n = c.n;
  const at = (i: number, col: string) =>
    `${c.file}:${c.lines?.[i] ?? 1}:${c.cols.get(col)?.[i] ?? 1}`;
  const sliceOf = Int32Array.from(c.numbers.get(cs) as Float64Array);
  const picked = Uint8Array.from(c.numbers.get(cp) as Float64Array);
  const fromHarness =
    harness === undefined ? undefined : matchItems(c, c4, harness.v0, harness.v1, at);
  const outcomeV0 = fromHarness?.outcomeV0 ?? Uint8Array.from(c.numbers.get(c4) as Float64Array);
  const scoreV0 = Float64Array.from(c.numbers.get(cs0) as Float64Array);
  const outcomeV1 = new Uint8Array(n);
  const scoreV1 = new Float64Array(n);
  const v1 = (i: number, col: string, what: string, ok: (v: number) => boolean): number => {
    const s = (c.strings.get(col)?.[i] ?? "").trim();
    const v = ok === binary ? parseBinary(s) : parseDecimal(s);
    if (!Number.isFinite(v) || !ok(v))
      throw new CliError(
        `${at(i, col)}: malformed row: ${col} ${JSON.stringify(s)} is not ${what}`,
      );
    return v;
  };
  for (let i = 0; i < n; i++) {
    if ((sliceOf[i] as number) >= n) {
      throw new CliError(
        `${at(i, cs)}: malformed row: ${cs} "${sliceOf[i]}" is not a slice id in [0, ${n - 1}]`,
      );
    }
    if (picked[i] === 1) {
      outcomeV1[i] =
        fromHarness?.outcomeV1(i) ?? v1(i, co1 ?? "", "0 or 1 (or true/false)", binary);
      scoreV1[i] = v1(i, cs1, "a finite number", () => true);
    }
  }
  if (failure === 1) {
    // rankSlices reads 1 = pass
    for (let i = 0; i < n; i++) {
      outcomeV0[i] = 1 - (outcomeV0[i] as number);
      if (picked[i] === 1) outcomeV1[i] = 1 - (outcomeV1[i] as number);
    }
  }
  const lists: number[][] = Array.from({ length: n }, () => []);
  for (let i = 0; i < n; i++) if (picked[i] === 1) lists[sliceOf[i] ?? 0]?.push(i);
  if (!picked.includes(1)) {
    throw new CliError(
      `${verb}: no test is picked (column ${cp} is 0 on all ${n} rows of ${c.file}), so no slice can be ranked: set ${cp} to 1 on the tests re-run under V1 (slices identify marks its representatives so) and give their V1 results`,
    );
  }
  const aggregate = p.values.get("aggregate") ?? "mean";
  if (aggregate !== "mean" && aggregate !== "median" && aggregate !== "max") {
    throw new CliError(
      `${verb}: --aggregate must be mean, median or max (got ${JSON.stringify(aggregate)}${didYouMean(aggregate, ["mean", "median", "max"], true)})`,
    );
  }
  const r = rankSlices(
    {
      sliceOf,
      picks: lists.map((l) => Int32Array.from(l)),
      outcomeV0,
      outcomeV1,
      scoreV0,
      scoreV1,
    },
    { aggregate },
  );
  // a slice without picks is "untested" in rankSlices, ranked after every tested one
  const tested = (k: number): boolean => r.category[k] !== "untested";
  const pos = new Map(Array.from(r.ids, (id, k) => [id, k] as const));
  const untested = r.category.filter((c) => c === "untested").length;
  if (untested > 0)
    note(
      p.flags.has("quiet"),
      `${untested} of ${r.ids.length} slices have no picked test: listed last as untested (re-run a test of each to rank it)`,
    );
  const rows = Array.from(r.ranking, (id, rank) => {
    const k = pos.get(id) ?? 0;
    const t = tested(k);
    return [
      rank + 1,
      id,
      r.category[k] ?? "",
      t ? (r.impact[k] ?? 0) : "",
      t ? (r.deltaFailureRate[k] ?? 0) : "",
      r.picked[k] ?? 0,
      r.size[k] ?? 0,
    ] as (string | number)[];
  });
  const byK = <T>(f: (k: number) => T): T[] => Array.from(r.ids, (_, k) => f(k));
  return {
    columns: ["rank", "slice", "category", "impact", "delta_failure_rate", "picked", "size"],
    rows,
    json: {
      ranking: r.ranking,
      ids: r.ids,
      category: r.category,
      impact: byK((k) => (tested(k) ? (r.impact[k] ?? 0) : null)),
      deltaFailureRate: byK((k) => (tested(k) ? (r.deltaFailureRate[k] ?? 0) : null)),
      picked: r.picked,
      size: r.size,
    },
  };
}
