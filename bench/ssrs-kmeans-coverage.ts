/**
 * `npm run bench -- ssrs-kmeans-coverage [runs]`: coverage and mean width of
 * `strategies.ssrs(..., { partition: "kmeans" })`'s default 95 % interval
 * (DeepSample's partition, the replication's headline cell, which the
 * coverage grid of bench/coverage.ts does not run: it runs the default
 * quantile strata) on real classifiers: DeepSample's CIFAR-10 models D, E, F
 * (N = 33,500) and three of DeepEST's (N = 10,000), risk = toRisk(confidence,
 * "lower"), n in {30, 50, 100, 200}, `runs` seeded runs per cell (default
 * 1,000; seed `km/<population>/<n>/<run>`). Written after the 30-repetition
 * row of docs/replication/model-assisted.md showed 90.0 % (27 of 30) on
 * model F at n = 200 with the stratified floor of 2026-12-07. Prints a table,
 * then the default (quantile) strata's allocation at n = 200 on DeepEST's models.
 */
import { createRng } from "../src/entry/core.js";
import { toRisk } from "../src/entry/features.js";
import { runStrategy } from "../src/entry/tcs.js";
import { UNCHECKED_RNG } from "../src/tcs/_askTell.js";
import { riskStrata } from "../src/tcs/_strata.js";
import { allocateAtLeastTwo, stratumSds } from "../src/tcs/_stratified.js";
import { prepareSsrs } from "../src/tcs/ssrsStrategy.js";
import { DEEPEST_MODELS, loadDeepest } from "./_deepest.js";
import { loadPopulation, MODELS } from "./_deepsample.js";

const runs = Number(process.argv.slice(3).find((a) => /^\d+$/.test(a)) ?? 1000);
const budgets = [30, 50, 100, 200] as const;
const pops: { name: string; y: Uint8Array; risk: Float64Array }[] = [];
for (const m of MODELS) {
  const p = loadPopulation(m);
  if (p !== undefined) {
    // DeepSample's confidence risk is 1 - confidence
    const conf = p.risk.confidence.map((r) => 1 - r);
    pops.push({ name: `CIFAR-10 ${m}`, y: p.y, risk: toRisk(conf, "lower") });
  }
}
for (const m of DEEPEST_MODELS) {
  if (m === "LN5_MNIST" || m === "VGG16_CIFAR10") continue;
  const p = loadDeepest(m);
  if (p !== undefined)
    pops.push({ name: `DeepEST ${m}`, y: p.y, risk: toRisk(p.confidence, "lower") });
}
if (pops.length === 0) {
  console.log("ssrs-kmeans-coverage: ../shared/data is absent; nothing to run");
  process.exit(0);
}
const t0 = performance.now();
console.log(
  `ssrs with k-means strata: coverage of the default interval / mean width, ${runs} runs per cell`,
);
console.log(`| population | true rate | ${budgets.map((n) => `n=${n}`).join(" | ")} |`);
console.log(`|---|---|${budgets.map(() => "---").join("|")}|`);
let worst = 1;
for (const { name, y, risk } of pops) {
  let F = 0;
  for (const v of y) F += v;
  const mu = F / y.length;
  const cells = budgets.map((n) => {
    const prepared = prepareSsrs(risk, n, UNCHECKED_RNG, { partition: "kmeans" });
    let covered = 0;
    let width = 0;
    for (let r = 0; r < runs; r++) {
      const e = runStrategy(
        prepared.start(createRng(`km/${name}/${n}/${r}`)),
        (i) => y[i] as number,
      ).estimate;
      if (e.ci[0] <= mu && mu <= e.ci[1]) covered++;
      width += e.ci[1] - e.ci[0];
    }
    const c = covered / runs;
    worst = Math.min(worst, c);
    const se = Math.sqrt((c * (1 - c)) / runs);
    return `${(100 * c).toFixed(1)}% ±${(100 * se).toFixed(1)} (w ${(width / runs).toFixed(3)})`;
  });
  console.log(`| ${name} | ${(100 * mu).toFixed(2)}% | ${cells.join(" | ")} |`);
}
console.log(
  `worst cell ${(100 * worst).toFixed(1)}%; ${((performance.now() - t0) / 1000).toFixed(0)} s`,
);
// why the default quantile strata give wide intervals on a saturated confidence: their
// Neyman allocation on the risk's spread (the minimum of 2 where the risks tie)
console.log("\nssrs's default (quantile) strata at n = 200: stratum sizes and labels allocated");
for (const m of DEEPEST_MODELS) {
  const p = loadDeepest(m);
  if (p === undefined) continue;
  const risk = toRisk(p.confidence, "lower");
  const s = riskStrata("ssrs", risk, 10, undefined);
  const alloc = allocateAtLeastTwo(s, stratumSds(risk, s), 200);
  console.log(
    `  DeepEST ${m}: sizes ${Array.from(s.sizes).join(", ")}; labels ${Array.from(alloc).join(", ")}`,
  );
}
