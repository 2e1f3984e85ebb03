import { describe, expect, it } from "vitest";
import { stratifiedMean } from "../../src/estimate/index.js";
import sv from "../fixtures/survey.json";

// Reference numbers: R survey::svymean / svytotal on
// svydesign(ids = ~1, strata = ~h, fpc = ~Nh) (scripts/fixtures/survey.R).
const TOL = 1e-10;

function close(got: number, want: number, what: string): void {
  expect(Math.abs(got - want) / Math.abs(want), `${what}: got ${got}, want ${want}`).toBeLessThan(
    TOL,
  );
}

describe(`stratifiedMean against survey ${sv.meta.packages.survey} (${sv.meta.R})`, () => {
  for (const c of sv.stratified) {
    const y = new Float64Array(c.y);
    const strata = new Int32Array(c.strata);
    const sizes = new Int32Array(c.stratumSizes);

    it(`${c.name}: matches ${c.svymean.call}`, () => {
      const e = stratifiedMean(y, strata, sizes);
      close(e.estimate, c.svymean.mean, "estimate");
      close(e.se, c.svymean.se, "se");
      close(e.ci[0], c.svymean.ci95[0] as number, "ci lower");
      close(e.ci[1], c.svymean.ci95[1] as number, "ci upper");
      expect(e.n).toBe(c.y.length);
    });

    it(`${c.name}: times N matches ${c.svytotal.call}`, () => {
      const e = stratifiedMean(y, strata, sizes);
      close(e.estimate * c.N, c.svytotal.total, "total");
      close(e.se * c.N, c.svytotal.se, "se of total");
    });
  }
});
