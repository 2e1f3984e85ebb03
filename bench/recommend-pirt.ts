/**
 * `npm run bench -- recommend-pirt [seeds]`: `recommendSubset` with and
 * without the `"pirt"` candidates (p-IRT with a 2PL model, consistency /
 * pass-rate / stepwise subsets, all or recent runs) on the four simulated
 * framework shifts of `bench/recommend-shift.ts` (k = 50, default 30 seeds,
 * the same seeds for both variants): RMSE and 95 % coverage of
 * `estimateSubset` over the test runs, and the run time. Decides whether
 * `"pirt"` belongs in `recommendSubsetCandidates` (docs/shrink-a-benchmark.md).
 */
import { createRng } from "../src/entry/core.js";
import { estimateSubset, recommendSubset, recommendSubsetCandidates } from "../src/entry/subset.js";
import { writeShiftSection } from "./_shiftReport.js";
import { shiftScenariosOrSkip } from "./_shiftScenarios.js";

const SEEDS = Number(process.argv.slice(3).find((a) => /^\d+$/.test(a)) ?? 30);
const K = 50;
const { N, scenarios } = shiftScenariosOrSkip();
const withPirt = [
  ...recommendSubsetCandidates,
  ...[false, true].flatMap((recent) =>
    (["consistency", "passRate", "stepwise"] as const).map((method) => ({
      method,
      estimator: "pirt" as const,
      recent,
    })),
  ),
];
const rows = [
  "| scenario | candidates | RMSE | 95 % coverage | seconds |",
  "|---|---|---|---|---|",
];
for (const { name, history: H, test: T, truth: tr } of scenarios) {
  for (const [variant, cands] of [
    ["without pirt", recommendSubsetCandidates],
    ["with pirt", withPirt],
  ] as const) {
    let se = 0,
      cov = 0,
      n = 0;
    const t0 = performance.now();
    for (let s = 0; s < SEEDS; s++) {
      const rec = recommendSubset(H, K, createRng(`cmp-${s}`), { candidates: cands });
      tr.forEach((f, r) => {
        const y = Uint8Array.from(rec.items, (i) => T.data[r * N + i] as number);
        const e = estimateSubset(rec, y);
        se += (e.estimate - f) ** 2;
        if (e.ci[0] <= f && f <= e.ci[1]) cov++;
        n++;
      });
    }
    rows.push(
      `| ${name} | ${variant} | ${Math.sqrt(se / n).toFixed(4)} | ${((100 * cov) / n).toFixed(1)} % | ${((performance.now() - t0) / 1000).toFixed(0)} |`,
    );
    console.log(
      `${name.padEnd(22)} ${variant.padEnd(13)} RMSE ${Math.sqrt(se / n).toFixed(4)} cov ${((100 * cov) / n).toFixed(1)}% (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
    );
  }
}
writeShiftSection(`recommend-pirt x${SEEDS}`, "The p-IRT estimator as extra candidates", [
  `\`recommendSubset\` (default options otherwise) with its default candidates and with six more: p-IRT (2PL) on consistency, pass-rate and stepwise subsets, fitted on all or the recent history runs. Seeds cmp-0..${SEEDS - 1}, the same for both.`,
  "",
  ...rows,
]);
