/**
 * `npm run bench -- sequential`: optional stopping with confidence sequences.
 * Writes `docs/replication/sequential.md`.
 *
 * Protocol: a fixed seeded population per cell (N in {1000, 5000}; binary y
 * with exactly round(pN) failures, p in {1, 5, 20}%, or a bounded real
 * y = u^3, mean about 0.25). A user labels one unit at a time and, from the
 * 20th label on, looks at the interval after EVERY label and stops at the
 * first time the rule fires: half-width <= h (h in {0.05, 0.03}) or the
 * interval excludes a threshold c (c in {2%, 10%}); at most min(N, 2000)
 * labels (the budget; a run that reaches it stops there). Each
 * cell is run RUNS times with seeds `sequential/<cell>/<run>`. Methods:
 * - `srsStrategy` with `sequential` (`cs: "hypergeometric"`, binary y only,
 *   and `cs: "betting"`): units drawn uniformly without replacement;
 * - `sequentialPpsStrategy` (risk-proportional draws mixed 50/50 with uniform,
 *   weighted-betting sequence), on a risk that tracks y;
 * - the fixed-n Wald interval (sample mean ± z sqrt((1 - t/N) s^2 / t)) and,
 *   for binary y, the Wilson score interval, recomputed after every label on
 *   the SAME draws as the srs runs (same seed, same one-draw-per-label shuffle)
 *   with the same stopping rule: what a user gets by peeking at a fixed-n interval.
 * Reported per method: miscoverage at the stopping time (the interval misses
 * the population mean) with its Monte Carlo SE sqrt(m (1 - m) / RUNS), mean
 * labels used, and for threshold rules the rate of wrong decisions.
 *
 * `--smoke`: 40 runs per cell, output to $TMPDIR (checks the script only).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { randomPermutation } from "../src/core/randomPermutation.js";
import { createRng, normalQuantile } from "../src/entry/core.js";
import { bettingCs, hypergeometricCs } from "../src/entry/estimate.js";
import { extraStrategies, runStrategy, type SequentialRule, strategies } from "../src/entry/tcs.js";

const here = dirname(fileURLToPath(import.meta.url));
const smoke = process.argv.includes("--smoke");
const outDir = smoke
  ? join(tmpdir(), "evalsift-sequential-smoke")
  : join(here, "..", "docs", "replication");
const RUNS = smoke ? Number(process.env.SMOKE_RUNS ?? 40) : 2000;
const LEVEL = 0.95;
const MIN_LABELS = 20;
/** The labelling budget: at most this many labels (or N). */
const MAX_LABELS = 2000;
const Z = normalQuantile(1 - (1 - LEVEL) / 2);

type Population = {
  name: string;
  binary: boolean;
  y: Float64Array;
  risk: Float64Array;
  mu: number;
};
type Rule = { name: string; rule: SequentialRule };

function population(N: number, kind: number | "real"): Population {
  const g = createRng(`sequential/population/${N}/${kind}`);
  const y = new Float64Array(N);
  const u = Float64Array.from({ length: N }, () => g());
  if (kind === "real") {
    for (let i = 0; i < N; i++) y[i] = (u[i] as number) ** 3;
  } else {
    const ones = Math.round(kind * N);
    const order = randomPermutation("sequential", N, g);
    for (let k = 0; k < ones; k++) y[order[k] as number] = 1;
  }
  const risk = Float64Array.from(y, (v, i) => 0.1 + 0.9 * (0.5 * v + 0.5 * (u[i] as number)));
  let s = 0;
  for (const v of y) s += v;
  const name = kind === "real" ? "real y = u^3" : `binary, p = ${kind * 100}%`;
  return { name, binary: kind !== "real", y, risk, mu: s / N };
}

function fires(lo: number, hi: number, rule: SequentialRule): boolean {
  if (rule.halfWidth !== undefined && (hi - lo) / 2 <= rule.halfWidth) return true;
  return rule.threshold !== undefined && (hi < rule.threshold || lo > rule.threshold);
}

