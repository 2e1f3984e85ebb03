/**
 * `npm run bench -- coverage [--runs R] [--workers W] [--quick] [--reuse]`:
 * measured coverage of every interval method for every strategy, on the grid
 * of issue #12, written to docs/replication/coverage.md.
 *
 * Grid: every strategy of `strategies` and `extraStrategies` x n in {30, 50,
 * 100, 200} x populations:
 * - synthetic, N in {250, 5,000, 50,000} x failure rate p in {0.5, 1, 2, 5, 10,
 *   30} % (exactly round(pN) failures at seeded random units) x risk weakly
 *   (score = 0.5 y + e) or strongly (score = 2 y + e) informative, e ~ N(0, 1),
 *   risk = toRisk(score, "higher") (the library's default floor); N = 250
 *   puts the sampling fraction at 12-80 % (a benchmark of a few hundred
 *   items half labelled), where finite-population corrections and adaptive
 *   allocations matter;
 * - DeepSample's CIFAR-10 models D, E, F (N = 33,500, real failure rates
 *   21-35 %) and CIFAR-100 models G, H, I (N = 15,000, 34-43 %; added after
 *   the defaults were set, as a check), risk = toRisk(confidence, "lower"), as
 *   they are and with their failures subsampled (seeded, every failure kept
 *   with the same probability) to rare-failure versions at 0.5, 1 and 2 %;
 * - DeepEST's five classifiers (N = 10,000 each: two MNIST, two CIFAR-10, one
 *   CIFAR-100 model; failures as they are, 0.95-30 %), risk =
 *   toRisk(confidence, "lower"): added on 2026-12-07, after every default was
 *   set, as a check on data nobody tuned to (reported in its own table);
 * - judge-like: a 1-5 score unrelated to the failures (N in {250, 5,000},
 *   p in {1, 10, 30} %; see `judgeLike`), a stress test of the weighted
 *   designs, reported in its own table and left out of the rule check.
 * Every run gives one Estimate; every interval method that applies to the
 * design is computed from that same run (`proportionInterval` on the
 * Estimate's estimate, variance, n, df and nEffective), so the methods are
 * compared on identical samples. R runs per cell (default 1,000), each with
 * its own seed. Cells run in W child processes (default 2).
 */
import { fork } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRng } from "../src/entry/core.js";
import { toRisk } from "../src/entry/features.js";
import {
  extraStrategies,
  type PlannedDesign,
  planSampleSize,
  runStrategy,
  type Strategy,
  strategies,
} from "../src/entry/tcs.js";
import {
  intervalMethods,
  proportionInterval,
  SRS_BINARY_METHODS,
} from "../src/estimate/proportionInterval.js";
import { UNCHECKED_RNG } from "../src/tcs/_askTell.js";
import { preparers } from "../src/tcs/_prepared.js";
import { DEEPEST_MODELS, loadDeepest } from "./_deepest.js";
import { CIFAR100_MODELS, loadPopulation, MODELS } from "./_deepsample.js";
import { randomFailures } from "./_randomFailures.js";
import { writeKeepingSections } from "./_section.js";

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
function arg(name: string, fallback: string): string {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? fallback) : fallback;
}
const quick = args.includes("--quick");
const RUNS_SMALL = Number(arg("--runs", quick ? "100" : "1000"));
/**
 * Runs per cell on the large populations (N = 50,000, CIFAR-10's 33,500 and CIFAR-100's 15,000).
 * Each cell prepares its strategy once (`preparers`: checks, strata,
 * allocation, inclusion probabilities, member lists) and starts every run
 * from it, so a run pays only its own draws.
 */
const RUNS_LARGE = Number(arg("--runs-large", quick ? "20" : String(RUNS_SMALL)));
const WORKERS = Number(arg("--workers", "2"));
/** `--note "..."`: a sentence for the report header (e.g. that the machine was shared). */
const NOTE = arg("--note", "");
const LEVEL = 0.95;
const BUDGETS = [30, 50, 100, 200] as const;
const RATES = [0.005, 0.01, 0.02, 0.05, 0.1, 0.3] as const;
const RARE = [0.005, 0.01, 0.02] as const;
/** The small synthetic population: n in BUDGETS is 12-80 % of it. */
const SMALL_N = 250;
const SMALL = new RegExp(` N=${SMALL_N} `);
const ALL: Readonly<Record<string, Strategy>> = { ...strategies, ...extraStrategies };
/** `--strategies a,b` and `--filter <regex on the population>` run a part of the grid (for probes; the report then goes to `--out`). */
const ONLY = arg("--strategies", "");
const FILTER = new RegExp(arg("--filter", ""));
const partial = ONLY !== "" || args.includes("--filter");
const NAMES = Object.keys(ALL).filter((k) => ONLY === "" || ONLY.split(",").includes(k));

