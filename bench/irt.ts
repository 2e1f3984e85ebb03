/**
 * `npm run bench -- irt [--quick | --speed] [--part i/n | --merge n]`: IRT estimation of the full-benchmark
 * resolve rate from 10 % subsets (src/subset/irt) on the 25 dated
 * mini-swe-agent runs of SWE-bench Verified, protocol of issue 5 (runs sorted
 * by date, W = 3, all 2,024 temporal splits, each later run a test run).
 * Item parameters are fitted (a) on the split's 3 training runs only and
 * (b) on the larger public history `swebench_verified_outcomes.csv` (158
 * submissions), keeping only submissions dated strictly before the split's
 * first test run (plus the training runs): no look-ahead. Also: the CI
 * coverage on the real runs, parameter recovery / coverage on simulated
 * data, and fit timings next to scipy (same objective) when /usr/bin/python3
 * is present. Writes docs/replication/swebench-irt.md (not with --quick).
 *
 * Speed: fitIrt runs at its default tol (1e-6); scipy's L-BFGS-B (bench/_irt_scipy.py, analytic
 * gradient) runs twice, at gtol 1e-10 / ftol 1e-15 / maxiter 20000 (the fixture's tolerances,
 * so that it reaches the same log posterior as ours, to about 1e-6) and at scipy's default
 * tolerances (gtol 1e-5, ftol 2.2e-9), which stop a little short of that optimum; both ratios
 * (scipy/ours, > 1: ours is faster) are printed with both sides' final log posteriors. Each side:
 * a warm-up call, then the median of 3 calls (5 for stepwise + ridge against numpy). `--speed`
 * runs this section only (about ten seconds) and writes nothing.
 * Neither CSV is copied: both are read in place through test/helpers/sharedData.ts.
 *
 * Also the history-trained alternative to IRT: `stepwiseSubset` (forward
 * stepwise regression of the run rate on item outcomes over the history) +
 * `fitRateRegression` / `predictRateRegression` (ridge), with the interval from a 5-fold
 * cross-validation of the whole selection-plus-fit procedure on the history
 * (`fitStepwiseRate`),
 * and the look-ahead oracle bound of p-IRT (2PL fitted on every run,
 * including the test runs).
 *
 * The full evaluation takes ~20 min on 2 cores; `--part i/n` evaluates the
 * splits s with s % n == i and saves its accumulators under
 * /tmp/evalsift-irt-parts, `--merge n` combines n parts and writes the report
 * (so that no single process holds the shared heavy lock for long).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRng } from "../src/entry/core.js";
import {
  baselineMethod,
  fitIrt,
  fitRateRegression,
  fitStepwiseRate,
  type IrtModel,
  irtAdaptive,
  irtAnchors,
  type Outcomes,
  predictIrt,
  predictRateRegression,
  type RateRegressionModel,
  type SubsetMethod,
  stepwiseSubset,
  temporalSplits,
} from "../src/entry/subset.js";
import { parseSimpleCsv, readShared } from "../test/helpers/sharedData.js";
import { loadMiniSwe, MINI_SWE_FILE } from "./_swebenchMini.js";
import { fmtMs, hasCommand, medianMs } from "./_timing.js";

const quick = process.argv.includes("--quick");
const argAfter = (flag: string): string | undefined => {
  const t = process.argv.indexOf(flag);
  return t >= 0 ? process.argv[t + 1] : undefined;
};
const partArg = argAfter("--part");
const mergeArg = argAfter("--merge");
const [PART, PARTS] = partArg === undefined ? [0, 1] : partArg.split("/").map(Number);
const PART_DIR = "/tmp/evalsift-irt-parts";
const STEP_PENALTIES = [5, 2, 10];
const RIDGE = 20;
const CV_FOLDS = 5;
const SEEDS = quick ? 2 : 5;
const TOL = 1e-5;
const W = 3;
const FRACTION = 0.1;
const here = dirname(fileURLToPath(import.meta.url));
const HISTORY_FILE = "swebench_verified_outcomes.csv";

const mini = loadMiniSwe();
const histText = readShared(HISTORY_FILE);
if (mini === undefined || histText === undefined) {
  console.log(`skipped: ../shared/data/${MINI_SWE_FILE} or ${HISTORY_FILE} not found`);
  process.exit(0);
}
const R = quick ? 9 : mini.outcomes.runs.length;
const N = mini.outcomes.items.length;
const K = Math.round(FRACTION * N);
const itemIx = new Map(mini.outcomes.items.map((id, i) => [id, i]));

// Combined pool: every history submission plus the mini runs absent from it, one date each.
const poolRuns: string[] = [];
const poolDates: string[] = [];
const poolRows: Uint8Array[] = [];
const poolIx = new Map<string, number>();
for (const rec of parseSimpleCsv(histText)) {
  const s = rec.submission as string;
  let r = poolIx.get(s);
  if (r === undefined) {
    r = poolRuns.length;
    poolIx.set(s, r);
    poolRuns.push(s);
    poolDates.push(rec.date as string);
    poolRows.push(new Uint8Array(N).fill(255));
  }
  const i = itemIx.get(rec.instance_id as string);
  if (i === undefined) throw new Error(`unknown item ${rec.instance_id}`);
  (poolRows[r] as Uint8Array)[i] = Number(rec.resolved);
}
const miniToPool = new Int32Array(R);
for (let r = 0; r < R; r++) {
  const name = mini.outcomes.runs[r] as string;
  let p = poolIx.get(name);
  const row = mini.outcomes.data.subarray(r * N, (r + 1) * N);
  if (p === undefined) {
    p = poolRuns.length;
    poolIx.set(name, p);
    poolRuns.push(name);
    poolDates.push(mini.dates[r] as string);
    poolRows.push(Uint8Array.from(row));
  }
  miniToPool[r] = p;
}
let mismatch = 0;
for (let r = 0; r < R; r++) {
  const row = poolRows[miniToPool[r] as number] as Uint8Array;
  for (let i = 0; i < N; i++) if (row[i] !== mini.outcomes.data[r * N + i]) mismatch++;
}
const P = poolRuns.length;
const poolData = new Uint8Array(P * N);
poolRows.forEach((row, r) => {
  for (let i = 0; i < N; i++) if ((row[i] as number) > 1) throw new Error("ragged history");
  poolData.set(row, r * N);
});
const pool: Outcomes = { runs: poolRuns, items: mini.outcomes.items, data: poolData };
const o = mini.outcomes;
const dates = mini.dates;
const full = new Float64Array(R);
for (let r = 0; r < R; r++) {
  let s = 0;
  for (let i = 0; i < N; i++) s += o.data[r * N + i] as number;
  full[r] = s / N;
}
console.log(
  `pool: ${P} submissions (${P - 158} added from mini), ${mismatch} cell mismatches between the two CSVs on shared runs`,
);

if (process.argv.includes("--speed")) {
  speedSection();
  process.exit(0);
}
const splits = temporalSplits(R, W);
const fitCache = new Map<string, IrtModel>();
let fitMs = 0;
let fits = 0;
function fitFor(runs: number[], model: "rasch" | "2pl"): IrtModel {
  const sorted = [...runs].sort((x, y) => x - y);
  const key = `${model}:${sorted.join(",")}`;
  let f = fitCache.get(key);
  if (f === undefined) {
    const t0 = performance.now();
    f = fitIrt(pool, { model, runs: sorted, tol: TOL });
    fitMs += performance.now() - t0;
    fits++;
    fitCache.set(key, f);
  }
  return f;
}
/** Pool runs usable for a split: dated strictly before its first test run, plus its training runs. */
function historyRuns(train: Int32Array, firstTest: number): number[] {
  const cutoff = dates[firstTest] as string;
  const testNames = new Set<string>();
  for (let r = firstTest; r < R; r++) testNames.add(o.runs[r] as string);
  const set = new Set<number>();
  for (let p = 0; p < P; p++) {
    if ((poolDates[p] as string) < cutoff && !testNames.has(poolRuns[p] as string)) set.add(p);
  }
  for (const r of train) set.add(miniToPool[r] as number);
  return [...set];
}

