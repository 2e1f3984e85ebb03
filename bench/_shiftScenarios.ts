/**
 * The four simulated changes of agent framework on the shared SWE-bench
 * outcomes (158 leaderboard submissions + the 25 mini-swe-agent runs), used by
 * `recommend-shift`, `recommend-pirt` and `shift-alternatives`: the history is
 * one set of frameworks' runs dated before a cutoff, the test runs are the other
 * frameworks' runs dated on or after it (the last: all runs before / after the
 * trajectory run's date). Undefined when ../shared is absent.
 */
import type { Outcomes } from "../src/entry/subset.js";
import { loadSwebenchAll } from "./_swebenchAll.js";

/** One scenario: its history and test runs and the test runs' full-benchmark rates. */
export type ShiftScenario = {
  readonly name: string;
  readonly history: Outcomes;
  readonly test: Outcomes;
  readonly truth: readonly number[];
};

/** Full-benchmark rate of run r of `o`. */
export function runRate(o: Outcomes, r: number): number {
  const N = o.items.length;
  let s = 0;
  for (let i = 0; i < N; i++) s += o.data[r * N + i] as number;
  return s / N;
}

/** The four scenarios, or undefined without the shared data. */
export function shiftScenarios():
  | { readonly N: number; readonly scenarios: ShiftScenario[] }
  | undefined {
  const loaded = loadSwebenchAll();
  if (loaded === undefined) return undefined;
  const { outcomes: all, dateOf, frameworkOf } = loaded;
  const N = all.items.length;
  const mini = (run: string) => frameworkOf.get(run) === "mini-swe-agent";
  const date = (run: string) => dateOf.get(run) as string;
  const pick = (keep: (run: string) => boolean): Outcomes => {
    const runs = all.runs.filter(keep);
    const data = new Uint8Array(runs.length * N);
    runs.forEach((r, q) => {
      const t = all.runs.indexOf(r);
      data.set(all.data.subarray(t * N, (t + 1) * N), q * N);
    });
    return { runs, items: all.items, data };
  };
  const defs: [string, (r: string) => boolean, (r: string) => boolean][] = [
    [
      "history mini-swe-agent < 2025-08-22, test other frameworks >= 2025-08-22",
      (r) => mini(r) && date(r) < "2025-08-22",
      (r) => !mini(r) && date(r) >= "2025-08-22",
    ],
    [
      "history mini-swe-agent < 2025-11-18, test other frameworks >= 2025-11-18",
      (r) => mini(r) && date(r) < "2025-11-18",
      (r) => !mini(r) && date(r) >= "2025-11-18",
    ],
    [
      "history other frameworks < 2025-07-20, test mini-swe-agent >= 2025-07-20",
      (r) => !mini(r) && date(r) < "2025-07-20",
      (r) => mini(r) && date(r) >= "2025-07-20",
    ],
    [
      "history all frameworks < 2025-11-18, test all > 2025-11-18",
      (r) => date(r) < "2025-11-18",
      (r) => date(r) > "2025-11-18",
    ],
  ];
  const scenarios = defs.map(([name, hist, test]) => {
    const history = pick(hist);
    const t = pick(test);
    return { name, history, test: t, truth: t.runs.map((_, r) => runRate(t, r)) };
  });
  return { N, scenarios };
}

/** The scenarios, or a "skipped" line and exit 0 when ../shared is absent (the benches' start). */
export function shiftScenariosOrSkip(): {
  readonly N: number;
  readonly scenarios: ShiftScenario[];
} {
  const setup = shiftScenarios();
  if (setup === undefined) {
    console.log("skipped: ../shared/data not found");
    process.exit(0);
  }
  return setup;
}
