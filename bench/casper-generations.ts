/**
 * `npm run bench -- casper-generations [--seeds S] [--no-write]`: how much of
 * CASPER-SI's result the paper's 6,907 generations buy, on the real signals
 * of the 500 trajectories (d = 9, as `replicate-casper-real`; the paper's
 * configuration otherwise). For each seed `casper-gen-1` .. `-S` (default 2)
 * one `identifySlices` run per generation count G in {250, 500, 1000, 2000,
 * 4000, 6907}: with the same seed a shorter run is the start of the longer
 * one, so the rows follow one search.
 *
 * Per G: the final front's hypervolume as a share of the G = 6,907 front's
 * (objectives scaled to [0, 1] by their range over all of that seed's fronts,
 * reference point 1.1 in each), the knee's three objectives, its number of
 * slices, OC (mean share of a slice's majority outcome) and SCM
 * (`sliceCoherence`), and the wall time, with the machine's load average before
 * and after the runs (wall times on this shared VM move with it). Writes the marked section
 * "generations" of docs/replication/casper.md. Heavy: run alone.
 */
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRng } from "../src/entry/core.js";
import { hypervolume } from "../src/entry/moea.js";
import { identifySlices, identifySlicesDefaults, sliceCoherence } from "../src/entry/slices.js";
import { writeMarkedSection } from "./_section.js";
import { casperSignals500 } from "./_trajs500.js";

const here = dirname(fileURLToPath(import.meta.url));
const at = process.argv.indexOf("--seeds");
const SEEDS = at > 0 ? Number(process.argv[at + 1]) : 2;
if (!Number.isInteger(SEEDS) || SEEDS < 1)
  throw new RangeError("casper-generations: --seeds must be a positive integer");
const write = !process.argv.includes("--no-write");
const GENS = [250, 500, 1000, 2000, 4000, identifySlicesDefaults.generations];

const input = casperSignals500();
if (input === undefined) {
  console.log("skipped: ../shared/data not found");
  process.exit(0);
}
const { X, y } = input;

/** Mean over the slices of the share of the slice's majority outcome. */
function outcomeConsistency(sliceOf: Int32Array): number {
  const size = new Map<number, number>();
  const pass = new Map<number, number>();
  sliceOf.forEach((s, i) => {
    size.set(s, (size.get(s) ?? 0) + 1);
    pass.set(s, (pass.get(s) ?? 0) + (y[i] as number));
  });
  let sum = 0;
  for (const [s, n] of size) {
    const p = pass.get(s) ?? 0;
    sum += Math.max(p, n - p) / n;
  }
  return sum / size.size;
}

type Row = {
  hv: number;
  knee: Float64Array;
  slices: number;
  oc: number;
  scm: number;
  seconds: number;
};
const rows: Row[][] = GENS.map(() => []);
const loadBefore = loadavg();
for (let s = 1; s <= SEEDS; s++) {
  const runs = GENS.map((G) => {
    const t0 = performance.now();
    const r = identifySlices(X, y, createRng(`casper-gen-${s}`), { generations: G });
    const seconds = (performance.now() - t0) / 1000;
    console.log(`seed ${s}, ${G} generations: ${seconds.toFixed(1)} s, front ${r.front.length}`);
    return { r, seconds };
  });
  // scale every objective to [0, 1] over all of this seed's fronts
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (const { r } of runs)
    for (const p of r.front)
      p.objectives.forEach((v, j) => {
        lo[j] = Math.min(lo[j] as number, v);
        hi[j] = Math.max(hi[j] as number, v);
      });
  const scaled = (f: Float64Array) =>
    Array.from(f, (v, j) => (v - (lo[j] as number)) / ((hi[j] as number) - (lo[j] as number) || 1));
  const ref = new Float64Array([1.1, 1.1, 1.1]);
  const hvs = runs.map(({ r }) =>
    hypervolume(
      r.front.map((p) => scaled(p.objectives)),
      ref,
    ),
  );
  const last = hvs.at(-1) as number;
  runs.forEach(({ r, seconds }, g) => {
    const knee = r.front[r.chosen]?.objectives as Float64Array;
    (rows[g] as Row[]).push({
      hv: (hvs[g] as number) / last,
      knee,
      slices: new Set(r.sliceOf).size,
      oc: outcomeConsistency(r.sliceOf),
      scm: sliceCoherence(r.sliceOf, X).mean,
      seconds,
    });
  });
}

const loadAfter = loadavg();
const fmtLoad = (l: number[]) => l.map((x) => x.toFixed(2)).join(" / ");
const loadNote = `load average (1 / 5 / 15 min) ${fmtLoad(loadBefore)} before the runs and ${fmtLoad(loadAfter)} after them, ${cpus().length} CPUs`;
console.log(loadNote);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const lines = [
  "| generations | hypervolume / the 6,907-generation front's | knee OI | knee Intra_SD | knee Inter_SD | slices | OC | SCM | seconds |",
  "|---|---|---|---|---|---|---|---|---|",
];
GENS.forEach((G, g) => {
  const r = rows[g] as Row[];
  const m = (f: (x: Row) => number, d: number) => mean(r.map(f)).toFixed(d);
  lines.push(
    `| ${G} | ${m((x) => x.hv, 3)} (${r.map((x) => x.hv.toFixed(3)).join(", ")}) | ${m((x) => x.knee[0] as number, 4)} | ${m((x) => x.knee[1] as number, 3)} | ${m((x) => -(x.knee[2] as number), 3)} | ${m((x) => x.slices, 1)} | ${m((x) => x.oc, 3)} | ${m((x) => x.scm, 3)} | ${m((x) => x.seconds, 1)} |`,
  );
});
const text = [
  "## How many generations (real signals)",
  "",
  `Written by \`npm run bench -- casper-generations\` (bench/casper-generations.ts): CASPER-SI on the real signals of the 500 trajectories (d = 9, as above), the paper's configuration but for the number of generations, seeds casper-gen-1..${SEEDS} (with the same seed a shorter run is the start of the longer one). Hypervolume: of the final front, objectives scaled to [0, 1] by their range over all of a seed's fronts, reference point 1.1, as a share of that seed's 6,907-generation front (mean, then per seed). Knee, slices, OC and SCM: of the partition \`identifySlices\` returns (the knee), means over the seeds. Seconds: wall time of one run on this machine, ${loadNote}.`,
  "",
  ...lines,
].join("\n");
console.log(`\n${text}`);
if (write) {
  writeMarkedSection(join(here, "..", "docs", "replication", "casper.md"), "generations", text);
  console.log("wrote the generations section of docs/replication/casper.md");
}
