import { rankSlices } from "../../src/index.js";
import { helpText, type OptionSpec, type Parsed, stringOpt } from "../args.js";
import { CliError } from "../errors.js";
import { columnIndex, readTable } from "../io.js";
import type { Result } from "../output.js";

export const slicesRankOptions: readonly OptionSpec[] = [
  {
    name: "input",
    kind: "string",
    value: "FILE",
    help: "one row per test: slice, V0 outcome and score, and V1 results of the re-run tests",
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
    help: "0/1 outcome under V0 (1 = pass)",
    default: "outcome_v0",
  },
  {
    name: "outcome-v1",
    kind: "string",
    value: "COL",
    help: "0/1 outcome under V1 (read on picked rows)",
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
];

export const slicesRankHelp = helpText(
  "evalsift slices rank --input FILE [--slice COL] [--pick COL] [--outcome-v0 COL] ...",
  "Ranks slices by how likely they regressed after a change (CASPER): regressed first,\n" +
    "then improved, then unchanged, each by decreasing change in failure impact score,\n" +
    "from the V1 results of the picked tests only.",
  slicesRankOptions,
  "evalsift slices rank --input results.csv --slice slice --pick pick",
);

/** `evalsift slices rank`. */
export function slicesRank(p: Parsed): Result {
  const verb = "slices rank";
  const t = readTable(stringOpt(p, "input"), "--input");
  const n = t.rows.length;
  const col = (opt: string, fallback: string) => columnIndex(t, p.values.get(opt) ?? fallback);
  const [cs, cp, co0, co1, cs0, cs1] = [
    col("slice", "slice"),
    col("pick", "pick"),
    col("outcome-v0", "outcome_v0"),
    col("outcome-v1", "outcome_v1"),
    col("score-v0", "score_v0"),
    col("score-v1", "score_v1"),
  ];
  const num = (i: number, j: number, what: string, test: (v: number) => boolean): number => {
    const s = (t.rows[i]?.[j] ?? "").trim();
    const v = Number(s);
    if (s === "" || !Number.isFinite(v) || !test(v)) {
      throw new CliError(
        `${t.file}:${t.lines[i]}:${t.cols[i]?.[j] ?? 1}: malformed row: ${t.columns[j]} ${JSON.stringify(s)} is not ${what}`,
      );
    }
    return v;
  };
  const binary = (v: number) => v === 0 || v === 1;
  const sliceOf = new Int32Array(n);
  const picked = new Uint8Array(n);
  const outcomeV0 = new Uint8Array(n);
  const outcomeV1 = new Uint8Array(n);
  const scoreV0 = new Float64Array(n);
  const scoreV1 = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    sliceOf[i] = num(
      i,
      cs,
      `a slice id in [0, ${n - 1}]`,
      (v) => Number.isInteger(v) && v >= 0 && v < n,
    );
    picked[i] = num(i, cp, "0 or 1", binary);
    outcomeV0[i] = num(i, co0, "0 or 1", binary);
    scoreV0[i] = num(i, cs0, "a finite number", () => true);
    if (picked[i] === 1) {
      outcomeV1[i] = num(i, co1, "0 or 1", binary);
      scoreV1[i] = num(i, cs1, "a finite number", () => true);
    }
  }
  const lists: number[][] = Array.from({ length: n }, () => []);
  for (let i = 0; i < n; i++) if (picked[i] === 1) lists[sliceOf[i] ?? 0]?.push(i);
  const aggregate = p.values.get("aggregate") ?? "mean";
  if (aggregate !== "mean" && aggregate !== "median" && aggregate !== "max") {
    throw new CliError(
      `${verb}: --aggregate must be mean, median or max (got ${JSON.stringify(aggregate)})`,
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
  const pos = new Map(Array.from(r.ids, (id, k) => [id, k] as const));
  const rows = Array.from(r.ranking, (id, rank) => {
    const k = pos.get(id) ?? 0;
    return [rank + 1, id, r.category[k] ?? "", r.impact[k] ?? 0, r.deltaFailureRate[k] ?? 0] as (
      | string
      | number
    )[];
  });
  return {
    columns: ["rank", "slice", "category", "impact", "delta_failure_rate"],
    rows,
    json: {
      ranking: r.ranking,
      ids: r.ids,
      category: r.category,
      impact: r.impact,
      deltaFailureRate: r.deltaFailureRate,
    },
  };
}
