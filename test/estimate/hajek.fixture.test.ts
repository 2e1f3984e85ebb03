import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/index.js";
import { hajek } from "../../src/estimate/index.js";
import sv from "../fixtures/survey.json";

// Reference numbers: R survey::svymean on svydesign(ids = ~1, fpc = ~pik,
// pps = ppsmat(pi2), variance = "HT" | "YG") (scripts/fixtures/survey.R).
// R's confint is the Wald interval; for 0/1 labels (a proportion) evalsift's
// "wald" interval is the same interval clipped to [0, 1].
const TOL = 1e-10;

function close(got: number, want: number, what: string): void {
  const err = want === 0 ? Math.abs(got) : Math.abs(got - want) / Math.abs(want);
  expect(err, `${what}: got ${got}, want ${want}`).toBeLessThan(TOL);
}

const clip01 = (v: number): number => Math.min(1, Math.max(0, v));

describe(`hajek against survey ${sv.meta.packages.survey} svymean (${sv.meta.R})`, () => {
  for (const c of sv.pps) {
    const y = new Float64Array(c.y);
    const pik = new Float64Array(c.pik);
    const pi2 = rowMatrix(c.pi2);
    const forms = [
      ["ht", c.svymean_HT],
      ["syg", c.svymean_YG],
    ] as const;
    for (const [form, ref] of forms) {
      it(`${c.name}: variance "${form}" = ${ref.call}`, () => {
        const e = hajek(y, pik, { pi2, variance: form, interval: "wald" });
        close(e.estimate, ref.mean, "estimate");
        close(e.se, ref.se, "se");
        const clip = c.y.every((v) => v === 0 || v === 1) ? clip01 : (v: number) => v;
        close(e.ci[0], clip(ref.ci95[0] as number), "ci lower");
        close(e.ci[1], clip(ref.ci95[1] as number), "ci upper");
        expect(e.n).toBe(c.y.length);
      });
    }
  }
});
