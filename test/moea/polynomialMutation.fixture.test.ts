import { describe, expect, it } from "vitest";
import { polynomialMutation } from "../../src/moea/polynomialMutation.js";
import fx from "../fixtures/moea_deap.json";
import { expectClose, replay } from "./_helpers.js";

// Reference: DEAP tools.mutPolynomialBounded fed a recorded uniform stream
// (scripts/fixtures/moea_deap.py), replayed through our Rng.
describe(`polynomialMutation vs DEAP ${fx.versions.deap} mutPolynomialBounded`, () => {
  fx.polynomialMutation.forEach((c, i) => {
    it(`case ${i}: n = ${c.x.length}, eta = ${c.eta}, probability ${c.probability.toFixed(3)}`, () => {
      const rng = replay(c.draws);
      const y = polynomialMutation(Float64Array.from(c.x), rng, {
        low: c.low,
        high: c.high,
        eta: c.eta,
        probability: c.probability,
      });
      expect(rng.used()).toBe(c.draws.length);
      c.y.forEach((v, k) => {
        expectClose(y[k] as number, v, 1e-12);
      });
    });
  });
});
