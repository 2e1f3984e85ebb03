import type { RowMatrix } from "../../src/entry/core.js";
import {
  type BaselineName,
  baselineMethod,
  centroid,
  coreEdge,
  embeddingMethod,
  facilityLocation,
  kennardStone,
  medoids,
  type Outcomes,
  type SubsetMethod,
} from "../../src/entry/subset.js";
import {
  choiceIgnoringCase,
  didYouMean,
  type OptionSpec,
  type Parsed,
  SEED_HELP,
  seedOpt,
  stringOpt,
} from "../args.js";
import { CliError } from "../errors.js";
import { fromFormat, readOutcomesFrom } from "../importers.js";
import { importOptions } from "../importOptions.js";
import { type ColumnRead, openTable, readNpy, requireColumn } from "../io.js";

const baselines: readonly BaselineName[] = [
  "random",
  "repo",
  "difficulty",
  "consistency",
  "repoDifficulty",
  "repoConsistency",
];
const selectors = { centroid, facilityLocation, medoids, kennardStone, coreEdge } as const;
const selectorNames = Object.keys(selectors) as (keyof typeof selectors)[];
const groupings = ["consistency", "difficulty", "none", "kmeans"] as const;

/** Options shared by `subset select` and `subset evaluate`. */
export const subsetOptions: readonly OptionSpec[] = [
  {
    name: "outcomes",
    kind: "string",
    value: "FILE",
    help: "past runs, one row per (run, item): columns run, item, resolved (0/1); runs in chronological order",
    required: true,
  },
  {
    name: "method",
    kind: "string",
    value: "NAME",
    help: `a baseline (${baselines.join(", ")}; reads neither --vectors nor --strata) or a selector within strata (${Object.keys(selectors).join(", ")}; needs --vectors); case-insensitive`,
    default: "consistency",
  },
  {
    name: "size",
    kind: "string",
    value: "K|P%",
    help: "subset size: a count or a percentage of the items",
    required: true,
  },
  {
    name: "vectors",
    kind: "string",
    value: "FILE",
    help: "item vectors: .npy (rows in the order items first appear in --outcomes) or .csv/.jsonl (an item column plus numeric columns)",
  },
  {
    name: "strata",
    kind: "string",
    value: "NAME",
    help: `grouping for the selectors (not for a baseline): ${groupings.join(", ")}`,
    default: "consistency",
  },
  { name: "seed", kind: "string", value: "S", help: SEED_HELP, default: "1" },
  ...importOptions,
];

/** `--outcomes`: a (run, item, resolved) table, or a harness's output with `--from`. */
export function outcomesInput(verb: string, p: Parsed): Outcomes {
  const spec = stringOpt(p, "outcomes");
  const format = fromFormat(verb, p);
  return format === undefined ? readOutcomes(spec) : readOutcomesFrom(format, spec, p);
}

/**
 * Reads long-format outcomes (run, item, resolved) by streaming the rows into
 * interned run and item codes, then fills the runs x items 0/1 matrix: runs
 * and items in order of first appearance (as `outcomes` orders them), every
 * run must hold every item exactly once.
 */
