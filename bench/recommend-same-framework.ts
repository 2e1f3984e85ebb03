/**
 * `npm run bench -- recommend-same-framework [--seeds N]`: `recommendSubset`
 * + `estimateSubset` when the test runs come from the same frameworks as the
 * history (the paper's setting: a later run of the same harness), the
 * counterpart of `recommend-shift`. Four temporal splits of the shared
 * SWE-bench Verified outcomes (mini-swe-agent runs before / after a date; the
 * other frameworks' runs before / after a date; all runs before / after a
 * date), k = 50 (10 %). Reports the RMSE and 95 % coverage of the default
 * recommendation (`selection: "robust"`) and of `selection: "rmse"` on the same
 * seeds, and the methods chosen.
 */
import { createRng } from "../src/entry/core.js";
import { estimateSubset, recommendSubset } from "../src/entry/subset.js";
import { writeShiftSection } from "./_shiftReport.js";
import { shiftScenariosOrSkip } from "./_shiftScenarios.js";

const i = process.argv.indexOf("--seeds");
const SEEDS = i < 0 ? 10 : Number(process.argv[i + 1]);
const K = 50;
const { N, scenarios } = shiftScenariosOrSkip([
  [
    "mini-swe-agent < 2025-11-18 -> mini-swe-agent >= 2025-11-18",
    (_, m, d) => m && d < "2025-11-18",
    (_, m, d) => m && d >= "2025-11-18",
  ],
  [
    "mini-swe-agent < 2025-08-22 -> mini-swe-agent >= 2025-08-22",
    (_, m, d) => m && d < "2025-08-22",
    (_, m, d) => m && d >= "2025-08-22",
  ],
  [
    "other frameworks < 2025-07-20 -> other frameworks >= 2025-07-20",
    (_, m, d) => !m && d < "2025-07-20",
    (_, m, d) => !m && d >= "2025-07-20",
  ],
  [
    "all < 2025-06-01 -> all >= 2025-06-01",
    (_, _m, d) => d < "2025-06-01",
    (_, _m, d) => d >= "2025-06-01",
  ],
]);
const rows = [
  '| split | history runs | test runs | robust (default): RMSE | 95 % coverage | `selection: "rmse"`: RMSE | 95 % coverage | methods chosen (robust) | seconds |',
  "|---|---|---|---|---|---|---|---|---|",
];
for (const { name, history: H, test: T, truth } of scenarios) {
  const acc = { robust: { se: 0, cov: 0 }, rmse: { se: 0, cov: 0 } };
  const chosen = new Map<string, number>();
  let n = 0;
  const t0 = performance.now();
  for (let s = 0; s < SEEDS; s++) {
    for (const selection of ["robust", "rmse"] as const) {
      const rec = recommendSubset(H, K, createRng(`same-${s}`), { selection });
      if (selection === "robust") chosen.set(rec.method, (chosen.get(rec.method) ?? 0) + 1);
      truth.forEach((f, r) => {
        const e = estimateSubset(
          rec,
          Uint8Array.from(rec.items, (j) => T.data[r * N + j] as number),
        );
        acc[selection].se += (e.estimate - f) ** 2;
        if (e.ci[0] <= f && f <= e.ci[1]) acc[selection].cov++;
      });
    }
    n += truth.length;
  }
  const fmt = (a: { se: number; cov: number }) =>
    `RMSE ${Math.sqrt(a.se / n).toFixed(4)}, coverage ${((100 * a.cov) / n).toFixed(1)} %`;
  const cells = (a: { se: number; cov: number }) =>
    `${Math.sqrt(a.se / n).toFixed(4)} | ${((100 * a.cov) / n).toFixed(1)} %`;
  rows.push(
    `| ${name} | ${H.runs.length} | ${T.runs.length} | ${cells(acc.robust)} | ${cells(acc.rmse)} | ${[...chosen].map(([m, c]) => `${m} x${c}`).join(", ")} | ${((performance.now() - t0) / 1000).toFixed(1)} |`,
  );
  console.log(
    `${name}: history ${H.runs.length} runs, test ${T.runs.length} runs; k = ${K}, ${SEEDS} seeds: robust ${fmt(acc.robust)}; rmse ${fmt(acc.rmse)}; chosen (robust): ${[...chosen].map(([m, c]) => `${m} x${c}`).join(", ")}; ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}
writeShiftSection(
  `recommend-same-framework x${SEEDS}`,
  "The same recommendation when the test runs come from the same frameworks (the paper's setting)",
  [
    `Four temporal splits of the same runs, seeds same-0..${SEEDS - 1}, the default (\`selection: "robust"\`) and \`selection: "rmse"\` on the same seeds.`,
    "",
    ...rows,
  ],
);
