import { describe, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { hypervolume } from "../../src/moea/hypervolume.js";
import fx from "../fixtures/moea_deap.json";
import { expectClose } from "./_helpers.js";

// Reference: DEAP's C hypervolume (Fonseca et al.'s dimension sweep,
// deap.tools._hypervolume.hv), scripts/fixtures/moea_deap.py.
describe(`hypervolume vs DEAP ${fx.versions.deap} hv.hypervolume`, () => {
  fx.hypervolume.forEach((c, i) => {
    it(`case ${i}: ${c.F.length} points in ${c.reference.length}-D`, () => {
      expectClose(
        hypervolume(rowMatrix(c.F), Float64Array.from(c.reference)),
        c.hypervolume,
        1e-12,
      );
    });
  });
});
