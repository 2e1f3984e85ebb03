import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { extraStrategies } from "../../src/tcs/extraStrategies.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";
import { strategies } from "../../src/tcs/strategies.js";
import type { Strategy } from "../../src/tcs/types.js";

const all: Record<string, Strategy> = { ...strategies, ...extraStrategies };
const withReplacement = new Set(["sups", "twoUps"]);

// Random test sets with ties, zero risks and budgets up to N: every strategy either refuses
// the input with a RangeError at the call (e.g. too few positive risks for a fixed-size PPS
// design) or runs to a finite Estimate with the protocol's guarantees.
const arb = fc.integer({ min: 2, max: 40 }).chain((N) =>
  fc.record({
    risk: fc.array(
      fc.oneof(fc.constant(0), fc.constant(1), fc.double({ min: 1e-6, max: 5, noNaN: true })),
      {
        minLength: N,
        maxLength: N,
      },
    ),
    y: fc.array(fc.integer({ min: 0, max: 1 }), { minLength: N, maxLength: N }),
    budget: fc.integer({ min: 2, max: N }),
    seed: fc.integer(),
  }),
);

describe("runStrategy(strategy(risk, budget, rng), label): invariants on random test sets", () => {
  it.each(Object.keys(all))("%s", (name) => {
    const strategy = all[name] as Strategy;
    let ran = 0;
    fc.assert(
      fc.property(arb, ({ risk, y, budget, seed }) => {
        const r = Float64Array.from(risk);
        let gen: Generator<number, unknown, number>;
        try {
          gen = strategy(r, budget, createRng(seed));
        } catch (e) {
          expect(e).toBeInstanceOf(RangeError);
          return;
        }
        ran++;
        const run = runStrategy(gen as ReturnType<Strategy>, (i) => y[i] as number);
        expect(run.indices.length).toBe(budget);
        if (!withReplacement.has(name)) expect(new Set(run.indices).size).toBe(budget);
        const e = run.estimate;
        expect(Number.isFinite(e.estimate)).toBe(true);
        expect(Number.isFinite(e.variance)).toBe(true);
        // a census (every unit labelled, without replacement) knows the mean: every strategy
        // returns it, inside its interval (deepEst and sequentialPps returned the mean of
        // their z_k, e.g. 0.75 for labels (1, 0), with a zero-width interval elsewhere)
        if (budget === r.length && !withReplacement.has(name)) {
          const mu = y.reduce((s, v) => s + v, 0) / y.length;
          expect(e.estimate).toBeCloseTo(mu, 12);
          expect(e.ci[0]).toBeLessThanOrEqual(mu + 1e-12);
          expect(e.ci[1]).toBeGreaterThanOrEqual(mu - 1e-12);
        }
        const again = runStrategy(strategy(r, budget, createRng(seed)), (i) => y[i] as number);
        expect(again.indices).toEqual(run.indices);
        expect(again.estimate).toEqual(run.estimate);
      }),
      { numRuns: 150 },
    );
    // RHC needs every risk positive, so it refuses most of these sets
    expect(ran).toBeGreaterThan(name === "rhc" ? 3 : 30);
  });
});
