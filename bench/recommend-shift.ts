/**
 * `npm run bench -- recommend-shift [--quick]`: `recommendSubset` +
 * `estimateSubset` under a change of agent framework, simulated on the shared
 * SWE-bench Verified outcomes (158 leaderboard submissions + the 25
 * mini-swe-agent runs): the history is one set of frameworks' runs dated before
 * a cutoff, the test runs are the other frameworks' runs dated on or after it.
 * Reports, at k = 50 (10 %), the RMSE of the recommended estimate over the test
 * runs and the coverage of its 95 % interval, over several seeds, next to the
 * plain mean of a random subset and of Consist-Strat, and the method the
 * temporal cross-validation chose; beside it the same with `selection:
 * "rmse"` (the lowest cross-validated RMSE, stepwise subset included), on the
 * same seeds. `--seeds N` (default
 * 10) and `--prefix P` (default "shift") set the seeds `P-0` .. `P-(N-1)`;
 * `--k K` the subset size (default 50, 10 %; another size writes its own
 * section).
 */
import { createRng } from "../src/entry/core.js";
import { srs } from "../src/entry/estimate.js";
import { estimateSubset, recommendSubset, stratifiedSubset } from "../src/entry/subset.js";
import { writeShiftSection } from "./_shiftReport.js";
import { runRate, shiftScenariosOrSkip } from "./_shiftScenarios.js";

const quick = process.argv.includes("--quick");
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
};
const SEEDS = quick ? 2 : Number(arg("--seeds") ?? 10);
const PREFIX = arg("--prefix") ?? "shift";
const K = Number(arg("--k") ?? 50);
if (!Number.isInteger(K) || K < 2)
  throw new RangeError(`recommend-shift: --k must be an integer >= 2, got ${arg("--k")}`);
const { N, scenarios } = shiftScenariosOrSkip();
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const rows = [
  '| scenario | history runs (rates) | test runs (rates) | recommended: RMSE | 95 % coverage | mean half-width | `selection: "rmse"`: RMSE | 95 % coverage | Random (subset mean) RMSE | Consist-Strat mean RMSE | methods chosen (default) | seconds |',
  "|---|---|---|---|---|---|---|---|---|---|---|---|",
];
for (const sc of scenarios) {
  const H = sc.history;
  const Tt = sc.test;
  const hr = H.runs.map((_, r) => runRate(H, r));
  const tr = sc.truth;
  let se = 0;
  let cov = 0;
  let hw = 0;
  let n = 0;
  let seR = 0;
  let seC = 0;
  let seM = 0;
  let covM = 0;
  const chosen = new Map<string, number>();
  const t0 = performance.now();
  for (let s = 0; s < SEEDS; s++) {
    const rng = createRng(`${PREFIX}-${s}`);
    const rec = recommendSubset(H, K, rng);
    const recM = recommendSubset(H, K, createRng(`${PREFIX}-${s}`), { selection: "rmse" });
    chosen.set(rec.method, (chosen.get(rec.method) ?? 0) + 1);
    // the baselines draw from their own stream, so that they do not move when recommendSubset's draws change
    const base = createRng(`${PREFIX}-baselines-${s}`);
    const rs = srs(N, K, base);
    const g = new Int32Array(N);
    for (let i = 0; i < N; i++)
      for (let r = H.runs.length - 3; r < H.runs.length; r++)
        g[i] = (g[i] as number) + (H.data[r * N + i] as number);
    const cs = stratifiedSubset(g, K, base);
    tr.forEach((f, r) => {
      const y = Uint8Array.from(rec.items, (i) => Tt.data[r * N + i] as number);
      const e = estimateSubset(rec, y);
      se += (e.estimate - f) ** 2;
      if (e.ci[0] <= f && f <= e.ci[1]) cov++;
      hw += (e.ci[1] - e.ci[0]) / 2;
      n++;
      const eM = estimateSubset(
        recM,
        Uint8Array.from(recM.items, (i) => Tt.data[r * N + i] as number),
      );
      seM += (eM.estimate - f) ** 2;
      if (eM.ci[0] <= f && f <= eM.ci[1]) covM++;
      let a = 0;
      for (const i of rs) a += Tt.data[r * N + i] as number;
      seR += (a / K - f) ** 2;
      let b = 0;
      for (const i of cs) b += Tt.data[r * N + i] as number;
      seC += (b / K - f) ** 2;
    });
  }
  rows.push(
    `| ${sc.name} | ${H.runs.length} (${pct(Math.min(...hr))}-${pct(Math.max(...hr))}) | ${Tt.runs.length} (${pct(Math.min(...tr))}-${pct(Math.max(...tr))}) | ${Math.sqrt(se / n).toFixed(4)} | ${pct(cov / n)} | ${(hw / n).toFixed(3)} | ${Math.sqrt(seM / n).toFixed(4)} | ${pct(covM / n)} | ${Math.sqrt(seR / n).toFixed(4)} | ${Math.sqrt(seC / n).toFixed(4)} | ${[...chosen].map(([m, c]) => `${m} x${c}`).join(", ")} | ${((performance.now() - t0) / 1000).toFixed(1)} |`,
  );
  console.log(
    `${sc.name}: history ${H.runs.length} runs (rates ${(100 * Math.min(...hr)).toFixed(1)}-${(100 * Math.max(...hr)).toFixed(1)} %), test ${Tt.runs.length} runs (${(100 * Math.min(...tr)).toFixed(1)}-${(100 * Math.max(...tr)).toFixed(1)} %); k = ${K}, ${SEEDS} seeds: recommended RMSE ${Math.sqrt(se / n).toFixed(4)}, 95 % coverage ${((100 * cov) / n).toFixed(1)} % (mean half-width ${(hw / n).toFixed(3)}); with selection "rmse" ${Math.sqrt(seM / n).toFixed(4)}, ${((100 * covM) / n).toFixed(1)} %; Random ${Math.sqrt(seR / n).toFixed(4)}, Consist-Strat mean ${Math.sqrt(seC / n).toFixed(4)}; chosen: ${[...chosen].map(([m, c]) => `${m} x${c}`).join(", ")}; ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}
if (!quick)
  writeShiftSection(
    `recommend-shift ${PREFIX} x${SEEDS}${K === 50 ? "" : ` k${K}`}`,
    `\`recommendSubset\` + \`estimateSubset\` under a framework shift, seeds ${PREFIX}-0..${SEEDS - 1}${K === 50 ? "" : `, k = ${K} (${Math.round((100 * K) / N)} %)`}`,
    [
      `The recommended subset and estimate (default options, \`selection: "robust"\`), the same with \`selection: "rmse"\` on the same seeds, and two plain subset means from their own seed stream: Random (\`srs\`) and Consist-Strat (strata of pass counts over the last 3 history runs). ${SEEDS} seeds.`,
      "",
      ...rows,
    ],
  );
