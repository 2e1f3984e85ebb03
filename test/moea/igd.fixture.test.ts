import { describe, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { igd } from "../../src/moea/igd.js";
import fx from "../fixtures/moea_deap.json";
import { expectClose } from "./_helpers.js";

// Reference: DEAP's IGD formula, mean(min(cdist(A, Z), axis=0)), evaluated with
// scipy (scripts/fixtures/moea_deap.py).
describe(`igd vs scipy ${fx.versions.scipy} cdist (DEAP's igd formula)`, () => {
  fx.igd.forEach((c, i) => {
    it(`case ${i}: ${c.front.length} points vs ${c.reference.length} reference points`, () => {
      expectClose(igd(rowMatrix(c.front), rowMatrix(c.reference)), c.igd, 1e-12);
    });
  });
});
