import { describe, expect, it } from "vitest";
import { sbx } from "../../src/moea/sbx.js";
import fx from "../fixtures/moea_deap.json";
import { expectClose, replay } from "./_helpers.js";

// Reference: DEAP tools.cxSimulatedBinaryBounded fed a recorded uniform stream
// (scripts/fixtures/moea_deap.py); the same stream drives our Rng, so every
// child must agree to rounding.
describe(`sbx vs DEAP ${fx.versions.deap} cxSimulatedBinaryBounded`, () => {
  fx.sbx.forEach((c, i) => {
    it(`case ${i}: n = ${c.a.length}, eta = ${c.eta}, bounds [${c.low}, ${c.high}]`, () => {
      const rng = replay(c.draws);
      const [c1, c2] = sbx(Float64Array.from(c.a), Float64Array.from(c.b), rng, {
        low: c.low,
        high: c.high,
        eta: c.eta,
      });
      expect(rng.used()).toBe(c.draws.length);
      c.c1.forEach((v, k) => {
        expectClose(c1[k] as number, v, 1e-12);
      });
      c.c2.forEach((v, k) => {
        expectClose(c2[k] as number, v, 1e-12);
      });
    });
  });
});
