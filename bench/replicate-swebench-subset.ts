/**
 * `npm run bench -- replicate-swebench-subset [--quick]`: the paper's subset
 * evaluation on the 25 dated mini-swe-agent runs of SWE-bench Verified, with
 * every baseline, the five geometric selectors within consistency strata and
 * the ablations at 5/10/20/30 %, plus the cost analysis. Writes
 * docs/replication/swebench-subset.md (the committed report comes from a full
 * run; `--quick` uses fewer seeds and does not write it).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRng, type RowMatrix } from "../src/entry/core.js";
import { srs } from "../src/entry/estimate.js";
import { cliffsDelta, holm, wilcoxonSignedRank } from "../src/entry/stats.js";
import {
  baselineMethod,
  centroid,
  coreEdge,
  type EvaluateSubsetResult,
  embeddingMethod,
  evaluateSubset,
  facilityLocation,
  kennardStone,
  medoids,
  poolSteps,
  type Selector,
  type SubsetMethod,
  temporalSplits,
} from "../src/entry/subset.js";
import { parseSimpleCsv, readShared } from "../test/helpers/sharedData.js";
import { loadMiniSwe, MINI_SWE_FILE } from "./_swebenchMini.js";
import { fmtMs } from "./_timing.js";

const quick = process.argv.includes("--quick");
const SEEDS = quick ? 5 : 30;
const SL_SEEDS = quick ? 2 : 5;
const W = 3;
const SIZES = [0.05, 0.1, 0.2, 0.3];
const here = dirname(fileURLToPath(import.meta.url));

const data = loadMiniSwe();
if (data === undefined) {
  console.log(`skipped: ../shared/data/${MINI_SWE_FILE} not found`);
  process.exit(0);
}
// --quick: the first 8 runs only (35 splits), a smoke test of the script.
const R = quick ? 8 : data.outcomes.runs.length;
const o = {
  ...data.outcomes,
  runs: data.outcomes.runs.slice(0, R),
  data: data.outcomes.data.subarray(0, R * data.outcomes.items.length),
};
const N = o.items.length;
const itemRepo = o.items.map((id) => id.slice(0, id.lastIndexOf("-")));

// Item vectors from the training window only: each item's W training runs give a
// W x 2 "trajectory" of [log(1 + API calls), log(1 + cost in cents)], pooled by
// poolSteps (mean, std, first, middle, last -> 10 numbers), then every column
// z-scored over the items so both signals weigh alike.
const vectorCache = new Map<string, RowMatrix>();
function vectors(train: Int32Array): RowMatrix {
  const key = Array.from(train).join(",");
  const hit = vectorCache.get(key);
  if (hit !== undefined) return hit;
  const d = 10;
  const X = new Float64Array(N * d);
  const steps = new Float64Array(train.length * 2);
  for (let i = 0; i < N; i++) {
    train.forEach((r, t) => {
      steps[2 * t] = Math.log1p(data?.calls.data[r * N + i] as number);
      steps[2 * t + 1] = Math.log1p(100 * (data?.cost.data[r * N + i] as number));
    });
    X.set(poolSteps({ data: steps, rows: train.length, cols: 2 }), i * d);
  }
  for (let j = 0; j < d; j++) {
    let m = 0;
    for (let i = 0; i < N; i++) m += X[i * d + j] as number;
    m /= N;
    let v = 0;
    for (let i = 0; i < N; i++) v += ((X[i * d + j] as number) - m) ** 2;
    const sd = Math.sqrt(v / N);
    for (let i = 0; i < N; i++) X[i * d + j] = sd > 0 ? ((X[i * d + j] as number) - m) / sd : 0;
  }
  const out = { data: X, rows: N, cols: d };
  vectorCache.set(key, out);
  return out;
}

const selectors: [string, Selector][] = [
  ["Centroid", centroid],
  ["FL", facilityLocation],
  ["Medoid", medoids],
  ["KS", kennardStone],
  ["Core/Edge", coreEdge],
];
type Row = { family: string; method: SubsetMethod; seeds: number; sub: boolean };
// Ablations run on every 8th split (253 of 2,024) to fit the time budget; the
// references Consist-Strat and Centroid [ES] are evaluated on the same splits.
const allSplits = temporalSplits(R, W);
const subSplits = allSplits.filter((_, t) => t % 8 === 0);
const baselines = (
  ["random", "repo", "difficulty", "consistency", "repoDifficulty", "repoConsistency"] as const
).map(
  (k): Row => ({
    family: "Baseline",
    method: baselineMethod(k, { itemRepo }),
    seeds: SEEDS,
    sub: false,
  }),
);
const es = selectors.map(
  ([label, s]): Row => ({
    family: "Embedding-Within-Strata",
    method: embeddingMethod(s, { label }),
    seeds: 1,
    sub: false,
  }),
);
const rows: Row[] = [
  ...baselines,
  ...es,
  { ...(baselines[3] as Row), family: "Reference (ablation splits)", sub: true },
  { ...(es[0] as Row), family: "Reference (ablation splits)", sub: true },
  ...selectors.flatMap(([label, s]): Row[] => [
    {
      family: "Pure embedding",
      method: embeddingMethod(s, { label, strata: "none" }),
      seeds: 1,
      sub: true,
    },
    {
      family: "Pure embedding",
      method: embeddingMethod(s, { label, strata: "none", calibrate: true }),
      seeds: 1,
      sub: true,
    },
  ]),
  {
    family: "Clustering",
    method: embeddingMethod(centroid, { label: "Centroid", strata: "kmeans" }),
    seeds: 1,
    sub: true,
  },
  ...(
    [
      ["Centroid", centroid],
      ["FL", facilityLocation],
      ["KS", kennardStone],
    ] as [string, Selector][]
  ).flatMap(([label, s]) =>
    [1.5, 2].map(
      (f): Row => ({
        family: "Shortlist",
        method: embeddingMethod(s, { label, shortlist: f }),
        seeds: SL_SEEDS,
        sub: true,
      }),
    ),
  ),
];

type Cell = { row: Row; k: number; ev: EvaluateSubsetResult; ms: number; perSplit: Float64Array };
const cells: Cell[] = [];
const t0 = performance.now();
for (const frac of SIZES) {
  const k = Math.round(frac * N);
  for (const row of rows) {
    const s = performance.now();
    const ev = evaluateSubset({
      outcomes: o,
      select: row.method,
      size: k,
      window: W,
      seeds: row.seeds,
      seed: "swebench-subset",
      vectors,
      costs: { ...data.cost, rows: R, data: data.cost.data.subarray(0, R * N) },
      ...(row.sub ? { splits: subSplits } : {}),
    });
    const ms = performance.now() - s;
    // per-split RMSE averaged over seeds: the paired unit of the significance tests
    const S = ev.splits.length;
    const perSplit = new Float64Array(S);
    for (let q = 0; q < ev.seeds; q++) {
      for (let t = 0; t < S; t++)
        perSplit[t] = (perSplit[t] as number) + (ev.rmseBySplit[q * S + t] as number) / ev.seeds;
    }
    cells.push({ row, k, ev, ms, perSplit });
    console.log(
      `${(100 * frac).toFixed(0).padStart(2)}%  ${ev.method.padEnd(28)}${row.sub ? " (1/8)" : "      "} RMSE ${ev.rmse.toFixed(4)}  MaxErr ${ev.maxErr.median.toFixed(1)} / ${ev.maxErr.p95.toFixed(1)} / ${ev.maxErr.worst.toFixed(1)}  cost ${(100 * (ev.costShare?.mean ?? 0)).toFixed(2)}%  ${fmtMs(ms)}`,
    );
  }
}

// Control (paper's determinism validation, second test in spirit): Centroid [ES]
// with vectors of pure noise (independent N(0, 1), a fresh draw per control) gives
// the spread of RMSE a fixed subset reaches without any behavioural signal.
const NOISE = quick ? 3 : 20;
const noise = SIZES.map((frac) => {
  const k = Math.round(frac * N);
  const r = new Float64Array(NOISE);
  for (let t = 0; t < NOISE; t++) {
    const rng = createRng(`noise-${t}`);
    const X = new Float64Array(N * 10);
    for (let q = 0; q < X.length; q += 2) {
      const u = 1 - rng();
      const v = rng();
      const m = Math.sqrt(-2 * Math.log(u));
      X[q] = m * Math.cos(2 * Math.PI * v);
      X[q + 1] = m * Math.sin(2 * Math.PI * v);
    }
    r[t] = evaluateSubset({
      outcomes: o,
      select: embeddingMethod(centroid),
      size: k,
      window: W,
      seeds: 1,
      seed: 0,
      vectors: { data: X, rows: N, cols: 10 },
    }).rmse;
  }
  return { frac, rmse: r.sort() };
});
const totalMs = performance.now() - t0;

// Paper-style cost analysis (RQ4): 10,000 random k% subsets per run.
const costRows = SIZES.map((frac) => {
  const k = Math.round(frac * N);
  const rng = createRng(`cost-${frac}`);
  let sum = 0;
  let count = 0;
  let widest: [number, number] = [0, 0];
  for (let r = 0; r < R; r++) {
    let total = 0;
    for (let i = 0; i < N; i++) total += data.cost.data[r * N + i] as number;
    const shares = new Float64Array(quick ? 1000 : 10000);
    for (let t = 0; t < shares.length; t++) {
      let c = 0;
      for (const i of srs(N, k, rng)) c += data.cost.data[r * N + i] as number;
      shares[t] = c / total;
      sum += shares[t] as number;
      count++;
    }
    shares.sort();
    const lo = shares[Math.floor(0.025 * (shares.length - 1))] as number;
    const hi = shares[Math.ceil(0.975 * (shares.length - 1))] as number;
    if (hi - lo > widest[1] - widest[0]) widest = [lo, hi];
  }
  return { frac, mean: sum / count, widest };
});

// Significance: each method vs Consist-Strat on the 2,024 per-split RMSEs, Holm within a size.
const pct = (x: number, d = 1) => `${(100 * x).toFixed(d)}%`;
const lines: string[] = [];
const out = (s = "") => lines.push(s);
const ref = { Random: 0.0592, "Diff-Strat": 0.0504, "Consist-Strat": 0.0476 } as Record<
  string,
  number
>;
const refMax = { Random: 26.1, "Diff-Strat": 22.4, "Consist-Strat": 20.4 } as Record<
  string,
  number
>;

out("# Replication: benchmark subset selection on SWE-bench Verified (mini-swe-agent runs)");
out("");
out(
  "Generated by `npm run bench -- replicate-swebench-subset` (bench/replicate-swebench-subset.ts); do not edit by hand.",
);
out(
  `Run: ${new Date().toISOString().slice(0, 10)}, ${SEEDS} seeds per stochastic baseline, ${SL_SEEDS} per shortlist method, total ${(totalMs / 1000).toFixed(0)} s on this machine.`,
);
out("");
out("## Data and protocol");
out("");
out(
  `- Data: \`../shared/data/${MINI_SWE_FILE}\` (not redistributed): ${R} mini-swe-agent runs (${data.dates[0]} to ${data.dates[R - 1]}) x ${N} SWE-bench Verified instances, with per-instance cost (USD) and API calls. Runs sorted by date, ties by submission name.`,
);
out(
  "- Temporal splits (paper section 5.2.2): every combination of W = 3 training runs whose latest run is not the last run; test runs are all runs after the latest training run. C(24, 3) = 2,024 splits, 12,650 (split, test run) pairs.",
);
out(
  "- Strata from the W training runs only: consistency = number of training runs that resolved the instance (0..3), difficulty = resolved in a strict majority (>= 2 of 3). Repository = instance id up to its last `-`.",
);
out(
  "- Stratified baselines: proportional allocation with largest remainders (exact total k, ties to the lowest label), simple random sampling without replacement inside each stratum.",
);
out(
  "- Error on a test run r: subset resolve rate minus the full 500-instance resolve rate of run r. RMSE per (split, seed) = sqrt(mean over the split's test runs of error^2); reported RMSE = mean over splits and seeds. MaxErr per seed = 100 x max |error| over all splits and test runs; median / P95 / worst over seeds (deterministic methods: one value).",
);
out(
  "- Vectors (no trajectories exist for these runs): per instance, the W training runs' [log(1 + API calls), log(1 + cost in cents)] as a W x 2 sequence, pooled with `poolSteps` (mean, std, first, middle, last = 10 numbers), each column z-scored over instances. The paper embeds full trajectories (Nomic, 3,840 d); these are cheap behavioural proxies.",
);
out(
  "- Geometric selectors with their defaults (`facilityLocation`: RBF similarity, median-distance bandwidth; `kennardStone`: farthest pair first; `coreEdge`: 10% edge). Clustering ablation: k-means (Lloyd, centre tolerance 1e-6, deterministic max-min seeds) on the vectors, K in 2..15 by silhouette, Centroid within clusters. HDBSCAN: not used (no maintained npm package we could vet: `hdbscan-ts` 1.0.17 is a months-old single-maintainer package, `hdbscanjs` 1.0.12 unmaintained).",
);
out("");
out("## Findings");
out("");
{
  const at = (k: number, m: string, sub = false) =>
    cells.find((c) => c.k === k && c.ev.method === m && c.row.sub === sub) as Cell;
  const fmt = (x: number) => `${x >= 0 ? "+" : ""}${x.toFixed(1)}%`;
  const red = SIZES.map((f) => {
    const k = Math.round(f * N);
    return `${(100 * f).toFixed(0)}%: ${fmt((at(k, "Consist-Strat").ev.rmse / at(k, "Random").ev.rmse - 1) * 100)}`;
  });
  out(
    `- Outcome strata work as in the paper: Consist-Strat is the best baseline at every size; its RMSE relative to Random: ${red.join(", ")}. Diff-Strat sits between them; repository strata alone do nothing (Repo-Strat = Random), and crossing them with outcomes (Repo×Consist) is slightly worse than Consist-Strat (finer strata, more rounding).`,
  );
  const es = SIZES.flatMap((f) => {
    const k = Math.round(f * N);
    const cs = at(k, "Consist-Strat").ev.rmse;
    return selectors.map(([label]) => (at(k, `${label} [ES]`).ev.rmse / cs - 1) * 100);
  });
  out(
    `- With cheap vectors (cost and API calls of the training runs) the five geometric selectors within consistency strata do not beat Consist-Strat on RMSE: Δ from ${fmt(Math.min(...es))} to ${fmt(Math.max(...es))} over the four sizes, every Cliff's δ negligible. This matches the issue's numpy check (Centroid 0.0493, Kennard–Stone 0.0488 at 10%) and not the paper's gains with trajectory embeddings. The noise control shows why a single deterministic subset is hard to judge: Centroid [ES] on pure-noise vectors spans a wide RMSE range around Consist-Strat's mean, and the cost/API-call vectors land in the middle of it.`,
  );
  const worst = SIZES.slice(0, 2).map((f) => {
    const k = Math.round(f * N);
    const cs = at(k, "Consist-Strat").ev.maxErr;
    const best = selectors
      .map(([label]) => at(k, `${label} [ES]`).ev.maxErr.worst)
      .reduce((a, b) => Math.min(a, b));
    return `${(100 * f).toFixed(0)}%: best ES ${best.toFixed(1)} vs Consist-Strat median ${cs.median.toFixed(1)} / P95 ${cs.p95.toFixed(1)}`;
  });
  out(
    `- Worst case: a fixed subset has one MaxErr, a random method a distribution of them. The best geometric subset's MaxErr against Consist-Strat's per-seed MaxErr (points): ${worst.join("; ")}. That is the paper's argument for determinism (no bad-luck draw), but the noise control shows that an arbitrary fixed subset can land anywhere in that distribution.`,
  );
  const pe = SIZES.map((f) => {
    const k = Math.round(f * N);
    const ref = at(k, "Centroid [ES]", true).ev.rmse;
    const v = selectors.map(([label]) => (at(k, `${label} [PE]`, true).ev.rmse / ref - 1) * 100);
    return `${(100 * f).toFixed(0)}% ${fmt(Math.min(...v))}..${fmt(Math.max(...v))}`;
  });
  out(
    `- Ablations reproduce the paper's direction: without outcome strata (pure embedding) RMSE rises against Centroid [ES] by ${pe.join(", ")}; post-hoc calibration of the pass-count mix recovers most of it (Core/Edge [PE+cal] equals Centroid [PE+cal] because calibration walks coreEdge's full ranking, whose first 90% is the centroid order). k-means clusters instead of outcome strata are also clearly worse. Shortlisting changes little here, because the exact geometric pick itself carries no gain to lose.`,
  );
  const c10 = at(50, "Centroid [ES]").ev.costShare?.mean ?? 0;
  out(
    `- Cost: random k% subsets cost k% of a run on average (Table below); the selected 10% Centroid [ES] subsets cost ${pct(c10, 2)} of their test runs, inside the random range (the paper: 10.48%).`,
  );
}
out("");
out("## Check against the issue's numpy reference (10%, W = 3)");
out("");
out(
  "| Method | RMSE (ours) | RMSE (numpy) | diff | MaxErr median (ours) | MaxErr median (numpy) |",
);
out("|---|---|---|---|---|---|");
for (const name of ["Random", "Diff-Strat", "Consist-Strat"]) {
  const c = cells.find((x) => x.k === 50 && x.ev.method === name);
  if (c === undefined) continue;
  out(
    `| ${name} | ${c.ev.rmse.toFixed(4)} | ${(ref[name] as number).toFixed(4)} | ${c.ev.rmse - (ref[name] as number) >= 0 ? "+" : ""}${(c.ev.rmse - (ref[name] as number)).toFixed(4)} | ${c.ev.maxErr.median.toFixed(1)} | ${(refMax[name] as number).toFixed(1)} |`,
  );
}
out("");
out(
  "The MaxErr median over 30 seeds is itself noisy (one seed's maximum over 12,650 errors); RMSE agrees within the issue's +-0.002.",
);
for (const frac of SIZES) {
  const k = Math.round(frac * N);
  for (const sub of [false, true]) {
    const here2 = cells.filter((c) => c.k === k && c.row.sub === sub);
    const cs = here2.find((c) => c.ev.method === "Consist-Strat") as Cell;
    const others = here2.filter((c) => c !== cs);
    const p = holm(
      Float64Array.from(
        others,
        (c) => wilcoxonSignedRank(c.perSplit, cs.perSplit, { exact: false }).pValue,
      ),
    );
    out("");
    out(
      sub
        ? `### ${(100 * frac).toFixed(0)}%: ablations (every 8th split, ${subSplits.length} splits)`
        : `## ${(100 * frac).toFixed(0)}% subset (k = ${k}), all ${allSplits.length} splits`,
    );
    out("");
    out(
      "| Family | Method | RMSE | vs Consist-Strat | Holm p | Cliff's δ | MaxErr median | P95 | worst | cost share |",
    );
    out("|---|---|---|---|---|---|---|---|---|---|");
    for (const c of here2) {
      const t = others.indexOf(c);
      const rel = (c.ev.rmse / cs.ev.rmse - 1) * 100;
      const cd = t < 0 ? undefined : cliffsDelta(c.perSplit, cs.perSplit);
      out(
        `| ${c.row.family} | ${c.ev.method}${c.ev.seeds > 1 ? ` (${c.ev.seeds} seeds)` : ""} | ${c.ev.rmse.toFixed(4)} | ${t < 0 ? "—" : `${rel >= 0 ? "+" : ""}${rel.toFixed(1)}%`} | ${t < 0 ? "—" : (p[t] as number) < 0.001 ? "<0.001" : (p[t] as number).toFixed(3)} | ${cd === undefined ? "—" : `${cd.delta >= 0 ? "+" : ""}${cd.delta.toFixed(3)} (${cd.magnitude[0]?.toUpperCase()})`} | ${c.ev.maxErr.median.toFixed(1)} | ${c.ev.maxErr.p95.toFixed(1)} | ${c.ev.maxErr.worst.toFixed(1)} | ${pct(c.ev.costShare?.mean ?? 0, 2)} |`,
      );
    }
    if (!sub) {
      const nz = noise.find((x) => x.frac === frac);
      if (nz !== undefined) {
        const cen = here2.find((c) => c.ev.method === "Centroid [ES]");
        const below = Array.from(nz.rmse).filter((v) => v < (cen?.ev.rmse ?? 0)).length;
        out("");
        out(
          `Noise control: Centroid [ES] on ${NOISE} draws of pure-noise vectors: RMSE min ${nz.rmse[0]?.toFixed(4)}, median ${(((nz.rmse[Math.floor((NOISE - 1) / 2)] as number) + (nz.rmse[Math.ceil((NOISE - 1) / 2)] as number)) / 2).toFixed(4)}, max ${nz.rmse[NOISE - 1]?.toFixed(4)}; Centroid [ES] with the cost/API-call vectors (${cen?.ev.rmse.toFixed(4)}) beats ${below} of ${NOISE}.`,
        );
      }
    }
  }
}
out("");
out(
  `Paired tests: per-split RMSE (averaged over seeds for stochastic methods; ${allSplits.length} pairs, or ${subSplits.length} for the ablations), two-sided Wilcoxon signed-rank (normal approximation) against Consist-Strat on the same splits, Holm-adjusted within each table; Cliff's δ > 0 means the method's per-split RMSE tends to be larger (worse) than Consist-Strat's. The splits overlap in their runs, so the pairs are not independent and p-values are optimistic (the paper's caveat, section 5.4); read the effect sizes.`,
);
out("");
out("## Cost (paper RQ4)");
out("");
out(
  "Random k% subsets: 10,000 draws per run, cost share = subset cost / the run's total cost (USD).",
);
out("");
out(
  "| Subset | Cost share (mean over runs and draws) | 95% range (run with the widest spread) | Savings |",
);
out("|---|---|---|---|");
for (const c of costRows) {
  out(
    `| ${(100 * c.frac).toFixed(0)}% | ${pct(c.mean, 2)} | [${pct(c.widest[0])}, ${pct(c.widest[1])}] | ${pct(1 - c.mean, 1)} |`,
  );
}
out("");
const cen10 = cells.find((c) => c.k === 50 && c.ev.method === "Centroid [ES]");
const cs10 = cells.find((c) => c.k === 50 && c.ev.method === "Consist-Strat");
out(
  `Selected 10% subsets, cost share on the test runs averaged over splits (and seeds): Centroid [ES] ${pct(cen10?.ev.costShare?.mean ?? 0, 2)} (2.5-97.5%: ${pct(cen10?.ev.costShare?.lo ?? 0)}-${pct(cen10?.ev.costShare?.hi ?? 0)}), Consist-Strat ${pct(cs10?.ev.costShare?.mean ?? 0, 2)}. Paper: Centroid Pooled 10.48%, random draws 10.0% [5.7%, 15.0%]. Here the vectors are built from cost and API calls, so a cost bias of the geometric picks is possible by construction; the table above shows each method's share.`,
);

// The paper's own tables (SAILResearch/swe-agent-subset-selection, ../shared/data/sail).
const sail = (f: string) => parseSimpleCsv(readShared(`sail/${f}`) ?? "");
const t3 = sail("table3_baseline_rmse.csv");
const t4 = sail("table4_baseline_maxerr.csv");
const t5 = sail("table5_embedding_rmse.csv");
const t7 = sail("table7_ablation.csv");
if (t3.length > 0) {
  out("");
  out("## Next to the paper's tables");
  out("");
  out(
    "The paper reports medians over 1,000 synthetic 250-instance distributions per dataset (OpenHands, 6-7 runs, 500 seeds); we have one real 500-instance distribution with 25 runs, so only directions and rough sizes compare. MaxErr especially: ours is a maximum over 12,650 (split, test run) errors on 25 very different models, the paper's over at most a few dozen per distribution, so ours is far larger by construction. MM = Multi-model, MA = Multi-agent (paper Table 3/4/5/7).",
  );
  out("");
  out(
    "| Subset | Method | RMSE ours | paper MM median | paper MA median | MaxErr median ours | paper MM | paper MA |",
  );
  out("|---|---|---|---|---|---|---|---|");
  for (const frac of SIZES) {
    const label = `${(100 * frac).toFixed(0)}%`;
    for (const r of t3.filter((x) => x.Subset === label)) {
      const c = cells.find((x) => x.k === Math.round(frac * N) && x.ev.method === r.Approach);
      const m = t4.find((x) => x.Subset === label && x.Approach === r.Approach);
      if (c === undefined) continue;
      out(
        `| ${label} | ${r.Approach} | ${c.ev.rmse.toFixed(4)} | ${r["MM Med"]} | ${r["MA Med"]} | ${c.ev.maxErr.median.toFixed(1)} | ${m?.["MM Med"] ?? ""} | ${m?.["MA Med"] ?? ""} |`,
      );
    }
  }
  out("");
  out("Geometric selectors, relative to Consist-Strat (paper Table 5 gives Δ% of the mean RMSE):");
  out("");
  out("| Subset | Method | Δ% ours | paper MM Δ% | paper MA Δ% |");
  out("|---|---|---|---|---|");
  const map: Record<string, string> = {
    "Centroid Pooled": "Centroid [ES]",
    "Core/Edge Pooled": "Core/Edge [ES]",
    "Medoid Pooled": "Medoid [ES]",
    "FL Pooled": "FL [ES]",
    "KS Pooled": "KS [ES]",
  };
  for (const r of t5) {
    const ours = map[r.Method as string];
    if (ours === undefined) continue;
    const k = Math.round((Number((r.Subset as string).replace("%", "")) / 100) * N);
    const c = cells.find((x) => x.k === k && x.ev.method === ours);
    const cs = cells.find((x) => x.k === k && x.ev.method === "Consist-Strat");
    if (c === undefined || cs === undefined) continue;
    const rel = (c.ev.rmse / cs.ev.rmse - 1) * 100;
    out(
      `| ${r.Subset} | ${ours} | ${rel >= 0 ? "+" : ""}${rel.toFixed(1)} | ${r["MM $\\Delta$\\%R"]} | ${r["MA $\\Delta$\\%R"]} |`,
    );
  }
  out("");
  out(
    `Ablations at 10%, relative to Centroid [ES] on the same ${subSplits.length} splits (paper Table 7):`,
  );
  out("");
  out("| Family | paper best config | paper MM Δ% | paper MA Δ% | our best config | Δ% ours |");
  out("|---|---|---|---|---|---|");
  const cen = cells.find((x) => x.k === 50 && x.row.sub && x.ev.method === "Centroid [ES]") as Cell;
  const fam: Record<string, string> = {
    "Pure Embedding": "Pure embedding",
    Clustering: "Clustering",
    Shortlist: "Shortlist",
  };
  for (const r of t7) {
    const f = fam[r.Family as string];
    if (f === undefined) continue;
    const best = cells
      .filter((x) => x.k === 50 && x.row.family === f)
      .sort((a, b) => a.ev.rmse - b.ev.rmse)[0];
    if (best === undefined) continue;
    const rel = (best.ev.rmse / cen.ev.rmse - 1) * 100;
    out(
      `| ${r.Family} | ${r["Best Config."]} | ${r["MM Delta%R"]} | ${r["MA Delta%R"]} | ${best.ev.method} | ${rel >= 0 ? "+" : ""}${rel.toFixed(1)} |`,
    );
  }
}
out("");
out("## Timing");
out("");
out(`All ${cells.length} evaluations: ${(totalMs / 1000).toFixed(1)} s. Slowest:`);
out("");
for (const c of [...cells].sort((a, b) => b.ms - a.ms).slice(0, 5)) {
  out(`- ${c.ev.method} at k = ${c.k}: ${fmtMs(c.ms)}`);
}
const md = `${lines.join("\n")}\n`;
if (quick) {
  console.log(md);
} else {
  // keep the section written by bench/replicate-swebench-trajectories.ts
  const path = join(here, "..", "docs", "replication", "swebench-subset.md");
  const prev = existsSync(path) ? readFileSync(path, "utf8") : "";
  const a = prev.indexOf("<!-- real-trajectories:start -->");
  const b = prev.indexOf("<!-- real-trajectories:end -->");
  writeFileSync(path, a >= 0 && b > a ? `${md}\n${prev.slice(a)}` : md);
  console.log("wrote docs/replication/swebench-subset.md");
}
