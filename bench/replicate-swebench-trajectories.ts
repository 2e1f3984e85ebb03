/**
 * `npm run bench -- replicate-swebench-trajectories [--quick]`: the paper's
 * subset protocol on the 500 real trajectories of one mini-swe-agent run
 * (gemini-3-pro-preview, 2025-11-18) as the "most recent full regression run".
 * History = every run dated before it (mini-swe-agent runs and leaderboard
 * submissions); test = every run dated after it. Subsets of 5/10/20 %: the
 * baselines, the five selectors within consistency strata, the ablations,
 * stepwise + ridge, and the attempts at making the geometric picks reliable
 * (more strata information, shortlist, trajectory vectors combined with the
 * outcome history, ensembled picks, a noise control). Also the leakage audit
 * on all 500 (probe accuracy on raw vs sanitised texts, what the sanitiser
 * removed). Writes the section "Real trajectories" of
 * docs/replication/swebench-subset.md (between its markers; the rest of that
 * file comes from bench/replicate-swebench-subset.ts); `--quick` prints it
 * instead, with fewer seeds.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRng, type RowMatrix } from "../src/entry/core.js";
import {
  baselineMethod,
  centroid,
  coreEdge,
  embeddingMethod,
  facilityLocation,
  fitStepwiseRate,
  kennardStone,
  medoids,
  type Outcomes,
  predictRateRegression,
  type Selector,
  type SubsetMethod,
  trajectoryVectors,
} from "../src/entry/subset.js";
import { leakageProbe, sanitize, stepTexts } from "../src/entry/trajectory.js";
import { loadSwebenchAll } from "./_swebenchAll.js";
import { parseTrajs500, readTrajs500, TRAJ_DATE, TRAJ_RUN } from "./_trajs500.js";

const quick = process.argv.includes("--quick");
const SEEDS = quick ? 20 : 100;
const SL_SEEDS = 5;
const NOISE = quick ? 5 : 20;
const SIZES = [0.05, 0.1, 0.2];
const here = dirname(fileURLToPath(import.meta.url));
const t0 = performance.now();

// ---- outcomes: 158 leaderboard submissions + the one mini-swe-agent run missing from them
const loaded = loadSwebenchAll();
const raw = readTrajs500();
if (loaded === undefined || !raw) {
  console.log("skipped: ../shared/data (outcomes or trajs_verified_500) not found");
  process.exit(0);
}
const all = loaded.outcomes;
const dateOf = loaded.dateOf;
const framework = loaded.frameworkOf;
const R = all.runs.length;
const N = all.items.length;
const T = all.runs.indexOf(TRAJ_RUN);
if (T < 0) throw new Error(`run ${TRAJ_RUN} not in the outcomes`);
const before = all.runs.flatMap((r, t) => ((dateOf.get(r) as string) < TRAJ_DATE ? [t] : []));
const after = all.runs.flatMap((r, t) => ((dateOf.get(r) as string) > TRAJ_DATE ? [t] : []));
const isMini = (t: number) => framework.get(all.runs[t] as string) === "mini-swe-agent";
const full = (t: number) => {
  let s = 0;
  for (let i = 0; i < N; i++) s += all.data[t * N + i] as number;
  return s / N;
};
const fullRate = Float64Array.from({ length: R }, (_, t) => full(t));
const sub = (runs: readonly number[]): Outcomes => {
  const data = new Uint8Array(runs.length * N);
  runs.forEach((t, q) => {
    data.set(all.data.subarray(t * N, (t + 1) * N), q * N);
  });
  return { runs: runs.map((t) => all.runs[t] as string), items: all.items, data };
};

// ---- trajectory vectors of the trajectory run (sanitised, hashing TF-IDF, stats pooling)
const trajs = parseTrajs500(raw);
const tv0 = performance.now();
const tv = trajectoryVectors(trajs, all.items);
const tvMs = performance.now() - tv0;
const X = tv.vectors;

// ---- strata windows: the trajectory run plus the W - 1 runs before it
const windows = [
  { name: "W = 3 (paper)", runs: [...before.slice(-2), T] },
  { name: "W = 5", runs: [...before.slice(-4), T] },
  { name: "W = 10", runs: [...before.slice(-9), T] },
  { name: "W = 18 (all mini-swe-agent runs)", runs: [...before.filter(isMini), T] },
];
const main = windows[0] as (typeof windows)[number];

// ---- combined vectors: trajectory vectors and the outcome history, each scaled to unit total variance
function unitVariance(m: RowMatrix): Float64Array {
  const { rows, cols, data } = m;
  const out = new Float64Array(data.length);
  let tv = 0;
  for (let j = 0; j < cols; j++) {
    let mu = 0;
    for (let i = 0; i < rows; i++) mu += data[i * cols + j] as number;
    mu /= rows;
    for (let i = 0; i < rows; i++) {
      const v = (data[i * cols + j] as number) - mu;
      out[i * cols + j] = v;
      tv += v * v;
    }
  }
  const s = tv > 0 ? 1 / Math.sqrt(tv / rows) : 1;
  for (let t = 0; t < out.length; t++) out[t] = (out[t] as number) * s;
  return out;
}
function combine(a: RowMatrix, b: RowMatrix, w: number): RowMatrix {
  const ua = unitVariance(a);
  const ub = unitVariance(b);
  const cols = a.cols + b.cols;
  const data = new Float64Array(N * cols);
  for (let i = 0; i < N; i++) {
    for (let j = 0; j < a.cols; j++)
      data[i * cols + j] = Math.sqrt(1 - w) * (ua[i * a.cols + j] as number);
    for (let j = 0; j < b.cols; j++)
      data[i * cols + a.cols + j] = Math.sqrt(w) * (ub[i * b.cols + j] as number);
  }
  return { data, rows: N, cols };
}
const histRuns = [...before, T];
const Y: RowMatrix = {
  rows: N,
  cols: histRuns.length,
  data: Float64Array.from({ length: N * histRuns.length }, (_, q) => {
    const i = Math.floor(q / histRuns.length);
    return all.data[(histRuns[q % histRuns.length] as number) * N + i] as number;
  }),
};
const XY = combine(X, Y, 0.5);

// ---- selectors
const selectors: [string, Selector][] = [
  ["Centroid", centroid],
  ["FL", facilityLocation],
  ["Medoid", medoids],
  ["KS", kennardStone],
  ["Core/Edge", coreEdge],
];
/** Ensemble of the five selectors: items ranked by how many selectors pick them, ties by Centroid's order. */
const vote: Selector = (Xh, k) => {
  const score = new Float64Array(Xh.rows);
  for (const [, s] of selectors) for (const i of s(Xh, k)) score[i] = (score[i] as number) + 1;
  const order = Array.from(centroid(Xh, Xh.rows));
  const rank = new Float64Array(Xh.rows);
  order.forEach((i, r) => {
    rank[i] = r;
  });
  const idx = Array.from({ length: Xh.rows }, (_, i) => i);
  idx.sort(
    (a, b) =>
      (score[b] as number) - (score[a] as number) || (rank[a] as number) - (rank[b] as number),
  );
  return Int32Array.from(idx.slice(0, k));
};

