import { rankSlices } from "../../src/index.js";
import { helpText, type OptionSpec, type Parsed, stringOpt } from "../args.js";
import { CliError } from "../errors.js";
import { type ColumnRead, openTable, parseDecimal, requireColumn } from "../io.js";
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
  const t = openTable(stringOpt(p, "input"), "--input");
  const name = (opt: string, fallback: string) => requireColumn(t, p.values.get(opt) ?? fallback);
  let names: string[];
  try {
    names = [
      name("slice", "slice"),
      name("pick", "pick"),
      name("outcome-v0", "outcome_v0"),
      name("outcome-v1", "outcome_v1"),
      name("score-v0", "score_v0"),
      name("score-v1", "score_v1"),
    ];
  } catch (e) {
    t.close();
    throw e;
  }
  const [cs, cp, co0, co1, cs0, cs1] = names as [string, string, string, string, string, string];
  const binary = (v: number) => v === 0 || v === 1;
  const num = (col: string, what: string, ok: (v: number) => boolean): ColumnRead => ({
    kind: "number",
    ok,
    bad: (raw) => `${col} ${JSON.stringify(raw.trim())} is not ${what}`,
  });
  // V1 columns are read on picked rows only, so they are kept as text and checked below.
  const c = t.read(
    new Map<string, ColumnRead>([
      [cs, num(cs, "a slice id in [0, n - 1]", (v) => Number.isInteger(v) && v >= 0)],
      [cp, num(cp, "0 or 1", binary)],
      [co0, num(co0, "0 or 1", binary)],
      [cs0, num(cs0, "a finite number", () => true)],
      [co1, { kind: "string" }],
      [cs1, { kind: "string" }],
    ]),
    { positions: [cs, co1, cs1] },
  );
  const n = c.n;
  const at = (i: number, col: string) =>
    `${c.file}:${c.lines?.[i] ?? 1}:${c.cols.get(col)?.[i] ?? 1}`;
  const sliceOf = Int32Array.from(c.numbers.get(cs) as Float64Array);
  const picked = Uint8Array.from(c.numbers.get(cp) as Float64Array);
  const outcomeV0 = Uint8Array.from(c.numbers.get(co0) as Float64Array);
  const scoreV0 = Float64Array.from(c.numbers.get(cs0) as Float64Array);
  const outcomeV1 = new Uint8Array(n);
  const scoreV1 = new Float64Array(n);
  const v1 = (i: number, col: string, what: string, ok: (v: number) => boolean): number => {
    const s = (c.strings.get(col)?.[i] ?? "").trim();
    const v = parseDecimal(s);
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
      outcomeV1[i] = v1(i, co1, "0 or 1", binary);
      scoreV1[i] = v1(i, cs1, "a finite number", () => true);
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