/** One population of the grid. */
type Population = {
  readonly key: string;
  readonly family: "synthetic" | "cifar" | "deepest";
  readonly y: Uint8Array;
  readonly risk: Float64Array;
  readonly mu: number;
};

function normal(rng: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
}

function synthetic(N: number, p: number, strength: "weak" | "strong"): Population {
  const rng = createRng(`coverage/${N}/${p}/${strength}`);
  const y = randomFailures(rng, N, p);
  const M = Math.round(p * N);
  const delta = strength === "weak" ? 0.5 : 2;
  const score = Float64Array.from(y, (v) => delta * v + normal(rng));
  return {
    key: `synthetic N=${N} p=${p} ${strength}`,
    family: "synthetic",
    y,
    risk: toRisk(score, "higher"),
    mu: M / N,
  };
}

/** The judge-like populations' level shares: a 1-5 score whose lowest level holds half the units. */
const JUDGE_SHARES = [0.5, 0.2, 0.15, 0.1, 0.05] as const;
/** Population sizes and failure rates of the judge-like populations. */
const JUDGE_N = [250, 5000] as const;
const JUDGE_RATES = [0.01, 0.1, 0.3] as const;
/** Their keys ("(N=...)", so the N = 250 and N = 5,000 tables of the main grid leave them out). */
const JUDGE = /^judge-like /;

/**
 * A risk that does not predict failures: a 1-5 score (a coarse judge) with
 * levels in the shares {@link JUDGE_SHARES}, exactly round(pN) failures at
 * seeded random units whatever their level, risk = toRisk(level, "higher")
 * (0.2, 1.2, ..., 4.2: the lowest level is drawn at a sixth of the uniform
 * rate by the PPS designs, half the population at 21 times the top level's weight).
 */
function judgeLike(N: number, p: number): Population {
  const rng = createRng(`coverage/judge/${N}/${p}`);
  const level = new Float64Array(N);
  for (let i = 0; i < N; i++) {
    let u = rng();
    let l = 0;
    while (l < JUDGE_SHARES.length - 1 && u >= (JUDGE_SHARES[l] as number)) {
      u -= JUDGE_SHARES[l] as number;
      l++;
    }
    level[i] = l + 1;
  }
  const y = randomFailures(rng, N, p);
  const M = Math.round(p * N);
  return {
    key: `judge-like (N=${N}) p=${p} unrelated`,
    family: "synthetic",
    y,
    risk: toRisk(level, "higher"),
    mu: M / N,
  };
}

function cifar(): Population[] {
  const out: Population[] = [];
  for (const m of [...MODELS, ...CIFAR100_MODELS]) {
    const pop = loadPopulation(m);
    if (pop === undefined) continue;
    const data = (MODELS as readonly string[]).includes(m) ? "CIFAR-10" : "CIFAR-100";
    // the library's risk from the raw confidence column: 1 - risk_DeepSample = confidence
    const conf = pop.risk.confidence.map((r) => 1 - r);
    const risk = toRisk(conf, "lower");
    const N = pop.y.length;
    let F = 0;
    for (const v of pop.y) F += v;
    out.push({ key: `${data} ${m} (real)`, family: "cifar", y: pop.y, risk, mu: F / N });
    for (const rate of RARE) {
      // keep every pass and each failure with probability q, so the rate is `rate`
      const q = (rate * (N - F)) / (F * (1 - rate));
      const rng = createRng(`coverage/cifar/${m}/${rate}`);
      const keep: number[] = [];
      for (let i = 0; i < N; i++) if (pop.y[i] === 0 || rng() < q) keep.push(i);
      const y = Uint8Array.from(keep, (i) => pop.y[i] as number);
      let f = 0;
      for (const v of y) f += v;
      out.push({
        key: `${data} ${m} (failures to ${rate * 100}%)`,
        family: "cifar",
        y,
        risk: Float64Array.from(keep, (i) => risk[i] as number),
        mu: f / y.length,
      });
    }
  }
  return out;
}

/**
 * DeepEST's five classifiers (N = 10,000 each), risk = toRisk(confidence,
 * "lower"), their failures as they are (0.95-30 %): added after every
 * default was set and never used to choose one, a check on data nobody tuned
 * to (two MNIST models with naturally rare failures among them).
 */
