import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { finitePopulationBounds } from "../../src/tcs/_finitePopulation.js";
import { extraStrategies } from "../../src/tcs/extraStrategies.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";
import { srsStrategy } from "../../src/tcs/srsStrategy.js";
import { strategies } from "../../src/tcs/strategies.js";
import type { Strategy } from "../../src/tcs/types.js";

const all: Record<string, Strategy> = { ...strategies, ...extraStrategies };

/** A population of N units with a positive risk and `failures` failures at seeded units. */
function population(
  N: number,
  failures: number,
  seed: number,
): { risk: Float64Array; y: Uint8Array } {
  const g = createRng(`intervals.prop/${seed}`);
  const risk = Float64Array.from({ length: N }, () => 0.05 + g());
  const y = new Uint8Array(N);
  const order = Array.from({ length: N }, (_, i) => i);
  for (let i = N - 1; i > 0; i--) {
    const j = Math.floor(g() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  for (let k = 0; k < failures; k++) y[order[k] as number] = 1;
  return { risk, y };
}

describe("every strategy's interval for a proportion (0/1 labels)", () => {
  it.each(Object.keys(all))("%s: never zero width while n < N, always inside [0, 1]", (name) => {
    const strategy = all[name] as Strategy;
    fc.assert(
      fc.property(
        fc.integer({ min: 24, max: 80 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 1e6 }),
        (N, rate, seed) => {
          const budget = 4 + (seed % Math.min(40, N - 4));
          const { risk, y } = population(N, Math.round(rate * N), seed);
          const e = runStrategy(
            strategy(risk, budget, createRng(seed)),
            (i) => y[i] as number,
          ).estimate;
          expect(e.ci[1] - e.ci[0], `${e.interval} [${e.ci}] n=${budget} N=${N}`).toBeGreaterThan(
            0,
          );
          expect(e.ci[0]).toBeGreaterThanOrEqual(0);
          expect(e.ci[1]).toBeLessThanOrEqual(1);
          expect(typeof e.interval).toBe("string");
          expect(e.reliable === true || e.reliable === false).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  });

  it.each(Object.keys(all))(
    "%s: no failure seen gives [0, u] with u > 0; all failures an interval below the estimate too",
    (name) => {
      const strategy = all[name] as Strategy;
      const N = 60;
      const risk = Float64Array.from({ length: N }, (_, i) => 0.05 + (i % 7) / 7);
      const none = runStrategy(strategy(risk, 20, createRng(1)), () => 0).estimate;
      expect(none.estimate).toBe(0);
      expect(none.ci[0]).toBe(0);
      expect(none.ci[1]).toBeGreaterThan(0);
      // Horvitz–Thompson-type estimators need not give exactly 1 when every label is 1
      const every = runStrategy(strategy(risk, 20, createRng(1)), () => 1).estimate;
      if (every.estimate === 1) expect(every.ci[1]).toBe(1);
      expect(every.ci[0]).toBeLessThan(Math.min(1, every.estimate));
    },
  );
});

describe("srsStrategy(risk, N, rng) labels every unit: a census", () => {
  it("has a zero-width interval at the exact rate", () => {
    const y = [0, 1, 0, 0, 1, 0, 0, 0, 1, 0];
    const e = runStrategy(
      srsStrategy(new Float64Array(10), 10, createRng(1)),
      (i) => y[i] as number,
    ).estimate;
    expect(e.estimate).toBe(0.3);
    expect(e.ci).toEqual([0.3, 0.3]);
    expect(e.reliable).toBe(true);
  });
});

describe("every strategy without replacement at budget N: a census", () => {
  // balanced, pivotal and mixture (Hájek) gave a 0/1 census [0.206, 0.517] and real labels the
  // whole line; rhc's single-failure flag (on the wrong weights) called the exact rate unreliable
  const N = 40;
  const u = createRng("census");
  const risk = Float64Array.from({ length: N }, () => 0.05 + u());
  const labels = {
    "0/1": Float64Array.from({ length: N }, (_, i) => (i % 3 === 0 ? 1 : 0)),
    // real-valued, in [0, 1] (active's calibrated score and sequentialPps's sequence need that)
    real: Float64Array.from({ length: N }, (_, i) => (i % 7) / 6),
  };
  const names = Object.keys(all).filter((k) => k !== "sups" && k !== "twoUps");
  it.each(names)("%s", (name) => {
    for (const [kind, y] of Object.entries(labels)) {
      const mu = y.reduce((a, b) => a + b, 0) / N;
      const e = runStrategy(
        (all[name] as Strategy)(risk, N, createRng(1)),
        (i) => y[i] as number,
      ).estimate;
      expect(e.estimate, kind).toBeCloseTo(mu, 12);
      expect(e.ci[1] - e.ci[0], kind).toBeLessThan(1e-12);
      expect(e.reliable, kind).toBe(true);
    }
  });
});

describe("rhc's single-failure flag weighs the labels as its estimator does (1 / groupShare)", () => {
  it("does not flag a census whose two failures carry equal weight", () => {
    // with the weights groupTotal / groupShare the two failures' effective number was 1.89 < 2
    const risk = new Float64Array([0.278, 0.804, 0.727, 0.45, 0.435, 0.493]);
    const y = [1, 0, 0, 1, 0, 0];
    const e = runStrategy(strategies.rhc(risk, 6, createRng(1)), (i) => y[i] as number).estimate;
    expect(e.ci).toEqual([1 / 3, 1 / 3]);
    expect(e.reliable).toBe(true);
  });
});

describe("weighted strategies flag an estimate a single sampled failure carries", () => {
  // the strategies whose default design interval is "betaCapped" (docs/replication/coverage.md)
  const capped = new Set(["twoUps", "rhc", "systematicPps"]);
  it.each(["systematicPps", "balanced", "pivotal", "sups", "twoUps", "rhc"] as const)(
    "%s",
    (name) => {
      const risk = Float64Array.from({ length: 200 }, (_, i) => 0.05 + (i % 13) / 13);
      // one failure in the population: drawn once, x_eff = 1 (drawn twice with replacement: x_eff = 2)
      const y = (i: number) => (i === 7 ? 1 : 0);
      let flagged = 0;
      for (let seed = 0; seed < 60; seed++) {
        const run = runStrategy(strategies[name](risk, 40, createRng(seed)), y);
        const e = run.estimate;
        if (run.labels.reduce((a, v) => a + v, 0) === 1) {
          expect(e.reliable).toBe(false);
          expect(e.warning).toMatch(/single sampled failure/);
          flagged++;
          const chosen = runStrategy(
            strategies[name](risk, 40, createRng(seed), {
              interval: capped.has(name) ? "betaCapped" : "beta",
            }),
            y,
          ).estimate;
          expect(chosen.reliable).toBe(true);
          // the default adds the finite-population bounds to the explicit interval
          expect(finitePopulationBounds(chosen, run.indices, run.labels, 200).ci).toEqual(e.ci);
        } else expect(e.reliable).toBe(true);
      }
      expect(flagged).toBeGreaterThan(0);
    },
  );
});

describe("stratified strategies no longer need a blanket shortfall flag", () => {
  it.each(["ssrs", "gbs", "kCenterStrat"] as const)("%s", (name) => {
    const risk = Float64Array.from({ length: 200 }, (_, i) => 0.05 + (i % 13) / 13);
    const y = (i: number) => (i % 9 === 0 ? 1 : 0);
    const e = runStrategy(strategies[name](risk, 40, createRng(3)), y).estimate;
    expect(e.reliable).toBe(true);
    expect(e.ci[1] - e.ci[0]).toBeGreaterThan(0);
  });
});
