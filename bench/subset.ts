/**
 * `npm run bench -- subset [--ref-seeds N]`: the temporal subset evaluation of
 * issue 5 (25 mini-swe-agent runs, W = 3 -> 2,024 splits, 50 of 500 items,
 * 100 seeds, Random / Diff-Strat / Consist-Strat) timed with evalsift, next to
 * the same protocol in numpy (bench/_subset_numpy.py) when /usr/bin/python3
 * has numpy. numpy runs `--ref-seeds` seeds (default 10) and its time is also
 * shown scaled linearly to 100 seeds (its cost is linear in the seeds).
 */
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { baselineMethod, evaluateSubset } from "../src/index.js";
import { sharedDataDir } from "../test/helpers/sharedData.js";
import { loadMiniSwe, MINI_SWE_FILE } from "./_swebenchMini.js";
import { fmtMs, hasCommand, medianMs } from "./_timing.js";

const here = dirname(fileURLToPath(import.meta.url));
const data = loadMiniSwe();
if (data === undefined) {
  console.log(`skipped: ../shared/data/${MINI_SWE_FILE} not found`);
  process.exit(0);
}
const SEEDS = 100;
const arg = process.argv.indexOf("--ref-seeds");
const refSeeds = arg > 0 ? Number(process.argv[arg + 1]) : 10;
const kinds = ["random", "difficulty", "consistency"] as const;
const rmse: Record<string, number> = {};
const run = (): void => {
  for (const kind of kinds) {
    const ev = evaluateSubset({
      outcomes: data.outcomes,
      select: baselineMethod(kind),
      size: 50,
      window: 3,
      seeds: SEEDS,
      seed: "bench",
    });
    rmse[ev.method] = ev.rmse;
  }
};
const ms = medianMs(run, 3);
console.log(
  `evalsift: 25 runs x 500 items, 2,024 splits, ${SEEDS} seeds, 3 baselines: median ${fmtMs(ms)} (of 3 after a warm-up)`,
);
console.log(
  `  RMSE ${Object.entries(rmse)
    .map(([m, v]) => `${m} ${v.toFixed(4)}`)
    .join(", ")}`,
);
if (hasCommand("/usr/bin/python3", ["-c", "import numpy"])) {
  const r = spawnSync(
    "/usr/bin/python3",
    [join(here, "_subset_numpy.py"), join(sharedDataDir, MINI_SWE_FILE), String(refSeeds)],
    { encoding: "utf8" },
  );
  if (r.status === 0) {
    const ref = JSON.parse(r.stdout) as { seconds: number; rmse: Record<string, number> };
    const scaled = (ref.seconds * SEEDS) / refSeeds;
    console.log(
      `numpy:    ${refSeeds} seeds ${ref.seconds.toFixed(1)} s -> ${SEEDS} seeds ~${scaled.toFixed(0)} s (linear); RMSE ${Object.entries(
        ref.rmse,
      )
        .map(([m, v]) => `${m} ${v.toFixed(4)}`)
        .join(", ")}`,
    );
    console.log(`ratio:    numpy / evalsift = ${((scaled * 1000) / ms).toFixed(1)}x`);
  } else {
    console.log(`numpy reference failed: ${r.stderr.trim().split("\n").pop()}`);
  }
} else {
  console.log("numpy reference: /usr/bin/python3 with numpy not found, skipped");
}
