/**
 * `npm run bench -- subset [--ref-reps N]`: the temporal subset evaluation of
 * issue 5 (25 mini-swe-agent runs, W = 3 -> 2,024 splits, 50 of 500 items,
 * 100 seeds, Random / Diff-Strat / Consist-Strat) timed with evalsift, next to
 * the same protocol in numpy (bench/_subset_numpy.py) when /usr/bin/python3
 * has numpy. The numpy reference is vectorised over seeds (strata built once
 * per split, one argpartition per stratum and one matrix product per split and
 * method for all seeds); it runs all 100 seeds, no extrapolation. Both sides
 * are timed the same way: a warm-up call, then the median of 3 full calls
 * (`--ref-reps` changes the numpy count) inside their own process. The RMSEs
 * are printed side by side with their standard errors over seeds (the two
 * sides use different random streams, so they agree up to Monte Carlo error,
 * not exactly).
 */
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
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
const REPS = 3;
const arg = process.argv.indexOf("--ref-reps");
const refReps = arg > 0 ? Number(process.argv[arg + 1]) : REPS;
const kinds = ["random", "difficulty", "consistency"] as const;
/** Numpy's method names, in the same order as `kinds`. */
const names = ["Random", "Diff-Strat", "Consist-Strat"] as const;
const ours: { rmse: number; se: number }[] = [];
const run = (): void => {
  ours.length = 0;
  for (const kind of kinds) {
    const ev = evaluateSubset({
      outcomes: data.outcomes,
      select: baselineMethod(kind),
      size: 50,
      window: 3,
      seeds: SEEDS,
      seed: "bench",
    });
    // per-seed mean of the per-split RMSEs, for a standard error over seeds
    const S = ev.splits.length;
    const perSeed = Array.from({ length: ev.seeds }, (_, s) => {
      let t = 0;
      for (let j = 0; j < S; j++) t += ev.rmseBySplit[s * S + j] as number;
      return t / S;
    });
    const m = perSeed.reduce((a, b) => a + b, 0) / perSeed.length;
    const v = perSeed.reduce((a, b) => a + (b - m) ** 2, 0) / (perSeed.length - 1);
    ours.push({ rmse: ev.rmse, se: Math.sqrt(v / perSeed.length) });
  }
};
const load0 = loadavg()[0] as number;
const ms = medianMs(run, REPS);
console.log(
  `ours:  25 runs x 500 items, 2,024 splits, ${SEEDS} seeds, 3 baselines: median ${fmtMs(ms)} (of ${REPS} after a warm-up)`,
);
if (hasCommand("/usr/bin/python3", ["-c", "import numpy"])) {
  const r = spawnSync(
    "/usr/bin/python3",
    [
      join(here, "_subset_numpy.py"),
      join(sharedDataDir, MINI_SWE_FILE),
      String(SEEDS),
      String(refReps),
    ],
    { encoding: "utf8" },
  );
  if (r.status === 0) {
    const ref = JSON.parse(r.stdout) as {
      seconds: number;
      times: number[];
      numpy: string;
      rmse: Record<string, number>;
      se: Record<string, number>;
    };
    const refMs = ref.seconds * 1000;
    console.log(
      `numpy: same protocol, vectorised over seeds, all ${SEEDS} seeds: median ${fmtMs(refMs)} (of ${refReps} after a warm-up; ${ref.times
        .map((t) => `${t.toFixed(2)} s`)
        .join(", ")}), numpy ${ref.numpy}`,
    );
    console.log("RMSE (mean over seeds and splits, +- standard error over seeds):");
    console.log("  method          ours               numpy              z (difference / se)");
    kinds.forEach((_, i) => {
      const o = ours[i] as { rmse: number; se: number };
      const name = names[i] as string;
      const nr = ref.rmse[name] as number;
      const ns = ref.se[name] as number;
      const z = (o.rmse - nr) / Math.sqrt(o.se ** 2 + ns ** 2);
      console.log(
        `  ${name.padEnd(14)}  ${o.rmse.toFixed(5)} +- ${o.se.toFixed(5)}  ${nr.toFixed(5)} +- ${ns.toFixed(5)}  ${z.toFixed(2)}`,
      );
    });
    console.log(
      `ours ${fmtMs(ms)}, numpy ${fmtMs(refMs)}, numpy/ours = ${(refMs / ms).toFixed(2)} (ours ${refMs >= ms ? `${(refMs / ms).toFixed(2)}x faster` : `${(ms / refMs).toFixed(2)}x slower`}); 1-min load ${load0.toFixed(2)} -> ${(loadavg()[0] as number).toFixed(2)}`,
    );
  } else {
    console.log(`numpy reference failed: ${r.stderr.trim().split("\n").pop()}`);
  }
} else {
  console.log("numpy reference: /usr/bin/python3 with numpy not found, skipped");
}
