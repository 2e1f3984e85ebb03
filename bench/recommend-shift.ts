/**
 * `npm run bench -- recommend-shift [--quick]`: `recommendSubset` +
 * `estimateSubset` under a change of agent framework, simulated on the shared
 * SWE-bench Verified outcomes (158 leaderboard submissions + the 25
 * mini-swe-agent runs): the history is one set of frameworks' runs dated before
 * a cutoff, the test runs are the other frameworks' runs dated on or after it.
 * Reports, at k = 50 (10 %), the RMSE of the recommended estimate over the test
 * runs and the coverage of its 95 % interval, over several seeds, next to the
 * plain mean of a random subset and of Consist-Strat, and the method the
 * temporal cross-validation chose.
 */
import { createRng } from "../src/entry/core.js";
import { srs } from "../src/entry/estimate.js";
import {
  estimateSubset,
  type Outcomes,
  recommendSubset,
  stratifiedSubset,
} from "../src/entry/subset.js";
import { loadSwebenchAll } from "./_swebenchAll.js";

const quick = process.argv.includes("--quick");
const SEEDS = quick ? 2 : 10;
const K = 50;
const loaded = loadSwebenchAll();
if (loaded === undefined) {
  console.log("skipped: ../shared/data not found");
  process.exit(0);
}
const all = loaded.outcomes;
const dateOf = loaded.dateOf;
const fw = loaded.frameworkOf;
const N = all.items.length;
const isMini = (run: string) => fw.get(run) === "mini-swe-agent";
const pick = (runs: string[]): Outcomes => {
  const data = new Uint8Array(runs.length * N);
  runs.forEach((r, q) => {
    const t = all.runs.indexOf(r);
    data.set(all.data.subarray(t * N, (t + 1) * N), q * N);
  });
  return { runs, items: all.items, data };
};
const rate = (o: Outcomes, r: number) => {
  let s = 0;
  for (let i = 0; i < N; i++) s += o.data[r * N + i] as number;
  return s / N;
};
const scenarios = [
  {
    name: "history mini-swe-agent < 2025-08-22, test other frameworks >= 2025-08-22",
    hist: (r: string) => isMini(r) && (dateOf.get(r) as string) < "2025-08-22",
    test: (r: string) => !isMini(r) && (dateOf.get(r) as string) >= "2025-08-22",
  },
  {
    name: "history mini-swe-agent < 2025-11-18, test other frameworks >= 2025-11-18",
    hist: (r: string) => isMini(r) && (dateOf.get(r) as string) < "2025-11-18",
    test: (r: string) => !isMini(r) && (dateOf.get(r) as string) >= "2025-11-18",
  },
  {
    name: "history other frameworks < 2025-07-20, test mini-swe-agent >= 2025-07-20",
    hist: (r: string) => !isMini(r) && (dateOf.get(r) as string) < "2025-07-20",
    test: (r: string) => isMini(r) && (dateOf.get(r) as string) >= "2025-07-20",
  },
  {
    name: "history all frameworks < 2025-11-18, test all > 2025-11-18",
    hist: (r: string) => (dateOf.get(r) as string) < "2025-11-18",
    test: (r: string) => (dateOf.get(r) as string) > "2025-11-18",
  },
];
for (const sc of scenarios) {
  const H = pick(all.runs.filter(sc.hist));
  const Tt = pick(all.runs.filter(sc.test));
  const hr = H.runs.map((_, r) => rate(H, r));
  const tr = Tt.runs.map((_, r) => rate(Tt, r));
  let se = 0;
  let cov = 0;
  let n = 0;
  let seR = 0;
  let seC = 0;
  const chosen = new Map<string, number>();
  const t0 = performance.now();
  for (let s = 0; s < SEEDS; s++) {
    const rng = createRng(`shift-${s}`);
    const rec = recommendSubset(H, K, rng);
    chosen.set(rec.method, (chosen.get(rec.method) ?? 0) + 1);
    const rs = srs(N, K, rng);
    const g = new Int32Array(N);
    for (let i = 0; i < N; i++)
      for (let r = H.runs.length - 3; r < H.runs.length; r++)
        g[i] = (g[i] as number) + (H.data[r * N + i] as number);
    const cs = stratifiedSubset(g, K, rng);
    tr.forEach((f, r) => {
      const y = Uint8Array.from(rec.items, (i) => Tt.data[r * N + i] as number);
      const e = estimateSubset(rec, y);
      se += (e.estimate - f) ** 2;
      if (e.ci[0] <= f && f <= e.ci[1]) cov++;
      n++;
      let a = 0;
      for (const i of rs) a += Tt.data[r * N + i] as number;
      seR += (a / K - f) ** 2;
      let b = 0;
      for (const i of cs) b += Tt.data[r * N + i] as number;
      seC += (b / K - f) ** 2;
    });
  }
  console.log(
    `${sc.name}: history ${H.runs.length} runs (rates ${(100 * Math.min(...hr)).toFixed(1)}-${(100 * Math.max(...hr)).toFixed(1)} %), test ${Tt.runs.length} runs (${(100 * Math.min(...tr)).toFixed(1)}-${(100 * Math.max(...tr)).toFixed(1)} %); k = ${K}, ${SEEDS} seeds: recommended RMSE ${Math.sqrt(se / n).toFixed(4)}, 95 % coverage ${((100 * cov) / n).toFixed(1)} %; Random ${Math.sqrt(seR / n).toFixed(4)}, Consist-Strat mean ${Math.sqrt(seC / n).toFixed(4)}; chosen: ${[...chosen].map(([m, c]) => `${m} x${c}`).join(", ")}; ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}
