/**
 * `npm run bench -- model-assisted-intervals`: coverage of `modelAssisted`'s
 * intervals for 0/1 labels — the residuals' `"t"` against Korn–Graubard's
 * `"beta"` (the default) and `"betaCapped"` — on synthetic populations where
 * failures are rare and the residual mean is skewed. Populations: N = 500,
 * failure rates 2, 5, 15 and 35 %, three predictors: calibrated but weak
 * (f uniform on [0, 2p], y ~ Bernoulli(f)), separating (failures at
 * f in [0.3, 0.9], passes near 0) and miscalibrated (the weak f divided by
 * 3). Designs: SRS (pik = n / N) and pivotal sampling on
 * sqrt(f (1 - f)) (f floored at 1e-3), Horvitz–Thompson with Deville's
 * variance; n = 30, 100, 250; lambda 1 and tuned. 1,500 samples per cell.
 * A second table: coverage given a sample with only 1 or 2 failures (the
 * samples the normal intervals flag unreliable), 4,000 samples per cell.
 * A third: `ppiMean` (PPI++, tuned lambda) on the same SRS samples, the
 * unlabelled predictions those of the whole population, with ppi_py's
 * `"wald"` interval and the `"beta"` default (`crossPpiMean` and
 * `stratifiedPpiMean` share its interval code). A fourth: hard 0/1
 * predictions (a judge's verdicts) on N = 20,000 units, 30 % predicted
 * failures, the judge missing failures at 2 or 5 % of the units (never a
 * false alarm), SRS of n = 30-200, 2,000 samples: `ppiMean` with and
 * without its verdict floor (`predictionFloor` in src/estimate/_ppi.ts, the variance's two PPI
 * parts alone),
 * `modelAssisted` (which takes the same floor), and the labels alone
 * (`ppiMean` with lambda 0); then the `active` strategy with those verdicts
 * as its risk and `predictions` (calibration "none" and the default), 300
 * runs per cell (it takes the verdict floor too).
 * Writes the marked section "model-assisted-intervals" of
 * docs/replication/model-assisted.md.
 */
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRng } from "../src/entry/core.js";
import {
  inclusionProbabilities,
  modelAssisted,
  type PpiIntervalMethod,
  pivotal,
  ppiMean,
  proportionInterval,
  srs,
  stratifiedPpiMean,
} from "../src/entry/estimate.js";
import { extraStrategies, runStrategy } from "../src/entry/tcs.js";
import { writeMarkedSection } from "./_section.js";

const smoke = process.argv.includes("--smoke");
const outDir = smoke
  ? join(tmpdir(), "evalsift-model-assisted-intervals")
  : join(dirname(fileURLToPath(import.meta.url)), "..", "docs", "replication");
const N = 500;
const R = smoke ? 100 : 1500;
const R_FEW = smoke ? 200 : 4000;
const METHODS: readonly PpiIntervalMethod[] = ["t", "beta", "betaCapped"];
const DESIGNS = ["srs", "pivotal"] as const;
type Design = (typeof DESIGNS)[number];
type Pop = { name: string; y: Float64Array; f: Float64Array; mu: number };

const mean = (a: Float64Array): number => a.reduce((s, v) => s + v, 0) / a.length;
/** Sample variance with divisor n - 1. */
function sampleVariance(a: Float64Array): number {
  const m = mean(a);
  return a.reduce((s, v) => s + (v - m) ** 2, 0) / (a.length - 1);
}

function populations(): Pop[] {
  const out: Pop[] = [];
  for (const p of [0.02, 0.05, 0.15, 0.35]) {
    const rng = createRng(`model-assisted-intervals/${p}`);
    const weak = Float64Array.from({ length: N }, () => Math.min(1, 2 * p * rng()));
    const yWeak = Float64Array.from(weak, (f) => (rng() < f ? 1 : 0));
    const ySep = Float64Array.from({ length: N }, () => (rng() < p ? 1 : 0));
    const sep = Float64Array.from(ySep, (y) => (y === 1 ? 0.3 + 0.6 * rng() : 0.3 * p * rng()));
    const pct = `${(100 * p).toFixed(0)} %`;
    out.push({ name: `${pct}, weak`, y: yWeak, f: weak, mu: mean(yWeak) });
    out.push({ name: `${pct}, separating`, y: ySep, f: sep, mu: mean(ySep) });
    out.push({
      name: `${pct}, miscalibrated`,
      y: yWeak,
      f: Float64Array.from(weak, (f) => f / 3),
      mu: mean(yWeak),
    });
  }
  return out;
}