/** Stepwise subset + ridge predictor for one history, with the K-fold CV error of the whole procedure. */
type StepFit = { S: Int32Array; model: RateRegressionModel; cvMse: number };
const stepCache = new Map<string, StepFit>();
let stepMs = 0;
let steps = 0;
function stepFor(runs: number[], penalty: number): StepFit {
  const key = `${penalty}:${[...runs].sort((x, y) => x - y).join(",")}`;
  let f = stepCache.get(key);
  if (f === undefined) {
    const t0 = performance.now();
    const fit = fitStepwiseRate(pool, K, { runs, penalty, ridge: RIDGE, folds: CV_FOLDS });
    stepMs += performance.now() - t0;
    steps++;
    f = { S: fit.subset, model: fit.model, cvMse: fit.cvMse };
    stepCache.set(key, f);
  }
  return f;
}
let oracleFit: IrtModel | undefined;
/** Look-ahead bound: the 2PL fitted on every pool run, the test runs included. */
function oracle(): IrtModel {
  if (oracleFit === undefined) {
    oracleFit = fitIrt(pool, { model: "2pl", tol: TOL });
  }
  return oracleFit;
}

type Acc = { name: string; sq: number[][]; cover: number; pairs: number; err: number[] };
const accs = new Map<string, Acc>();
function acc(name: string): Acc {
  let a = accs.get(name);
  if (a === undefined) {
    a = { name, sq: [], cover: 0, pairs: 0, err: [] };
    accs.set(name, a);
  }
  return a;
}
/** Records the errors of one (method, seed, split): RMSE over the split's test runs. */
function record(name: string, seed: number, errs: number[], covered: boolean[]): void {
  const a = acc(name);
  let s = 0;
  for (const e of errs) s += e * e;
  const perSeed = a.sq[seed] ?? [];
  a.sq[seed] = perSeed;
  perSeed.push(Math.sqrt(s / errs.length));
  for (const c of covered) if (c) a.cover++;
  a.pairs += covered.length;
  a.err.push(...errs);
}

