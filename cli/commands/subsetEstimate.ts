import { readFileSync } from "node:fs";
import type { Plain } from "../../src/entry/core.js";
import { estimateSubset, type RecommendSubsetResult } from "../../src/entry/subset.js";
import { helpText, type OptionSpec, type Parsed, stringOpt } from "../args.js";
import { CliError } from "../errors.js";
import { type ColumnRead, decodeUtf8, openTable, requireColumn, writeAtomicSync } from "../io.js";
import type { Result } from "../output.js";
import { note } from "../progress.js";

export const subsetEstimateOptions: readonly OptionSpec[] = [
  {
    name: "recommendation",
    kind: "string",
    value: "FILE",
    help: "the JSON written by `subset select --method auto --save FILE`",
    required: true,
  },
  {
    name: "responses",
    kind: "string",
    value: "FILE",
    help: "the new run's outcomes: columns item, resolved (0/1), a row for every subset item (rows of other items, e.g. the whole benchmark's, are not used)",
    required: true,
  },
];

export const subsetEstimateHelp = helpText(
  "evalsift subset estimate --recommendation FILE --responses FILE",
  "Estimates a new run's full-benchmark resolve rate from its outcomes on the subset that\n" +
    "`subset select --method auto` recommended, with the estimator and the interval its\n" +
    "temporal cross-validation chose. Prints the estimate, its standard error and interval.",
  subsetEstimateOptions,
  "evalsift subset estimate --recommendation rec.json --responses new-run.csv",
);

/** Writes a recommendation as JSON: typed arrays and non-finite numbers tagged so that they read back exactly. */
export function saveRecommendation(file: string, rec: RecommendSubsetResult): void {
  const text = JSON.stringify(
    rec,
    (_k, v: unknown) => {
      if (v instanceof Int32Array) return { $int32: Array.from(v) };
      if (v instanceof Float64Array)
        return { $float64: Array.from(v, (x) => (Number.isFinite(x) ? x : String(x))) };
      if (typeof v === "number" && !Number.isFinite(v)) return { $number: String(v) };
      return v;
    },
    1,
  );
  // a reader never sees half a recommendation
  writeAtomicSync(file, `${text}\n`, "--save");
}

function loadRecommendation(file: string): RecommendSubsetResult | Plain<RecommendSubsetResult> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    throw new CliError(`--recommendation: cannot read ${file}`);
  }
  const text = decodeUtf8(file, bytes).replace(/^\uFEFF/, "");
  try {
    return JSON.parse(text, (_k, v: unknown) => {
      if (typeof v === "object" && v !== null) {
        const o = v as Record<string, unknown>;
        if (Array.isArray(o.$int32)) return Int32Array.from(o.$int32 as number[]);
        if (Array.isArray(o.$float64))
          return Float64Array.from(o.$float64 as (number | string)[], Number);
        if (typeof o.$number === "string") return Number(o.$number);
      }
      return v;
    }) as RecommendSubsetResult;
  } catch (e) {
    throw new CliError(`${file}: not a recommendation JSON (${(e as Error).message})`);
  }
}

/** `evalsift subset estimate`. */
export function subsetEstimate(p: Parsed): Result {
  const verb = "subset estimate";
  const recFile = stringOpt(p, "recommendation");
  const rec = loadRecommendation(recFile);
  // the tagged form saveRecommendation writes, or plain arrays (toPlain in a notebook)
  if (
    typeof rec !== "object" ||
    rec === null ||
    !Array.isArray(rec.itemIds) ||
    !(rec.items instanceof Int32Array || Array.isArray(rec.items))
  ) {
    throw new CliError(`${recFile}: not a recommendation JSON (no itemIds/items)`);
  }
  const file = stringOpt(p, "responses");
  const t = openTable(file, "--responses");
  requireColumn(t, "item");
  requireColumn(t, "resolved");
  const c = t.read(
    new Map<string, ColumnRead>([
      ["item", { kind: "string" }],
      [
        "resolved",
        {
          kind: "number",
          ok: (v) => v === 0 || v === 1,
          booleans: true,
          bad: (raw) => `resolved ${JSON.stringify(raw)} is not 0 or 1 (or true/false)`,
        },
      ],
    ]),
    { positions: ["item"] },
  );
  const ids = c.strings.get("item") ?? [];
  const res = c.numbers.get("resolved") as Float64Array;
  const at = (k: number): string => `${file}:${c.lines?.[k] ?? 1}:${c.cols.get("item")?.[k] ?? 1}`;
  const byItem = new Map<string, number>();
  const rowOf = new Map<string, number>();
  ids.forEach((id, k) => {
    const first = rowOf.get(id);
    if (first !== undefined)
      throw new CliError(
        `${at(k)}: malformed row: item ${JSON.stringify(id)} appears twice (first at ${at(first)})`,
      );
    rowOf.set(id, k);
    byItem.set(id, res[k] as number);
  });
  const missing = rec.itemIds.filter((id) => !byItem.has(id));
  if (missing.length > 0) {
    throw new CliError(
      `${verb}: ${file} lacks ${missing.length} of the ${rec.itemIds.length} subset items (first: ${JSON.stringify(missing[0])})`,
    );
  }
  const y = Uint8Array.from(rec.itemIds, (id) => byItem.get(id) as number);
  const e = estimateSubset(rec, y);
  // every subset item is there once, so the other rows are items outside the subset
  const others = ids.length - y.length;
  note(
    p.flags.has("quiet"),
    `${rec.method}: ${y.length} subset outcomes${others > 0 ? ` (${others} rows of items outside the subset not used)` : ""}`,
  );
  return {
    columns: ["estimate", "se", "lo", "hi", "level", "method"],
    rows: [[e.estimate, e.se, e.ci[0], e.ci[1], e.level, e.method]],
    json: e,
  };
}