function deepest(): Population[] {
  const out: Population[] = [];
  for (const m of DEEPEST_MODELS) {
    const pop = loadDeepest(m);
    if (pop === undefined) continue;
    let F = 0;
    for (const v of pop.y) F += v;
    out.push({
      key: `DeepEST ${m} (real)`,
      family: "deepest",
      y: pop.y,
      risk: toRisk(pop.confidence, "lower"),
      mu: F / pop.y.length,
    });
  }
  return out;
}

function populations(): Population[] {
  const out: Population[] = [];
  for (const N of quick ? [SMALL_N, 5000] : [SMALL_N, 5000, 50000]) {
    for (const strength of ["weak", "strong"] as const) {
      for (const p of RATES) out.push(synthetic(N, p, strength));
    }
  }
  for (const N of JUDGE_N) for (const p of JUDGE_RATES) out.push(judgeLike(N, p));
  return [...out, ...cifar(), ...deepest()];
}

/** Observed-failure buckets of the per-x tallies: x = 0, 1, 2, 3, 4, >= 5 failures among the labels. */
const XB = 6;
/** Tallies of one method in one cell; `coveredX[b]` / `runsX[b]` split them by observed failures. */
type Tally = {
  covered: number;
  width: number;
  zero: number;
  runs: number;
  coveredX: number[];
  runsX: number[];
};
function newTally(): Tally {
  return {
    covered: 0,
    width: 0,
    zero: 0,
    runs: 0,
    coveredX: Array(XB).fill(0),
    runsX: Array(XB).fill(0),
  };
}
/** Results of one cell: strategy x population x budget. */
type Cell = {
  readonly strategy: string;
  readonly population: string;
  readonly family: "synthetic" | "cifar" | "deepest";
  readonly mu: number;
  readonly n: number;
  readonly error?: string;
  /** The Estimate's own interval (the strategy's default). */
  readonly chosen: Tally & { unreliable: number; coveredReliable: number; method: string };
  readonly methods: Record<string, Tally>;
  readonly failures: number;
  readonly seconds: number;
  readonly runs?: number;
};

function runCell(pop: Population, strategy: string, n: number): Cell {
  const t0 = performance.now();
  const RUNS = pop.y.length > 10000 ? RUNS_LARGE : RUNS_SMALL;
  const prepare = preparers[strategy as keyof typeof preparers];
  const chosen = {
    ...newTally(),
    unreliable: 0,
    coveredReliable: 0,
    method: "",
  };
  const methods: Record<string, Tally> = {};
  const applicable = intervalMethods.filter(
    (m) => strategy === "srs" || !SRS_BINARY_METHODS.has(m),
  );
  for (const m of applicable) methods[m] = newTally();
  let failures = 0;
  const N = pop.y.length;
  const base = { strategy, population: pop.key, family: pop.family, mu: pop.mu, n };
  try {
    // the same runs as ALL[strategy](pop.risk, n, rng), the setup done once per cell
    const prepared = prepare(pop.risk, n, UNCHECKED_RNG);
    const seenIntervals = new Map<string, readonly (readonly [number, number])[]>();
    for (let r = 0; r < RUNS; r++) {
      const run = runStrategy(
        prepared.start(createRng(`${pop.key}/${strategy}/${n}/${r}`)),
        (i) => pop.y[i] as number,
      );
      const e = run.estimate;
      let x = 0;
      const seen = new Set<number>();
      for (let k = 0; k < run.indices.length; k++) {
        x += run.labels[k] as number;
        if (run.labels[k] === 1) seen.add(run.indices[k] as number);
      }
      failures += seen.size;
      chosen.method = e.interval;
      tally(chosen, e.ci, pop.mu, x);
      if (!e.reliable) chosen.unreliable++;
      else if (e.ci[0] <= pop.mu && pop.mu <= e.ci[1]) chosen.coveredReliable++;
      // every method's interval is a function of these numbers (N fixed in the cell): runs
      // that return the same ones (common with 0/1 labels under SRS and stratified designs)
      // reuse the intervals computed for the first of them
      const key = `${e.estimate}|${e.variance}|${e.n}|${e.df}|${x}|${e.nEffective}`;
      let cis = seenIntervals.get(key);
      if (cis === undefined) {
        cis = applicable.map((m) => {
          const ci = proportionInterval(
            {
              estimate: e.estimate,
              variance: e.variance,
              n: e.n,
              df: e.df,
              N,
              successes: x,
              nEffective: e.nEffective,
            },
            m,
            LEVEL,
          );
          return [clip(ci[0]), clip(ci[1])] as const;
        });
        seenIntervals.set(key, cis);
      }
      applicable.forEach((m, j) => {
        tally(methods[m] as Tally, cis[j] as readonly [number, number], pop.mu, x);
      });
    }
  } catch (err) {
    return {
      ...base,
      error: err instanceof Error ? err.message : String(err),
      chosen,
      methods,
      failures: 0,
      seconds: (performance.now() - t0) / 1000,
    };
  }
  return {
    ...base,
    chosen,
    methods,
    failures: failures / RUNS,
    runs: RUNS,
    seconds: (performance.now() - t0) / 1000,
  };
}