// ---- evaluation on the test runs
type Res = {
  family: string;
  method: string;
  window: string;
  k: number;
  seeds: number;
  rmse: Float64Array; // per seed, all test runs
  rmseMini: Float64Array;
  rmseOther: Float64Array;
  maxErr: Float64Array; // per seed, points
  coverage?: number;
};
const rmseOf = (e: Float64Array, runs: readonly number[]) =>
  Math.sqrt(runs.reduce((s, q) => s + (e[q] as number) ** 2, 0) / runs.length);
const qMini = after.flatMap((t, q) => (isMini(t) ? [q] : []));
const qOther = after.flatMap((t, q) => (isMini(t) ? [] : [q]));
const qAll = after.map((_, q) => q);
function summarise(
  family: string,
  method: string,
  window: string,
  k: number,
  errs: Float64Array[],
): Res {
  return {
    family,
    method,
    window,
    k,
    seeds: errs.length,
    rmse: Float64Array.from(errs, (e) => rmseOf(e, qAll)),
    rmseMini: Float64Array.from(errs, (e) => rmseOf(e, qMini)),
    rmseOther: Float64Array.from(errs, (e) => rmseOf(e, qOther)),
    maxErr: Float64Array.from(errs, (e) => 100 * Math.max(...Array.from(e, Math.abs))),
  };
}
function subsetErrors(S: Int32Array): Float64Array {
  return Float64Array.from(after, (t) => {
    let s = 0;
    for (const i of S) s += all.data[t * N + i] as number;
    return s / S.length - (fullRate[t] as number);
  });
}
const results: Res[] = [];
function run(
  family: string,
  m: SubsetMethod,
  w: (typeof windows)[number],
  k: number,
  vectors: RowMatrix,
  seeds: number,
): Res {
  const ctx = { history: sub(w.runs), k, vectors };
  const n = m.stochastic ? seeds : 1;
  const errs: Float64Array[] = [];
  for (let s = 0; s < n; s++)
    errs.push(subsetErrors(m.select(ctx, createRng(JSON.stringify(["traj", m.name, s])))));
  const r = summarise(family, m.name, w.name, k, errs);
  results.push(r);
  console.log(
    `${String(k).padStart(3)} ${w.name.padEnd(34)} ${m.name.padEnd(34)} RMSE ${mean(r.rmse).toFixed(4)} (mini ${mean(r.rmseMini).toFixed(4)}, other ${mean(r.rmseOther).toFixed(4)})  MaxErr ${median(r.maxErr).toFixed(1)}`,
  );
  return r;
}
const mean = (x: Float64Array) => x.reduce((a, b) => a + b, 0) / x.length;
const quantile = (x: Float64Array, p: number) => {
  const s = Float64Array.from(x).sort();
  const h = (s.length - 1) * p;
  const lo = Math.floor(h);
  return (
    (s[lo] as number) +
    (h - lo) * ((s[Math.min(lo + 1, s.length - 1)] as number) - (s[lo] as number))
  );
};
const median = (x: Float64Array) => quantile(x, 0.5);

