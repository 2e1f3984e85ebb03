/**
 * `npm run bench -- replicate-deepsample`: replication of DeepSample's
 * CIFAR-10 results (models D, E, F; 33,500 inputs each) with our strategies,
 * our own 13-strategy grid with Friedman + Nemenyi, CI coverage at n = 200,
 * and the lambda sweep of the defensive-mixture PPS. Writes
 * `docs/replication/deepsample.md` and `docs/replication/tcs-grid.md`.
 *
 * Protocol: for each model, `runGrid` over the 13 `strategies` x features
 * (confidence, dsa, lsa; risk oriented as DeepSample's loader does, see
 * `_deepsample.ts`) x budgets {50, 100, 200, 400, 800} x 30 repetitions, seed
 * `deepsample-<model>`, every strategy with its default options. SRS runs once
 * per budget. The comparison with DeepSample's per-repetition files uses
 * budgets 100, 200, 800.
 *
 * Monte Carlo error of a cell difference: for both sides the statistic
 * (RMSE averaged over D/E/F, or median failures averaged over D/E/F) is
 * recomputed on B = 2,000 bootstrap resamples of the 30 repetitions, drawn
 * independently within each model; the difference is "within MC error" when
 * |ours - theirs| <= 2 sqrt(se_ours^2 + se_theirs^2) (about a 95% band; with
 * 57 cells, 2 or 3 cells outside by chance alone are expected).
 *
 * `--reuse` reads the grid rows cached in `$TMPDIR/evalsift-deepsample-grid.json`
 * by a previous run instead of recomputing them (for editing the report only).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { quantileSorted } from "../src/core/quantileSorted.js";
import { createRng, rowMatrix } from "../src/entry/core.js";
import { toRisk } from "../src/entry/features.js";
import { friedman, nemenyi, rmse } from "../src/entry/stats.js";
import {
  extraStrategies,
  type RunGridRow,
  runGrid,
  runStrategy,
  type Strategy,
  strategies,
} from "../src/entry/tcs.js";
// internal helpers, used only to print the SSRS allocation in the report
import { quantileStrata } from "../src/tcs/_strata.js";
import { allocateAtLeastTwo, stratumSds } from "../src/tcs/_stratified.js";
import { weightTailShare } from "../src/tcs/_weightTail.js";
import {
  FEATURES,
  type Feature,
  loadPaper,
  loadPopulation,
  MODELS,
  type Model,
  PAPER_SAMPLERS,
  type Population,
} from "./_deepsample.js";

const here = dirname(fileURLToPath(import.meta.url));
const outDir = process.argv.includes("--smoke")
  ? join(tmpdir(), "evalsift-deepsample-smoke")
  : join(here, "..", "docs", "replication");
const cacheFile = join(
  tmpdir(),
  process.argv.includes("--smoke")
    ? "evalsift-deepsample-smoke.json"
    : "evalsift-deepsample-grid.json",
);
const reuse = process.argv.includes("--reuse");

const BUDGETS = [50, 100, 200, 400, 800];
const COMPARE_BUDGETS = [100, 200, 800];
// `--smoke`: a tiny run that checks the script end to end (its report is not meaningful).
const smoke = process.argv.includes("--smoke");
const REPS = smoke ? 2 : 30;
const BOOT = smoke ? 20 : 2000;
const SWEEP_REPS = smoke ? 2 : 200;
const COVERAGE_REPS = smoke ? 2 : 200;
const LAMBDAS = smoke ? [0.5] : [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1];
const STRATEGY_NAMES = Object.keys(strategies);
// DeepSample's SSRS, GBS and 2-UPS partition the feature by k-means: to compare
// like with like the replication cells use our strategies with that partition.
const KMEANS_VARIANTS: Record<string, Strategy> = {
  "ssrs-kmeans": (r, b, g, o) => strategies.ssrs(r, b, g, { ...o, partition: "kmeans" }),
  "gbs-kmeans": (r, b, g, o) => strategies.gbs(r, b, g, { ...o, partition: "kmeans" }),
  "twoUps-kmeans": (r, b, g, o) => strategies.twoUps(r, b, g, { ...o, partition: "kmeans" }),
};

const pops: Population[] = [];
for (const m of MODELS) {
  const p = loadPopulation(m);
  if (p === undefined) {
    console.log("replicate-deepsample: shared data not found; nothing to do.");
    process.exit(0);
  }
  pops.push(p);
}
const truthRate = new Map<Model, number>();
for (const p of pops) {
  let f = 0;
  for (const v of p.y) f += v;
  truthRate.set(p.model, f / p.y.length);
}
const truthAcc = (m: Model): number => 1 - (truthRate.get(m) as number);

// ---------------------------------------------------------------- our grid
type Rows = Record<Model, RunGridRow[]>;
const started = performance.now();
const load0 = loadavg()[0] as number;
let rows: Rows;
let gridSeconds: number;
const gridReused = reuse && existsSync(cacheFile);
if (gridReused) {
  const cached = JSON.parse(readFileSync(cacheFile, "utf8")) as { rows: Rows; seconds: number };
  rows = cached.rows;
  gridSeconds = cached.seconds;
  console.log(`reusing ${cacheFile}`);
} else {
  rows = { D: [], E: [], F: [] };
  const t0 = performance.now();
  for (const p of pops) {
    let last = 0;
    const g = runGrid({
      y: p.y,
      features: p.risk,
      strategies: { ...strategies, ...KMEANS_VARIANTS },
      budgets: BUDGETS,
      repetitions: REPS,
      seed: `deepsample-${p.model}`,
      onProgress: (done, total) => {
        const pct = Math.floor((100 * done) / total);
        if (pct >= last + 10) {
          last = pct;
          process.stderr.write(`model ${p.model}: ${pct}% (${done}/${total} runs)\n`);
        }
      },
    });
    rows[p.model] = [...g.rows];
  }
  gridSeconds = (performance.now() - t0) / 1000;
  writeFileSync(cacheFile, JSON.stringify({ rows, seconds: gridSeconds }));
}
console.log(`grid: ${gridSeconds.toFixed(1)} s for 3 x ${rows.D.length} runs`);

/** Our runs of one cell on one model: accuracy estimates (1 - rate) and failures. */
function ours(m: Model, strategy: string, feature: Feature | null, budget: number) {
  const sel = rows[m].filter(
    (r) =>
      r.strategy === strategy &&
      r.budget === budget &&
      (feature === null ? r.feature === null : r.feature === feature),
  );
  if (sel.length !== REPS)
    throw new Error(`missing runs for ${strategy}/${feature}/${budget}/${m}`);
  return {
    accuracy: sel.map((r) => 1 - r.estimate),
    failures: sel.map((r) => r.failuresFound),
    covered: sel.map((r) => r.covered),
  };
}

// ------------------------------------------------------- statistics helpers
const median = (x: readonly number[]): number => quantileSorted(Float64Array.from(x).sort(), 0.5);
const mean = (x: readonly number[]): number => x.reduce((a, b) => a + b, 0) / x.length;
const rmseAcc = (acc: readonly number[], m: Model): number =>
  rmse(Float64Array.from(acc), truthAcc(m));
