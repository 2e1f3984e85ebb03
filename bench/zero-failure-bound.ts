/**
 * `npm run bench -- zero-failure-bound`: what a worst-case bound for the runs
 * that label no failure would buy and cost, measured for `strategies.pivotal`
 * before any such bound is in the library. The bound: k* = the most failures
 * whose units could all go unsampled with probability at least alpha / 2
 * (the k units with the smallest inclusion probabilities, prod (1 - pi_k) >=
 * alpha / 2, conservative for pivotal sampling's negatively associated
 * draws); a run with no failure labelled gets an upper end of at least
 * k* / N. Synthetic populations with exactly k failures placed at random and
 * a risk that is "reversed" (failures U(0, 0.5), passes U(0.4, 1)),
 * "informative" (failures U(0.5, 1), passes U(0, 0.6)), "realistic" (0.05 +
 * 0.95 sqrt(u) for failures, 0.05 + 0.95 u^2 for passes) or "uninformative"
 * (0.05 + u). 1,000 runs per cell. Writes the section "zero-failure-bound"
 * of docs/replication/coverage.md.
 */

import { createRng } from "../src/entry/core.js";
import { inclusionProbabilities } from "../src/entry/estimate.js";
import { runStrategy, strategies } from "../src/entry/tcs.js";
import { riskPopulation } from "./_randomFailures.js";
import { writeMarkedSection } from "./_section.js";

const REPS = 1000;
const started = Date.now();
const pct = (x: number): string => `${(100 * x).toFixed(1)} %`;

/** The most units, smallest inclusion probabilities first, that all go unsampled with probability >= tail. */
function kStar(pik: Float64Array, tail: number): number {
  const sorted = Float64Array.from(pik).sort();
  let logP = 0;
  let k = 0;
  for (; k < sorted.length; k++) {
    const next = logP + Math.log1p(-(sorted[k] as number));
    if (next < Math.log(tail)) break;
    logP = next;
  }
  return k;
}

const rows: string[] = [];
const usefulShares: number[] = [];
for (const mode of ["reversed", "informative", "realistic", "uninformative"] as const) {
  for (const [N, k, n] of [
    [1000, 50, 20],
    [1000, 50, 100],
    [5000, 50, 100],
    [5000, 100, 200],
    [5000, 250, 100],
  ] as const) {
    const pop = riskPopulation(createRng(`zero-failure-bound/${mode}/${N}/${k}`), N, k, mode);
    const ks = kStar(inclusionProbabilities(pop.risk, n), 0.025);
    if (mode !== "reversed") usefulShares.push(ks / N);
    let cover = 0;
    let coverBound = 0;
    let width = 0;
    let widthBound = 0;
    let none = 0;
    for (let r = 0; r < REPS; r++) {
      const run = runStrategy(
        strategies.pivotal(pop.risk, n, createRng(`zero-failure-bound/${r}`)),
        (i) => (pop.y[i] === 1 ? 1 : 0),
      );
      const e = run.estimate;
      const x = run.labels.reduce((a, b) => a + b, 0);
      let hi = e.ci[1];
      if (x === 0) {
        none++;
        hi = Math.max(hi, ks / N);
      }
      if (e.ci[0] <= pop.mu && pop.mu <= e.ci[1]) cover++;
      if (e.ci[0] <= pop.mu && pop.mu <= hi) coverBound++;
      width += e.ci[1] - e.ci[0];
      widthBound += hi - e.ci[0];
    }
    rows.push(
      `| ${mode} | ${N} | ${pct(pop.mu)} | ${n} | ${pct(ks / N)} | ${pct(none / REPS)} | ${pct(cover / REPS)} | ${pct(coverBound / REPS)} | ${(width / REPS).toFixed(4)} | ${(widthBound / REPS).toFixed(4)} |`,
    );
  }
}
const seconds = Math.round((Date.now() - started) / 1000);
const body = `## A worst-case bound for runs that label no failure: what it would buy and cost (not in the library)

Written by \`npm run bench -- zero-failure-bound\` (${seconds} s); bench/zero-failure-bound.ts's header defines the bound and the populations. \`strategies.pivotal\`'s default interval as it is, and the same with a run that labelled no failure given an upper end of at least k* / N (k*: the most failures the design could miss with probability >= 2.5 %). ${REPS.toLocaleString("en-US")} runs per cell.

| risk | N | failure rate | n | k* / N | runs with no failure | coverage | with the bound | mean width | with the bound |
|---|---|---|---|---|---|---|---|---|---|
${rows.join("\n")}

The bound mends the reversed risk (the misses are the runs that labelled no failure), at the price of intervals up to k* / N wide in every run that labels none: ${pct(Math.min(...usefulShares))} to ${pct(Math.max(...usefulShares))} of the population in the cells of a risk that is not reversed, whose runs with no failure covered without it.
`;
writeMarkedSection("docs/replication/coverage.md", "zero-failure-bound", body);
console.log(body);
