import { describe, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { spread } from "../../src/moea/spread.js";
import fx from "../fixtures/moea_deap.json";
import { expectClose } from "./_helpers.js";

// Reference: DEAP benchmarks.tools.diversity on the front sorted by fitness
// (scripts/fixtures/moea_deap.py).
describe(`spread vs DEAP ${fx.versions.deap} diversity`, () => {
  fx.spread.forEach((c, i) => {
    it(`case ${i}: ${c.front.length} points`, () => {
      expectClose(spread(rowMatrix(c.front), { extremes: rowMatrix(c.extremes) }), c.spread, 1e-12);
    });
  });
});
