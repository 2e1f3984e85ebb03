import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { UNCHECKED_RNG } from "../../src/tcs/_askTell.js";
import { preparers } from "../../src/tcs/_prepared.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";
import { population } from "./_population.js";

// CI coverage by simulation on a synthetic test set (N = 1,000, failure rate
// 0.191, risk tracking the failures), n = 100, 1,000 seeded runs per strategy.
// The Monte Carlo SE of a coverage near 0.95 is about 0.007; the bound 0.86
// leaves room for the known shortfalls (with-replacement Hansen–Hurwitz and
// Hájek intervals are Wald intervals on skewed estimates) while catching a
// broken variance (which gives coverage far below).
const { risk, y, mu } = population(1000, "coverage");
const RUNS = 1000;

// every strategy of strategies and extraStrategies, prepared once and started per run (the
// same runs as calling it afresh: test/tcs/prepared.test.ts)
describe("every strategy's 95% interval covers the true rate in most runs", () => {
  it.each(Object.keys(preparers))("%s", (name) => {
    const prepared = preparers[name as keyof typeof preparers](risk, 100, UNCHECKED_RNG);
    let covered = 0;
    let sum = 0;
    let sq = 0;
    let failures = 0;
    for (let r = 0; r < RUNS; r++) {
      const run = runStrategy(prepared.start(createRng(`${name}/${r}`)), (i) => y[i] as number);
      const e = run.estimate;
      if (e.ci[0] <= mu && mu <= e.ci[1]) covered++;
      sum += e.estimate;
      sq += (e.estimate - mu) ** 2;
      for (const v of run.labels) failures += v;
    }
    const coverage = covered / RUNS;
    console.log(
      `${name}: coverage ${coverage.toFixed(3)}, bias ${(sum / RUNS - mu).toFixed(4)}, RMSE ${Math.sqrt(sq / RUNS).toFixed(4)}, failures ${(failures / RUNS).toFixed(1)} (mu ${mu})`,
    );
    expect(coverage).toBeGreaterThanOrEqual(0.86);
  });
});
