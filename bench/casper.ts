/**
 * `npm run bench -- casper [generations] [d ...]`: CASPER-SI at the paper's
 * configuration (N = 500, population 136, 6,907 generations, slice sizes
 * 5..19, crossover 0.994, mutation 0.219, two mutations): wall and CPU (user + system) time
 * of one `identifySlices` run per signal dimension, all in the same process
 * (default d = 10, the paper's ten behavioural signals, then d = 4, as in
 * docs/replication/casper.md; target: under 30 s at d = 10). Input: synthetic
 * d-dimensional signals of the real shape, standard-normal noise around 25
 * random centres, with outcomes that depend on the centre (fixed and
 * seeded, so a front hash compares versions; the real signals of the 500
 * trajectories run in bench/replicate-casper-real.ts and, old build against
 * new, in bench/casper-paired.ts). No reference
 * implementation is installed (the paper's code is not public), so no ratio
 * is printed. The front hash lets two versions be compared bit for bit. Run
 * under `flock /tmp/evalsift-heavy.lock npm run bench -- casper`.
 */
import { cpus, loadavg } from "node:os";
import { createRng } from "../src/entry/core.js";
import { identifySlices, sliceObjectives } from "../src/entry/slices.js";
import { fmtMs, medianMs } from "./_timing.js";

const args = process.argv.slice(3).filter((a) => /^\d+$/.test(a));
const generations = Number(args[0] ?? 6907);
const dims = args.length > 1 ? args.slice(1).map(Number) : [10, 4];
const n = 500;
const config = {
  minSize: 5,
  maxSize: 19,
  populationSize: 136,
  generations,
  crossoverRate: 0.994,
  mutationRate: 0.219,
  maxMutations: 2,
};

/** Synthetic signals: N x d, standard-normal noise around 25 centres; outcomes by centre. */
function synthetic(d: number): {
  signals: { data: Float64Array; rows: number; cols: number };
  outcome: Uint8Array;
} {
  const rng = createRng("casper-bench");
  const gauss = (): number => Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
  const centres = Array.from({ length: 25 }, () => Array.from({ length: d }, () => 2 * gauss()));
  const data = new Float64Array(n * d);
  const outcome = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const c = Math.floor(rng() * centres.length);
    for (let k = 0; k < d; k++) data[i * d + k] = (centres[c]?.[k] ?? 0) + gauss();
    outcome[i] = rng() < (c % 2 === 0 ? 0.85 : 0.15) ? 1 : 0;
  }
  return { signals: { data, rows: n, cols: d }, outcome };
}

/** FNV-1a over every front partition's slice ids and the bits of its objectives. */
function frontHash(front: readonly { sliceOf: Int32Array; objectives: Float64Array }[]): string {
  const mask = (1n << 64n) - 1n;
  let h = 0xcbf29ce484222325n;
  const mix = (x: bigint): void => {
    h = ((h ^ x) * 0x100000001b3n) & mask;
  };
  for (const s of front) {
    for (const v of s.sliceOf) mix(BigInt(v));
    for (const v of new BigUint64Array(Float64Array.from(s.objectives).buffer)) mix(v);
  }
  return h.toString(16).padStart(16, "0");
}

console.log(
  `CASPER-SI: N = ${n}, population ${config.populationSize}, ${generations} generations, ` +
    `sizes ${config.minSize}..${config.maxSize}, crossover ${config.crossoverRate}, ` +
    `mutation ${config.mutationRate}, maxMutations ${config.maxMutations}, seed createRng(1); ` +
    `synthetic signals, d = ${dims.join(", ")}`,
);
const fmtLoad = (): string =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");
for (const d of dims) {
  const { signals, outcome } = synthetic(d);
  console.log(`\nd = ${d}: load average before: ${fmtLoad()} (${cpus().length} cores)`);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const r = identifySlices(signals, outcome, createRng(1), { ...config });
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const f = r.front[r.chosen]?.objectives ?? new Float64Array(3);
  console.log(
    `  identifySlices (d = ${d}): ${fmtMs(ms)} wall, ${fmtMs(cpuMs)} CPU (user ${fmtMs(cpu.user / 1000)} + system ${fmtMs(cpu.system / 1000)}), ` +
      `${((1000 * ms) / generations).toFixed(0)} ms per 1,000 generations (target < 30 s for 6,907 at d = 10)`,
  );
  console.log(`  load average after: ${fmtLoad()}`);
  console.log(
    `  evaluations: ${r.evaluations.incremental} incremental, ${r.evaluations.full} from scratch; front ${r.front.length}, knee by ${r.kneeMethod}`,
  );
  console.log(
    `  knee objectives: OI ${f[0]?.toFixed(4)}, Intra_SD ${f[1]?.toFixed(4)}, Inter_SD ${(-(f[2] ?? 0)).toFixed(4)}`,
  );
  console.log(`  front hash (compare runs bit for bit): ${frontHash(r.front)}`);
  const one = medianMs(() => sliceObjectives(r.sliceOf, signals, outcome), 21);
  console.log(`  sliceObjectives from scratch (incl. distance matrix): ${fmtMs(one)} median of 21`);
}
