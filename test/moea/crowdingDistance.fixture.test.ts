import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { crowdingDistance } from "../../src/moea/crowdingDistance.js";
import fx from "../fixtures/moea_deap.json";
import { expectClose } from "./_helpers.js";

// Reference: DEAP tools.emo.assignCrowdingDist applied to each front of
// sortNondominated (scripts/fixtures/moea_deap.py); null stands for Infinity.
describe(`crowdingDistance vs DEAP ${fx.versions.deap} assignCrowdingDist`, () => {
  fx.sort.forEach((c, i) => {
    if (!("crowding" in c)) return;
    it(`case ${i}: ${c.F.length} points, ${c.fronts.length} fronts`, () => {
      const fronts = c.fronts.map((f) => Int32Array.from(f));
      const d = crowdingDistance(rowMatrix(c.F), { fronts });
      (c.crowding as (number | null)[]).forEach((want, row) => {
        if (want === null) expect(d[row]).toBe(Number.POSITIVE_INFINITY);
        else expectClose(d[row] as number, want, 1e-12);
      });
    });
  });
});
