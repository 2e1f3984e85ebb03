/**
 * deepEst with labels that all agree: the Clopper–Pearson bound at Kish's
 * effective size of the draws' weights, not at n. With a risk that points
 * away from the failures, an all-pass sample is likelier than under uniform
 * draws; with the bound at n the interval covered 88.8 % (stress test, n = 50).
 */
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { toRisk } from "../../src/features/toRisk.js";
import { strategies } from "../../src/tcs/index.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";

describe("deepEst, no failure labelled", () => {
  // failures concentrated where the score is low, the risk rising with the score
  const rng = createRng("deepest-anti");
  const N = 4000;
  const score = Float64Array.from({ length: N }, () => rng());
  const y = Float64Array.from(score, (s) => (rng() < 0.2 * (1 - s) ** 2 + 0.005 ? 1 : 0));
  const mu = y.reduce((a, b) => a + b, 0) / N;
  const risk = toRisk(score, "higher");
  it("bounds an all-pass sample at Kish's size of the weights 1 / q_k, and covers", () => {
    const n = 50;
    let covered = 0;
    let allPass = 0;
    const R = 300;
    for (let r = 0; r < R; r++) {
      const run = runStrategy(
        strategies.deepEst(risk, n, createRng(`da-${r}`)),
        (i) => y[i] as number,
      );
      const e = run.estimate;
      if (e.ci[0] <= mu && mu <= e.ci[1]) covered++;
      if (run.labels.every((v) => v === 0)) {
        allPass++;
        expect(e.nEffective).toBeLessThan(n);
        expect(e.ci[1]).toBeGreaterThan(1 - 0.025 ** (1 / n));
      }
    }
    expect(allPass).toBeGreaterThan(5);
    expect(covered / R).toBeGreaterThan(0.93);
  });
});
