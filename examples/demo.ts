/**
 * `npm run demo`: estimate a SWE-bench Verified submission's resolve rate from
 * 50 of the 500 instances with three sampling designs, each with its 95 %
 * confidence interval, next to the true rate; then repeat every design over
 * many seeds to show its RMSE and how often its CI covers the truth.
 * Runs offline on the data vendored in examples/data (see PROVENANCE.txt).
 */
import { loadSwebenchOutcomes } from "./loadSwebench.js";
import { resolveRateDemo } from "./resolveRateDemo.js";

const pct = (x: number, digits = 1): string => `${(100 * x).toFixed(digits)} %`;
const pad = (s: string, w: number): string => s.padEnd(w);
const lpad = (s: string, w: number): string => s.padStart(w);

const data = loadSwebenchOutcomes();
const t0 = performance.now();
const r = resolveRateDemo(data);
const ms = performance.now() - t0;

console.log(`evalsift demo: a SWE-bench Verified resolve rate from ${r.n} of ${r.N} instances`);
console.log(
  `data: ${data.submissions.length} MIT-licensed submissions vendored in examples/data (PROVENANCE.txt)`,
);
console.log(`target: ${r.target} (${r.targetDate}), true resolve rate ${pct(r.trueRate)}`);
console.log(
  `history: ${r.history} earlier submissions give each instance a pass rate p;` +
    ` strata of ${Array.from(r.stratumSizes).join("/")} instances, Neyman allocation ${Array.from(r.allocation).join("/")}`,
);
console.log("");
console.log(
  `${pad("design", 12)}${lpad("estimate", 9)}   ${pad("95 % CI", 20)}| over ${r.reps} seeds:` +
    ` ${lpad("RMSE", 7)} ${lpad("bias", 7)} ${lpad("coverage", 9)} ${lpad("CI width", 9)}`,
);
for (const m of r.methods) {
  const e = m.estimate;
  const ci = `[${pct(e.ci[0])}, ${pct(e.ci[1])}]`;
  console.log(
    `${pad(m.name, 12)}${lpad(pct(e.estimate), 9)}   ${pad(ci, 20)}|` +
      ` ${" ".repeat(String(r.reps).length + 12)}${lpad(pct(m.rmse), 7)} ${lpad(
        `${m.meanEstimate >= r.trueRate ? "+" : ""}${pct(m.meanEstimate - r.trueRate)}`,
        7,
      )} ${lpad(pct(m.coverage), 9)} ${lpad(pct(m.meanWidth), 9)}`,
  );
}
console.log("");
for (const m of r.methods) console.log(`${pad(m.name, 12)}${m.description}`);
const negatives = r.methods.filter((m) => m.negativeVariance > 0);
for (const m of negatives) {
  console.log(`${m.name}: ${m.negativeVariance} repetitions had a negative variance estimate`);
}
console.log(`(${ms.toFixed(0)} ms)`);
