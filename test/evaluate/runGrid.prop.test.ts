import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runGrid } from "../../src/evaluate/runGrid.js";
import { strategies } from "../../src/tcs/strategies.js";

const population = fc.integer({ min: 6, max: 40 }).chain((N) =>
  fc.record({
    y: fc.uint8Array({ minLength: N, maxLength: N, min: 0, max: 1 }),
    risk: fc.float64Array({
      minLength: N,
      maxLength: N,
      min: 0.01,
      max: 1,
      noNaN: true,
      noDefaultInfinity: true,
    }),
    budgets: fc.uniqueArray(fc.integer({ min: 2, max: Math.min(N, 8) }), {
      minLength: 1,
      maxLength: 3,
    }),
    repetitions: fc.integer({ min: 1, max: 5 }),
    seed: fc.string(),
  }),
);

describe("runGrid properties", () => {
  it("row count, cell order and per-cell identities hold for any population", () => {
    fc.assert(
      fc.property(population, ({ y, risk, budgets, repetitions, seed }) => {
        const g = runGrid({
          y,
          features: { a: risk, b: Float64Array.from(risk).reverse() },
          strategies: { srs: strategies.srs, ssrs: strategies.ssrs },
          budgets,
          repetitions,
          seed,
        });
        const B = budgets.length;
        expect(g.rows.length).toBe((1 + 2) * B * repetitions);
        expect(g.summary.length).toBe((1 + 2) * B);
        let failures = 0;
        for (const v of y) failures += v;
        expect(g.truth).toBeCloseTo(failures / y.length, 15);
        g.summary.forEach((c, k) => {
          const cell = g.rows.slice(k * repetitions, (k + 1) * repetitions);
          expect(cell.every((r) => r.strategy === c.strategy && r.budget === c.budget)).toBe(true);
          const e = cell.map((r) => r.estimate);
          const mean = e.reduce((a, b) => a + b, 0) / repetitions;
          const variance = e.reduce((a, v) => a + (v - mean) ** 2, 0) / repetitions;
          // MSE = bias^2 + (population) variance of the estimates
          expect(c.rmse ** 2).toBeCloseTo(c.bias ** 2 + variance, 10);
          expect(c.estimateMedian).toBeGreaterThanOrEqual(Math.min(...e) - 1e-12);
          expect(c.estimateMedian).toBeLessThanOrEqual(Math.max(...e) + 1e-12);
          expect(c.estimateIqr).toBeGreaterThanOrEqual(0);
          expect(c.failuresIqr).toBeGreaterThanOrEqual(0);
          expect(c.coverage).toBe(cell.filter((r) => r.covered).length / repetitions);
          for (const r of cell) {
            expect(r.failuresFound).toBeLessThanOrEqual(Math.min(r.budget, failures));
          }
        });
      }),
      { numRuns: 60 },
    );
  });
});