type PerModel = Record<Model, { accuracy: number[]; failures: number[] }>;
const avgRmse = (d: PerModel): number => mean(MODELS.map((m) => rmseAcc(d[m].accuracy, m)));
const avgMedFail = (d: PerModel): number => mean(MODELS.map((m) => median(d[m].failures)));

/** Bootstrap SE of a statistic of per-model runs, resampling repetitions within each model. */
function bootSe(d: PerModel, stat: (d: PerModel) => number, seed: string): number {
  const rng = createRng(seed);
  const vals: number[] = [];
  for (let b = 0; b < BOOT; b++) {
    const res = {} as PerModel;
    for (const m of MODELS) {
      const n = d[m].accuracy.length;
      const acc: number[] = [];
      const fail: number[] = [];
      for (let k = 0; k < n; k++) {
        const j = Math.floor(rng() * n);
        acc.push(d[m].accuracy[j] as number);
        fail.push(d[m].failures[j] as number);
      }
      res[m] = { accuracy: acc, failures: fail };
    }
    vals.push(stat(res));
  }
  const mu = mean(vals);
  return Math.sqrt(vals.reduce((a, v) => a + (v - mu) ** 2, 0) / (vals.length - 1));
}

const f4 = (x: number): string => x.toFixed(4);
const f1 = (x: number): string => x.toFixed(1);

// ------------------------------------------------- comparison with DeepSample
type Cmp = {
  sampler: string;
  ours: string;
  feature: Feature | null;
  budget: number;
  rmseTheirs: number;
  rmseOurs: number;
  rmseSe: number;
  failTheirs: number;
  failOurs: number;
  failSe: number;
  rmseOk: boolean;
  failOk: boolean;
};
const cmp: Cmp[] = [];
for (const s of PAPER_SAMPLERS) {
  const feats: (Feature | null)[] = s.perFeature ? [...FEATURES] : [null];
  for (const feature of feats) {
    const paper = loadPaper(s.folder, feature);
    if (paper === undefined) continue;
    for (const budget of COMPARE_BUDGETS) {
      const theirs = paper.get(budget);
      if (theirs === undefined) continue;
      const mine = {} as PerModel;
      for (const m of MODELS) mine[m] = ours(m, s.ours, feature, budget);
      const key = `${s.folder}/${feature}/${budget}`;
      const rT = avgRmse(theirs);
      const rO = avgRmse(mine);
      const rSe = Math.hypot(
        bootSe(theirs, avgRmse, `t-r-${key}`),
        bootSe(mine, avgRmse, `o-r-${key}`),
      );
      const fT = avgMedFail(theirs);
      const fO = avgMedFail(mine);
      const fSe = Math.hypot(
        bootSe(theirs, avgMedFail, `t-f-${key}`),
        bootSe(mine, avgMedFail, `o-f-${key}`),
      );
      cmp.push({
        sampler: s.folder,
        ours: s.ours,
        feature,
        budget,
        rmseTheirs: rT,
        rmseOurs: rO,
        rmseSe: rSe,
        failTheirs: fT,
        failOurs: fO,
        failSe: fSe,
        rmseOk: Math.abs(rO - rT) <= 2 * rSe,
        failOk: Math.abs(fO - fT) <= 2 * fSe,
      });
    }
  }
}

// ---------------------------------------------------------- coverage, n = 200
// Three risks: DeepSample's (as in the replication, no floor) and the library's
// pipeline, toRisk(DeepSample's column, "higher"), with its default floor.
// plus toRisk with the previous default floor (0.01), the evidence for the current one
type RiskVersion = "deepsample" | "floor01" | "toRisk";
const RISK_VERSIONS: readonly RiskVersion[] = ["deepsample", "floor01", "toRisk"];
const RISK_LABEL: Record<RiskVersion, string> = {
  deepsample: "DeepSample risk",
  floor01: "`toRisk` floor 0.01",
  toRisk: "`toRisk` default",
};
type Cov = {
  strategy: string;
  byFeature: Record<RiskVersion, Record<string, number>>;
  failures: Record<RiskVersion, Record<string, number>>;
  /** Coverage per version, `feature/model` (COVERAGE_REPS runs each); absent in older `--reuse` caches. */
  byModel?: Record<RiskVersion, Record<string, number>>;
  pooled: Record<RiskVersion, number>;
  runs: number;
};
const coverageCache = cacheFile.replace(/\.json$/, "-coverage.json");
const coverageReused = reuse && existsSync(coverageCache);
let coverage: Cov[] = [];
let coverageSeconds = 0;
const coverageStart = performance.now();
/** The risk of feature f of population p in version v. */
function versionRisk(p: Population, f: Feature, v: RiskVersion): Float64Array {
  if (v === "deepsample") return p.risk[f];
  return toRisk(p.risk[f], "higher", v === "floor01" ? { floor: 0.01 } : {});
}
// the k-means variants are reported from the grid's rows (their strata cost
// ~0.1 s per run on N = 33,500; 200 more repetitions of them would take an hour)
const coverageStrategies: Record<string, Strategy> = { ...strategies };
if (coverageReused) {
  const cached = JSON.parse(readFileSync(coverageCache, "utf8")) as {
    coverage: Cov[];
    seconds: number;
  };
  coverage = cached.coverage;
  coverageSeconds = cached.seconds;
  console.log(`reusing ${coverageCache}`);
}
for (const s of coverageReused ? [] : Object.keys(coverageStrategies)) {
  const feats: (Feature | null)[] = s === "srs" ? [null] : [...FEATURES];
  const byModel: Record<RiskVersion, Record<string, number>> = {
    deepsample: {},
    floor01: {},
    toRisk: {},
  };
  const c: Cov = {
    strategy: s,
    byFeature: { deepsample: {}, floor01: {}, toRisk: {} },
    failures: { deepsample: {}, floor01: {}, toRisk: {} },
    byModel,
    pooled: { deepsample: 0, floor01: 0, toRisk: 0 },
    runs: 0,
  };
  for (const v of RISK_VERSIONS) {
    let hit = 0;
    let n = 0;
    for (const f of feats) {
      let h = 0;
      let k = 0;
      let fails = 0;
      for (const p of pops) {
        const risk = versionRisk(p, f ?? "confidence", v);
        const g = runGrid({
          y: p.y,
          features: { [f ?? "-"]: risk },
          strategies: { [s]: coverageStrategies[s] as Strategy },
          budgets: [200],
          repetitions: COVERAGE_REPS,
          seed: `coverage-${p.model}-${f ?? "-"}`,
          featureAgnostic: [],
        });
        let hm = 0;
        for (const r of g.rows) {
          h += r.covered ? 1 : 0;
          hm += r.covered ? 1 : 0;
          fails += r.failuresFound;
          k++;
        }
        byModel[v][`${f ?? "-"}/${p.model}`] = hm / g.rows.length;
      }
      c.byFeature[v][f ?? "-"] = h / k;
      c.failures[v][f ?? "-"] = fails / k;
      hit += h;
      n += k;
    }
    c.pooled[v] = hit / n;
    c.runs = n;
  }
  coverage.push(c);
}
if (!coverageReused) {
  coverageSeconds = (performance.now() - coverageStart) / 1000;
  writeFileSync(coverageCache, JSON.stringify({ coverage, seconds: coverageSeconds }));
}
/** Coverage at n = 200 of the k-means variants, from the grid's rows (DeepSample risk). */
function kmeansCoverageLine(): string {
  return Object.keys(KMEANS_VARIANTS)
    .map((s) => {
      const parts = FEATURES.map((f) => {
        let h = 0;
        let k = 0;
        for (const m of MODELS)
          for (const r of rows[m])
            if (r.strategy === s && r.feature === f && r.budget === 200) {
              h += r.covered ? 1 : 0;
              k++;
            }
        return `${f} ${k === 0 ? "—" : `${((100 * h) / k).toFixed(1)}%`}`;
      });
      return `\`${s}\` ${parts.join(", ")}`;
    })
    .join("; ");
}
const PPS = ["sups", "rhc", "twoUps", "systematicPps", "balanced", "pivotal"];
/** Lowest and highest coverage on confidence of the PPS strategies with risk version v. */
function ppsConfidenceRange(v: RiskVersion): string {
  const xs = coverage
    .filter((c) => PPS.includes(c.strategy))
    .map((c) => 100 * (c.byFeature[v].confidence as number));
  return `${Math.min(...xs).toFixed(1)}-${Math.max(...xs).toFixed(1)}%`;
}
/** Mean failures found on confidence by the PPS strategies with risk version v. */
function ppsConfidenceFailures(v: RiskVersion): number {
  const xs = coverage
    .filter((c) => PPS.includes(c.strategy))
    .map((c) => c.failures[v].confidence as number);
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}
const coverageMin = (v: RiskVersion): number =>
  Math.min(
    ...coverage
      .filter((c) => STRATEGY_NAMES.includes(c.strategy))
      .flatMap((c) => Object.values(c.byFeature[v])),
  );

