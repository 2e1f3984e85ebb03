/**
 * `npm run bench -- graded-edge-coverage [--runs R]`: two cells of graded
 * labels (scores in [0, 1]) that docs/intervals.md quotes and
 * bench/graded-coverage.ts does not hold; prints each strategy's coverage of
 * its default 95 % interval and mean width (nothing written).
 *
 * - "skewed": N = 2,000 labels, 95 % 0, 4 % 0.01 and 1 % 1 (seeded, at
 *   random positions), risk uninformative (0.01 + i / N), n = 30, the 13
 *   strategies of `strategies`. The samples that show no 1 have a tiny spread.
 * - "high fraction": N = 40 Beta(2, 1) confidences c, y = 0.8 (1 - c) + 0.2 U,
 *   risk toRisk(c, "lower"), n = 10, 20, 30, `ssrs` and `kCenterStrat`.
 *
 * R runs per cell (default 400 for "skewed", 1,000 for "high fraction"), each
 * with its own seed (the seeds of the measurements docs/intervals.md quotes,
 * first made with scratch scripts on 2026-12-08). A few seconds.
 */
import { betaQuantile } from "../src/core/beta.js";
import { createRng } from "../src/entry/core.js";
import { toRisk } from "../src/entry/features.js";
import { runStrategy, strategies } from "../src/entry/tcs.js";
import { UNCHECKED_RNG } from "../src/tcs/_askTell.js";
import { preparers } from "../src/tcs/_prepared.js";

const args = process.argv.slice(2);
const i = args.indexOf("--runs");
const runsArg = i >= 0 ? Number(args[i + 1]) : undefined;

/** Coverage (share) and mean width of `name` on labels y with truth mu. */
function cell(
  name: keyof typeof preparers,
  risk: Float64Array,
  y: Float64Array,
  n: number,
  runs: number,
  seed: (name: string, n: number, r: number) => string,
): [number, number] {
  const mu = y.reduce((s, v) => s + v, 0) / y.length;
  const prepared = preparers[name](risk, n, UNCHECKED_RNG);
  let covered = 0;
  let width = 0;
  for (let r = 0; r < runs; r++) {
    const e = runStrategy(
      prepared.start(createRng(seed(name, n, r))),
      (k) => y[k] as number,
    ).estimate;
    if (e.ci[0] <= mu && mu <= e.ci[1]) covered++;
    width += e.ci[1] - e.ci[0];
  }
  return [covered / runs, width / runs];
}

const fmt = ([c, w]: [number, number]) => `${(100 * c).toFixed(1)} % (width ${w.toFixed(4)})`;

{
  const N = 2000;
  const runs = runsArg ?? 400;
  const g = createRng("mix");
  const y = Float64Array.from({ length: N }, () => {
    const u = g();
    return u < 0.01 ? 1 : u < 0.05 ? 0.01 : 0;
  });
  const risk = Float64Array.from({ length: N }, (_, k) => 0.01 + k / N);
  console.log(`skewed: N = ${N}, 95 % 0 / 4 % 0.01 / 1 % 1, n = 30, ${runs} runs a strategy`);
  for (const name of Object.keys(strategies) as (keyof typeof strategies)[])
    console.log(`  ${name}: ${fmt(cell(name, risk, y, 30, runs, (s, _n, r) => `h/${s}/${r}`))}`);
}
{
  const N = 40;
  const runs = runsArg ?? 1000;
  const g = createRng("g250/Beta(2,1)/40");
  const conf = Float64Array.from({ length: N }, () => betaQuantile(g(), 2, 1));
  const y = Float64Array.from(conf, (c) => 0.8 * (1 - c) + 0.2 * g());
  const risk = toRisk(conf, "lower");
  console.log(`high fraction: N = ${N}, Beta(2, 1) confidences, ${runs} runs a cell`);
  for (const name of ["ssrs", "kCenterStrat"] as const)
    for (const n of [10, 20, 30])
      console.log(
        `  ${name}, n = ${n}: ${fmt(cell(name, risk, y, n, runs, (s, m, r) => `g250/Beta(2,1)/40/${s}/${m}/${r}`))}`,
      );
}
