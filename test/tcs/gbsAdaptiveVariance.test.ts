import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { gbsStrategy } from "../../src/tcs/gbsStrategy.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";
import { fixedRng } from "../design/_helpers.js";
import { shuffledFailures } from "./_population.js";

// GBS labels a stratum while its labels look variable, so its n_h is a stopping time and the
// fixed-size finite-population correction does not hold (src/tcs/_stratified.ts,
// flooredStratifiedEstimate's `adaptive`; the measured cells are in docs/replication/coverage.md).

describe("gbsStrategy at large sampling fractions", () => {
  it("the default interval covers at n = 0.8 N with rare failures (83 % with the fpc)", () => {
    const { y, risk, mu } = shuffledFailures("gbs-adaptive/population", 300, 0.03, 0.5);
    const RUNS = 400;
    let covered = 0;
    for (let r = 0; r < RUNS; r++) {
      const e = runStrategy(gbsStrategy(risk, 240, createRng(`gbs-adaptive/${r}`)), (i) =>
        y[i] === 1 ? 1 : 0,
      ).estimate;
      if (e.ci[0] <= mu && mu <= e.ci[1]) covered++;
    }
    // 93 % less two Monte Carlo SEs at 400 runs; the fpc variance covered 0.8325 of these runs
    expect(covered / RUNS).toBeGreaterThanOrEqual(0.905);
  });

  it("real-valued labels: W_h^2 s_h^2 / n_h per stratum short of a census, no fpc", () => {
    // risk 1..6 -> strata {0, 1, 2} and {3, 4, 5}; rng 0 -> labels 0, 2, 3, 5, then one more
    const risk = new Float64Array([1, 2, 3, 4, 5, 6]);
    const y = [0.5, 2, 1.5, 4, 3, 7];
    const run = runStrategy(
      gbsStrategy(risk, 5, fixedRng(0), { strata: 2 }),
      (i) => y[i] as number,
    );
    expect(Array.from(run.indices)).toEqual([0, 2, 3, 5, 4]);
    // stratum 1 is a census (its total known); stratum 0 has labels 0.5 and 1.5: s^2 = 0.5
    expect(run.estimate.estimate).toBeCloseTo(0.5 * 1 + 0.5 * (14 / 3), 14);
    expect(run.estimate.variance).toBeCloseTo((0.25 * 0.5) / 2, 14);
  });

  it("a census of every stratum is exact", () => {
    const risk = new Float64Array([1, 2, 3, 4, 5, 6]);
    const y = [0, 0, 1, 1, 1, 0];
    const run = runStrategy(
      gbsStrategy(risk, 6, createRng(3), { strata: 2 }),
      (i) => y[i] as number,
    );
    expect(run.estimate.estimate).toBeCloseTo(0.5, 14);
    expect(run.estimate.variance).toBe(0);
    expect(run.estimate.ci).toEqual([run.estimate.estimate, run.estimate.estimate]);
  });
});