function clip(v: number): number {
  return Math.min(1, Math.max(0, v));
}

function tally(t: Tally, ci: readonly [number, number], mu: number, x: number): void {
  const b = Math.min(XB - 1, x);
  t.runs++;
  t.runsX[b] = (t.runsX[b] as number) + 1;
  const w = ci[1] - ci[0];
  t.width += w;
  if (w === 0) t.zero++;
  if (ci[0] <= mu && mu <= ci[1]) {
    t.covered++;
    t.coveredX[b] = (t.coveredX[b] as number) + 1;
  }
}

type Task = { pop: number; strategy: string; n: number };

function tasks(pops: Population[]): Task[] {
  const out: Task[] = [];
  pops.forEach((pop, p) => {
    if (!FILTER.test(pop.key)) return;
    for (const strategy of NAMES) for (const n of BUDGETS) out.push({ pop: p, strategy, n });
  });
  return out;
}

// ---- worker: runs its share of the cells and writes them to a JSON file ----
if (args[0] === "--worker") {
  const [part, parts] = (args[1] ?? "0/1").split("/").map(Number) as [number, number];
  const outFile = args[2] as string;
  const pops = populations();
  const all = tasks(pops);
  const cells: Cell[] = [];
  for (let t = part; t < all.length; t += parts) {
    const task = all[t] as Task;
    cells.push(runCell(pops[task.pop] as Population, task.strategy, task.n));
  }
  writeFileSync(outFile, JSON.stringify(cells));
  process.exit(0);
}

// ---- parent ----
const cacheFile = join(
  tmpdir(),
  `evalsift-coverage-${quick ? "quick" : `${RUNS_SMALL}-${RUNS_LARGE}`}${partial ? "-partial" : ""}.json`,
);
let cells: Cell[];
let seconds: number;
/** The machine's load while the cells ran (undefined: a cache written before it was recorded). */
let load: MachineLoad | undefined;
if (args.includes("--reuse") && existsSync(cacheFile)) {
  ({ cells, seconds, load } = JSON.parse(readFileSync(cacheFile, "utf8")) as {
    cells: Cell[];
    seconds: number;
    load?: MachineLoad;
  });
  console.log(`reusing ${cacheFile}`);
} else {
  const t0 = performance.now();
  const dir = mkdtempSync(join(tmpdir(), "evalsift-coverage-"));
  const files = Array.from({ length: WORKERS }, (_, w) => join(dir, `part${w}.json`));
  const before = loadavg();
  await Promise.all(
    files.map(
      (file, w) =>
        new Promise<void>((resolve, reject) => {
          const passOn = args.filter(
            (a, i) =>
              a === "--quick" ||
              a === "--runs" ||
              a === "--runs-large" ||
              a === "--strategies" ||
              a === "--filter" ||
              /^(--runs|--runs-large|--strategies|--filter)$/.test(args[i - 1] ?? ""),
          );
          const child = fork(fileURLToPath(import.meta.url), [
            "--worker",
            `${w}/${WORKERS}`,
            file,
            ...passOn,
          ]);
          child.on("exit", (code) =>
            code === 0 ? resolve() : reject(new Error(`worker ${w} exited ${code}`)),
          );
        }),
    ),
  );
  cells = files.flatMap((f) => JSON.parse(readFileSync(f, "utf8")) as Cell[]);
  rmSync(dir, { recursive: true });
  seconds = (performance.now() - t0) / 1000;
  load = { before, after: loadavg(), cpus: cpus().length };
  writeFileSync(cacheFile, JSON.stringify({ cells, seconds, load }));
  console.log(
    `${cells.length} cells (${RUNS_SMALL} runs each at N = ${SMALL_N} and 5,000, ${RUNS_LARGE} on the larger populations) in ${seconds.toFixed(0)} s (${WORKERS} workers, ${loadText(load)})`,
  );
}
writeReport(cells, seconds, load);

/** Load averages (1, 5, 15 min) at the start and the end of the cells, and the machine's CPU count. */
type MachineLoad = { before: number[]; after: number[]; cpus: number };
function loadText(l: MachineLoad | undefined): string {
  if (l === undefined) return "machine load not recorded for this run";
  const f = (v: number[]) => v.map((x) => x.toFixed(2)).join(" / ");
  return `load average (1 / 5 / 15 min) ${f(l.before)} at the start and ${f(l.after)} at the end, ${l.cpus} CPUs`;
}