export function readOutcomes(file: string): Outcomes {
  const t = openTable(file, "--outcomes");
  for (const c of ["run", "item", "resolved"]) requireColumn(t, c);
  const c = t.read(
    new Map<string, ColumnRead>([
      ["run", { kind: "intern" }],
      ["item", { kind: "intern" }],
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
  const run = c.interned.get("run");
  const item = c.interned.get("item");
  const resolved = c.numbers.get("resolved");
  if (run === undefined || item === undefined || resolved === undefined || c.n === 0)
    throw new CliError(`${file}: no outcome rows (columns run, item, resolved)`);
  const R = run.values.length;
  const N = item.values.length;
  if (R * N > 2 ** 31) throw new CliError(`${file}: ${R} runs x ${N} items is too large`);
  const UNSET = 2;
  const data = new Uint8Array(R * N).fill(UNSET);
  for (let k = 0; k < c.n; k++) {
    const r = run.codes[k] as number;
    const i = item.codes[k] as number;
    const at = r * N + i;
    if (data[at] !== UNSET) {
      throw new CliError(
        `${file}:${c.lines?.[k] ?? 1}:${c.cols.get("item")?.[k] ?? 1}: malformed row: item ${JSON.stringify(item.values[i])} appears twice in run ${JSON.stringify(run.values[r])}`,
      );
    }
    data[at] = resolved[k] as number;
  }
  for (let r = 0; r < R; r++) {
    const row = data.subarray(r * N, (r + 1) * N);
    const missing = row.indexOf(UNSET);
    if (missing >= 0) {
      let have = 0;
      for (const v of row) if (v !== UNSET) have++;
      throw new CliError(
        `${file}: ragged runs: run ${JSON.stringify(run.values[r])} has ${have} of ${N} items (missing ${JSON.stringify(item.values[missing])})`,
      );
    }
  }
  return { runs: run.values, items: item.values, data };
}

/**
 * Parses `--size` as a count in [1, n] or a percentage of n in (0%, 100%]
 * giving at least one item. A percentage above 100 is refused before rounding
 * (101% of 20 items rounded to 20 and was taken as all of them).
 */
export function parseSize(verb: string, raw: string, n: number): number {
  const t = raw.trim();
  const pct = /^(\d+(?:\.\d+)?)%$/.exec(t);
  const count = /^\d+$/.test(t);
  const k = pct !== null ? Math.round((Number(pct[1]) / 100) * n) : count ? Number(t) : Number.NaN;
  const why =
    pct !== null && Number(pct[1]) > 100
      ? ": a percentage above 100% is more than the whole benchmark"
      : count && k > n
        ? `: more than the ${n} items of the benchmark`
        : pct !== null && k < 1
          ? `: ${t} of ${n} items rounds to 0`
          : "";
  if (why !== "" || !(k >= 1 && k <= n)) {
    throw new CliError(
      `${verb}: --size must be a count in [1, ${n}] or a percentage in (0%, 100%] giving at least one item (got ${JSON.stringify(raw)}${why})`,
    );
  }
  return k;
}

/** Reads `--vectors` aligned with the items of `o`. */
export function readVectors(file: string, o: Outcomes): RowMatrix {
  if (file.toLowerCase().endsWith(".npy")) {
    const m = readNpy(file);
    if (m.rows !== o.items.length) {
      throw new CliError(`${file}: ${m.rows} rows, but --outcomes has ${o.items.length} items`);
    }
    return m;
  }
  const t = openTable(file, "--vectors");
  requireColumn(t, "item");
  const names = t.columns.filter((c) => c !== "item");
  const c = t.read(
    new Map<string, ColumnRead>([
      ["item", { kind: "string" }],
      ...names.map((n) => [n, { kind: "number" }] as [string, ColumnRead]),
    ]),
    { positions: ["item"] },
  );
  const ids = c.strings.get("item") ?? [];
  const at = (k: number): string => `${file}:${c.lines?.[k] ?? 1}:${c.cols.get("item")?.[k] ?? 1}`;
  const byItem = new Map<string, number>();
  ids.forEach((id, k) => {
    const first = byItem.get(id);
    // last-wins would pick a subset from whichever vector came last
    if (first !== undefined)
      throw new CliError(
        `${at(k)}: malformed row: item ${JSON.stringify(id)} appears twice (first at ${at(first)}); give each item one vector`,
      );
    byItem.set(id, k);
  });
  const cols = names.map((n) => c.numbers.get(n) as Float64Array);
  const data = new Float64Array(o.items.length * names.length);
  o.items.forEach((item, i) => {
    const k = byItem.get(item);
    if (k === undefined) throw new CliError(`${file}: no row for item ${JSON.stringify(item)}`);
    cols.forEach((v, j) => {
      data[i * names.length + j] = v[k] as number;
    });
  });
  return { data, rows: o.items.length, cols: names.length };
}

/** Resolves `--method` (and `--strata`) to a subset method. */
export function resolveMethod(
  verb: string,
  p: Parsed,
  o: Outcomes,
): { method: SubsetMethod; needsVectors: boolean } {
  const raw = p.values.get("method") ?? "consistency";
  const baseline = choiceIgnoringCase(raw, baselines);
  if (baseline !== undefined) {
    // a baseline reads neither: accepting them would silently give the baseline's subset
    for (const o of ["vectors", "strata"]) {
      if (p.values.has(o))
        throw new CliError(
          `${verb}: --${o} is for the selectors (${selectorNames.join(", ")}); --method ${baseline} does not use it`,
        );
    }
    // SWE-bench ids are "<owner>__<repo>-<number>": the repository is the id up to its last "-".
    const itemRepo = o.items.map((id) => id.replace(/-[^-]*$/, ""));
    return { method: baselineMethod(baseline, { itemRepo }), needsVectors: false };
  }
  const name = choiceIgnoringCase(raw, selectorNames);
  if (name !== undefined) {
    const strataRaw = p.values.get("strata") ?? "consistency";
    const strata = choiceIgnoringCase(strataRaw, groupings);
    if (strata === undefined) {
      throw new CliError(
        `${verb}: unknown --strata ${JSON.stringify(strataRaw)}${didYouMean(strataRaw, groupings)} (valid: ${groupings.join(", ")})`,
      );
    }
    return {
      method: embeddingMethod(selectors[name], { strata }),
      needsVectors: true,
    };
  }
  const valid = [...baselines, ...selectorNames];
  throw new CliError(
    `${verb}: unknown method ${JSON.stringify(raw)}${didYouMean(raw, valid)} (valid: ${valid.join(", ")})`,
  );
}

/** `--seed` (see {@link seedOpt}). */
export function seedOf(p: Parsed): string | number {
  return seedOpt(p, "1");
}
