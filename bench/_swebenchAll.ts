/**
 * Loads every SWE-bench Verified run of ../shared/data (not redistributed; read
 * in place through test/helpers/sharedData.ts): the 158 leaderboard submissions
 * of swebench_verified_outcomes.csv plus the mini-swe-agent runs of
 * swebench_verified_mini_swe_agent_per_instance.csv missing there, runs sorted
 * by date then name, with each run's date and framework. Used by
 * bench/replicate-swebench-trajectories.ts and bench/recommend-shift.ts.
 */
import { type Outcomes, outcomes } from "../src/entry/subset.js";
import { parseSimpleCsv, readShared } from "../test/helpers/sharedData.js";

export type SwebenchAll = {
  readonly outcomes: Outcomes;
  /** Date (YYYY-MM-DD) of every run, by run id. */
  readonly dateOf: ReadonlyMap<string, string>;
  /** Framework of every run (the submissions table's `framework`), by run id. */
  readonly frameworkOf: ReadonlyMap<string, string>;
};

export function loadSwebenchAll(): SwebenchAll | undefined {
  const subsText = readShared("swebench_verified_outcomes.csv");
  const miniText = readShared("swebench_verified_mini_swe_agent_per_instance.csv");
  const metaText = readShared("swebench_verified_submissions.csv");
  if (subsText === undefined || miniText === undefined || metaText === undefined) return undefined;
  type Rec = { run: string; date: string; item: string; resolved: number };
  const rec = (r: Record<string, string>): Rec => ({
    run: r.submission as string,
    date: r.date as string,
    item: r.instance_id as string,
    resolved: Number(r.resolved),
  });
  const recs: Rec[] = parseSimpleCsv(subsText).map(rec);
  const have = new Set(recs.map((r) => r.run));
  const mini = parseSimpleCsv(miniText);
  for (const r of mini) if (!have.has(r.submission as string)) recs.push(rec(r));
  const frameworkOf = new Map(
    parseSimpleCsv(metaText).map((r) => [r.submission as string, r.framework as string]),
  );
  for (const r of mini) frameworkOf.set(r.submission as string, "mini-swe-agent");
  const key = (r: Rec) => `${r.date} ${r.run}`;
  recs.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return {
    outcomes: outcomes(recs),
    dateOf: new Map(recs.map((r) => [r.run, r.date])),
    frameworkOf,
  };
}
