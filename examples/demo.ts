/**
 * `npm run demo`: estimate a SWE-bench Verified submission's resolve rate from
 * 50 of the 500 instances with three sampling designs, each with its 95 %
 * confidence interval, next to the true rate; then repeat every design over
 * many seeds to show its RMSE and how often its CI covers the truth.
 * Runs offline on the data vendored in examples/data (see PROVENANCE.txt).
 */
import { loadSwebenchOutcomes } from "./loadSwebench.js";
import { resolveRateDemo } from "./resolveRateDemo.js";
import { subsetDemo } from "./subsetDemo.js";

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

// Benchmark subset selection (paper 2): a fixed 10 % subset chosen from the past.
const s0 = performance.now();
const sd = subsetDemo(data);
const sms = performance.now() - s0;
const bestIsShown = sd.chosen === "Random" || sd.chosen === "Consist-Strat";
console.log("");
console.log(
  `evalsift subset demo: ${sd.k} of ${data.instanceIds.length} instances chosen before ${sd.date}, tracked on the ${sd.later.length} later submissions`,
);
console.log(
  `method: ${sd.chosen}, chosen by temporal evaluation (W = 3, contiguous windows) on the ${sd.history} earlier submissions; RMSE ${sd.selection.map((c) => `${c.name} ${pct(c.rmse, 2)}`).join(", ")}`,
);
console.log(`strata from the ${sd.windowRuns.length} latest: ${sd.windowRuns.join(", ")}`);
console.log("");
const cols = [
  ...(bestIsShown ? ["Random", "Consist-Strat"] : [sd.chosen, "Random", "Consist-Strat"]),
  "Stepwise+ridge",
];
console.log(
  `${pad("submission", 44)}${pad("date", 12)}${lpad("true", 8)}${cols.map((c) => lpad(c, 16)).join("")}`,
);
for (const r of sd.later) {
  const vals = [
    ...(bestIsShown ? [r.random, r.consist] : [r.best, r.random, r.consist]),
    r.stepwise,
  ];
  console.log(
    `${pad(r.name.slice(0, 43), 44)}${pad(r.date, 12)}${lpad(pct(r.trueRate), 8)}${vals.map((v) => lpad(`${pct(v)} (${v >= r.trueRate ? "+" : ""}${(100 * (v - r.trueRate)).toFixed(1)})`, 16)).join("")}`,
  );
}
console.log("");
console.log(
  `RMSE over these runs: ${bestIsShown ? "" : `${sd.chosen} ${pct(sd.rmse.best, 2)}, `}Random ${pct(sd.rmse.random, 2)}, Consist-Strat ${pct(sd.rmse.consist, 2)} (random methods: mean over 100 seeds; the rows show seed 0)`,
);
console.log(
  `largest miss: ${bestIsShown ? "" : `${sd.chosen} ${pct(sd.maxErr.best)}, `}Random ${pct(sd.maxErr.random)}, Consist-Strat ${pct(sd.maxErr.consist)} (mean over seeds) (${sms.toFixed(0)} ms)`,
);
console.log(
  `Stepwise+ridge (fitStepwiseRate on all ${sd.history} earlier submissions, predictRateRegression on the same ${sd.k} items): RMSE ${pct(sd.stepwise.rmse, 2)}, largest miss ${pct(sd.stepwise.maxErr)}, 95% interval +-${pct(sd.stepwise.halfWidth)} (cross-validated) held the true rate in ${pct(sd.stepwise.coverage)} of these runs`,
);