function pct(v: number): string {
  return `${(100 * v).toFixed(1)}%`;
}
/** A method's lowest coverage over the cells and that cell's runs (undefined: not computed). */
function worstOf(cs: readonly Cell[], m: string): { cov: number; runs: number } | undefined {
  const ts = cs.map((c) => c.methods[m]).filter((t): t is Tally => t !== undefined);
  if (ts.length === 0) return undefined;
  const t = minBy(ts, (x) => x.covered / x.runs);
  return { cov: t.covered / t.runs, runs: t.runs };
}

/**
 * The rule the design strategies' defaults follow, checked on this run: `beta` when its worst
 * cell clears 93 % by at least two Monte Carlo SEs, else `betaCapped` when that one's does, else
 * `beta`; `srs` and `sequentialPps` have their own defaults and are left out.
 */
function ruleCheck(ok: readonly Cell[]): string[] {
  const clears = (w: { cov: number; runs: number } | undefined) =>
    w !== undefined && w.cov - 2 * Math.sqrt((w.cov * (1 - w.cov)) / w.runs) >= 0.93;
  const rows: string[] = [];
  const within: string[] = [];
  for (const name of NAMES) {
    if (name === "srs" || name === "sequentialPps") continue;
    const cs = ok.filter((c) => c.strategy === name);
    if (cs.length === 0) continue;
    const beta = worstOf(cs, "beta");
    const capped = worstOf(cs, "betaCapped");
    const rule = clears(beta) ? "beta" : clears(capped) ? "betaCapped" : "beta";
    const actual = cs[0]?.chosen.method ?? "";
    rows.push(`${name}: ${rule}${rule === actual ? "" : ` (its default is ${actual})`}`);
    const d = rule === "beta" ? beta : capped;
    if (!clears(d) && d !== undefined) within.push(`${name} (${pct(d.cov)} ${se(d.cov, d.runs)})`);
  }
  return [
    `The design strategies' default is \`beta\` (R \`svyciprop\`'s) when its worst cell (over the grid the defaults were chosen on: every population but N = ${SMALL_N}, where the defaults add finite-population bounds that these formulas alone do not have, and the judge-like ones, added later as a stress test) clears 93 % by at least two Monte Carlo SEs (that cell's), else \`betaCapped\` when that one's does, else \`beta\`; \`srs\` takes the exact \`hypergeometric\`, \`sequentialPps\` its confidence sequence. The rule on this run: ${rows.join("; ")}. Defaults whose worst cell does not clear 93 % by two SEs: ${within.length === 0 ? "none" : within.join(", ")}.`,
  ];
}

function se(cov: number, runs: number): string {
  return `±${(100 * Math.sqrt((cov * (1 - cov)) / runs)).toFixed(1)}`;
}

