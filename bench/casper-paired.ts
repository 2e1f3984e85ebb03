/**
 * `npx tsx bench/run.ts casper-paired <buildA> <buildB> [generations] [reps]`:
 * CASPER-SI at the paper's configuration on the real signals (the 500
 * trajectories, d = 9, as `replicate-casper-real`), two builds of the package
 * loaded in one process and alternated per repetition (A B, B A, ...; seeds
 * `casper-real-1` and `-2` in turn), so that both see the same machine
 * state. A build is a directory holding `index.js` (a copy of `dist/` after
 * `npm run build`, placed inside the project, e.g. `node_modules/.old`, so that
 * its dependencies resolve). Prints each build's wall times and mean.
 * docs/replication/casper-speed.md quotes it.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { casperSignals500 } from "./_trajs500.js";

type Build = typeof import("../src/index.js");
const args = process.argv.slice(3);
const dirs = args.filter((a) => !/^\d+$/.test(a));
const [gens, reps] = args.filter((a) => /^\d+$/.test(a)).map(Number);
if (dirs.length !== 2) {
  console.error("usage: casper-paired <buildA> <buildB> [generations] [reps]");
  process.exit(2);
}
const input = casperSignals500();
if (input === undefined) {
  console.log("casper-paired: ../shared/data not found, nothing to do");
  process.exit(0);
}
const { X, y } = input;
const builds = (await Promise.all(
  dirs.map((d) => import(pathToFileURL(resolve(d, "index.js")).href)),
)) as Build[];
const R = reps ?? 4;
const times: number[][] = [[], []];
for (let r = 0; r < R; r++) {
  for (const k of r % 2 === 0 ? [0, 1] : [1, 0]) {
    const L = builds[k] as Build;
    const t0 = performance.now();
    L.identifySlices(X, y, L.createRng(`casper-real-${1 + (r % 2)}`), {
      generations: gens ?? 6907,
    });
    (times[k] as number[]).push(performance.now() - t0);
  }
}
dirs.forEach((d, k) => {
  const t = times[k] as number[];
  const mean = t.reduce((a, b) => a + b, 0) / t.length;
  console.log(
    `${d}: ${t.map((x) => (x / 1000).toFixed(1)).join(" / ")} s, mean ${(mean / 1000).toFixed(1)} s`,
  );
});