const random = baselineMethod("random");
const consistency = baselineMethod("consistency");
const methods: [string, SubsetMethod][] = [
  ["Random", random],
  ["Consist-Strat", consistency],
];
const t0 = performance.now();
splits.forEach((sp, s) => {
  if (mergeArg !== undefined || s % (PARTS as number) !== PART) return;
  const train = Array.from(sp.train);
  const firstTest = sp.test[0] as number;
  const history: Outcomes = {
    runs: train.map((r) => o.runs[r] as string),
    items: o.items,
    data: Uint8Array.from(train.flatMap((r) => Array.from(o.data.subarray(r * N, (r + 1) * N)))),
  };
  const fits: [string, IrtModel][] = [
    [
      "Rasch/window",
      fitFor(
        train.map((r) => miniToPool[r] as number),
        "rasch",
      ),
    ],
    ["Rasch/history", fitFor(historyRuns(sp.train, firstTest), "rasch")],
    ["2PL/history", fitFor(historyRuns(sp.train, firstTest), "2pl")],
  ];
  const h2 = fits[2]?.[1] as IrtModel;
  const hist = historyRuns(sp.train, firstTest);
  // The penalty with the lowest cross-validated error on the history (first listed on ties).
  const stepFits = STEP_PENALTIES.map((penalty) => stepFor(hist, penalty));
  let cvPick = 0;
  stepFits.forEach((st, t) => {
    if (st.cvMse < (stepFits[cvPick] as StepFit).cvMse) cvPick = t;
  });
  /** Errors and interval hits of one stepwise fit on the split's test runs (interval from `mse`, default LOO). */
  const scoreStep = (st: StepFit, mse: number | undefined): { e: number[]; c: boolean[] } => {
    const e: number[] = [];
    const c: boolean[] = [];
    for (const r of sp.test) {
      const y = Uint8Array.from(st.model.observed, (i) => o.data[r * N + i] as number);
      const truth = full[r] as number;
      const est = predictRateRegression(st.model, y, mse === undefined ? {} : { mse });
      e.push(est.estimate - truth);
      c.push(est.ci[0] <= truth && truth <= est.ci[1]);
    }
    return { e, c };
  };
  const picked = stepFits[cvPick] as StepFit;
  const cvScore = scoreStep(picked, picked.cvMse);
  record(
    `Stepwise (history, penalty chosen by ${CV_FOLDS}-fold CV from {${STEP_PENALTIES.join(", ")}}) + rate regression (ridge ${RIDGE}, CV interval)`,
    0,
    cvScore.e,
    cvScore.c,
  );
  STEP_PENALTIES.forEach((penalty, t) => {
    const st = stepFits[t] as StepFit;
    const cv = scoreStep(st, st.cvMse);
    record(
      `Stepwise (history, penalty ${penalty}) + rate regression (ridge ${RIDGE}, CV interval)`,
      0,
      cv.e,
      cv.c,
    );
    if (t === 0) {
      const loo = scoreStep(st, undefined);
      record(
        `Stepwise (history, penalty ${penalty}) + rate regression (ridge ${RIDGE}, LOO interval)`,
        0,
        loo.e,
        loo.c,
      );
    }
  });
  for (let seed = 0; seed < SEEDS; seed++) {
    const rng = createRng(JSON.stringify(["irt", s, seed]));
    const subsets: [string, Int32Array][] = methods.map(([name, m]) => [
      name,
      Int32Array.from(m.select({ history, k: K }, rng)).sort(),
    ]);
    const anchors = irtAnchors(h2, K, rng);
    for (const [sname, S] of subsets) {
      const naiveErr: number[] = [];
      const naiveCov: boolean[] = [];
      const perFit = fits.map(() => ({ e: [] as number[], c: [] as boolean[] }));
      // gp-IRT bias b: RMS p-IRT error of the training runs on the same subset (in-sample items).
      let b2 = 0;
      for (const r of sp.train) {
        const y = Uint8Array.from(S, (i) => o.data[r * N + i] as number);
        b2 += (predictIrt(h2, S, y).pirt.estimate - (full[r] as number)) ** 2;
      }
      const bias = Math.sqrt(b2 / sp.train.length);
      const gp = { e: [] as number[], c: [] as boolean[] };
      const rre = { e: [] as number[], c: [] as boolean[] };
      const ora = { e: [] as number[], c: [] as boolean[] };
      const rrModel = fitRateRegression(pool, S, { runs: hist, ridge: RIDGE });
      for (const r of sp.test) {
        const y = Uint8Array.from(S, (i) => o.data[r * N + i] as number);
        const truth = full[r] as number;
        fits.forEach(([, f], t) => {
          const pr = predictIrt(f, S, y);
          if (t === 0) {
            naiveErr.push(pr.naive.estimate - truth);
            naiveCov.push(pr.naive.ci[0] <= truth && truth <= pr.naive.ci[1]);
          }
          const q = perFit[t] as { e: number[]; c: boolean[] };
          q.e.push(pr.pirt.estimate - truth);
          q.c.push(pr.pirt.ci[0] <= truth && truth <= pr.pirt.ci[1]);
        });
        const g = predictIrt(h2, S, y, { bias }).gpirt;
        gp.e.push(g.estimate - truth);
        gp.c.push(g.ci[0] <= truth && truth <= g.ci[1]);
        const rr = predictRateRegression(rrModel, y);
        rre.e.push(rr.estimate - truth);
        rre.c.push(rr.ci[0] <= truth && truth <= rr.ci[1]);
        const op = predictIrt(oracle(), S, y).pirt;
        ora.e.push(op.estimate - truth);
        ora.c.push(op.ci[0] <= truth && truth <= op.ci[1]);
      }
      record(`${sname} + rate regression (ridge ${RIDGE}, history)`, seed, rre.e, rre.c);
      record(`${sname} + p-IRT 2PL/ALL runs (look-ahead oracle bound)`, seed, ora.e, ora.c);
      record(`${sname} + subset mean`, seed, naiveErr, naiveCov);
      fits.forEach(([fname], t) => {
        const q = perFit[t] as { e: number[]; c: boolean[] };
        record(`${sname} + p-IRT ${fname}`, seed, q.e, q.c);
      });
      record(`${sname} + gp-IRT 2PL/history`, seed, gp.e, gp.c);
    }
    const ae: number[] = [];
    const ac: boolean[] = [];
    const ge: number[] = [];
    const gc: boolean[] = [];
    for (const r of sp.test) {
      const y = Uint8Array.from(anchors.items, (i) => o.data[r * N + i] as number);
      const truth = full[r] as number;
      const pr = predictIrt(h2, anchors.items, y, { weights: anchors.weights });
      ae.push(pr.pirt.estimate - truth);
      ac.push(pr.pirt.ci[0] <= truth && truth <= pr.pirt.ci[1]);
      ge.push(pr.naive.estimate - truth);
      gc.push(pr.naive.ci[0] <= truth && truth <= pr.naive.ci[1]);
    }
    record("Anchor-IRT (2PL/history) + p-IRT", seed, ae, ac);
    record("Anchor-IRT (2PL/history) + weighted anchor mean", seed, ge, gc);
  }
  const de: number[] = [];
  const dc: boolean[] = [];
  for (const r of sp.test) {
    const gen = irtAdaptive(h2, K);
    let step = gen.next();
    while (!step.done) step = gen.next(o.data[r * N + step.value] as number);
    const truth = full[r] as number;
    de.push(step.value.estimate - truth);
    dc.push(step.value.ci[0] <= truth && truth <= step.value.ci[1]);
  }
  record("Adaptive (max information, 2PL/history) + p-IRT", 0, de, dc);
  if ((s + 1) % 200 === 0)
    console.log(
      `split ${s + 1}/${splits.length}, ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );
});
let elapsed = (performance.now() - t0) / 1000;
let fitKeys = [...fitCache.keys()];
type PartFile = {
  accs: Acc[];
  elapsed: number;
  fitKeys: string[];
  fits: number;
  fitMs: number;
  steps: number;
  stepMs: number;
};
if (partArg !== undefined) {
  mkdirSync(PART_DIR, { recursive: true });
  const part: PartFile = { accs: [...accs.values()], elapsed, fitKeys, fits, fitMs, steps, stepMs };
  const file = join(PART_DIR, `part-${PART}-of-${PARTS}.json`);
  writeFileSync(file, JSON.stringify(part));
  console.log(`part ${PART}/${PARTS}: ${elapsed.toFixed(1)} s, wrote ${file}`);
  process.exit(0);
}
if (mergeArg !== undefined) {
  const n = Number(mergeArg);
  elapsed = 0;
  fits = 0;
  fitMs = 0;
  steps = 0;
  stepMs = 0;
  const keys = new Set<string>();
  for (let part = 0; part < n; part++) {
    const pf = JSON.parse(
      readFileSync(join(PART_DIR, `part-${part}-of-${n}.json`), "utf8"),
    ) as PartFile;
    elapsed += pf.elapsed;
    fits += pf.fits;
    fitMs += pf.fitMs;
    steps += pf.steps;
    stepMs += pf.stepMs;
    for (const k of pf.fitKeys) keys.add(k);
    for (const a of pf.accs) {
      const t = acc(a.name);
      a.sq.forEach((xs, seed) => {
        t.sq[seed] = [...(t.sq[seed] ?? []), ...xs];
      });
      t.cover += a.cover;
      t.pairs += a.pairs;
      t.err.push(...a.err);
    }
  }
  fitKeys = [...keys];
}

const rows = [...accs.values()].map((a) => {
  const per = a.sq.map((xs) => xs.reduce((u, v) => u + v, 0) / xs.length);
  const rmse = per.reduce((u, v) => u + v, 0) / per.length;
  const bias = a.err.reduce((u, v) => u + v, 0) / a.err.length;
  const sorted = a.err.map(Math.abs).sort((u, v) => u - v);
  return {
    name: a.name,
    rmse,
    bias,
    coverage: a.cover / a.pairs,
    seeds: a.sq.length,
    maxAbs: 100 * (sorted[sorted.length - 1] as number),
  };
});
for (const r of rows) {
  console.log(
    `${r.name.padEnd(55)} RMSE ${r.rmse.toFixed(4)}  bias ${r.bias.toFixed(4)}  CI coverage ${(100 * r.coverage).toFixed(1)}%  (${r.seeds} seeds)`,
  );
}
console.log(
  `${splits.length} splits in ${elapsed.toFixed(1)} s; ${fitKeys.length} distinct fits, ${fmtMs(fitMs / fits)} each on average; stepwise + ridge + ${CV_FOLDS}-fold CV (fitStepwiseRate) ${fmtMs(stepMs / steps)} each`,
);

// Fit speed on the whole history (158 x 500) next to scipy on the same objective.
const speed = speedSection();

/** Runs a reference script on the 158 history runs plus `extra` (JSON on stdin), if `module` imports; its parsed stdout or undefined. */
function reference<T>(script: string, module: string, extra: object): T | undefined {
  if (!hasCommand("/usr/bin/python3", ["-c", `import ${module}`])) return undefined;
  const input = JSON.stringify({
    runs: 158,
    items: N,
    data: Array.from(poolData.subarray(0, 158 * N)),
    ...extra,
  });
  const out = spawnSync("/usr/bin/python3", [join(here, script)], { input, encoding: "utf8" });
  return out.status === 0 ? (JSON.parse(out.stdout) as T) : undefined;
}

type ScipyFit = { ms: number; logPosterior: number; nit: number; gradNorm: number };

/** Times fitIrt and stepwise + ridge on the 158-run history next to scipy / numpy; prints and returns the lines. */
function speedSection(): string[] {
  const histOnly = Array.from({ length: 158 }, (_, r) => r);
  const lines: string[] = [];
  const load0 = loadavg()[0] as number;
  for (const model of ["rasch", "2pl"] as const) {
    let last: IrtModel | undefined;
    const ms = medianMs(() => {
      last = fitIrt(pool, { model, runs: histOnly });
    }, 3);
    const sc = reference<{ scipy: string; tight: ScipyFit; default: ScipyFit }>(
      "_irt_scipy.py",
      "scipy",
      { model, reps: 3 },
    );
    const lp = last?.logPosterior as number;
    const side = (label: string, f: ScipyFit): string =>
      `${label}: ${fmtMs(f.ms)} (${f.nit} iterations), log posterior ${f.logPosterior.toFixed(6)} (${(f.logPosterior - lp).toExponential(1)} from ours), scipy/ours = ${(f.ms / ms).toFixed(2)}`;
    const ref =
      sc === undefined
        ? "scipy not available"
        : `scipy ${sc.scipy} L-BFGS-B ${side("at gtol 1e-10, ftol 1e-15 (to reach our optimum)", sc.tight)}; ${side("at its default gtol 1e-5, ftol 2.2e-9", sc.default)}`;
    const line = `fitIrt ${model}, 158 runs x ${N} items: ours ${fmtMs(ms)} (${last?.iterations} sweeps, tol 1e-6), log posterior ${lp.toFixed(6)}; ${ref}`;
    console.log(line);
    lines.push(line);
  }
  {
    let S: Int32Array = new Int32Array(0);
    let model: RateRegressionModel | undefined;
    const ms = medianMs(() => {
      S = stepwiseSubset(pool, K, { runs: histOnly, penalty: STEP_PENALTIES[0] });
      model = fitRateRegression(pool, S, { runs: histOnly, ridge: RIDGE });
    }, 5);
    const r = reference<{ ms: number; S: number[]; looMse: number }>("_irt_stepwise.py", "numpy", {
      k: K,
      penalty: STEP_PENALTIES[0],
      ridge: RIDGE,
      reps: 5,
    });
    const same = r !== undefined && r.S.length === S.length && r.S.every((v, t) => v === S[t]);
    const ref =
      r === undefined
        ? "numpy not available"
        : `numpy ${fmtMs(r.ms)}, numpy/ours = ${(r.ms / ms).toFixed(2)}; same items in the same order: ${same}, LOO MSE ${r.looMse.toExponential(6)} vs ours ${model?.looMse.toExponential(6)}`;
    const line = `stepwiseSubset (k = ${K}, penalty ${STEP_PENALTIES[0]}) + fitRateRegression (ridge ${RIDGE}), 158 runs x ${N} items: ours ${fmtMs(ms)}; ${ref}`;
    console.log(line);
    lines.push(line);
  }
  const line = `Speed lines timed at 1-min load ${load0.toFixed(2)} -> ${(loadavg()[0] as number).toFixed(2)}; each side a warm-up call, then the median of 3 (fitIrt) or 5 (stepwise) calls in its own process.`;
  console.log(line);
  lines.push(line);
  return lines;
}

/** sqrt((1 - n/N) mean p(1 - p) / n): the 2PL's sampling noise floor for p-IRT with a representative subset. */
function noiseFloor(): string {
  const f = oracle();
  let pq = 0;
  let count = 0;
  for (let r = W; r < R; r++) {
    const pos = f.runs.indexOf(miniToPool[r] as number);
    const th = f.theta[pos] as number;
    for (let i = 0; i < N; i++) {
      const p = 1 / (1 + Math.exp(-(f.a[i] as number) * (th - (f.b[i] as number))));
      pq += p * (1 - p);
      count++;
    }
  }
  const m = pq / count;
  return `mean p(1-p) = ${m.toFixed(4)}, floor ${Math.sqrt(((1 - K / N) * m) / K).toFixed(4)},`;
}

function reading(): string {
  const oracleRow = (r: (typeof rows)[number]): boolean => r.name.includes("look-ahead");
  const fair = rows.filter((r) => !oracleRow(r));
  const byRmse = [...fair].sort((u, v) => u.rmse - v.rmse);
  const best = byRmse[0] as (typeof rows)[number];
  const fixed = byRmse.find((r) => !r.name.startsWith("Adaptive")) as (typeof rows)[number];
  const hit = fair.filter((r) => r.rmse <= 0.035).map((r) => `${r.name} (${r.rmse.toFixed(4)})`);
  const cvRow = rows.find((r) => r.name.includes("chosen by"));
  const oracleRows = rows.filter(oracleRow);
  const pct = (x: number): string => `${(100 * x).toFixed(1)} %`;
  const lines = [
    `- Lowest RMSE without look-ahead: ${best.name}, ${best.rmse.toFixed(4)} (mean error ${best.bias.toFixed(4)}, coverage ${pct(best.coverage)}).`,
    `- Lowest RMSE with one fixed subset for all test runs: ${fixed.name}, ${fixed.rmse.toFixed(4)}.`,
    hit.length > 0
      ? `- At or below the 0.035 target: ${hit.join("; ")}.`
      : "- No method without look-ahead reached the 0.035 target.",
    cvRow === undefined
      ? ""
      : `- The stepwise penalty matters (rows for ${STEP_PENALTIES.join(", ")}): the default ${STEP_PENALTIES[0]} and ridge ${RIDGE} were picked on a numpy prototype of this protocol (every 8th split), so the penalty-${STEP_PENALTIES[0]} row is tuned on these data; the row whose penalty is chosen per split by ${CV_FOLDS}-fold cross-validation on that split's history alone (${cvRow.rmse.toFixed(4)}, coverage ${pct(cvRow.coverage)}) is the estimate free of that choice.`,
    `- Why the stepwise regression beats IRT here: it learns on the 100-150 history runs which items' outcomes track the total and how much each is worth, without assuming one ability dimension; p-IRT with a representative subset cannot beat the 2PL's own noise floor, roughly sqrt((1 - n/N) mean p(1-p) / n) over the benchmark, ${noiseFloor()} with the look-ahead 2PL at the abilities of the runs that can be test runs, and its look-ahead bound below stays near it.`,
    ...oracleRows.map(
      (r) =>
        `- Look-ahead bound (not a method: item parameters fitted on every run, test runs included): ${r.name.replace(" (look-ahead oracle bound)", "")}, ${r.rmse.toFixed(4)} (mean error ${r.bias.toFixed(4)}).`,
    ),
    "- The adaptive selector asks each test run for its own items (still 10 % of the benchmark per run), so it is not a fixed subset; its p-IRT leans on the model for items chosen to be uncertain, and any misfit shows up as bias and under-coverage.",
    "- The p-IRT interval is the model's posterior predictive interval (ability uncertainty plus the Bernoulli noise of the unseen items); it does not include model misfit, so its real-data coverage is the honest check of the model. The rate-regression interval uses the cross-validated error of the whole selection-plus-fit procedure on the history (CV interval) or the ridge's leave-one-out error on the already selected items (LOO interval, optimistic because the items were chosen on the same runs).",
  ];
  return lines.filter((l) => l !== "").join("\n");
}

if (!quick && partArg === undefined) {
  const table = rows
    .map(
      (r) =>
        `| ${r.name} | ${r.rmse.toFixed(4)} | ${r.bias >= 0 ? "+" : ""}${r.bias.toFixed(4)} | ${r.maxAbs.toFixed(1)} | ${(100 * r.coverage).toFixed(1)} % | ${r.seeds} |`,
    )
    .join("\n");
  const md = `# IRT estimation of the full-benchmark rate on SWE-bench Verified (issue 5, "beyond the paper")

Generated by \`npm run bench -- irt\` (bench/irt.ts); do not edit by hand.

## Protocol

- Data: the ${R} mini-swe-agent runs of \`swebench_verified_mini_swe_agent_per_instance.csv\` sorted by date (then name), ${N} instances;
  history \`swebench_verified_outcomes.csv\` (158 submissions; ${P - 158} mini run(s) not in it were added as their own rows; ${mismatch} cells disagree between the two files on the shared runs). Both are read in place, never copied.
- Splits: all ${splits.length} temporal splits of \`temporalSplits(${R}, ${W})\`; every run after the last training run is a test run.
- Subset size ${K} (${100 * FRACTION} %). Error on a test run = estimate - its full-benchmark resolve rate.
  RMSE as in \`evaluateSubset\`: per seed and split sqrt(mean over test runs of error^2), then the mean over splits and seeds.
  "max |err|" is the largest absolute error over all seeds, splits and runs, in points. Coverage: share of (seed, split, test run) triples whose 95 % interval holds the true rate.
- Item parameters (joint MAP, \`fitIrt\` defaults except tol ${TOL}):
  - *window*: fitted on the split's ${W} training runs only;
  - *history*: fitted on every history submission dated strictly before the split's first test run, none of the test runs, plus the training runs (no look-ahead). ${fitKeys.length} distinct fits (window and history), ${fmtMs(fitMs / fits)} each on average over the ${fits} fits performed.
- Random and Consist-Strat subsets are drawn from the training window by \`baselineMethod\` (${SEEDS} seeds); Anchor-IRT = \`irtAnchors\` (k-means on (a, a b) of the 2PL/history fit, ${SEEDS} seeds);
  Adaptive = \`irtAdaptive\` (maximum Fisher information at the current EAP, one subset per test run, deterministic).
- p-IRT / gp-IRT = \`predictIrt\` (EAP). gp-IRT's bias b is the RMS p-IRT error of the ${W} training runs on the same subset.
- Stepwise = \`stepwiseSubset\` (forward stepwise regression of the run rate on item outcomes over the *history* runs, penalty kappa) with \`fitRateRegression\` (ridge ${RIDGE} on the same runs) and \`predictRateRegression\`; one deterministic subset per distinct history, shared by all of a split's test runs. Its CV interval uses the ${CV_FOLDS}-fold cross-validated error of the whole procedure (selection and fit) on the history runs. "Random/Consist-Strat + rate regression" apply the same ridge to those subsets.
- Look-ahead rows fit the 2PL on every run including the test runs: a bound on what better item parameters could give, not a method.

## Results at ${100 * FRACTION} %

| method | RMSE | mean error | max abs err (pts) | 95 % CI coverage | seeds |
|---|---|---|---|---|---|
${table}

Reference (issue 5, numpy, 30 seeds): Random 0.0592, Difficulty-Strat 0.0504, Consist-Strat 0.0476. Target: RMSE <= 0.035.

## Reading

${reading()}

## Speed

${speed.map((l) => `- ${l}`).join("\n")}
- Whole evaluation: ${elapsed.toFixed(1)} s${mergeArg === undefined ? "" : ` (sum of ${mergeArg} parts run one after the other)`}; load average at the report step ${loadavg()
    .map((x) => x.toFixed(2))
    .join(", ")} (2 cores shared with other jobs).
`;
  const out = join(here, "..", "docs", "replication", "swebench-irt.md");
  writeFileSync(out, md);
  console.log(`wrote ${out}`);
}
