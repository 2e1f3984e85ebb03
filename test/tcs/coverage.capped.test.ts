import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { proportionInterval } from "../../src/estimate/proportionInterval.js";
import { toRisk } from "../../src/features/toRisk.js";
import { UNCHECKED_RNG } from "../../src/tcs/_askTell.js";
import { preparers } from "../../src/tcs/_prepared.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";
import { hasShared, parseSimpleCsv, readShared } from "../helpers/sharedData.js";

// Real data: DeepSample's CIFAR-100 model G (15,000 inputs, 34 % failures),
// risk = toRisk(confidence, "lower"), n = 30: the cell of
// docs/replication/coverage.md where twoUps and d2Strat's "beta" interval
// covered 90.8 % and 91.6 %. Their default is now "betaCapped" (n* <= n).
// 1,000 runs with the coverage bench's seeds (fixed counts: 97.8 % and 99.0 %
// capped, 90.8 % and 91.6 % uncapped; the Monte Carlo SE is 0.5-0.9 points).
// Since twoUps's risk-band floor also shrinks an agreeing band towards its
// riskier neighbour's rate: twoUps 99.2 % capped, 97.9 % uncapped.
const RUNS = 1000;
describe.skipIf(!hasShared)("twoUps and d2Strat at n = 30 on CIFAR-100 model G", () => {
  const text = readShared("deepsample/per_input/modelG_final.csv");
  const rows = text === undefined ? [] : parseSimpleCsv(text);
  const y = Uint8Array.from(rows, (r) => (r.outcome === "Fail" ? 1 : 0));
  const risk = toRisk(
    Float64Array.from(rows, (r) => Number(r.confidence)),
    "lower",
  );
  let F = 0;
  for (const v of y) F += v;
  const mu = F / y.length;
  it.each(["twoUps", "d2Strat"] as const)(
    "%s: the default interval covers at least 95 % (d2Strat: the uncapped beta does not reach 93 %)",
    (name) => {
      let covered = 0;
      let coveredBeta = 0;
      // prepared once, as the bench does (the same runs as strategies[name](risk, 30, rng))
      const prepared = preparers[name](risk, 30, UNCHECKED_RNG);
      for (let r = 0; r < RUNS; r++) {
        const seed = `CIFAR-100 G (real)/${name}/30/${r}`;
        const run = runStrategy(prepared.start(createRng(seed)), (i) => y[i] as number);
        const e = run.estimate;
        expect(e.interval).toBe("betaCapped");
        if (e.ci[0] <= mu && mu <= e.ci[1]) covered++;
        // the uncapped interval of the same estimate (what { interval: "beta" } returns)
        const raw = proportionInterval(
          {
            estimate: e.estimate,
            variance: e.variance,
            n: e.n,
            df: e.df,
            nEffective: e.nEffective,
          },
          "beta",
          0.95,
        );
        // within the finite-population bounds every default interval carries: at
        // least the labelled failures, at most all but the labelled passes (of N)
        const labelled = [...new Set(run.indices)];
        const x = labelled.filter((i) => y[i] === 1).length;
        const z = labelled.length - x;
        const b = [Math.max(0, raw[0], x / y.length), Math.min(1, raw[1], 1 - z / y.length)];
        if ((b[0] as number) <= mu && mu <= (b[1] as number)) coveredBeta++;
        // the capped interval contains the uncapped one
        expect(e.ci[0]).toBeLessThanOrEqual((b[0] as number) + 1e-15);
        expect(e.ci[1]).toBeGreaterThanOrEqual((b[1] as number) - 1e-15);
      }
      console.log(
        `[coverage] ${name} CIFAR-100 G n = 30: betaCapped ${covered / RUNS}, beta ${coveredBeta / RUNS}`,
      );
      expect(covered / RUNS).toBeGreaterThanOrEqual(0.95);
      // twoUps's own beta interval reaches 97.9 % here since its risk-band floor
      // also looks at the riskier neighbour's rate (src/tcs/_riskBands.ts)
      if (name === "d2Strat") expect(coveredBeta / RUNS).toBeLessThan(0.93);
    },
  );
});