// ---------------------------------------------------------- lambda sweep
type SweepPoint = {
  label: string;
  feature: Feature;
  rmse: number;
  rmseSe: number;
  fail: number;
  failSe: number;
  coverage: number;
};
const sweep: SweepPoint[] = [];
const sweepStart = performance.now();
function sweepCell(label: string, feature: Feature, strategy: Strategy, tag: string): SweepPoint {
  const d = {} as PerModel;
  let hit = 0;
  let n = 0;
  for (const p of pops) {
    const g = runGrid({
      y: p.y,
      features: { [feature]: p.risk[feature] },
      strategies: { [label]: strategy },
      budgets: [200],
      repetitions: SWEEP_REPS,
      seed: `sweep-${tag}-${p.model}`,
      featureAgnostic: [],
    });
    d[p.model] = {
      accuracy: g.rows.map((r) => 1 - r.estimate),
      failures: g.rows.map((r) => r.failuresFound),
    };
    for (const r of g.rows) {
      hit += r.covered ? 1 : 0;
      n++;
    }
  }
  return {
    label,
    feature,
    rmse: avgRmse(d),
    rmseSe: bootSe(d, avgRmse, `sw-r-${tag}-${feature}`),
    fail: avgMedFail(d),
    failSe: bootSe(d, avgMedFail, `sw-f-${tag}-${feature}`),
    coverage: hit / n,
  };
}
const sweepCache = cacheFile.replace(/\.json$/, "-sweep.json");
let ssrsRef: SweepPoint;
let sweepSeconds: number;
const sweepReused = reuse && existsSync(sweepCache);
if (sweepReused) {
  const cached = JSON.parse(readFileSync(sweepCache, "utf8")) as {
    sweep: SweepPoint[];
    ssrsRef: SweepPoint;
    seconds: number;
  };
  sweep.push(...cached.sweep);
  ssrsRef = cached.ssrsRef;
  sweepSeconds = cached.seconds;
} else {
  for (const feature of FEATURES) {
    for (const lambda of LAMBDAS) {
      const s: Strategy = (r, b, rng, o) => extraStrategies.mixture(r, b, rng, { ...o, lambda });
      sweep.push(sweepCell(`mixture λ=${lambda}`, feature, s, `mix${lambda}`));
    }
  }
  ssrsRef = sweepCell("ssrs", "confidence", strategies.ssrs, "ssrs");
  sweepSeconds = (performance.now() - sweepStart) / 1000;
  writeFileSync(sweepCache, JSON.stringify({ sweep, ssrsRef, seconds: sweepSeconds }));
}

// ------------------------------------ diagnostic: DeepEST with DeepSample's thresholds
// DeepSample's InitializerTF zeroes the DeepEST weight of inputs whose risk is
// not above 0.3 (confidence) or 0.371 + 2 * 0.168 (DSA; the constant left in
// its code); our default threshold is 0. Rerun n = 200 with their thresholds.
type Diag = {
  feature: Feature;
  threshold: number;
  rmse: number;
  fail: number;
  rmseSe: number;
  failSe: number;
};
const DEEPEST_THRESHOLDS: [Feature, number][] = [
  ["confidence", 0.3],
  ["dsa", 0.371 + 2 * 0.168],
];
const deepEstDiag: Diag[] = DEEPEST_THRESHOLDS.map(([feature, threshold]) => {
  const d = {} as PerModel;
  for (const p of pops) {
    const g = runGrid({
      y: p.y,
      features: { [feature]: p.risk[feature] },
      strategies: {
        deepEst: (r, b, rng, o) => strategies.deepEst(r, b, rng, { ...o, threshold }),
      },
      budgets: [200],
      repetitions: REPS,
      seed: `deepest-threshold-${p.model}`,
      featureAgnostic: [],
    });
    d[p.model] = {
      accuracy: g.rows.map((r) => 1 - r.estimate),
      failures: g.rows.map((r) => r.failuresFound),
    };
  }
  const tag = `${feature}-${threshold}`;
  return {
    feature,
    threshold,
    rmse: avgRmse(d),
    fail: avgMedFail(d),
    rmseSe: bootSe(d, avgRmse, `de-r-${tag}`),
    failSe: bootSe(d, avgMedFail, `de-f-${tag}`),
  };
});

function diagTable(): string {
  const lines = [
    "| DeepEST, n = 200 | their RMSE | ours, threshold 0 | ours, their threshold | ±2 SE | their failures | ours, threshold 0 | ours, their threshold | ±2 SE |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  for (const g of deepEstDiag) {
    const c = cmp.find(
      (x) => x.sampler === "DeepEST" && x.feature === g.feature && x.budget === 200,
    );
    if (c === undefined) continue;
    lines.push(
      `| ${g.feature} (threshold ${g.threshold.toFixed(3)}) | ${f4(c.rmseTheirs)} | ${f4(c.rmseOurs)} | ${f4(g.rmse)} | ${f4(2 * g.rmseSe)} | ${f1(c.failTheirs)} | ${f1(c.failOurs)} | ${f1(g.fail)} | ${f1(2 * g.failSe)} |`,
    );
  }
  return lines.join("\n");
}

