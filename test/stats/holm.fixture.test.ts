import { describe, it } from "vitest";
import { holm } from "../../src/stats/holm.js";
import { expectAllClose, fixture } from "./_fixture.js";

describe("holm vs statsmodels multipletests(method='holm')", () => {
  for (const c of fixture.holm as { p: number[]; adjusted: number[] }[]) {
    it(`m = ${c.p.length}`, () => {
      expectAllClose(holm(Float64Array.from(c.p)), c.adjusted, 1e-14, 1e-300);
    });
  }
});
