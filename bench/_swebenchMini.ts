/**
 * Loads the 25 mini-swe-agent runs (not MIT-licensed: read in place from
 * ../shared/data through test/helpers/sharedData.ts, never copied) as
 * Outcomes plus per-run cost and API-call matrices, runs sorted by date then
 * submission name. Used by bench/subset.ts and bench/replicate-swebench-subset.ts.
 */
import { type Outcomes, outcomes, type RowMatrix } from "../src/index.js";
import { parseSimpleCsv, readShared } from "../test/helpers/sharedData.js";

/** The data set, or undefined when ../shared/data is absent. */
export type MiniSwe = {
  readonly outcomes: Outcomes;
  /** runs x items, USD. */
  readonly cost: RowMatrix;
  /** runs x items, API calls. */
  readonly calls: RowMatrix;
  /** Run dates (YYYY-MM-DD), run order. */
  readonly dates: readonly string[];
};

export const MINI_SWE_FILE = "swebench_verified_mini_swe_agent_per_instance.csv";

export function loadMiniSwe(): MiniSwe | undefined {
  const text = readShared(MINI_SWE_FILE);
  if (text === undefined) return undefined;
  const recs = parseSimpleCsv(text);
  const key = (r: Record<string, string>): string => `${r.date} ${r.submission}`;
  recs.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const o = outcomes(
    recs.map((r) => ({
      run: r.submission as string,
      item: r.instance_id as string,
      resolved: Number(r.resolved),
    })),
  );
  const R = o.runs.length;
  const N = o.items.length;
  const runIx = new Map(o.runs.map((r, t) => [r, t]));
  const itemIx = new Map(o.items.map((r, t) => [r, t]));
  const cost = new Float64Array(R * N);
  const calls = new Float64Array(R * N);
  const dates: string[] = new Array(R).fill("");
  for (const r of recs) {
    const t =
      (runIx.get(r.submission as string) as number) * N +
      (itemIx.get(r.instance_id as string) as number);
    cost[t] = Number(r.cost_usd);
    calls[t] = Number(r.api_calls);
    dates[runIx.get(r.submission as string) as number] = r.date as string;
  }
  return {
    outcomes: o,
    cost: { data: cost, rows: R, cols: N },
    calls: { data: calls, rows: R, cols: N },
    dates,
  };
}
