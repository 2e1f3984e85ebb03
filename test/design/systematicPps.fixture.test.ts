import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/index.js";
import { systematicPps } from "../../src/design/index.js";
import fx from "../fixtures/designfrequencies.json";
import { countPairs, frequencyMismatches } from "../helpers/jointFrequencies.js";

// Reference: R sampling::UPsystematic drawn M = 200,000 times per case
// (scripts/fixtures/designfrequencies.R). Our design is drawn equally often;
// every unit's and every pair's frequency must agree within 5 standard errors
// of the difference of the two binomial proportions.
describe(`systematicPps frequencies against sampling ${fx.meta.packages.sampling} UPsystematic`, () => {
  fx.systematic.forEach((c, caseNo) => {
    it(`${c.name}: first- and second-order frequencies agree within 5 SE`, () => {
      const pik = new Float64Array(c.pik);
      const rng = createRng(`systematicPps fixture ${caseNo}`);
      const ours = countPairs(pik.length, c.M, () => systematicPps(pik, rng));
      expect(frequencyMismatches(ours, c.counts, c.M, 5)).toEqual([]);
      // Fixed size: the diagonal counts add up to n * M in both tables.
      const n = Object.keys(c.sampleSizes).map(Number);
      expect(n).toHaveLength(1);
      const diag = ours.reduce((s, row, k) => s + (row[k] as number), 0);
      expect(diag).toBe((n[0] as number) * c.M);
    });
  });
});