// ------------------------------------------------------------ report writers
const featureName = (f: Feature | null): string => f ?? "—";
const ok = (b: boolean): string => (b ? "yes" : "**no**");

function headline(): string {
  const want: [string, Feature | null][] = [
    ["SRS", null],
    ["SSRS", "confidence"],
    ["GBS", "confidence"],
    ["SUPS", "confidence"],
    ["RHC", "confidence"],
    ["DeepEST", "confidence"],
    ["2-UPS", "dsa"],
    ["2-UPS", "confidence"],
  ];
  const lines = [
    "| DeepSample sampler | feature | their RMSE | our RMSE | ±2 MC SE | their failures | our failures | ±2 MC SE |",
    "|---|---|---|---|---|---|---|---|",
  ];
  for (const [s, f] of want) {
    const c = cmp.find((x) => x.sampler === s && x.feature === f && x.budget === 200);
    if (c === undefined) continue;
    lines.push(
      `| ${s} (ours: \`${c.ours}\`) | ${featureName(f)} | ${f4(c.rmseTheirs)} | ${f4(c.rmseOurs)} | ${f4(2 * c.rmseSe)} | ${f1(c.failTheirs)} | ${f1(c.failOurs)} | ${f1(2 * c.failSe)} |`,
    );
  }
  return lines.join("\n");
}

function fullTable(): string {
  const lines = [
    "| sampler | feature | n | their RMSE | our RMSE | diff | ±2 SE | within | their failures | our failures | diff | ±2 SE | within |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const c of cmp) {
    lines.push(
      `| ${c.sampler} | ${featureName(c.feature)} | ${c.budget} | ${f4(c.rmseTheirs)} | ${f4(c.rmseOurs)} | ${f4(c.rmseOurs - c.rmseTheirs)} | ${f4(2 * c.rmseSe)} | ${ok(c.rmseOk)} | ${f1(c.failTheirs)} | ${f1(c.failOurs)} | ${f1(c.failOurs - c.failTheirs)} | ${f1(2 * c.failSe)} | ${ok(c.failOk)} |`,
    );
  }
  return lines.join("\n");
}

function coverageTable(): string {
  const lines = [
    `| strategy | ${RISK_VERSIONS.map((v) => `${RISK_LABEL[v]}: confidence | dsa | lsa | pooled`).join(" | ")} | runs per feature |`,
    `|---|${"---|---|---|---|".repeat(RISK_VERSIONS.length)}---|`,
  ];
  const pct = (x: number | undefined): string => {
    if (x === undefined) return "—";
    const t = `${(100 * x).toFixed(1)}%`;
    return x >= 0.9 ? t : `**${t}**`;
  };
  for (const c of coverage) {
    const cells = RISK_VERSIONS.flatMap((v) => [
      ...FEATURES.map((f) => pct(c.byFeature[v][f])),
      pct(c.pooled[v]),
    ]);
    const runs = c.strategy === "srs" ? c.runs : c.runs / FEATURES.length;
    lines.push(`| \`${c.strategy}\` | ${cells.join(" | ")} | ${runs} |`);
  }
  return lines.join("\n");
}

/** The share of units below 1/21 of the mean risk, per risk version, feature and model. */
function tailShareLine(): string {
  return RISK_VERSIONS.map(
    (v) =>
      `${RISK_LABEL[v]}: ${FEATURES.map((f) => `${f} ${pops.map((p) => `${(100 * weightTailShare(versionRisk(p, f, v))).toFixed(1)}%`).join("/")}`).join(", ")}`,
  ).join("; ");
}

/**
 * Which models' runs carry the weight-tail flag (`reliable: false`, "drawn at
 * less than 1/21 of the uniform rate"), keyed `strategy/version/feature`
 * (absent: none). The flag is a property of the design on the population, so
 * one run per cell decides it (seed `flag-<model>-<feature>`).
 */
const tailFlags = new Map<string, string[]>();
for (const s of Object.keys(coverageStrategies)) {
  if (s === "srs") continue;
  for (const v of RISK_VERSIONS)
    for (const f of FEATURES) {
      const on = pops.filter((p) => {
        const run = runStrategy(
          (coverageStrategies[s] as Strategy)(
            versionRisk(p, f, v),
            200,
            createRng(`flag-${p.model}-${f}`),
          ),
          (i) => p.y[i] as number,
        );
        return /drawn at less than 1\/21 of the uniform rate/.test(run.estimate.warning);
      });
      if (on.length > 0)
        tailFlags.set(
          `${s}/${v}/${f}`,
          on.map((p) => p.model),
        );
    }
}
const weightTailFlagged = Object.keys(coverageStrategies).filter((s) =>
  [...tailFlags.keys()].some((k) => k.startsWith(`${s}/`)),
);

function weightTailTable(): string {
  const lines = [
    `| strategy | ${RISK_VERSIONS.map((v) => `${RISK_LABEL[v]}: confidence | dsa | lsa`).join(" | ")} |`,
    `|---|${"---|---|---|".repeat(RISK_VERSIONS.length)}`,
  ];
  for (const s of Object.keys(coverageStrategies)) {
    if (s === "srs") continue;
    const cells = RISK_VERSIONS.flatMap((v) =>
      FEATURES.map((f) => tailFlags.get(`${s}/${v}/${f}`)?.join(" ") ?? "—"),
    );
    lines.push(`| \`${s}\` | ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

/** The coverage cells (strategy, risk, feature; pooled over models) below 93 % with and without a flag. */
function weightTailAgreement(): string {
  const low: string[] = [];
  const lowFlagged: string[] = [];
  const okFlagged: string[] = [];
  for (const c of coverage) {
    if (c.strategy === "srs") continue;
    for (const v of RISK_VERSIONS)
      for (const f of FEATURES) {
        const x = c.byFeature[v][f];
        if (x === undefined) continue;
        const name = `\`${c.strategy}\` ${RISK_LABEL[v]}/${f} (${(100 * x).toFixed(1)}%)`;
        const isFlagged = tailFlags.has(`${c.strategy}/${v}/${f}`);
        if (x < 0.93) (isFlagged ? lowFlagged : low).push(name);
        else if (isFlagged) okFlagged.push(name);
      }
  }
  return `Cells of the coverage table below 93 % that carry the flag: ${lowFlagged.join(", ") || "none"}. Below 93 % without it: ${low.join(", ") || "none"}. Flagged but covering at least 93 %: ${okFlagged.join(", ") || "none"}.`;
}

/**
 * The same per model (a cell's flag is per model: it is a property of the
 * design on that population): the cells below 93 % with and without it.
 */
