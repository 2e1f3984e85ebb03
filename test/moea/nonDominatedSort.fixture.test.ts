import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { nonDominatedSort } from "../../src/moea/nonDominatedSort.js";
import fx from "../fixtures/moea_deap.json";
import { plain } from "./_helpers.js";

// Reference: DEAP tools.sortNondominated (scripts/fixtures/moea_deap.py).
describe(`nonDominatedSort vs DEAP ${fx.versions.deap} sortNondominated`, () => {
  fx.sort.forEach((c, i) => {
    it(`case ${i}: ${c.F.length} x ${c.F[0]?.length} -> ${c.fronts.length} fronts`, () => {
      expect(plain(nonDominatedSort(rowMatrix(c.F)))).toEqual(c.fronts);
    });
  });
});