function pikOf(design: Design, pop: Pop, n: number): Float64Array {
  if (design === "srs") return new Float64Array(N).fill(n / N);
  const size = Float64Array.from(pop.f, (f) =>
    Math.sqrt(Math.max(f, 1e-3) * (1 - Math.min(f, 0.999))),
  );
  return inclusionProbabilities(size, n);
}

const pick = (a: Float64Array, s: Int32Array): Float64Array =>
  Float64Array.from(s, (i) => a[i] as number);

type Cell = { cover: number[]; high: number[]; width: number[]; runs: number };

function cell(
  design: Design,
  pop: Pop,
  n: number,
  lambda: 1 | "tuned",
  runs: number,
  fewOnly: boolean,
): Cell {
  const pik = pikOf(design, pop, n);
  const rng = createRng(`model-assisted-intervals/${design}/${pop.name}/${n}/${lambda}/${fewOnly}`);
  const c: Cell = {
    cover: METHODS.map(() => 0),
    high: METHODS.map(() => 0),
    width: METHODS.map(() => 0),
    runs: 0,
  };
  for (let r = 0; r < runs; r++) {
    const s = design === "srs" ? srs(N, n, rng) : pivotal(pik, rng);
    const y = pick(pop.y, s);
    if (fewOnly) {
      const k = y.reduce((a, v) => a + v, 0);
      if (k < 1 || k > 2) continue;
    }
    c.runs++;
    const f = pick(pop.f, s);
    const p = pick(pik, s);
    METHODS.forEach((m, k) => {
      const e = modelAssisted(y, f, p, pop.f, { lambda, interval: m });
      if (e.ci[0] <= pop.mu && pop.mu <= e.ci[1]) c.cover[k] = (c.cover[k] as number) + 1;
      else if (pop.mu > e.ci[1]) c.high[k] = (c.high[k] as number) + 1;
      c.width[k] = (c.width[k] as number) + Math.min(1, e.ci[1] - e.ci[0]);
    });
  }
  return c;
}

const pct = (x: number): string => `${(100 * x).toFixed(1)} %`;
const start = performance.now();
const pops = populations();
const worst = new Map<string, { cover: number; at: string }>();
const widthRatio: number[][] = METHODS.map(() => []);
const rows: string[] = [];
for (const design of DESIGNS) {
  for (const pop of pops) {
    for (const n of [30, 100, 250]) {
      for (const lambda of [1, "tuned"] as const) {
        const c = cell(design, pop, n, lambda, R, false);
        const at = `${design}, ${pop.name}, n = ${n}, lambda ${lambda}`;
        METHODS.forEach((m, k) => {
          const cover = (c.cover[k] as number) / c.runs;
          const key = `${design} ${m}`;
          const w = worst.get(key);
          if (w === undefined || cover < w.cover) worst.set(key, { cover, at });
          const ratio = (c.width[k] as number) / (c.width[0] as number);
          if (Number.isFinite(ratio)) widthRatio[k]?.push(ratio);
        });
        rows.push(
          `| ${design} | ${pop.name} (rate ${pct(pop.mu)}) | ${n} | ${lambda} | ${METHODS.map((_, k) => `${pct((c.cover[k] as number) / c.runs)} (high ${pct((c.high[k] as number) / c.runs)}, w ${((c.width[k] as number) / c.runs).toFixed(3)})`).join(" | ")} |`,
        );
      }
    }
  }
}
const fewRows: string[] = [];
for (const design of DESIGNS) {
  for (const pop of pops.filter((q) => !q.name.includes("separating") && q.mu < 0.1)) {
    for (const n of [50, 100, 200]) {
      const c = cell(design, pop, n, 1, R_FEW, true);
      if (c.runs < 100) continue;
      fewRows.push(
        `| ${design} | ${pop.name} (rate ${pct(pop.mu)}) | ${n} | ${c.runs} | ${METHODS.map((_, k) => pct((c.cover[k] as number) / c.runs)).join(" | ")} |`,
      );
    }
  }
}
const PPI_METHODS: readonly PpiIntervalMethod[] = ["wald", "beta"];
const ppiRows: string[] = [];
const ppiWorst = PPI_METHODS.map(() => ({ cover: 2, at: "" }));
for (const pop of pops) {
  for (const n of [30, 100, 250]) {
    const rng = createRng(`model-assisted-intervals/ppi/${pop.name}/${n}`);
    const cover = PPI_METHODS.map(() => 0);
    const width = PPI_METHODS.map(() => 0);
    for (let r = 0; r < R; r++) {
      const s = srs(N, n, rng);
      const y = pick(pop.y, s);
      const f = pick(pop.f, s);
      PPI_METHODS.forEach((m, k) => {
        const e = ppiMean(y, f, pop.f, { interval: m });
        if (e.ci[0] <= pop.mu && pop.mu <= e.ci[1]) cover[k] = (cover[k] as number) + 1;
        width[k] = (width[k] as number) + Math.min(1, e.ci[1] - e.ci[0]);
      });
    }
    PPI_METHODS.forEach((_, k) => {
      const c = (cover[k] as number) / R;
      const w = ppiWorst[k] as { cover: number; at: string };
      if (c < w.cover) ppiWorst[k] = { cover: c, at: `${pop.name}, n = ${n}` };
    });
    ppiRows.push(
      `| ${pop.name} (rate ${pct(pop.mu)}) | ${n} | ${PPI_METHODS.map((_, k) => `${pct((cover[k] as number) / R)} (w ${((width[k] as number) / R).toFixed(3)})`).join(" | ")} |`,
    );
  }
}
const R_HARD = smoke ? 100 : 2000;
/** ppiMean's two-sided beta interval for a variance (its path when the labels hold both values). */
const proportionIntervalOf = (
  estimate: number,
  variance: number,
  n: number,
  df: number,
): [number, number] =>
  variance > 0
    ? proportionInterval(
        { estimate: Math.min(1, Math.max(0, estimate)), variance, n, df, nEffective: n },
        "beta",
        0.95,
      )
    : [estimate, estimate];