function weightTailAgreementByModel(): string {
  const low: string[] = [];
  const lowFlagged: string[] = [];
  for (const c of coverage) {
    if (c.strategy === "srs") continue;
    for (const v of RISK_VERSIONS)
      for (const f of FEATURES)
        for (const p of pops) {
          const x = c.byModel?.[v]?.[`${f}/${p.model}`];
          if (x === undefined || x >= 0.93) continue;
          const name = `\`${c.strategy}\` ${RISK_LABEL[v]}/${f}/${p.model} (${(100 * x).toFixed(1)}%)`;
          const isFlagged = tailFlags.get(`${c.strategy}/${v}/${f}`)?.includes(p.model) === true;
          (isFlagged ? lowFlagged : low).push(name);
        }
  }
  return `Per model (${COVERAGE_REPS} runs per cell, Monte Carlo SE about ${(100 * Math.sqrt((0.95 * 0.05) / COVERAGE_REPS)).toFixed(1)} points near 95 %), the cells below 93 % that carry the flag: ${lowFlagged.join(", ") || "none"}; without it: ${low.join(", ") || "none"}.`;
}

function coverageFailuresTable(): string {
  const lines = [
    `| strategy | ${RISK_VERSIONS.map((v) => `${RISK_LABEL[v]}: confidence | dsa | lsa`).join(" | ")} |`,
    `|---|${"---|---|---|".repeat(RISK_VERSIONS.length)}`,
  ];
  for (const c of coverage) {
    if (c.strategy === "srs") continue;
    const cells = RISK_VERSIONS.flatMap((v) => FEATURES.map((f) => f1(c.failures[v][f] as number)));
    lines.push(`| \`${c.strategy}\` | ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

/** RMSE and median failures at n = 200 of our 13 strategies, averaged over D/E/F, per feature. */
function at200(strategy: string, feature: Feature | null) {
  const d = {} as PerModel;
  for (const m of MODELS) d[m] = ours(m, strategy, strategy === "srs" ? null : feature, 200);
  return { rmse: avgRmse(d), fail: avgMedFail(d) };
}

function sweepTable(): string {
  const lines = [
    "| design | feature | RMSE | ±2 SE | median failures | ±2 SE | coverage | dominates our SSRS-confidence | dominates DeepSample's 0.0254 / 78.5 |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  const theirSsrs = cmp.find(
    (c) => c.sampler === "SSRS" && c.feature === "confidence" && c.budget === 200,
  );
  for (const p of [...sweep, ssrsRef]) {
    const domOurs =
      p === ssrsRef ? "—" : p.rmse <= ssrsRef.rmse && p.fail >= ssrsRef.fail ? "yes" : "no";
    const domTheirs =
      theirSsrs === undefined
        ? "—"
        : p.rmse <= theirSsrs.rmseTheirs && p.fail >= theirSsrs.failTheirs
          ? "yes"
          : "no";
    lines.push(
      `| ${p.label} | ${p.feature} | ${f4(p.rmse)} | ${f4(2 * p.rmseSe)} | ${f1(p.fail)} | ${f1(2 * p.failSe)} | ${(100 * p.coverage).toFixed(1)}% | ${domOurs} | ${domTheirs} |`,
    );
  }
  return lines.join("\n");
}

function frontTable(): string {
  const lines = [
    "| strategy | feature | RMSE (30 reps x 3 models) | median failures |",
    "|---|---|---|---|",
  ];
  for (const s of STRATEGY_NAMES) {
    for (const f of s === "srs" ? [null] : FEATURES) {
      const r = at200(s, f);
      lines.push(`| \`${s}\` | ${featureName(f)} | ${f4(r.rmse)} | ${f1(r.fail)} |`);
    }
  }
  return lines.join("\n");
}

function sweepVerdict(): string {
  const dom = sweep.filter((p) => p.rmse <= ssrsRef.rmse && p.fail >= ssrsRef.fail);
  const sig = dom.filter(
    (p) =>
      ssrsRef.rmse - p.rmse > 2 * Math.hypot(p.rmseSe, ssrsRef.rmseSe) &&
      p.fail - ssrsRef.fail > 2 * Math.hypot(p.failSe, ssrsRef.failSe),
  );
  const theirSsrs = cmp.find(
    (c) => c.sampler === "SSRS" && c.feature === "confidence" && c.budget === 200,
  );
  const domTheirs =
    theirSsrs === undefined
      ? []
      : sweep.filter((p) => p.rmse <= theirSsrs.rmseTheirs && p.fail >= theirSsrs.failTheirs);
  const list = (ps: SweepPoint[]) =>
    ps.length === 0 ? "none" : ps.map((p) => `${p.label} on ${p.feature}`).join(", ");
  const vsUniform = FEATURES.map((f) => {
    const pts = sweep.filter((p) => p.feature === f);
    const base = pts.find((p) => p.label === "mixture λ=0");
    if (base === undefined) return `${f}: —`;
    const best = pts
      .filter((p) => p.rmse <= base.rmse)
      .sort((a, b) => b.fail - a.fail)[0] as SweepPoint;
    return `${f}: ${best.label} (RMSE ${f4(best.rmse)}, failures ${f1(best.fail)} vs ${f4(base.rmse)}, ${f1(base.fail)} at λ = 0)`;
  }).join("; ");
  return [
    `Our SSRS-confidence at n = 200 (${SWEEP_REPS} repetitions per model): RMSE ${f4(ssrsRef.rmse)} ± ${f4(2 * ssrsRef.rmseSe)}, median failures ${f1(ssrsRef.fail)} ± ${f1(2 * ssrsRef.failSe)}.`,
    "",
    `- Mixture settings at least as good on both axes as our SSRS-confidence (point estimates): ${list(dom)}.`,
    `- Of those, better on both axes by more than 2 combined MC SE: ${list(sig)}.`,
    `- Against equal probabilities (λ = 0, an SRS-like pivotal sample with the same estimator), the most failures found at no higher RMSE: ${vsUniform}.`,
    `- Mixture settings at least as good as DeepSample's published SSRS-confidence (RMSE ${theirSsrs === undefined ? "?" : f4(theirSsrs.rmseTheirs)}, failures ${theirSsrs === undefined ? "?" : f1(theirSsrs.failTheirs)}): ${list(domTheirs)}.`,
  ].join("\n");
}

// ------------------------------------------------ Friedman + Nemenyi (tcs-grid)
type Block = { model: Model; feature: Feature; budget: number };
const blocks: Block[] = [];
for (const model of MODELS)
  for (const feature of FEATURES)
    for (const budget of BUDGETS) blocks.push({ model, feature, budget });

function cellStat(b: Block, s: string, what: "rmse" | "fail"): number {
  const r = ours(b.model, s, s === "srs" ? null : b.feature, b.budget);
  return what === "rmse" ? rmseAcc(r.accuracy, b.model) : median(r.failures);
}