/** Wilson score interval for s successes in n (no finite-population correction). */
function wilson(s: number, n: number): [number, number] {
  const p = s / n;
  const z2 = Z * Z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [centre - half, centre + half];
}

/**
 * Peeking at fixed-n intervals on the draws `srsStrategy`'s sequential mode
 * makes from the same seed (unit t = order[t] after swapping with a uniform
 * position in [t, N)). Returns the Wald and Wilson intervals at their own
 * stopping times.
 */
function peeking(
  pop: Population,
  rule: SequentialRule,
  seed: string,
): { wald: Outcome; wilson: Outcome | undefined } {
  const N = pop.y.length;
  const g = createRng(seed);
  const order = new Int32Array(N);
  for (let i = 0; i < N; i++) order[i] = i;
  let sum = 0;
  let sq = 0;
  let wald: Outcome | undefined;
  let wil: Outcome | undefined;
  const budget = Math.min(N, MAX_LABELS);
  for (let t = 0; t < budget; t++) {
    const j = t + Math.floor(g() * (N - t));
    const unit = order[j] as number;
    order[j] = order[t] as number;
    order[t] = unit;
    const v = pop.y[unit] as number;
    sum += v;
    sq += v * v;
    const n = t + 1;
    if (n < MIN_LABELS) continue;
    const mean = sum / n;
    if (wald === undefined) {
      const s2 = n > 1 ? Math.max(0, (sq - n * mean * mean) / (n - 1)) : 0;
      const half = Z * Math.sqrt(((1 - n / N) * s2) / n);
      if (fires(mean - half, mean + half, rule) || n === budget) {
        wald = { lo: mean - half, hi: mean + half, n };
      }
    }
    if (pop.binary && wil === undefined) {
      const [lo, hi] = wilson(sum, n);
      if (fires(lo, hi, rule) || n === budget) wil = { lo, hi, n };
    }
    if (wald !== undefined && (wil !== undefined || !pop.binary)) break;
  }
  if (wald === undefined) throw new Error("unreachable: the loop ends at the budget");
  return { wald, wilson: wil };
}

type Outcome = { lo: number; hi: number; n: number };
type Tally = { miss: number; labels: number; wrong: number; runs: number };
const tally = (): Tally => ({ miss: 0, labels: 0, wrong: 0, runs: 0 });

function record(t: Tally, o: Outcome, mu: number, rule: SequentialRule): void {
  t.runs++;
  t.labels += o.n;
  if (!(o.lo <= mu && mu <= o.hi)) t.miss++;
  const c = rule.threshold;
  if (c !== undefined && ((o.hi < c && mu >= c) || (o.lo > c && mu <= c))) t.wrong++;
}

function strategyOutcome(
  gen: Generator<number, { ci: readonly [number, number]; n: number }, number>,
  y: Float64Array,
): Outcome {
  const run = runStrategy(gen as never, (i) => y[i] as number);
  return { lo: run.estimate.ci[0], hi: run.estimate.ci[1], n: run.estimate.n };
}

const METHODS = ["hypergeometric", "betting", "weighted", "wald", "wilson"] as const;
type Method = (typeof METHODS)[number];
const LABEL: Record<Method, string> = {
  hypergeometric: "CS hypergeometric (srs)",
  betting: "CS betting (srs)",
  weighted: "CS weighted betting (sequentialPps)",
  wald: "peeking Wald",
  wilson: "peeking Wilson",
};

const rules: Rule[] = [
  { name: "half-width <= 0.05", rule: { halfWidth: 0.05 } },
  { name: "half-width <= 0.03", rule: { halfWidth: 0.03 } },
  { name: "excludes 2%", rule: { threshold: 0.02 } },
  { name: "excludes 10%", rule: { threshold: 0.1 } },
];