const itemRepo = all.items.map((id) => id.slice(0, id.lastIndexOf("-")));
const rows: {
  family: string;
  m: SubsetMethod;
  vectors: RowMatrix;
  seeds: number;
  mainOnly: boolean;
}[] = [
  ...(["random", "repo", "difficulty", "consistency", "repoConsistency"] as const).map((b) => ({
    family: "Baseline",
    m: baselineMethod(b, { itemRepo }),
    vectors: X,
    seeds: SEEDS,
    mainOnly: b !== "consistency",
  })),
  ...selectors.map(([label, s]) => ({
    family: "Embedding-Within-Strata",
    m: embeddingMethod(s, { label }),
    vectors: X,
    seeds: 1,
    mainOnly: false,
  })),
  ...selectors.flatMap(([label, s]) =>
    [false, true].map((calibrate) => ({
      family: "Pure embedding",
      m: embeddingMethod(s, { label, strata: "none", calibrate }),
      vectors: X,
      seeds: 1,
      mainOnly: true,
    })),
  ),
  {
    family: "Clustering",
    m: embeddingMethod(centroid, { label: "Centroid", strata: "kmeans" }),
    vectors: X,
    seeds: 1,
    mainOnly: true,
  },
  ...(
    [
      ["Centroid", centroid],
      ["FL", facilityLocation],
      ["KS", kennardStone],
    ] as [string, Selector][]
  ).flatMap(([label, s]) =>
    [1.5, 2, 4].map((f) => ({
      family: "Shortlist",
      m: embeddingMethod(s, { label, shortlist: f }),
      vectors: X,
      seeds: SL_SEEDS,
      mainOnly: f !== 2,
    })),
  ),
  {
    family: "Ensemble",
    m: embeddingMethod(vote, { label: "Vote of 5" }),
    vectors: X,
    seeds: 1,
    mainOnly: false,
  },
  ...selectors.map(([label, s]) => ({
    family: "Trajectory + outcome history",
    m: embeddingMethod(s, { label: `${label} on [traj, history]` }),
    vectors: XY,
    seeds: 1,
    mainOnly: false,
  })),
  ...selectors.map(([label, s]) => ({
    family: "Outcome history only",
    m: embeddingMethod(s, { label: `${label} on history` }),
    vectors: Y,
    seeds: 1,
    mainOnly: true,
  })),
];

