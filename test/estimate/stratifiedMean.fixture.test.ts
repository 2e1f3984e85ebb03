import { describe, expect, it } from "vitest";
import { stratifiedMean } from "../../src/estimate/index.js";
import sv from "../fixtures/survey.json";

// Reference numbers: R survey::svymean / svytotal on
// svydesign(ids = ~1, strata = ~h, fpc = ~Nh) (scripts/fixtures/survey.R).
// R's confint is the Wald interval: evalsift's "wald" (clipped to [0, 1] for 0/1 labels).
const TOL = 1e-10;

function close(got: number, want: number, what: string): void {
  const err = want === 0 ? Math.abs(got) : Math.abs(got - want) / Math.abs(want);
  expect(err, `${what}: got ${got}, want ${want}`).toBeLessThan(TOL);
}
const clip01 = (v: number): number => Math.min(1, Math.max(0, v));

describe(`stratifiedMean against survey ${sv.meta.packages.survey} (${sv.meta.R})`, () => {
  for (const c of sv.stratified) {
    const y = new Float64Array(c.y);
    const strata = new Int32Array(c.strata);
    const sizes = new Int32Array(c.stratumSizes);

    it(`${c.name}: matches ${c.svymean.call}`, () => {
      const e = stratifiedMean(y, strata, sizes, { interval: "wald" });
      close(e.estimate, c.svymean.mean, "estimate");
      close(e.se, c.svymean.se, "se");
      const clip = c.y.every((v) => v === 0 || v === 1) ? clip01 : (v: number) => v;
      close(e.ci[0], clip(c.svymean.ci95[0] as number), "ci lower");
      close(e.ci[1], clip(c.svymean.ci95[1] as number), "ci upper");
      expect(e.n).toBe(c.y.length);
    });

    it(`${c.name}: times N matches ${c.svytotal.call}`, () => {
      const e = stratifiedMean(y, strata, sizes);
      close(e.estimate * c.N, c.svytotal.total, "total");
      close(e.se * c.N, c.svytotal.se, "se of total");
    });
  }
});
