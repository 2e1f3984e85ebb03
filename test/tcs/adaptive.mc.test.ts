import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { UNCHECKED_RNG } from "../../src/tcs/_askTell.js";
import { prepareDeepEst } from "../../src/tcs/deepEstStrategy.js";
import { prepareGbs } from "../../src/tcs/gbsStrategy.js";
import { prepareMcucb } from "../../src/tcs/mcucbStrategy.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";
import { monteCarlo, population } from "./_population.js";

const RUNS = 20_000;
const { risk, y, mu } = population(40, "adaptive-small");
const oracle = (i: number): number => y[i] as number;
// each strategy is prepared once (checks, strata, bands) and starts every run from it:
// the same runs as calling the strategy afresh (test/tcs/prepared.test.ts), at a third less time
const deepEst = prepareDeepEst(risk, 12, UNCHECKED_RNG);
const deepEstT = prepareDeepEst(risk, 12, UNCHECKED_RNG, { threshold: 0.5, exploit: 0.5 });
const gbs = prepareGbs(risk, 12, UNCHECKED_RNG, { strata: 3 });
const mcucb = prepareMcucb(risk, 12, UNCHECKED_RNG, { strata: 3 });

describe("adaptive strategies: bias by Monte Carlo over 20,000 seeded runs (N = 40, n = 12)", () => {
  it("deepEstStrategy is unbiased: |bias| < 4 SE", () => {
    const r = monteCarlo(
      RUNS,
      mu,
      (k) => runStrategy(deepEst.start(createRng(`deepEst:${k}`)), oracle).estimate.estimate,
    );
    console.log(`deepEst: mu ${mu}, mean ${r.mean}, bias ${r.bias}, SE ${r.se}, z ${r.z}`);
    expect(Math.abs(r.z)).toBeLessThan(4);
  });

  it("deepEstStrategy with a threshold that zeroes most weights is still unbiased", () => {
    const r = monteCarlo(
      RUNS,
      mu,
      (k) => runStrategy(deepEstT.start(createRng(`deepEstT:${k}`)), oracle).estimate.estimate,
    );
    console.log(`deepEst(threshold 0.5): bias ${r.bias}, SE ${r.se}, z ${r.z}`);
    expect(Math.abs(r.z)).toBeLessThan(4);
  });

  // GBS and MC-UCB pick strata from the labels seen, so the stratified mean is
  // not design-unbiased (TSDoc says so); the test measures the bias and bounds
  // it at 10% of the failure rate, which a starvation bug (a stratum frozen at
  // its first labels) exceeds by far.
  it("strategies.gbs: measured bias below 10% of the rate", () => {
    const r = monteCarlo(
      RUNS,
      mu,
      (k) => runStrategy(gbs.start(createRng(`gbs:${k}`)), oracle).estimate.estimate,
    );
    console.log(`gbs: mu ${mu}, mean ${r.mean}, bias ${r.bias}, SE ${r.se}, z ${r.z}`);
    expect(Math.abs(r.bias)).toBeLessThan(0.1 * mu);
  });

  it("strategies.mcucb: measured bias below 10% of the rate", () => {
    const r = monteCarlo(
      RUNS,
      mu,
      (k) => runStrategy(mcucb.start(createRng(`mcucb:${k}`)), oracle).estimate.estimate,
    );
    console.log(`mcucb: mu ${mu}, mean ${r.mean}, bias ${r.bias}, SE ${r.se}, z ${r.z}`);
    expect(Math.abs(r.bias)).toBeLessThan(0.1 * mu);
  });
});
