/**
 * `npm run bench -- anti-risk-coverage`: the strategies' default 95 %
 * intervals when the risk points away from the failures, the case their
 * risk-band floor does not mend (it shrinks an unseen band's rate towards
 * the pooled rate or the riskier neighbour's, and here neither has seen the
 * failures). Synthetic populations of N = 1,000 with exactly k failures at
 * random: "reversed" risk (1 - a useful one: failures U(0, 0.5), passes
 * U(0.4, 1)) and "adversarial" risk (failures U(0, 0.05), passes U(0.2, 1)).
 * Per cell: coverage, the share of runs returned `reliable: false`, the
 * coverage of the runs not flagged, and the mean width. 1,000 runs per cell.
 * Writes the section "anti-risk" of docs/replication/coverage.md.
 */

import { createRng } from "../src/entry/core.js";
import type { Strategy } from "../src/entry/tcs.js";
import { extraStrategies, runStrategy, strategies } from "../src/entry/tcs.js";
import { riskPopulation } from "./_randomFailures.js";
import { writeMarkedSection } from "./_section.js";

const REPS = Number(process.argv[3] ?? 1000);
const started = Date.now();
const all: Record<string, Strategy> = { ...strategies, ...extraStrategies };
const pct = (x: number): string => `${(100 * x).toFixed(1)} %`;

const rows: string[] = [];
const worst: Record<string, { cov: number; unflagged: number }> = {};
for (const mode of ["reversed", "adversarial"] as const) {
  for (const [k, n] of [
    [50, 20],
    [50, 100],
    [200, 20],
    [200, 100],
  ] as const) {
    const pop = riskPopulation(createRng(`anti-risk/${mode}/${k}`), 1000, k, mode);
    for (const name of Object.keys(all)) {
      const strategy = all[name] as Strategy;
      let cover = 0;
      let flagged = 0;
      let coverUnflagged = 0;
      let width = 0;
      for (let r = 0; r < REPS; r++) {
        const e = runStrategy(strategy(pop.risk, n, createRng(`anti-risk/${name}/${r}`)), (i) =>
          pop.y[i] === 1 ? 1 : 0,
        ).estimate;
        const c = e.ci[0] <= pop.mu && pop.mu <= e.ci[1];
        if (c) cover++;
        if (!e.reliable) flagged++;
        else if (c) coverUnflagged++;
        width += Math.min(1, e.ci[1] - e.ci[0]);
      }
      const unflagged = REPS - flagged;
      const cu = unflagged > 0 ? coverUnflagged / unflagged : Number.NaN;
      const w = worst[name] ?? { cov: 1, unflagged: 1 };
      worst[name] = {
        cov: Math.min(w.cov, cover / REPS),
        unflagged: Number.isNaN(cu) ? w.unflagged : Math.min(w.unflagged, cu),
      };
      rows.push(
        `| ${name} | ${mode} | ${pct(pop.mu)} | ${n} | ${pct(cover / REPS)} | ${pct(flagged / REPS)} | ${Number.isNaN(cu) ? "-" : pct(cu)} | ${(width / REPS).toFixed(3)} |`,
      );
    }
  }
}
const seconds = Math.round((Date.now() - started) / 1000);
const summary = Object.entries(worst)
  .map(([name, w]) => `| ${name} | ${pct(w.cov)} | ${pct(w.unflagged)} |`)
  .join("\n");
const body = `## A risk that points away from the failures

Written by \`npm run bench -- anti-risk-coverage\` (${seconds} s); bench/anti-risk-coverage.ts's header describes the populations. ${REPS.toLocaleString("en-US")} runs per cell, each strategy's default interval at 95 %. "Flagged": runs returned \`reliable: false\`; "coverage unflagged": of the others. A risk that ranks the failures below the passes is the case the risk-band floor does not mend (it shrinks an unseen band's rate towards the pooled rate or the riskier neighbour's, and neither has seen the failures): check a risk on a labelled sample before trusting a design that follows it (\`srs\` and the stratified designs do not depend on the risk's direction).

Worst cell per strategy:

| strategy | worst coverage | worst coverage unflagged |
|---|---|---|
${summary}

Every cell:

| strategy | risk | failure rate | n | coverage | flagged | coverage unflagged | mean width |
|---|---|---|---|---|---|---|---|
${rows.join("\n")}
`;
writeMarkedSection("docs/replication/coverage.md", "anti-risk", body);
console.log(body.split("Every cell:")[0]);
