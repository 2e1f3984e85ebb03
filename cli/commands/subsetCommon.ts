import {
  type BaselineKind,
  baselineMethod,
  centroid,
  coreEdge,
  embeddingMethod,
  facilityLocation,
  kennardStone,
  medoids,
  type Outcomes,
  outcomes,
  type RowMatrix,
  type SubsetMethod,
} from "../../src/index.js";
import type { OptionSpec, Parsed } from "../args.js";
import { CliError } from "../errors.js";
import { columnIndex, readMatrix, readTable } from "../io.js";

const baselines: readonly BaselineKind[] = [
  "random",
  "repo",
  "difficulty",
  "consistency",
  "repoDifficulty",
  "repoConsistency",
];
const selectors = { centroid, facilityLocation, medoids, kennardStone, coreEdge } as const;
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
    help: `a baseline (${baselines.join(", ")}) or a selector within strata (${Object.keys(selectors).join(", ")}; needs --vectors)`,
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
    help: `grouping for selectors: ${groupings.join(", ")}`,
    default: "consistency",
  },
  { name: "seed", kind: "string", value: "S", help: "seed of the random draws", default: "1" },
];

/** Reads long-format outcomes (run, item, resolved). */
export function readOutcomes(file: string): Outcomes {
  const t = readTable(file, "--outcomes");
  const [r, i, y] = [columnIndex(t, "run"), columnIndex(t, "item"), columnIndex(t, "resolved")];
  const records = t.rows.map((row, k) => {
    const v = (row[y] ?? "").trim();
    if (v !== "0" && v !== "1") {
      throw new CliError(
        `${t.file}:${t.lines[k]}:${t.cols[k]?.[y] ?? 1}: malformed row: resolved ${JSON.stringify(row[y] ?? "")} is not 0 or 1`,
      );
    }
    return { run: row[r] ?? "", item: row[i] ?? "", resolved: v === "1" ? 1 : 0 } as const;
  });
  return outcomes(records);
}

/** Parses `--size` as a count or a percentage of n. */
export function parseSize(verb: string, raw: string, n: number): number {
  const pct = /^(\d+(?:\.\d+)?)%$/.exec(raw.trim());
  const k =
    pct !== null
      ? Math.round((Number(pct[1]) / 100) * n)
      : /^\d+$/.test(raw.trim())
        ? Number(raw)
        : Number.NaN;
  if (!(k >= 1 && k <= n)) {
    throw new CliError(
      `${verb}: --size must be a count in [1, ${n}] or a percentage giving one (got ${JSON.stringify(raw)})`,
    );
  }
  return k;
}

/** Reads `--vectors` aligned with the items of `o`. */
export function readVectors(file: string, o: Outcomes): RowMatrix {
  if (file.toLowerCase().endsWith(".npy")) {
    const m = readMatrix(file, "--vectors");
    if (m.rows !== o.items.length) {
      throw new CliError(`${file}: ${m.rows} rows, but --outcomes has ${o.items.length} items`);
    }
    return m;
  }
  const t = readTable(file, "--vectors");
  const idCol = columnIndex(t, "item");
  const numCols = t.columns.map((_c, j) => j).filter((j) => j !== idCol);
  const byItem = new Map<string, number>();
  t.rows.forEach((row, k) => {
    byItem.set(row[idCol] ?? "", k);
  });
  const data = new Float64Array(o.items.length * numCols.length);
  o.items.forEach((item, i) => {
    const k = byItem.get(item);
    if (k === undefined) throw new CliError(`${file}: no row for item ${JSON.stringify(item)}`);
    numCols.forEach((j, c) => {
      const s = (t.rows[k]?.[j] ?? "").trim();
      const v = Number(s);
      if (s === "" || !Number.isFinite(v)) {
        throw new CliError(
          `${t.file}:${t.lines[k]}:${t.cols[k]?.[j] ?? 1}: malformed row: ${JSON.stringify(s)} is not a finite number`,
        );
      }
      data[i * numCols.length + c] = v;
    });
  });
  return { data, rows: o.items.length, cols: numCols.length };
}

/** Resolves `--method` (and `--strata`) to a subset method. */
export function resolveMethod(
  verb: string,
  p: Parsed,
  o: Outcomes,
): { method: SubsetMethod; needsVectors: boolean } {
  const name = p.values.get("method") ?? "consistency";
  if ((baselines as readonly string[]).includes(name)) {
    // SWE-bench ids are "<owner>__<repo>-<number>": the repository is the id up to its last "-".
    const itemRepo = o.items.map((id) => id.replace(/-[^-]*$/, ""));
    return { method: baselineMethod(name as BaselineKind, { itemRepo }), needsVectors: false };
  }
  if (name in selectors) {
    const strata = p.values.get("strata") ?? "consistency";
    if (!(groupings as readonly string[]).includes(strata)) {
      throw new CliError(
        `${verb}: unknown --strata ${JSON.stringify(strata)} (valid: ${groupings.join(", ")})`,
      );
    }
    const selector = selectors[name as keyof typeof selectors];
    return {
      method: embeddingMethod(selector, { strata: strata as (typeof groupings)[number] }),
      needsVectors: true,
    };
  }
  throw new CliError(
    `${verb}: unknown method ${JSON.stringify(name)} (valid: ${[...baselines, ...Object.keys(selectors)].join(", ")})`,
  );
}

/** Parses `--seed` as a number when it is an integer, else keeps the string. */
export function seedOf(p: Parsed): string | number {
  const raw = p.values.get("seed") ?? "1";
  return /^-?\d+$/.test(raw) ? Number(raw) : raw;
}