/** N = 20,000 hard verdicts (30 % predicted failures) from a judge that misses failures at `miss` of the units. */
const NH = 20_000;
function judgePopulation(miss: number): {
  yhat: Float64Array;
  y: Float64Array;
  mu: number;
  stratum: Int32Array;
} {
  const rng = createRng(`model-assisted-intervals/hard/${miss}`);
  const yhat = Float64Array.from({ length: NH }, () => (rng() < 0.3 ? 1 : 0));
  const y = Float64Array.from(yhat, (v) => (v === 0 && rng() < miss / 0.7 ? 1 : v));
  // two strata of a feature unrelated to the verdicts and the failures, for stratifiedPpiMean
  const stratum = Int32Array.from({ length: NH }, () => (rng() < 0.5 ? 0 : 1));
  return { yhat, y, mu: mean(y), stratum };
}
const hardRows: string[] = [];
for (const miss of [0.02, 0.05]) {
  const { yhat, y, mu, stratum } = judgePopulation(miss);
  for (const n of [30, 50, 100, 200]) {
    const draw = createRng(`model-assisted-intervals/hard/${miss}/${n}`);
    const cover = [0, 0, 0, 0, 0];
    const width = [0, 0, 0, 0, 0];
    let agree = 0;
    for (let r = 0; r < R_HARD; r++) {
      const s = srs(NH, n, draw);
      const ys = pick(y, s);
      const fs = pick(yhat, s);
      if (ys.every((v, k) => v === fs[k])) agree++;
      const e = ppiMean(ys, fs, yhat);
      // the same estimate without the verdict floor: the two PPI variance parts alone (ddof 1,
      // as ppiMean's default), beta as the default
      const rs = Float64Array.from(ys, (v, k) => v - e.lambda * (fs[k] as number));
      const bareVariance =
        sampleVariance(rs) / n + (e.lambda * e.lambda * sampleVariance(yhat)) / yhat.length;
      const bare = proportionIntervalOf(e.estimate, bareVariance, n, e.df);
      const m = modelAssisted(ys, fs, new Float64Array(n).fill(n / NH), yhat);
      const alone = ppiMean(ys, fs, yhat, { lambda: 0 });
      const hs = Int32Array.from(s, (i) => stratum[i] as number);
      // n >= 30 over two random halves: both strata get two labels (else the call throws)
      const st = stratifiedPpiMean(ys, fs, hs, yhat, stratum).ci;
      [e.ci, bare, m.ci, alone.ci, st].forEach((ci, k) => {
        if (ci[0] <= mu && mu <= ci[1]) cover[k] = (cover[k] as number) + 1;
        width[k] = (width[k] as number) + Math.min(1, ci[1] - ci[0]);
      });
    }
    hardRows.push(
      `| ${pct(miss)} (rate ${pct(mu)}) | ${n} | ${pct(agree / R_HARD)} | ${[0, 1, 2, 3, 4].map((k) => `${pct((cover[k] as number) / R_HARD)} (w ${((width[k] as number) / R_HARD).toFixed(3)})`).join(" | ")} |`,
    );
  }
}
const R_ACTIVE = smoke ? 20 : 300;
const activeRows: string[] = [];
for (const miss of [0.02, 0.05]) {
  const { yhat, y, mu } = judgePopulation(miss);
  for (const n of [50, 100, 200]) {
    const cells = (["none", "isotonic"] as const).map((calibration) => {
      let cover = 0;
      let width = 0;
      for (let r = 0; r < R_ACTIVE; r++) {
        const s = extraStrategies.active(
          yhat,
          n,
          createRng(`model-assisted-intervals/active/${miss}/${n}/${r}`),
          {
            predictions: yhat,
            calibration,
          },
        );
        const ci = runStrategy(s, (i) => y[i] as number).estimate.ci;
        if (ci[0] <= mu && mu <= ci[1]) cover++;
        width += Math.min(1, ci[1] - ci[0]);
      }
      return `${pct(cover / R_ACTIVE)} (w ${(width / R_ACTIVE).toFixed(3)})`;
    });
    activeRows.push(`| ${pct(miss)} (rate ${pct(mu)}) | ${n} | ${cells.join(" | ")} |`);
  }
}
const ratioRange = (k: number): string => {
  const r = widthRatio[k] ?? [];
  return `${Math.min(...r).toFixed(2)}-${Math.max(...r).toFixed(2)}`;
};
const body = [
  "## `modelAssisted`'s interval for 0/1 labels: the residuals' t against Korn–Graubard's beta",
  "",
  `Written by \`npm run bench -- model-assisted-intervals\` (${((performance.now() - start) / 1000).toFixed(0)} s); bench/model-assisted-intervals.ts's header describes the populations and designs. ${R.toLocaleString("en-US")} samples per cell; coverage of the 95 % interval (high: share of intervals below the true rate), mean width (infinite widths counted as 1).`,
  "",
  "Worst cell per design and method:",
  "",
  "| design | method | worst coverage | at |",
  "|---|---|---|---|",
  ...DESIGNS.flatMap((d) =>
    METHODS.map((m) => {
      const w = worst.get(`${d} ${m}`);
      return `| ${d} | ${m}${m === "beta" ? " (default)" : ""} | ${pct(w?.cover ?? Number.NaN)} | ${w?.at ?? "-"} |`;
    }),
  ),
  "",
  `Width against \`"t"\`, cell by cell (finite widths): beta ${ratioRange(1)}, betaCapped ${ratioRange(2)} times.`,
  "",
  "| design | population | n | lambda | t | beta | betaCapped |",
  "|---|---|---|---|---|---|---|",
  ...rows,
  "",
  `Given a sample with only 1 or 2 failures (lambda 1; cells with at least 100 such samples out of ${R_FEW.toLocaleString("en-US")}):`,
  "",
  "| design | population | n | such samples | t | beta | betaCapped |",
  "|---|---|---|---|---|---|---|",
  ...fewRows,
  "",
  `\`ppiMean\` (PPI++, tuned lambda) on SRS samples, the unlabelled predictions those of the whole population; worst cells: wald ${pct(ppiWorst[0]?.cover ?? Number.NaN)} (${ppiWorst[0]?.at}), beta (default) ${pct(ppiWorst[1]?.cover ?? Number.NaN)} (${ppiWorst[1]?.at}).`,
  "",
  "| population | n | wald (ppi_py) | beta (default) |",
  "|---|---|---|---|",
  ...ppiRows,
  "",
  `Hard 0/1 predictions (a judge's verdicts, missing failures, never a false alarm), SRS, ${R_HARD.toLocaleString("en-US")} samples: coverage (mean width) of \`ppiMean\` (default: beta, with the verdict floor), the same without the floor, \`modelAssisted\` (SRS, its default; the same verdict floor, so a sample whose verdicts are all right is bounded instead of given the whole line), the labels alone (\`ppiMean\` with lambda 0), and \`stratifiedPpiMean\` with two strata of a feature unrelated to the verdicts (the same verdict floor in each stratum; before 2026-12-07 it had none).`,
  "",
  "| judge misses | n | samples whose verdicts are all right | ppiMean | ppiMean without the verdict floor | modelAssisted | labels alone | stratifiedPpiMean (2 strata) |",
  "|---|---|---|---|---|---|---|---|",
  ...hardRows,
  "",
  `The \`active\` strategy with the same verdicts as its risk and \`predictions\`, ${R_ACTIVE} runs per cell (its difference estimator has the same blind spot; it takes the verdict floor too, \`activeVerdictFloor\` in src/tcs/activeStrategy.ts):`,
  "",
  "| judge misses | n | calibration none | calibration isotonic (default) |",
  "|---|---|---|---|",
  ...activeRows,
].join("\n");
mkdirSync(outDir, { recursive: true });
const file = join(outDir, "model-assisted.md");
writeMarkedSection(file, "model-assisted-intervals", body);
console.log(body);
console.log(`wrote the model-assisted-intervals section of ${file}`);
