/**
 * `npm run bench -- active-speed [--compare DIR] [--reps K]`: the speed goal of
 * issue 13, `extraStrategies.active` on N = 415,416 units at n = 1,000, the
 * whole ask/tell session through `runStrategy` (prepare + draw + labels +
 * estimate), with the defaults (isotonic calibration on a pilot of 250) and with
 * `predictions` and `calibration: "none"`, on the synthetic risk and labels of
 * `bench/model-assisted.ts` (same seeds). Prints the median wall and CPU time
 * (user + system of the process, so GC threads count) over K runs (default 11)
 * after W warm-up runs (`--warmup W`, default 2; the first, cold run's wall time is
 * printed too: the JIT compiles the long loops while they run). `--compare DIR` also loads `DIR/src/entry/tcs.js` (another
 * checkout, e.g. the main branch) and runs the two alternately in the same
 * process, checks that both give the same indices and estimate for the seed,
 * and prints the ratio. Goal: < 100 ms.
 */
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createRng } from "../src/entry/core.js";
import * as ours from "../src/entry/tcs.js";
import { ACTIVE_SPEED, activeSpeedPopulation } from "./_activeSpeed.js";

type Tcs = typeof ours;
const arg = (name: string): string | undefined => {
  const k = process.argv.indexOf(name);
  return k < 0 ? undefined : process.argv[k + 1];
};
const reps = Number(arg("--reps") ?? 11);
const warmup = Number(arg("--warmup") ?? 2);
const compareDir = arg("--compare");
const other: Tcs | undefined =
  compareDir === undefined
    ? undefined
    : ((await import(pathToFileURL(resolve(compareDir, "src/entry/tcs.js")).href)) as Tcs);

// the population of bench/model-assisted.ts's speed section
const { N, n } = ACTIVE_SPEED;
const { risk, y } = activeSpeedPopulation();

type Opts = Parameters<Tcs["extraStrategies"]["active"]>[3];
const cases: [string, Opts][] = [
  ["defaults (isotonic, pilot 250)", {}],
  ['predictions, calibration "none"', { predictions: risk, calibration: "none" }],
];

const session = (t: Tcs, o: Opts) =>
  t.runStrategy(t.extraStrategies.active(risk, n, createRng(1), o), (i) => y[i] as number);

/** Wall and CPU milliseconds of one call. */
function time(fn: () => unknown): [number, number] {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  fn();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return [wall, (c.user + c.system) / 1000];
}

const median = (x: number[]): number => {
  const s = x.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

console.log(
  `active on N = ${N.toLocaleString("en-US")}, n = ${n}: median of ${reps} runs after ${warmup} warm-up runs; load average ${loadavg()
    .map((v) => v.toFixed(2))
    .join(" ")}`,
);
for (const [name, o] of cases) {
  const sides: [string, Tcs][] = [["this tree", ours]];
  if (other !== undefined) sides.push([compareDir as string, other]);
  for (const [label, t] of sides) {
    const [cold] = time(() => session(t, o));
    for (let w = 1; w < warmup; w++) session(t, o);
    console.log(`${name}: ${label}: first (cold) run ${cold.toFixed(1)} ms`);
  }
  if (other !== undefined) {
    const a = session(ours, o);
    const b = session(other, o);
    const same =
      a.estimate.estimate === b.estimate.estimate &&
      a.estimate.variance === b.estimate.variance &&
      a.indices.length === b.indices.length &&
      a.indices.every((v, k) => v === b.indices[k]);
    console.log(`${name}: same indices, estimate and variance as ${compareDir}: ${same}`);
  }
  const wall = sides.map(() => [] as number[]);
  const cpu = sides.map(() => [] as number[]);
  for (let r = 0; r < reps; r++) {
    // alternate the order so neither side always runs right after the other's garbage
    for (let k = 0; k < sides.length; k++) {
      const s = (k + r) % sides.length;
      const [w, c] = time(() => session((sides[s] as [string, Tcs])[1], o));
      (wall[s] as number[]).push(w);
      (cpu[s] as number[]).push(c);
    }
  }
  sides.forEach(([label], s) => {
    console.log(
      `  ${name.padEnd(32)} ${label.padEnd(12)} wall ${median(wall[s] as number[]).toFixed(1)} ms, cpu ${median(cpu[s] as number[]).toFixed(1)} ms`,
    );
  });
  if (other !== undefined) {
    console.log(
      `  ratio ${compareDir} / this tree: wall ${(median(wall[1] as number[]) / median(wall[0] as number[])).toFixed(2)}, cpu ${(median(cpu[1] as number[]) / median(cpu[0] as number[])).toFixed(2)}`,
    );
  }
}
console.log(`load average at the end: ${loadavg()[0]?.toFixed(2)}`);
