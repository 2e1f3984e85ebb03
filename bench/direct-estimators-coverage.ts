/**
 * `npm run bench -- direct-estimators-coverage`: coverage of the default 95 %
 * interval of `horvitzThompson`, `hajek` and `hansenHurwitz` called directly
 * on 0/1 labels drawn with probabilities proportional to a skewed size that
 * does not predict the labels (the blind spot the strategies' risk-band floor
 * mends; these functions see only the sampled units' probabilities). Synthetic
 * populations: size exp(3 (u1 + u2 + u3 - 1.5)), failures at 9 % independent of
 * it; `pivotal` samples (with-replacement draws `ppsWithReplacement` of the
 * size shares for `hansenHurwitz`), 2,000 per cell. Also the share of samples
 * a Kish-size rule (the weights' (sum w)^2 / sum w^2 below n / 3) would flag,
 * and the coverage of the samples it would leave unflagged, to show why no
 * such flag is raised. Writes the section "direct-estimators" of
 * docs/replication/coverage.md.
 */

import { createRng } from "../src/entry/core.js";
import {
  hajek,
  hansenHurwitz,
  horvitzThompson,
  inclusionProbabilities,
  pivotal,
  ppsWithReplacement,
} from "../src/entry/estimate.js";
import { writeMarkedSection } from "./_section.js";

const REPS = 2000;
const started = Date.now();
const pct = (x: number): string => `${(100 * x).toFixed(1)} %`;
type Tally = { cover: number; flagged: number; coverUnflagged: number; width: number };
const rows: string[] = [];
for (const [N, n] of [
  [1000, 10],
  [1000, 30],
  [1000, 100],
  [1000, 300],
  [100, 80],
] as const) {
  const g = createRng(`direct-estimators/${N}/${n}`);
  const size = Float64Array.from({ length: N }, () => Math.exp(3 * (g() + g() + g() - 1.5)));
  const y = Float64Array.from(size, () => (g() < 0.09 ? 1 : 0));
  const mu = y.reduce((a, b) => a + b, 0) / N;
  const pik = inclusionProbabilities(size, n);
  let total = 0;
  for (const s of size) total += s;
  const share = Float64Array.from(size, (s) => s / total);
  const tally: Record<string, Tally> = {};
  for (const k of ["horvitzThompson", "hajek", "hansenHurwitz"])
    tally[k] = { cover: 0, flagged: 0, coverUnflagged: 0, width: 0 };
  for (let r = 0; r < REPS; r++) {
    const s = pivotal(pik, createRng(`direct-estimators/${N}/${n}/${r}`));
    const ys = Float64Array.from(s, (i) => y[i] as number);
    const ps = Float64Array.from(s, (i) => pik[i] as number);
    const w = ppsWithReplacement(share, n, createRng(`direct-estimators/hh/${N}/${n}/${r}`));
    const yw = Float64Array.from(w, (i) => y[i] as number);
    const pw = Float64Array.from(w, (i) => share[i] as number);
    const kishOf = (p: Float64Array): number => {
      let sw = 0;
      let sw2 = 0;
      for (const v of p) {
        sw += 1 / v;
        sw2 += 1 / (v * v);
      }
      return (sw * sw) / sw2;
    };
    for (const [name, e, kish] of [
      ["horvitzThompson", horvitzThompson(ys, ps, N), kishOf(ps)],
      ["hajek", hajek(ys, ps), kishOf(ps)],
      ["hansenHurwitz", hansenHurwitz(yw, pw, N), kishOf(pw)],
    ] as const) {
      const t = tally[name] as Tally;
      const covered = e.ci[0] <= mu && mu <= e.ci[1];
      if (covered) t.cover++;
      t.width += Math.min(1, e.ci[1] - e.ci[0]);
      if (kish < n / 3) t.flagged++;
      else if (covered) t.coverUnflagged++;
    }
  }
  for (const [name, t] of Object.entries(tally)) {
    const unflagged = REPS - t.flagged;
    rows.push(
      `| ${name} | ${N} | ${n} | ${pct(mu)} | ${pct(t.cover / REPS)} | ${(t.width / REPS).toFixed(3)} | ${pct(t.flagged / REPS)} | ${unflagged > 0 ? pct(t.coverUnflagged / unflagged) : "-"} |`,
    );
  }
}
const seconds = Math.round((Date.now() - started) / 1000);
const body = `## The estimators called directly under a skewed size that does not predict the labels

Written by \`npm run bench -- direct-estimators-coverage\` (${seconds} s); bench/direct-estimators-coverage.ts's header describes the populations. ${REPS.toLocaleString("en-US")} samples per cell, the default interval at 95 %. Last two columns: the share of samples a Kish-size rule (weights' effective size below n / 3) would flag, and the coverage of those it would not.

| estimator | N | n | failure rate | coverage | mean width | Kish rule flags | coverage unflagged |
|---|---|---|---|---|---|---|---|
${rows.join("\n")}
`;
writeMarkedSection("docs/replication/coverage.md", "direct-estimators", body);
console.log(body);