const ridgeRows: { k: number; name: string; res: Res }[] = [];
const noise: { k: number; rmse: Float64Array }[] = [];
for (const frac of SIZES) {
  const k = Math.round(frac * N);
  for (const w of windows) {
    for (const r of rows) {
      if (r.mainOnly && w !== main) continue;
      run(r.family, r.m, w, k, r.vectors, r.seeds);
    }
  }
  // stepwise + ridge on the whole history (and on the last 20 runs: recency)
  for (const [name, hist] of [
    ["Stepwise + ridge (all 146 history runs)", histRuns],
    ["Stepwise + ridge (last 20 runs)", histRuns.slice(-20)],
  ] as const) {
    const fit = fitStepwiseRate(sub(hist), k);
    let covered = 0;
    const e = Float64Array.from(after, (t) => {
      const y = Uint8Array.from(fit.subset, (i) => all.data[t * N + i] as number);
      const est = predictRateRegression(fit.model, y, { mse: fit.cvMse });
      const f = fullRate[t] as number;
      if (est.ci[0] <= f && f <= est.ci[1]) covered++;
      return est.estimate - f;
    });
    const res = {
      ...summarise("Estimator", name, `${hist.length} runs`, k, [e]),
      coverage: covered / after.length,
    };
    results.push(res);
    ridgeRows.push({ k, name, res });
    console.log(
      `${k} ${name} RMSE ${mean(res.rmse).toFixed(4)} coverage ${res.coverage.toFixed(2)}`,
    );
  }
  // noise control: Centroid [ES] on pure-noise vectors (64 independent N(0,1) columns)
  const nz = new Float64Array(NOISE);
  for (let d = 0; d < NOISE; d++) {
    const rng = createRng(`noise-${d}`);
    const Z = new Float64Array(N * 64);
    for (let q = 0; q < Z.length; q++) {
      const u = 1 - rng();
      Z[q] = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
    }
    nz[d] = rmseOf(
      subsetErrors(
        embeddingMethod(centroid).select(
          { history: sub(main.runs), k, vectors: { data: Z, rows: N, cols: 64 } },
          rng,
        ),
      ),
      qAll,
    );
  }
  noise.push({ k, rmse: nz });
}

// ---- leakage audit on all 500
const y = Uint8Array.from(trajs, (t) => (t.outcome ? 1 : 0));
const rawTexts = trajs.map((t) => stepTexts(t).join("\n"));
const san = sanitize(trajs);
const probes = (
  [
    ["raw", rawTexts],
    ["sanitised", san.texts],
  ] as const
).map(([name, texts]) => ({ name, r: leakageProbe(texts, y, createRng(6)) }));
const totalMs = performance.now() - t0;

// ---- report
const lines: string[] = [];
const out = (s = "") => lines.push(s);
const f4 = (x: number) => x.toFixed(4);
const find = (k: number, method: string, window = main.name) =>
  results.find((r) => r.k === k && r.method === method && r.window === window) as Res;
