/**
 * The four simulated changes of agent framework on the shared SWE-bench
 * outcomes (158 leaderboard submissions + the 25 mini-swe-agent runs), used by
 * `recommend-shift`, `recommend-pirt`, `shift-alternatives` and `shift-floor`: the history is
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

/** A scenario's definition: its name, which runs form the history, which the test runs (given a run's id, whether it is mini-swe-agent's and its date). */
export type ScenarioDef = [
  name: string,
  history: (run: string, mini: boolean, date: string) => boolean,
  test: (run: string, mini: boolean, date: string) => boolean,
];

/** Scenarios cut from the shared outcomes by `defs`, or undefined without the shared data. */
export function scenariosOf(
  defs: readonly ScenarioDef[],
): { readonly N: number; readonly scenarios: ShiftScenario[] } | undefined {
  const loaded = loadSwebenchAll();
  if (loaded === undefined) return undefined;
  const { outcomes: all, dateOf, frameworkOf } = loaded;
  const N = all.items.length;
  const mini = (run: string) => frameworkOf.get(run) === "mini-swe-agent";
  const date = (run: string) => dateOf.get(run) as string;
  const pick = (keep: ScenarioDef[1]): Outcomes => {
    const runs = all.runs.filter((r) => keep(r, mini(r), date(r)));
    const data = new Uint8Array(runs.length * N);
    runs.forEach((r, q) => {
      const t = all.runs.indexOf(r);
      data.set(all.data.subarray(t * N, (t + 1) * N), q * N);
    });
    return { runs, items: all.items, data };
  };
  const scenarios = defs.map(([name, hist, test]) => {
    const history = pick(hist);
    const t = pick(test);
    return { name, history, test: t, truth: t.runs.map((_, r) => runRate(t, r)) };
  });
  return { N, scenarios };
}

const SHIFT_DEFS: readonly ScenarioDef[] = [
  [
    "history mini-swe-agent < 2025-08-22, test other frameworks >= 2025-08-22",
    (_, m, d) => m && d < "2025-08-22",
    (_, m, d) => !m && d >= "2025-08-22",
  ],
  [
    "history mini-swe-agent < 2025-11-18, test other frameworks >= 2025-11-18",
    (_, m, d) => m && d < "2025-11-18",
    (_, m, d) => !m && d >= "2025-11-18",
  ],
  [
    "history other frameworks < 2025-07-20, test mini-swe-agent >= 2025-07-20",
    (_, m, d) => !m && d < "2025-07-20",
    (_, m, d) => m && d >= "2025-07-20",
  ],
  [
    "history all frameworks < 2025-11-18, test all > 2025-11-18",
    (_, _m, d) => d < "2025-11-18",
    (_, _m, d) => d > "2025-11-18",
  ],
];

/** The four scenarios, or undefined without the shared data. */
export function shiftScenarios():
  | { readonly N: number; readonly scenarios: ShiftScenario[] }
  | undefined {
  return scenariosOf(SHIFT_DEFS);
}

/** The scenarios (the four shifts by default), or a "skipped" line and exit 0 when ../shared is absent (the benches' start). */
export function shiftScenariosOrSkip(defs: readonly ScenarioDef[] = SHIFT_DEFS): {
  readonly N: number;
  readonly scenarios: ShiftScenario[];
} {
  const setup = scenariosOf(defs);
  if (setup === undefined) {
    console.log("skipped: ../shared/data not found");
    process.exit(0);
  }
  return setup;
}
