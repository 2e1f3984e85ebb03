import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { toRisk } from "../../src/features/toRisk.js";
import { extraStrategies } from "../../src/tcs/extraStrategies.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";
import { strategies } from "../../src/tcs/strategies.js";
import type { Strategy } from "../../src/tcs/types.js";

// A small cell where the weighted designs' own variances fail: like CIFAR-10
// model F (docs/replication/coverage.md), a third of the units fail and a
// quarter of the failures look as safe as the passes (confident mistakes),
// so a sample of 30 labels often draws no failure among the low-risk,
// large-weight units. Without the risk-band floor (src/tcs/_riskBands.ts)
// these covered 81-87 % at 400 runs (93-97 % with it); the bound 0.90 is
// 93 % less two Monte Carlo SEs at 300 runs.
/** N units, 35 % failing, 30 % of the failures as confident as the passes; the true rate. */
function confidentMistakes(
  seed: string,
  N: number,
): { y: Uint8Array; confidence: Float64Array; rate: number } {
  const g = createRng(seed);
  const y = new Uint8Array(N);
  const confidence = new Float64Array(N);
  let fails = 0;
  for (let i = 0; i < N; i++) {
    y[i] = g() < 0.35 ? 1 : 0;
    fails += y[i] as number;
    // passes and confident mistakes: confidence near 1; the other failures spread over (0.3, 0.95)
    const hard = y[i] === 1 && g() < 0.7;
    confidence[i] = hard ? 0.3 + 0.65 * g() : 1 - 0.05 * g() ** 3;
  }
  return { y, confidence, rate: fails / N };
}
const { y, confidence, rate: mu } = confidentMistakes("coverage-weighted/population", 2000);
const risk = toRisk(confidence, "lower");
const RUNS = 300;
const all: Record<string, Strategy> = { ...strategies, ...extraStrategies };
// the five that fell below 88 % here before the floor (pivotal, balanced and mixture covered 93-96 %)
const WEIGHTED = ["systematicPps", "rhc", "sups", "twoUps", "deepEst"];

describe("weighted strategies at n = 30 with confident failures: the default interval covers", () => {
  it.each(WEIGHTED)("%s", (name) => {
    const strategy = all[name] as Strategy;
    let covered = 0;
    let reliable = 0;
    for (let r = 0; r < RUNS; r++) {
      const e = runStrategy(
        strategy(risk, 30, createRng(`${name}/${r}`)),
        (i) => y[i] as number,
      ).estimate;
      if (!e.reliable) continue;
      reliable++;
      if (e.ci[0] <= mu && mu <= e.ci[1]) covered++;
    }
    console.log(
      `${name}: coverage when reliable ${(covered / reliable).toFixed(3)} of ${reliable}`,
    );
    expect(reliable).toBeGreaterThan(RUNS / 2);
    expect(covered / reliable).toBeGreaterThanOrEqual(0.9);
  });
});

// The same kind of population with `toRisk`'s floor lowered to 0.01: the confident units are
// drawn at less than 1/4 but more than 1/21 of the mean rate (no weight-tail flag), so the lowest
// equal-risk band spans weights more than 4-fold and its labels come mostly from its light end. Without
// the split of bands spreading more than 4-fold (src/tcs/_riskBands.ts) these runs covered
// 81.5-90.0 % (96.0-98.0 % with it); the bound 0.92 is about 3 Monte Carlo SEs (1.5 points at
// 200 runs) below the latter.
describe("weighted strategies at n = 100 with a low floor: the split bands keep the interval honest", () => {
  const { y: yy, confidence: conf, rate } = confidentMistakes("coverage-weighted/spread", 3000);
  const lowFloor = toRisk(conf, "lower", { floor: 0.01 });
  it.each(["systematicPps", "rhc", "sups", "twoUps"])("%s", (name) => {
    const strategy = all[name] as Strategy;
    let covered = 0;
    const runs = 200;
    for (let r = 0; r < runs; r++) {
      const e = runStrategy(
        strategy(lowFloor, 100, createRng(`ws-${name}-${r}`)),
        (i) => yy[i] as number,
      ).estimate;
      // no flag: the population is outside the weight tail
      expect(e.warning).not.toMatch(/uniform rate/);
      if (e.ci[0] <= rate && rate <= e.ci[1]) covered++;
    }
    console.log(`${name} at floor 0.01: coverage ${(covered / runs).toFixed(3)}`);
    expect(covered / runs).toBeGreaterThanOrEqual(0.92);
  });
});

// A judge-like 1-5 score that says nothing about the failures (the coverage
// bench's "judge-like" cells): the lowest level holds half the units and is
// drawn at a sixth of the uniform rate by the designs that draw in
// proportion to the risk, so a run that draws no failure there is low with a
// small variance. Before the risk-band floor also looked at the riskier
// neighbour's rate (src/tcs/_riskBands.ts) these 300 runs covered balanced
// 84.3 %, pivotal 86.3 %, sups 91.7 %, twoUps 93.3 % (the others 96-99 %);
// now 95.0-99.3 %. The bound 0.91 is 93 % less about 1.4 Monte Carlo SEs at
// 300 runs.
describe("weighted strategies with a judge-like score unrelated to failures: the interval covers", () => {
  const N = 250;
  const g = createRng("coverage-weighted/judge");
  const shares = [0.5, 0.2, 0.15, 0.1, 0.05];
  const level = Float64Array.from({ length: N }, () => {
    let u = g();
    let l = 0;
    while (l < shares.length - 1 && u >= (shares[l] as number)) u -= shares[l++] as number;
    return l + 1;
  });
  const yy = Uint8Array.from({ length: N }, () => (g() < 0.1 ? 1 : 0));
  let F = 0;
  for (const v of yy) F += v;
  const judgeRisk = toRisk(level, "higher");
  it.each(["sups", "twoUps", "rhc", "systematicPps", "balanced", "pivotal"])("%s", (name) => {
    const strategy = all[name] as Strategy;
    let covered = 0;
    const runs = 300;
    for (let r = 0; r < runs; r++) {
      const e = runStrategy(
        strategy(judgeRisk, 100, createRng(`judge-${name}-${r}`)),
        (i) => yy[i] as number,
      ).estimate;
      if (e.ci[0] <= F / N && F / N <= e.ci[1]) covered++;
    }
    console.log(`${name}: judge-like coverage ${(covered / runs).toFixed(3)}`);
    expect(covered / runs).toBeGreaterThanOrEqual(0.91);
  });
});
