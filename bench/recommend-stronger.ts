/**
 * `npm run bench -- recommend-stronger [--seeds N]`: the recommended subset
 * estimate on runs stronger than every run of its history (the usual case of
 * a new agent framework or model: it is measured because it might be the
 * best). For each cutoff date D the history is every run dated before D (all
 * frameworks) and the test runs are the runs dated on or after D whose
 * full-benchmark rate is above the history's highest, so every test run lies
 * outside the history's range. k = 50 of 500, seeds `stronger-0` ..
 * `stronger-(N-1)` (default 10).
 *
 * Beside the recommended estimate (`recommendSubset` + `estimateSubset`,
 * default options) on the same subset: the post-stratified mean of the
 * subset with its design-based interval alone, and a guard that takes that
 * mean (interval: the hull of both) whenever the run's post-stratified mean
 * lies outside the history's range of full-benchmark rates, the rule that
 * the `shrink` estimator applies to the ridge regression (issue 14 suggests
 * it: "shrink towards the plain subset mean when the new run lies outside
 * the history's range"). Writes section "recommend-stronger" of
 * docs/replication/subset-shift.md.
 */
import { createRng } from "../src/entry/core.js";
import { estimateSubset, recommendSubset } from "../src/entry/subset.js";
import { stratifiedEstimate } from "../src/subset/_subsetEstimators.js";
import { writeShiftSection } from "./_shiftReport.js";
import { runRate, type ScenarioDef, shiftScenariosOrSkip } from "./_shiftScenarios.js";
import { loadSwebenchAll } from "./_swebenchAll.js";

const quick = process.argv.includes("--quick");
const at = process.argv.indexOf("--seeds");
const SEEDS = quick ? 2 : at > 0 ? Number(process.argv[at + 1]) : 10;
if (!Number.isInteger(SEEDS) || SEEDS < 1)
  throw new RangeError(`recommend-stronger: --seeds must be a positive integer`);
const K = 50;
const CUTOFFS = ["2024-10-01", "2025-01-01", "2025-04-01", "2025-07-01", "2025-09-01"];
const Z = 1.959963984540054;

const loaded = loadSwebenchAll();
const rateOf = new Map<string, number>();
if (loaded !== undefined) {
  loaded.outcomes.runs.forEach((r, t) => {
    rateOf.set(r, runRate(loaded.outcomes, t));
  });
}
/** The highest full-benchmark rate of the runs dated before D. */
const highestBefore = (D: string): number => {
  let hi = 0;
  for (const [r, f] of rateOf) if ((loaded?.dateOf.get(r) ?? "") < D && f > hi) hi = f;
  return hi;
};
const defs: ScenarioDef[] = CUTOFFS.map((D) => {
  const hi = highestBefore(D);
  return [
    `history all < ${D}, test later runs above its best (${(100 * hi).toFixed(1)} %)`,
    (_r, _m, d) => d < D,
    (r, _m, d) => d >= D && (rateOf.get(r) ?? 0) > hi,
  ];
});
const { N, scenarios } = shiftScenariosOrSkip(defs);

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
type Acc = { se: number; cov: number; hw: number };
const acc = (): Acc => ({ se: 0, cov: 0, hw: 0 });
const add = (a: Acc, f: number, est: number, lo: number, hi: number): void => {
  a.se += (est - f) ** 2;
  if (lo <= f && f <= hi) a.cov++;
  a.hw += (hi - lo) / 2;
};
const cell = (a: Acc, n: number) =>
  `${Math.sqrt(a.se / n).toFixed(4)} | ${pct(a.cov / n)} | ${(a.hw / n).toFixed(3)}`;
const rows = [
  "| scenario | history runs (rates) | test runs (rates) | recommended: RMSE | 95 % coverage | mean half-width | post-stratified mean, same subset: RMSE | coverage | half-width | guard (the mean outside the history's range): RMSE | coverage | half-width | outside the range | methods chosen | seconds |",
  "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
];
for (const sc of scenarios) {
  const H = sc.history;
  const T = sc.test;
  const hr = H.runs.map((_, r) => runRate(H, r));
  const tr = sc.truth;
  const rec0 = acc();
  const mean = acc();
  const guard = acc();
  let n = 0;
  let outside = 0;
  const chosen = new Map<string, number>();
  const t0 = performance.now();
  for (let s = 0; s < SEEDS; s++) {
    const rec = recommendSubset(H, K, createRng(`stronger-${s}`));
    chosen.set(rec.method, (chosen.get(rec.method) ?? 0) + 1);
    const m = rec.estimator;
    const [lo, hi] = m.rateRange;
    tr.forEach((f, r) => {
      const y = Uint8Array.from(rec.items, (i) => T.data[r * N + i] as number);
      const e = estimateSubset(rec, y);
      add(rec0, f, e.estimate, e.ci[0], e.ci[1]);
      const st = stratifiedEstimate(y, m.strata, m.stratumSizes);
      const hd = Z * Math.sqrt(st.v);
      const mlo = Math.max(0, st.est - hd);
      const mhi = Math.min(1, st.est + hd);
      add(mean, f, st.est, mlo, mhi);
      if (st.est < lo || st.est > hi) {
        outside++;
        add(guard, f, st.est, Math.min(mlo, e.ci[0]), Math.max(mhi, e.ci[1]));
      } else add(guard, f, e.estimate, e.ci[0], e.ci[1]);
      n++;
    });
  }
  const secs = ((performance.now() - t0) / 1000).toFixed(1);
  const methods = [...chosen].map(([a, c]) => `${a} x${c}`).join(", ");
  rows.push(
    `| ${sc.name} | ${H.runs.length} (${pct(Math.min(...hr))}-${pct(Math.max(...hr))}) | ${T.runs.length} (${pct(Math.min(...tr))}-${pct(Math.max(...tr))}) | ${cell(rec0, n)} | ${cell(mean, n)} | ${cell(guard, n)} | ${pct(outside / n)} | ${methods} | ${secs} |`,
  );
  console.log(
    `${sc.name}: recommended ${cell(rec0, n)}; post-stratified mean ${cell(mean, n)}; guard ${cell(guard, n)}; outside ${pct(outside / n)}; ${methods}; ${secs} s`,
  );
}
if (!quick)
  writeShiftSection(
    "recommend-stronger",
    `The recommended estimate on runs stronger than all of its history, seeds stronger-0..${SEEDS - 1}`,
    [
      `History: every run (all frameworks) dated before the cutoff; test: the runs dated on or after it whose full-benchmark rate is above the history's highest, so every test run lies outside the history's range. Recommended: \`recommendSubset\` (default options) + \`estimateSubset\`. On the same subset: its post-stratified mean with the design-based interval alone, and a guard that takes that mean (interval: the hull of both) whenever the run's post-stratified mean is outside the history's range of full-benchmark rates ("outside the range": how often), as \`shrink\` does for the ridge regression. ${SEEDS} seeds, k = ${K}.`,
      "",
      ...rows,
    ],
  );