out("## Real trajectories");
out("");
out(
  "Generated by `npm run bench -- replicate-swebench-trajectories` (bench/replicate-swebench-trajectories.ts); do not edit by hand.",
);
out(
  `Run: ${new Date().toISOString().slice(0, 10)}, ${SEEDS} seeds per stochastic baseline, ${SL_SEEDS} per shortlist method, ${NOISE} noise draws; ${(totalMs / 1000).toFixed(0)} s in all on this (shared) machine.`,
);
out("");
out("### Data and protocol");
out("");
out(
  `- Trajectories: all ${trajs.length} SWE-bench Verified trajectories of \`${TRAJ_RUN}\` (mini-swe-agent 1.15.0, gemini-3-pro-preview, ${TRAJ_DATE}, ${(100 * (fullRate[T] as number)).toFixed(1)} % resolved; \`../shared/data/trajs_verified_500\`, not redistributed). Vectors: \`trajectoryVectors(trajectories, items)\` with its defaults: \`sanitize\` fitted on the 500, per-step action + observation, \`hashingTfidf()\` (768 buckets, uni+bigrams, IDF over all ${tv.steps} steps), stats pooling (mean, std, first, middle, last: ${X.cols} numbers per item), ${(tvMs / 1000).toFixed(1)} s.`,
);
out(
  `- Outcomes: the ${R} runs of \`swebench_verified_outcomes.csv\` (158 leaderboard submissions) plus the one mini-swe-agent run of \`swebench_verified_mini_swe_agent_per_instance.csv\` missing there, sorted by date then name. History = the ${before.length} runs dated before ${TRAJ_DATE} plus the trajectory run (the "most recent full regression run", paper section 4); test = the ${after.length} runs dated after it: ${qMini.length} mini-swe-agent runs and ${qOther.length} submissions of other frameworks (${qOther.map((q) => `${framework.get(all.runs[after[q] as number] as string)}`).join(", ")}), full-benchmark rates ${(100 * Math.min(...after.map((t) => fullRate[t] as number))).toFixed(1)}-${(100 * Math.max(...after.map((t) => fullRate[t] as number))).toFixed(1)} %.`,
);
out(
  '- Consistency strata: pass counts over a window of the W most recent history runs ending with the trajectory run (W = 3 as in the paper; 5, 10 and the 18 mini-swe-agent runs as "more strata information"). One split only (one trajectory run exists), so RMSE = sqrt(mean over the test runs of (subset rate - full rate)^2) of one subset; for stochastic methods the mean over seeds with its 5-95 % range; MaxErr = 100 max |error| over the test runs (median over seeds).',
);
out(
  "- Extra methods tried for reliability: Shortlist 1.5/2/4x; `Vote of 5` (within each stratum the items picked by most of the five selectors, ties in Centroid order); `[traj, history]` = the trajectory vectors and the items' 0/1 outcomes in all history runs, each centred and scaled to unit total variance, weight 1/2 each; `history` = the outcome columns alone; a noise control (Centroid [ES] on 64 columns of N(0, 1) noise per item).",
);
out("");
for (const frac of SIZES) {
  const k = Math.round(frac * N);
  out(`### ${(100 * frac).toFixed(0)} % (k = ${k}), strata ${main.name}`);
  out("");
  out(
    "| Family | Method | RMSE (mean) | 5-95 % over seeds | RMSE mini-swe-agent | RMSE other frameworks | MaxErr median | MaxErr worst |",
  );
  out("|---|---|---|---|---|---|---|---|");
  for (const r of results.filter(
    (x) => x.k === k && (x.window === main.name || x.family === "Estimator"),
  )) {
    out(
      `| ${r.family} | ${r.method}${r.seeds > 1 ? ` (${r.seeds} seeds)` : ""}${r.coverage === undefined ? "" : ` (95 % interval coverage ${(100 * r.coverage).toFixed(0)} %)`} | ${f4(mean(r.rmse))} | ${r.seeds > 1 ? `${f4(quantile(r.rmse, 0.05))}-${f4(quantile(r.rmse, 0.95))}` : "—"} | ${f4(mean(r.rmseMini))} | ${f4(mean(r.rmseOther))} | ${median(r.maxErr).toFixed(1)} | ${Math.max(...r.maxErr).toFixed(1)} |`,
    );
  }
  const nz = noise.find((x) => x.k === k) as { rmse: Float64Array };
  const cen = find(k, "Centroid [ES]");
  out("");
  out(
    `Noise control: Centroid [ES] on ${NOISE} pure-noise vector draws: RMSE 5 % ${f4(quantile(nz.rmse, 0.05))}, median ${f4(median(nz.rmse))}, 95 % ${f4(quantile(nz.rmse, 0.95))}; Centroid [ES] on the trajectory vectors (${f4(mean(cen.rmse))}) is below ${Array.from(nz.rmse).filter((v) => v > mean(cen.rmse)).length} of ${NOISE} draws.`,
  );
  out("");
}
out("### More strata information (consistency strata over longer windows)");
out("");
const wMethods = [
  "Consist-Strat",
  ...selectors.map(([l]) => `${l} [ES]`),
  "Vote of 5 [ES]",
  "Centroid [ES] SL2x",
  "KS on [traj, history] [ES]",
  "Centroid on [traj, history] [ES]",
];
out(`| k | Method | ${windows.map((w) => w.name).join(" | ")} |`);
out(`|---|---|${windows.map(() => "---").join("|")}|`);
for (const frac of SIZES) {
  const k = Math.round(frac * N);
  for (const m of wMethods) {
    const cells = windows.map((w) =>
      results.find((r) => r.k === k && r.window === w.name && r.method === m),
    );
    if (cells.some((c) => c === undefined)) continue;
    out(`| ${k} | ${m} | ${cells.map((c) => f4(mean((c as Res).rmse))).join(" | ")} |`);
  }
}
out("");
out("### Leakage audit (all 500 trajectories)");
out("");
out(
  `The probe (\`leakageProbe\`: TF-IDF words + logistic regression, 5-fold stratified CV, rng seed 6) predicts the run's resolved flag from one text per trajectory. Majority class: ${(100 * (probes[0]?.r.baseline ?? 0)).toFixed(1)} %.`,
);
out("");
out("| Texts | Accuracy | SE | Vocabulary | Top words (coefficient) |");
out("|---|---|---|---|---|");
for (const { name, r } of probes) {
  out(
    `| ${name} | ${(100 * r.accuracy).toFixed(1)} % | ${(100 * r.se).toFixed(1)} | ${r.vocabularySize} | ${r.topWords
      .slice(0, 10)
      .map((w) => `${w.word} ${w.weight > 0 ? "+" : ""}${w.weight.toFixed(2)}`)
      .join(", ")} |`,
  );
}
out("");
out(
  `What the sanitiser removed (fitted on the 500): whitespace tokens ${san.report.tokens.before} -> ${san.report.tokens.after} (${(100 * (1 - san.report.tokens.after / san.report.tokens.before)).toFixed(1)} % removed); ${san.rules.identifierPatterns.length} identifier patterns, ${san.rules.stopWords.length} stop words, ${san.rules.removeWords.length} outcome words (of ${san.report.leakageCandidateCount} G² candidates above the threshold), ${san.rules.repoTerms.length} repository terms masked.`,
);
out("");
out("| Phase | Rule | Replacement | Count |");
out("|---|---|---|---|");
for (const a of san.report.applied.slice(0, 25)) {
  out(
    `| ${a.phase} | ${a.rule.replace(/\|/g, "\\|")} | ${a.replacement === "" ? "(removed)" : a.replacement} | ${a.count} |`,
  );
}
out("");
out(
  `Outcome words removed: ${san.rules.removeWords.slice(0, 40).join(", ")}${san.rules.removeWords.length > 40 ? ", ..." : ""}.`,
);
out("");
const section = `${lines.join("\n")}\n`;
const START = "<!-- real-trajectories:start -->";
const END = "<!-- real-trajectories:end -->";
if (quick) console.log(section);
else {
  const path = join(here, "..", "docs", "replication", "swebench-subset.md");
  const doc = existsSync(path) ? readFileSync(path, "utf8") : "";
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  const block = `${START}\n${section}${END}\n`;
  const next =
    a >= 0 && b > a ? doc.slice(0, a) + block + doc.slice(b + END.length + 1) : `${doc}\n${block}`;
  writeFileSync(path, next);
  console.log("wrote the real-trajectories section of docs/replication/swebench-subset.md");
}