type Cell = {
  N: number;
  pop: string;
  mu: number;
  rule: string;
  tallies: Partial<Record<Method, Tally>>;
  seconds: number;
};
const cells: Cell[] = [];
const started = performance.now();
const load0 = loadavg()[0] as number;
for (const N of [1000, 5000]) {
  for (const kind of [0.01, 0.05, 0.2, "real"] as const) {
    const pop = population(N, kind);
    const flat = new Float64Array(N);
    const budget = Math.min(N, MAX_LABELS);
    for (const r of rules) {
      const t0 = performance.now();
      const tallies: Partial<Record<Method, Tally>> = {};
      for (const m of METHODS)
        if (pop.binary || (m !== "hypergeometric" && m !== "wilson")) tallies[m] = tally();
      const seq = { ...r.rule, minLabels: MIN_LABELS };
      for (let k = 0; k < RUNS; k++) {
        const seed = `sequential/${N}/${kind}/${r.name}/${k}`;
        if (pop.binary) {
          const o = strategyOutcome(
            strategies.srs(flat, budget, createRng(seed), {
              sequential: { ...seq, cs: "hypergeometric" },
            }),
            pop.y,
          );
          record(tallies.hypergeometric as Tally, o, pop.mu, r.rule);
        }
        record(
          tallies.betting as Tally,
          strategyOutcome(
            strategies.srs(flat, budget, createRng(seed), { sequential: seq }),
            pop.y,
          ),
          pop.mu,
          r.rule,
        );
        record(
          tallies.weighted as Tally,
          strategyOutcome(
            extraStrategies.sequentialPps(pop.risk, budget, createRng(`${seed}/pps`), {
              sequential: seq,
            }),
            pop.y,
          ),
          pop.mu,
          r.rule,
        );
        const p = peeking(pop, r.rule, seed);
        record(tallies.wald as Tally, p.wald, pop.mu, r.rule);
        if (p.wilson !== undefined) record(tallies.wilson as Tally, p.wilson, pop.mu, r.rule);
      }
      const seconds = (performance.now() - t0) / 1000;
      cells.push({ N, pop: pop.name, mu: pop.mu, rule: r.name, tallies, seconds });
      console.error(`${N} ${pop.name} ${r.name}: ${seconds.toFixed(1)} s`);
    }
  }
}
const simSeconds = (performance.now() - started) / 1000;

// Width at a fixed n: N = 5000, p = 5%, n = 200, the CSs against Clopper–Pearson.
const widthRuns = smoke ? 40 : 2000;
const W = { N: 5000, n: 200 };
const wpop = population(W.N, 0.05);
function binomCdf(s: number, n: number, p: number): number {
  // P(X <= s), X ~ Binomial(n, p), summed on the log scale
  let total = 0;
  let logC = 0;
  for (let k = 0; k <= s; k++) {
    if (k > 0) logC += Math.log((n - k + 1) / k);
    total += Math.exp(logC + k * Math.log(p) + (n - k) * Math.log1p(-p));
  }
  return Math.min(1, total);
}
function clopperPearson(s: number, n: number): [number, number] {
  const a = (1 - LEVEL) / 2;
  const solve = (f: (p: number) => number): number => {
    let lo = 0;
    let hi = 1;
    for (let i = 0; i < 80; i++) {
      const mid = (lo + hi) / 2;
      if (f(mid) > 0) lo = mid;
      else hi = mid;
    }
    return (lo + hi) / 2;
  };
  // lower: P(X >= s | p) = a, increasing in p; upper: P(X <= s | p) = a, decreasing in p
  const lower = s === 0 ? 0 : solve((p) => a - (1 - binomCdf(s - 1, n, p)));
  const upper = s === n ? 1 : solve((p) => binomCdf(s, n, p) - a);
  return [lower, upper];
}
const widths: Record<string, number> = { hg: 0, bet: 0, wbet: 0, cp: 0, wald: 0 };
const cpCache = new Map<number, [number, number]>();
const widthStart = performance.now();
for (let k = 0; k < widthRuns; k++) {
  const g = createRng(`sequential/width/${k}`);
  const order = Int32Array.from({ length: W.N }, (_, i) => i);
  const y = new Float64Array(W.n);
  let s = 0;
  for (let t = 0; t < W.n; t++) {
    const j = t + Math.floor(g() * (W.N - t));
    const unit = order[j] as number;
    order[j] = order[t] as number;
    order[t] = unit;
    y[t] = wpop.y[unit] as number;
    s += y[t] as number;
  }
  const h = hypergeometricCs(y, W.N);
  const b = bettingCs(y, W.N);
  widths.hg += ((h.upper[W.n - 1] as number) - (h.lower[W.n - 1] as number)) / widthRuns;
  widths.bet += ((b.upper[W.n - 1] as number) - (b.lower[W.n - 1] as number)) / widthRuns;
  const w = runStrategy(
    extraStrategies.sequentialPps(wpop.risk, W.n, createRng(`sequential/width/${k}/pps`)),
    (i) => wpop.y[i] as number,
  ).estimate.ci;
  widths.wbet += (w[1] - w[0]) / widthRuns;
  let cp = cpCache.get(s);
  if (cp === undefined) {
    cp = clopperPearson(s, W.n);
    cpCache.set(s, cp);
  }
  widths.cp += (cp[1] - cp[0]) / widthRuns;
  const mean = s / W.n;
  const s2 = (W.n / (W.n - 1)) * mean * (1 - mean);
  widths.wald += (2 * Z * Math.sqrt(((1 - W.n / W.N) * s2) / W.n)) / widthRuns;
}
const widthSeconds = (performance.now() - widthStart) / 1000;
const totalSeconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage();
const cpuSeconds = (cpu.user + cpu.system) / 1e6;