function writeReport(all: Cell[], secs: number, load: MachineLoad | undefined): void {
  const ok = all.filter((c) => c.error === undefined);
  const failed = all.filter((c) => c.error !== undefined);
  const L: string[] = [];
  L.push("# Coverage of the 95 % intervals, every strategy and interval method");
  L.push("");
  L.push(
    `Generated by \`npm run bench -- coverage${quick ? " --quick" : ` --runs ${RUNS_SMALL} --runs-large ${RUNS_LARGE}`}\` (bench/coverage.ts): ${ok.length} cells, ${RUNS_SMALL} seeded runs per cell on the N = ${SMALL_N}, N = 5,000 and DeepEST (N = 10,000; added after the defaults were set) populations and ${RUNS_LARGE} on the N = 50,000, CIFAR-10 (N = 33,500) and CIFAR-100 (N = 15,000; added after the defaults were set) ones, ${secs.toFixed(0)} s with ${WORKERS} worker processes${NOTE === "" ? "" : ` (${NOTE})`}; ${loadText(load)}. Do not edit by hand.`,
  );
  L.push("");
  L.push(
    `Time per run (prepared strategy, draw, labels, every interval method), mean over the cells: ${[
      [`N = ${SMALL_N}`, SMALL],
      ["N = 5,000", / N=5000 /],
      ["N = 50,000", / N=50000 /],
      ["CIFAR-10", /CIFAR-10 /],
      ["CIFAR-100", /CIFAR-100 /],
      ["DeepEST", /^DeepEST /],
    ]
      .map(([label, re]) => {
        const cs = ok.filter((c) => (re as RegExp).test(c.population) && c.runs !== undefined);
        const ms =
          (1000 * sum(cs, (c) => c.seconds)) /
          Math.max(
            1,
            sum(cs, (c) => c.runs ?? 0),
          );
        return `${label} ${ms.toFixed(2)} ms`;
      })
      .join(", ")} (per worker process, on this machine at the load stated above).`,
  );
  L.push("");
  L.push(
    "Each run draws one sample with the strategy and returns one `Estimate`; every interval method that applies to the design is computed from that run's estimate, variance, n, df and nEffective, so the methods see the same samples. Coverage = share of runs whose interval contains the population's true failure rate; its Monte Carlo SE is sqrt(c (1 - c) / runs) (about 0.7 points at 95 % and 1,000 runs). Width = mean interval width; zero = share of zero-width intervals. The SRS-only methods (wilson, clopperPearson, hypergeometric, jeffreys, agrestiCoull) apply to `srs` only.",
  );
  L.push("");
  const defaultsTable = (re: RegExp) => {
    L.push("| strategy | default | worst cell | worst coverage | cells below 93 % | flagged |");
    L.push("|---|---|---|---|---|---|");
    for (const name of NAMES) {
      const cs = ok.filter((c) => c.strategy === name && re.test(c.population));
      if (cs.length === 0) continue;
      const worst = minBy(cs, (c) => c.chosen.covered / c.chosen.runs);
      const wc = worst.chosen.covered / worst.chosen.runs;
      const below = cs.filter((c) => c.chosen.covered / c.chosen.runs < 0.93).length;
      const flagged = sum(cs, (c) => c.chosen.unreliable) / sum(cs, (c) => c.chosen.runs);
      L.push(
        `| ${name} | ${worst.chosen.method} | ${worst.population}, n=${worst.n} | ${pct(wc)} ${se(wc, worst.chosen.runs)} | ${below} of ${cs.length} | ${pct(flagged)} |`,
      );
    }
  };
  L.push("## The defaults at 1,000 runs per cell (N = 5,000)");
  L.push("");
  L.push(
    "Lowest coverage of each strategy's default interval over the 48 synthetic N = 5,000 cells (p x n x risk), where the Monte Carlo SE is about 0.7 points; the flagged share is the share of runs returned with `reliable: false`.",
  );
  L.push("");
  defaultsTable(/ N=5000 /);
  L.push("");
  L.push(`## Small populations: sampling fractions of 12-80 % (N = ${SMALL_N})`);
  L.push("");
  L.push(
    `The same table over the 48 synthetic N = ${SMALL_N} cells, where n = 200 labels 80 % of the units (p = 0.5 % is one failure, 1 % three). Added after the defaults were set, when a stress test found \`gbs\`'s adaptive allocation under-covering at large sampling fractions (its variance now leaves out the finite-population correction, src/tcs/_stratified.ts).`,
  );
  L.push("");
  defaultsTable(SMALL);
  L.push("");
  L.push("## A risk that does not predict failures");
  L.push("");
  L.push(
    `The same table over the ${JUDGE_N.length * JUDGE_RATES.length * BUDGETS.length} judge-like cells: a 1-5 score (shares ${JUDGE_SHARES.map((x) => `${100 * x} %`).join(", ")} from the lowest level up) that says nothing about the failures (exactly round(pN) at random units, p in {${JUDGE_RATES.map((x) => `${100 * x} %`).join(", ")}}, N in {${JUDGE_N.join(", ")}}), risk = \`toRisk(level, "higher")\`, so the designs that draw in proportion to the risk sample the lowest level, half the population, at a sixth of the uniform rate. Added after the defaults were set, when a stress test found those designs' intervals under-covering there (worst cells 82.2-88.9 %, 6-8 of 24 below 93 %, at 3cdc805 with this bench; the missed runs drew no failure from the lowest level); the risk-band floor now also shrinks an agreeing band towards its riskier neighbour's rate (src/tcs/_riskBands.ts). Left out of the rule check below, as the N = ${SMALL_N} cells are.`,
  );
  L.push("");
  defaultsTable(JUDGE);
  L.push("");
  L.push("## Data nobody tuned to: DeepEST's five classifiers");
  L.push("");
  L.push(
    "The same table over the DeepEST cells: five classifiers of DeepEST's replication package (`../shared/data/deepest`: CN5 and LN5 on MNIST with 0.95 % and 1.32 % failures, VGG16 and CN12 on CIFAR-10 with 6.4 % and 19.3 %, VGG16 on CIFAR-100 with 29.5 %; N = 10,000 each), risk = `toRisk(confidence, \"lower\")`, the failures as they are. Added on 2026-12-07, after every default was set, and not used to choose any: a check on data nobody tuned to. It found `ssrs`'s intervals covering but up to 5 times as wide as they are now (0.85 against 0.17 at n = 200 on CN5's 0.95 %), which the floor's design-weighted prior and neighbour rule mended (src/tcs/_stratified.ts); the widths are in the cell tables below.",
  );
  L.push("");
  defaultsTable(/^DeepEST /);
  L.push("");
  L.push("## The defaults: worst cell per strategy, all populations");
  L.push("");
  L.push(
    "The interval each strategy returns by default (`Estimate.interval`), its lowest coverage over all cells, its pooled coverage, and (beside it) Wald's. `unreliable` = share of runs flagged `reliable: false`; `covered | reliable` = coverage among the runs not flagged.",
  );
  L.push("");
  L.push(
    "| strategy | default | worst cell | worst coverage | pooled | mean width | zero width | unreliable | covered when reliable (worst) | Wald worst | Wald pooled | Wald zero width |",
  );
  L.push("|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const name of NAMES) {
    const cs = ok.filter((c) => c.strategy === name);
    if (cs.length === 0) continue;
    const worst = minBy(cs, (c) => c.chosen.covered / c.chosen.runs);
    const pooled = sum(cs, (c) => c.chosen.covered) / sum(cs, (c) => c.chosen.runs);
    const width = sum(cs, (c) => c.chosen.width) / sum(cs, (c) => c.chosen.runs);
    const zero = sum(cs, (c) => c.chosen.zero) / sum(cs, (c) => c.chosen.runs);
    const unrel = sum(cs, (c) => c.chosen.unreliable) / sum(cs, (c) => c.chosen.runs);
    const relWorst = minBy(
      cs.filter((c) => c.chosen.runs > c.chosen.unreliable),
      (c) => c.chosen.coveredReliable / (c.chosen.runs - c.chosen.unreliable),
    );
    const wald = cs.map((c) => c.methods.wald as Tally);
    const waldWorst = Math.min(...wald.map((t) => t.covered / t.runs));
    const wc = worst.chosen.covered / worst.chosen.runs;
    L.push(
      `| ${name} | ${worst.chosen.method} | ${worst.population}, n=${worst.n} | ${pct(wc)} ${se(wc, worst.chosen.runs)} | ${pct(pooled)} | ${width.toFixed(4)} | ${pct(zero)} | ${pct(unrel)} | ${relWorst === undefined ? "-" : pct(relWorst.chosen.coveredReliable / (relWorst.chosen.runs - relWorst.chosen.unreliable))} | ${pct(waldWorst)} | ${pct(sum(wald, (t) => t.covered) / sum(wald, (t) => t.runs))} | ${pct(sum(wald, (t) => t.zero) / sum(wald, (t) => t.runs))} |`,
    );
  }
  L.push("");
  L.push("## Every method: worst cell and pooled coverage per strategy");
  L.push("");
  L.push(
    "Per strategy and method: lowest coverage over the cells / pooled coverage / mean width. A method is fit to be a default when its worst cell is at least 93 %.",
  );
  L.push("");
  const methods = intervalMethods;
  L.push(`| strategy | ${methods.join(" | ")} |`);
  L.push(`|---|${methods.map(() => "---").join("|")}|`);
  for (const name of NAMES) {
    const cs = ok.filter((c) => c.strategy === name);
    if (cs.length === 0) continue;
    const row = methods.map((m) => {
      const ts = cs.map((c) => c.methods[m]).filter((t): t is Tally => t !== undefined);
      if (ts.length === 0) return "-";
      const worst = Math.min(...ts.map((t) => t.covered / t.runs));
      const pooled = sum(ts, (t) => t.covered) / sum(ts, (t) => t.runs);
      const w = sum(ts, (t) => t.width) / sum(ts, (t) => t.runs);
      return `${pct(worst)} / ${pct(pooled)} / ${w.toFixed(3)}`;
    });
    L.push(`| ${name} | ${row.join(" | ")} |`);
  }
  L.push("");
  L.push(...ruleCheck(ok.filter((c) => !SMALL.test(c.population) && !JUDGE.test(c.population))));
  L.push("");
  L.push("## The defaults, cell by cell");
  L.push("");
  L.push(
    "Coverage of each strategy's default interval (± Monte Carlo SE), mean width, share flagged unreliable, and the number of distinct failures found per run. Rows: population; columns: n.",
  );
  for (const name of NAMES) {
    const cs = ok.filter((c) => c.strategy === name);
    if (cs.length === 0) continue;
    L.push("");
    L.push(`### ${name} (${cs[0]?.chosen.method})`);
    L.push("");
    L.push(`| population | true rate | ${BUDGETS.map((n) => `n=${n}`).join(" | ")} |`);
    L.push(`|---|---|${BUDGETS.map(() => "---").join("|")}|`);
    const pops = [...new Set(cs.map((c) => c.population))];
    for (const p of pops) {
      const row = BUDGETS.map((n) => {
        const c = cs.find((x) => x.population === p && x.n === n);
        if (c === undefined) return "-";
        const cov = c.chosen.covered / c.chosen.runs;
        const flag =
          c.chosen.unreliable > 0 ? `, ${pct(c.chosen.unreliable / c.chosen.runs)} flagged` : "";
        return `${pct(cov)} ${se(cov, c.chosen.runs)} (w ${(c.chosen.width / c.chosen.runs).toFixed(3)}${flag}, f ${c.failures.toFixed(1)})`;
      });
      const mu = cs.find((x) => x.population === p)?.mu ?? 0;
      L.push(`| ${p} | ${(100 * mu).toFixed(2)}% | ${row.join(" | ")} |`);
    }
  }
  L.push("");
  L.push("## planSampleSize against the measured widths");
  L.push("");
  L.push(
    "For each plannable strategy on the synthetic N = 5,000 populations at p >= 2 %: the measured mean half-width of its default interval at n, and the n that `planSampleSize` (same design, same interval, `anticipatedRate` = the true rate) says that half-width needs. Ratios near 1 mean the plan is right; the plan assumes the risk calibrated to the rate, so an uninformative risk makes PPS designs need more labels than planned.",
  );
  L.push("");
  L.push("| strategy | population | n | measured half-width | planned n | planned / actual |");
  L.push("|---|---|---|---|---|---|");
  const plannable: readonly PlannedDesign[] = [
    "srs",
    "sups",
    "ssrs",
    "systematicPps",
    "balanced",
    "pivotal",
  ];
  const synth = new Map(
    [5000].flatMap((N) =>
      (["weak", "strong"] as const).flatMap((st) =>
        RATES.filter((p) => p >= 0.02).map((p) => {
          const pop = synthetic(N, p, st);
          return [pop.key, pop] as const;
        }),
      ),
    ),
  );
  const ratios: number[] = [];
  for (const name of plannable) {
    for (const c of ok) {
      if (c.strategy !== name || c.n < 50) continue;
      const pop = synth.get(c.population);
      if (pop === undefined) continue;
      const half = c.chosen.width / c.chosen.runs / 2;
      let planned: number | string;
      try {
        planned = planSampleSize({
          risk: pop.risk,
          design: name,
          targetHalfWidth: half,
          anticipatedRate: pop.mu,
        }).n;
        ratios.push(planned / c.n);
      } catch (err) {
        planned = err instanceof Error ? err.message.slice(0, 60) : String(err);
      }
      L.push(
        `| ${name} | ${c.population} | ${c.n} | ${half.toFixed(4)} | ${planned} | ${typeof planned === "number" ? (planned / c.n).toFixed(2) : "-"} |`,
      );
    }
  }
  ratios.sort((a, b) => a - b);
  L.push("");
  L.push(
    `Planned / actual n over these ${ratios.length} cells: median ${(ratios[Math.floor(ratios.length / 2)] ?? Number.NaN).toFixed(2)}, range ${(ratios[0] ?? Number.NaN).toFixed(2)}-${(ratios[ratios.length - 1] ?? Number.NaN).toFixed(2)}.`,
  );
  if (failed.length > 0) {
    L.push("");
    L.push("## Cells that could not run");
    L.push("");
    for (const c of failed) L.push(`- ${c.strategy}, ${c.population}, n=${c.n}: ${c.error}`);
  }
  L.push("");
  const out = partial
    ? arg("--out", join(tmpdir(), "evalsift-coverage-partial.md"))
    : join(here, "..", "docs", "replication", "coverage.md");
  // the sections other benches own (direct-estimators-coverage, anti-risk-coverage,
  // zero-failure-bound, graded-coverage) stay
  writeKeepingSections(out, L.join("\n"), [
    "direct-estimators",
    "anti-risk",
    "zero-failure-bound",
    "graded-labels",
  ]);
  console.log(`wrote ${out}`);
}

function sum<T>(xs: readonly T[], f: (x: T) => number): number {
  let s = 0;
  for (const x of xs) s += f(x);
  return s;
}
function minBy<T>(xs: readonly T[], f: (x: T) => number): T {
  let best = xs[0] as T;
  for (const x of xs) if (f(x) < f(best)) best = x;
  return best;
}