function friedmanSection(what: "rmse" | "fail"): string {
  // failures: larger is better, so rank the negated medians ascending
  const sign = what === "rmse" ? 1 : -1;
  const m = rowMatrix(blocks.map((b) => STRATEGY_NAMES.map((s) => sign * cellStat(b, s, what))));
  const fr = friedman(m);
  const ne = nemenyi(fr.averageRanks, fr.nBlocks, { alpha: 0.05 });
  const order = STRATEGY_NAMES.map((s, j) => ({ s, r: fr.averageRanks[j] as number })).sort(
    (a, b) => a.r - b.r,
  );
  const best = order[0] as { s: string; r: number };
  const lines = [
    `Friedman chi-square ${fr.statistic.toFixed(2)} (df ${fr.df}), p = ${fr.pValue.toExponential(2)}; ${fr.nBlocks} blocks (3 models x 3 features x 5 budgets), ${fr.nTreatments} strategies. Nemenyi critical difference at alpha = 0.05: ${ne.criticalDifference.toFixed(3)}.`,
    "",
    "| rank | strategy | average rank | differs from the best (> CD) |",
    "|---|---|---|---|",
  ];
  order.forEach((o, k) => {
    lines.push(
      `| ${k + 1} | \`${o.s}\` | ${o.r.toFixed(2)} | ${k === 0 ? "—" : o.r - best.r > ne.criticalDifference ? "yes" : "no"} |`,
    );
  });
  return lines.join("\n");
}

function featureFriedman(what: "rmse" | "fail"): string {
  const sign = what === "rmse" ? 1 : -1;
  const featureBlocks: { model: Model; s: string; budget: number }[] = [];
  for (const model of MODELS)
    for (const s of STRATEGY_NAMES.filter((x) => x !== "srs"))
      for (const budget of BUDGETS) featureBlocks.push({ model, s, budget });
  const m = rowMatrix(
    featureBlocks.map((b) =>
      FEATURES.map(
        (f) => sign * cellStat({ model: b.model, feature: f, budget: b.budget }, b.s, what),
      ),
    ),
  );
  const fr = friedman(m);
  const ne = nemenyi(fr.averageRanks, fr.nBlocks);
  return `${FEATURES.map((f, j) => `${f} ${(fr.averageRanks[j] as number).toFixed(2)}`).join(", ")} (Friedman chi-square ${fr.statistic.toFixed(2)}, df ${fr.df}, p = ${fr.pValue.toExponential(2)}, ${fr.nBlocks} blocks = 3 models x 12 strategies x 5 budgets; Nemenyi CD ${ne.criticalDifference.toFixed(3)})`;
}

function topBy(what: "rmse" | "fail", k: number): string {
  const sign = what === "rmse" ? 1 : -1;
  const fr = friedman(
    rowMatrix(blocks.map((b) => STRATEGY_NAMES.map((s) => sign * cellStat(b, s, what)))),
  );
  return STRATEGY_NAMES.map((s, j) => ({ s, r: fr.averageRanks[j] as number }))
    .sort((a, b) => a.r - b.r)
    .slice(0, k)
    .map((o) => `\`${o.s}\``)
    .join(", ");
}

function paperContrast(): string {
  return `The replicated paper (LLMs for code, 7 features, section 4) finds KCenterHT and D²Strat best for RMSE with GBS and SSRS close, RHCS and Pivotal last, and DeepEST, RHCS, 2-UPS, Balanced and PPSsys best for failures. Here, on CIFAR-10 with DeepSample's three features, the five best average RMSE ranks are ${topBy("rmse", 5)} and the five best failure ranks ${topBy("fail", 5)}. The direction agrees for the stratified designs (KCenterStrat and D2Strat in the leading group for RMSE, no significant gap to the best) and for failure discovery (the PPS designs lead); it differs for SSRS, last here because of its Neyman allocation on quantile strata of 1 − confidence (see deepsample.md), and DeepEST ranks lower for failures than in the paper because it runs with threshold 0 (its default) rather than DeepSample's thresholds.`;
}