// Report
const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
function cellText(t: Tally | undefined, threshold: boolean): string {
  if (t === undefined) return "—";
  const m = t.miss / t.runs;
  const se = Math.sqrt((m * (1 - m)) / t.runs);
  const wrong = threshold ? `, wrong ${pct(t.wrong / t.runs)}` : "";
  return `${pct(m)} ± ${pct(se)} (${(t.labels / t.runs).toFixed(0)}${wrong})`;
}
const worst: Record<Method, { m: number; se: number; where: string }> = Object.fromEntries(
  METHODS.map((m) => [m, { m: -1, se: 0, where: "" }]),
) as never;
for (const c of cells) {
  for (const m of METHODS) {
    const t = c.tallies[m];
    if (t === undefined) continue;
    const rate = t.miss / t.runs;
    if (rate > worst[m].m) {
      worst[m] = {
        m: rate,
        se: Math.sqrt((rate * (1 - rate)) / t.runs),
        where: `N = ${c.N}, ${c.pop}, ${c.rule}`,
      };
    }
  }
}
const lines: string[] = [];
lines.push("# Optional stopping: confidence sequences vs peeking at fixed-n intervals");
lines.push("");
lines.push(
  "Generated by `npm run bench -- sequential` (bench/sequential.ts); do not edit by hand.",
);
lines.push("");
lines.push(
  `A user labels one unit at a time, looks at the 95% interval after every label from the ${MIN_LABELS}th on, and stops at the first label where the rule fires (half-width at most h, or the interval excludes a threshold c), with a budget of at most min(N, ${MAX_LABELS}) labels (a run that reaches it stops there). ${RUNS.toLocaleString("en")} seeded runs per cell. Each entry: miscoverage at the stopping time ± its Monte Carlo SE (mean labels used; for threshold rules, the rate of wrong below/above decisions). A valid method has miscoverage at most 5% in every cell, up to Monte Carlo error.`,
);
lines.push("");
lines.push(
  'Methods: `srsStrategy` with `options.sequential` (units drawn uniformly without replacement one at a time; `cs: "hypergeometric"` = `hypergeometricCs`, default = `bettingCs` without replacement), `sequentialPpsStrategy` (draws proportional to 0.5 risk share + 0.5 uniform among the remaining units, `weightedBettingCs`; risk = 0.1 + 0.9 (0.5 y + 0.5 u)), and the fixed-n Wald interval (sample mean ± 1.96 sqrt((1 - t/N) s²/t), what `srsStrategy` returns at a fixed n) and Wilson score interval (binary y, no finite-population correction) recomputed after every label on the same draws as the srs runs with the same rule.',
);
lines.push("");
lines.push("## Worst cell per method");
lines.push("");
lines.push("| method | worst miscoverage ± SE | cell |");
lines.push("|---|---|---|");
for (const m of METHODS)
  lines.push(`| ${LABEL[m]} | ${pct(worst[m].m)} ± ${pct(worst[m].se)} | ${worst[m].where} |`);
