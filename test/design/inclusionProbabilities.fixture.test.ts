import { describe, expect, it } from "vitest";
import { inclusionProbabilities } from "../../src/design/index.js";
import fx from "../fixtures/inclusionprobabilities.json";

// Reference numbers: R sampling::inclusionprobabilities
// (scripts/fixtures/inclusionprobabilities.R).
describe(`inclusionProbabilities against sampling ${fx.meta.packages.sampling} (${fx.meta.R})`, () => {
  for (const c of fx.cases) {
    it(`${c.name}: matches ${c.call}`, () => {
      const size = new Float64Array(c.size);
      const pik = inclusionProbabilities(size, c.n);
      expect(pik.length).toBe(c.pik.length);
      let capped = 0;
      c.pik.forEach((want, i) => {
        const got = pik[i] as number;
        // R leaves zeros at exactly 0 and sets capped units to exactly 1.
        if (want === 0 || want === 1) expect(got, `pik[${i}]`).toBe(want);
        else
          expect(Math.abs(got - want) / want, `pik[${i}]: ${got} vs ${want}`).toBeLessThan(1e-10);
        if (got === 1) capped++;
      });
      expect(capped).toBe(c.capped);
    });
  }
});