function gridTable(budget: number, what: "rmse" | "fail"): string {
  const head = ["strategy", ...MODELS.flatMap((m) => FEATURES.map((f) => `${m}-${f}`))];
  const lines = [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`];
  for (const s of STRATEGY_NAMES) {
    const cells = MODELS.flatMap((model) =>
      FEATURES.map((feature) => {
        const v = cellStat({ model, feature, budget }, s, what);
        return what === "rmse" ? f4(v) : f1(v);
      }),
    );
    lines.push(`| \`${s}\` | ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

// ------------------------------------------------------------------ write
// Written after reading the measured cells and DeepSample's selectors; the
// numbers quoted are computed above or here.
const lowRiskFailures = pops
  .map((p) => {
    let k = 0;
    let f = 0;
    for (let i = 0; i < p.y.length; i++) {
      if (p.y[i] === 1) {
        f++;
        if ((p.risk.confidence[i] as number) < 0.01) k++;
      }
    }
    return `${p.model} ${k} of ${f}`;
  })
  .join(", ");
const ssrsAllocation = pops
  .map((p) => {
    const st = quantileStrata(p.risk.confidence, 10);
    return `${p.model} [${Array.from(allocateAtLeastTwo(st, stratumSds(p.risk.confidence, st), 200)).join(", ")}]`;
  })
  .join("; ");
const ssrs200 = cmp.find(
  (c) => c.sampler === "SSRS" && c.feature === "confidence" && c.budget === 200,
);
const EXPLANATIONS = `Cells are grouped by cause. We did not rerun DeepSample's Java code; the causes below come from reading its selectors (repository \`dessertlab/DeepSample\`, \`DeepSample/source_code/selector/classification/\`, \`utility/InitializerTF.java\`) and, for DeepEST, from rerunning ours with their setting.

- **SSRS (failures 3–11 higher in ours on confidence; DSA n = 800 RMSE, LSA n = 800 failures, confidence n = 100 RMSE).** With \`partition: "kmeans"\` estimator, allocation rule and strata type are DeepSample's (\`StratifiedRandomSelectorWOR\`: Neyman allocation with the within-stratum SD of the risk as the proxy, stratified mean, 10 k-means partitions of the feature), and the headline cell lands on theirs (RMSE ${ssrs200 === undefined ? "?" : f4(ssrs200.rmseOurs)} vs ${ssrs200 === undefined ? "?" : f4(ssrs200.rmseTheirs)}). The partitions themselves are not published: theirs come from Weka's SimpleKMeans (random initial centres) on the raw feature, ours from one-dimensional Lloyd iterations started at the deciles, so the cut points, and with them the share of the budget that Neyman gives the top partition, differ somewhat; failures found follow that share directly. With our default quantile strata (the 13-strategy grid) the top decile spans a wide risk range and takes most of the budget (allocation at n = 200, strata by increasing risk: ${ssrsAllocation}): more failures, and an RMSE no better than SRS.
- **GBS (failures 2–12 lower in ours on confidence and at some DSA/LSA budgets; RMSE always within the band).** Same greedy rule (N_p/N)² V_p / (n_p + 1)² on k-means partitions, a different start (ours: 2 labels per stratum) and, as for SSRS, partitions that are not the same cut. The rule targets variance, so how many failures it meets depends on where the strata cut the risk; the accuracy estimates agree.
- **2-UPS (RMSE: ours lower at most cells, with confidence the 0.75 defect; failures lower in ours at n = 800).** DeepSample's \`TwoUPSSelector\` is not Hansen–Hurwitz: it averages (failures_p / n_p) · N_p / q_p over the partitions it visited (q_p = the partition's share of the risk), divides by the number of visited partitions and by N. That is unbiased only when q_p = N_p / N; with 1 − confidence the low-risk partitions have q_p far below N_p / N and the estimate explodes (RMSE 0.75). Ours (\`twoUpsStrategy\`) is the Hansen–Hurwitz mean over draws, unbiased. Their draws are without replacement inside a partition, ours with replacement, and we count distinct failing inputs, so at n = 800 repeats of the riskiest inputs cost us distinct failures.
- **DeepEST (RMSE lower and failures lower in ours, all features).** DeepSample's \`InitializerTF.weightedMatrixComputation\` gives weight 0 to every input whose risk is not above a threshold: 0.3 for confidence and 0.371 + 2 · 0.168 = 0.707 for DSA in the published code (the LSA constant in the code, 30,141 + 102.43, is an MNIST value no scaled LSA reaches, and the comments list other per-dataset values, so which thresholds produced the CIFAR-10 files is not certain). Our default threshold is 0, so our exploit step spreads over all inputs in proportion to the risk: fewer failures, smaller variance. Rerun with their thresholds (30 repetitions per model, seed \`deepest-threshold-<model>\`):

${diagTable()}

  With the confidence threshold our DeepEST lands on their numbers; with the DSA constant it moves towards them but not all the way, consistent with the uncertainty about the threshold actually used.
- **SUPS-confidence, n = 800 (failures: theirs higher).** DeepSample's \`SUPSSelector\` counts failing draws, repeats included; \`failuresFound\` counts distinct failing inputs. At n = 800 PPS with replacement on 1 − confidence repeats the riskiest inputs. (SUPS-confidence RMSE and RHC-confidence RMSE at n = 200 and 800 are within the band only because the band is wide: their estimates are heavy-tailed, see the coverage section.)
- **RHC-confidence, n = 100 (RMSE: 0.1182 against 0.0547, a band of 0.0551).** The same heavy tail: with unfloored 1 − confidence, a rare sample that draws a near-zero-risk failure gives a huge Hansen–Hurwitz estimate (RHC is flagged \`reliable: false\` on D, E and F here, "The weight-tail flag"). 30 repetitions of such an estimator make the RMSE itself noisy; among ${2 * cmp.length} comparisons a few are also expected outside a 2-SE band by chance.`;

const COVERAGE_NOTES = `With the library's own risk (\`toRisk\`'s default floor) every one of the 13 strategies (default options) covers at least ${(100 * coverageMin("toRisk")).toFixed(1)}% on every feature. With DeepSample's unfloored risk the PPS designs' coverage on confidence drops (as low as ${(100 * coverageMin("deepsample")).toFixed(1)}%); DSA and LSA are fine either way. With risk = 1 − confidence many failures have a risk near 0 (failures with risk < 0.01: ${lowRiskFailures}), hence inclusion probabilities near 0 and weights near N / (n · tiny). Most samples contain none of them. For the Horvitz–Thompson and Hansen–Hurwitz designs (SUPS, RHC-S, 2-UPS, PPSsys) the estimate and the design's own variance estimate are then both too small, so that interval misses low; a rare sample that does contain one gives a huge estimate (the heavy tails behind the SUPS/RHC RMSE). The risk-band floor adds the variance of the parts of the population the sample barely reached (its bands are cut wherever their draw rates spread more than 4-fold), which is what brings these four to the coverage above on this risk (their estimates stay heavy-tailed); the weight-tail flag still marks their estimates unreliable. For the Hájek designs (Balanced, Pivotal) the missing huge weights leave the denominator too small, so the ratio estimates the failure rate of the riskier inputs and misses high, which no variance term repairs. Bounding the weights fixes both. On confidence the PPS strategies cover ${ppsConfidenceRange("deepsample")} without a floor, ${ppsConfidenceRange("floor01")} with \`toRisk\`'s previous default floor 0.01 and ${ppsConfidenceRange("toRisk")} with the current 0.05, finding on average ${f1(ppsConfidenceFailures("deepsample"))}, ${f1(ppsConfidenceFailures("floor01"))} and ${f1(ppsConfidenceFailures("toRisk"))} distinct failures per run. \`toRisk\`'s default floor gives every input at least 5% of the riskiest input's shifted score (weights within 21x of each other); the defensive mixture below does the same with an explicit λ. The stratified and adaptive strategies (SSRS, GBS, MC-UCB, D2Strat, KCenterStrat, DeepEST) do not depend on the floor for coverage. The floor's price is failures found: mean distinct failures per run at n = 200 (same runs):

${coverageFailuresTable()}`;

// time of everything but the grid and the sweep (both possibly reused from the cache)
const restSeconds =
  (performance.now() - started) / 1000 -
  (gridReused ? 0 : gridSeconds) -
  (sweepReused ? 0 : sweepSeconds) -
  (coverageReused ? 0 : coverageSeconds);
const totalSeconds = gridSeconds + sweepSeconds + coverageSeconds + restSeconds;
const outside = cmp.filter((c) => !c.rmseOk || !c.failOk);
const trueLine = MODELS.map((m) => `${m} ${truthAcc(m).toFixed(4)}`).join(", ");
const deepsampleMd = `# DeepSample replication (CIFAR-10, models D, E, F)

Generated by \`npm run bench -- replicate-deepsample\` (\`bench/replicate-deepsample.ts\`); do not edit by hand.

## Setup

- Populations: \`per_input/model{D,E,F}_final.csv\` from DeepSample (33,500 CIFAR-10 inputs each). True accuracies recomputed from the outcomes: ${trueLine} (the issue quotes 0.7151, 0.7896, 0.6515).
- Risk, oriented as DeepSample's loader (\`InitializerTF.readTestFrames\`) does: \`1 - confidence\` for confidence, DSA and LSA as stored (already scaled to [0, 1]). No floor is added, as in DeepSample. Inputs with confidence exactly 1 (D 71, E 260, F 1,479; 1 of them fails in E and 13 in F) and the one input per model at DSA or LSA 0 would have zero risk, which DeepSample never draws and RHC-S cannot take (it needs positive sizes); they get the smallest positive risk of their feature instead, so PPS designs almost never draw them either.
- Our strategies: the 13 of \`strategies\` with their default options (10 strata where the budget allows, level 0.95); SRS runs once per budget. DeepSample's samplers are matched by name: SRS → \`srs\`, SUPS → \`sups\`, RHC → \`rhc\`, SSRS → \`ssrs\`, GBS → \`gbs\`, 2-UPS → \`twoUps\`, DeepEST → \`deepEst\` (CES is not one of our strategies). DeepSample partitions the feature by k-means for SSRS, GBS and 2-UPS (\`InitializerTF\`), so the comparison cells run those three with \`partition: "kmeans"\` (keys \`ssrs-kmeans\`, \`gbs-kmeans\`, \`twoUps-kmeans\`, 10 one-dimensional k-means strata); our defaults (quantile strata) are in the 13-strategy grid and in the coverage table.
- ${REPS} repetitions per (model, strategy, feature, budget), run seed derived by \`runGrid\` from \`deepsample-<model>\`. Their numbers are recomputed here from \`results_paper/classification/<sampler>/CIFAR10_aggregate_<feature>.csv\` (30 rows per budget; columns budget, accuracy_X, failures_X for X = D, E, F).
- Metrics, as in the issue: RMSE of the accuracy estimate over the 30 repetitions of a model, then averaged over D/E/F; median failures found over the 30 repetitions, averaged over D/E/F. Failures found count distinct failing inputs (a with-replacement draw of the same input counts once).
- Monte Carlo error: each side's statistic is recomputed on ${BOOT} bootstrap resamples of its 30 repetitions (resampled within each model); a difference is *within MC error* when |ours − theirs| ≤ 2·sqrt(SE_ours² + SE_theirs²). With ${cmp.length * 2} comparisons, a few "no" are expected by chance alone.
- Run time: grid ${gridSeconds.toFixed(0)} s (${3 * rows.D.length} strategy runs on N = 33,500), lambda sweep ${sweepSeconds.toFixed(0)} s (${sweep.length * 3 * SWEEP_REPS + 3 * SWEEP_REPS} runs), DeepEST diagnostic, bootstraps and report ${restSeconds.toFixed(0)} s, on ${availableParallelism()} cores shared with other jobs (load average ${load0.toFixed(1)} when the last step started).

## Headline cells (n = 200, averaged over D/E/F)

${headline()}

## Every comparable cell (n = 100, 200, 800)

${fullTable()}

${outside.length} of ${cmp.length} cells differ by more than the MC band on at least one metric: ${outside.map((c) => `${c.sampler}-${featureName(c.feature)}-${c.budget}${!c.rmseOk ? " (RMSE)" : ""}${!c.failOk ? " (failures)" : ""}`).join(", ") || "none"}.

## Why the cells outside the band differ

${EXPLANATIONS}

## CI coverage at n = 200 (nominal 95%)

Share of runs whose interval contains the true failure rate, ${COVERAGE_REPS} repetitions per model and feature (seed \`coverage-<model>-<feature>\`; 3 x ${COVERAGE_REPS} runs per feature, pooled over the three features ${9 * COVERAGE_REPS}; the MC SE of a coverage near 95% over ${3 * COVERAGE_REPS} runs is about ${(100 * Math.sqrt((0.95 * 0.05) / (3 * COVERAGE_REPS))).toFixed(1)} points). Three risks, on the same seeds: DeepSample's columns as in the rest of this report (no floor), and the library's pipeline \`toRisk(column, "higher")\` with the previous default floor (0.01) and with the current default (0.05). Bold: below the 90% target. Time: ${coverageSeconds.toFixed(0)} s.

${coverageTable()}

The k-means variants used in the comparison cells (DeepSample risk; from the grid's ${REPS} repetitions per model, so 3 x ${REPS} runs per feature): ${kmeansCoverageLine()}.

${COVERAGE_NOTES}

### The weight-tail flag

The PPS strategies mark an estimate \`reliable: false\` (with a \`warning\` naming \`toRisk\`'s floor) when at least 1 % of the units are drawn at less than 1/21 of the uniform rate, i.e. carry weights above 21 N / n (the spread \`toRisk\`'s default floor allows, so its risks are never flagged). The models whose runs carry the flag at n = 200 (— none):

${weightTailTable()}

Units in the weight tail (share of the population, from the risk itself; 2-UPS uses stratum averages of it, so its share can be smaller): ${tailShareLine()}. Flagged strategies: ${weightTailFlagged.map((s) => `\`${s}\``).join(", ") || "none"}. ${weightTailAgreement()} ${weightTailAgreementByModel()}