lines.push("");
const worstCs = Math.max(worst.hypergeometric.m, worst.betting.m, worst.weighted.m);
lines.push(
  `Reading: ${worstCs <= 1 - LEVEL ? `every confidence sequence stays below 5% in every cell (worst ${pct(worstCs)}), whichever rule stops it, so the interval a user sees when they stop can be trusted` : `a confidence sequence exceeds 5% in some cell (worst ${pct(worstCs)}): check its Monte Carlo SE above before trusting it`}. Peeking at the fixed-n Wald interval fails worst where failures are rare: with no failure among the first ${MIN_LABELS} labels (probability ${pct(0.99 ** MIN_LABELS)} at p = 1%, ${pct(0.95 ** MIN_LABELS)} at p = 5%) its interval is [0, 0], the half-width rule fires at once and the interval misses; the threshold decision "below 2%" is then wrong when p = 5% (the "wrong" rate in that row). The Wilson interval never collapses, yet under peeking it still exceeds 5% (worst ${pct(worst.wilson.m)}, ${worst.wilson.where}). The price of validity at every stopping time is more labels for the same half-width (compare the mean labels) and, at a fixed n, a wider interval than Clopper–Pearson (last table). Between the two sequences for SRS neither stops first everywhere: compare their label counts row by row.`,
);
lines.push("");
lines.push("## All cells");
lines.push("");
lines.push(`| N | population (mean) | rule | ${METHODS.map((m) => LABEL[m]).join(" | ")} |`);
lines.push(`|---|---|---|${METHODS.map(() => "---").join("|")}|`);
for (const c of cells) {
  const thr = c.rule.startsWith("excludes");
  lines.push(
    `| ${c.N} | ${c.pop} (${c.mu.toFixed(4)}) | ${c.rule} | ${METHODS.map((m) => cellText(c.tallies[m], thr)).join(" | ")} |`,
  );
}
lines.push("");
lines.push(
  `## Width at a fixed n (N = ${W.N}, p = 5%, n = ${W.n}, ${widthRuns.toLocaleString("en")} runs)`,
);
lines.push("");
lines.push(
  "Mean width of the 95% interval after exactly n labels (no stopping rule). The confidence sequences pay for being valid at every n at once; Clopper–Pearson (binomial, exact, no finite-population correction) and Wald are valid only at an n fixed in advance.",
);
lines.push("");
lines.push("| interval | mean width | ratio to Clopper–Pearson |");
lines.push("|---|---|---|");
const rows: [string, number][] = [
  ["Clopper–Pearson (fixed n)", widths.cp as number],
  ["Wald with fpc (fixed n)", widths.wald as number],
  ["CS hypergeometric", widths.hg as number],
  ["CS betting without replacement", widths.bet as number],
  ["CS weighted betting (sequentialPps draws)", widths.wbet as number],
];
for (const [name, w] of rows)
  lines.push(`| ${name} | ${w.toFixed(4)} | ${(w / (widths.cp as number)).toFixed(2)} |`);
lines.push("");
lines.push(
  `Run time: ${totalSeconds.toFixed(0)} s wall, ${cpuSeconds.toFixed(0)} s CPU (optional-stopping cells ${simSeconds.toFixed(0)} s, widths ${widthSeconds.toFixed(0)} s wall), one process on ${availableParallelism()} cores shared with other jobs (load average ${load0.toFixed(1)} at the start).`,
);
lines.push("");
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, "sequential.md"), `${lines.join("\n")}`);
console.log(`wrote ${join(outDir, "sequential.md")} in ${totalSeconds.toFixed(0)} s`);