## Beyond the paper: the defensive-mixture PPS lambda sweep (n = 200)

\`mixtureStrategy\` (pivotal design, pik ∝ (1 − λ)/N + λ r_i / Σr, Hájek estimator with Deville variance), ${SWEEP_REPS} repetitions per model and λ, RMSE and median failures averaged over D/E/F as above; SSRS-confidence rerun with the same ${SWEEP_REPS} repetitions as the reference.

${sweepTable()}

${sweepVerdict()}

For the curve, the 13 strategies at n = 200 (from the 30-repetition grid):

${frontTable()}
`;

const rmseRanks = friedmanSection("rmse");
const failRanks = friedmanSection("fail");
const tcsGridMd = `# The 13 TCS strategies on DeepSample's CIFAR-10 models D, E, F

Generated by \`npm run bench -- replicate-deepsample\` (\`bench/replicate-deepsample.ts\`); do not edit by hand.

All 13 strategies (default options) x features confidence, DSA, LSA (risk oriented as DeepSample does: \`1 − confidence\`, DSA, LSA) x budgets 50, 100, 200, 400, 800 x ${REPS} repetitions on each model (33,500 inputs); SRS runs once per budget and enters every feature's block with the same value. True accuracies: ${trueLine}.

## Statistical comparison (Friedman + Nemenyi, as the paper's section 3.4)

Treatments are the 13 strategies; blocks (problem instances) are model x feature x budget. The cell score is the RMSE of the accuracy estimate over the ${REPS} repetitions (rank 1 = lowest), and for failure discovery the median failures found (rank 1 = most).

### Accuracy estimation (RMSE)

${rmseRanks}

### Failure discovery (median failures found)

${failRanks}

### Against the paper's finding

${paperContrast()}

### Features

Average ranks of the features, treatments = features, blocks = model x strategy x budget (SRS excluded). RMSE: ${featureFriedman("rmse")}. Failures: ${featureFriedman("fail")}.

## RMSE at n = 200 (per model and feature)

${gridTable(200, "rmse")}

## Median failures found at n = 200

${gridTable(200, "fail")}

## RMSE at n = 50 and n = 800

n = 50:

${gridTable(50, "rmse")}

n = 800:

${gridTable(800, "rmse")}
`;

mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, "deepsample.md"), deepsampleMd);
writeFileSync(join(outDir, "tcs-grid.md"), tcsGridMd);
console.log(headline());
console.log(`\n${outside.length}/${cmp.length} cells outside MC error`);
for (const c of outside) {
  console.log(
    `  ${c.sampler} ${featureName(c.feature)} n=${c.budget}: RMSE ${f4(c.rmseTheirs)} vs ${f4(c.rmseOurs)} (±${f4(2 * c.rmseSe)}), failures ${f1(c.failTheirs)} vs ${f1(c.failOurs)} (±${f1(2 * c.failSe)})`,
  );
}
console.log(
  `\ncoverage at n = 200 (pooled; ${RISK_VERSIONS.map((v) => RISK_LABEL[v]).join(" / ")}):`,
);
for (const c of coverage)
  console.log(
    `  ${c.strategy.padEnd(16)} ${RISK_VERSIONS.map((v) => `${(100 * c.pooled[v]).toFixed(1)}%`).join(" / ")}`,
  );
console.log(`\n${sweepVerdict()}`);
console.log(
  `\nwrote docs/replication/deepsample.md and tcs-grid.md; total ${totalSeconds.toFixed(0)} s`,
);
