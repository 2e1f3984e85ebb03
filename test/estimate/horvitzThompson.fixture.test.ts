import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/index.js";
import { horvitzThompson } from "../../src/estimate/index.js";
import ht from "../fixtures/htestimator.json";
import sv from "../fixtures/survey.json";

// Reference numbers: R sampling::HTestimator / varHT / varest
// (scripts/fixtures/htestimator.R) and survey::svytotal on ppsmat designs
// (scripts/fixtures/survey.R). R works on the TOTAL; horvitzThompson
// estimates the MEAN, so totals are divided by N and variances by N^2.
const TOL = 1e-10;

function close(got: number, want: number, what: string): void {
  const scale = Math.max(Math.abs(want), 1e-300);
  expect(Math.abs(got - want) / scale, `${what}: got ${got}, want ${want}`).toBeLessThan(TOL);
}

describe(`horvitzThompson against sampling ${ht.meta.packages.sampling} (${ht.meta.R})`, () => {
  for (const c of ht.cases) {
    const y = new Float64Array(c.y);
    const pik = new Float64Array(c.pik);
    const pi2 = rowMatrix(c.pi2);
    const N2 = c.N * c.N;

    it(`${c.name}: estimate = HTestimator / N`, () => {
      close(horvitzThompson(y, pik, c.N).estimate, c.total / c.N, "estimate");
    });

    it(`${c.name}: variance "ht" = varHT(method = 1) / N^2`, () => {
      const e = horvitzThompson(y, pik, c.N, { pi2, variance: "ht" });
      if (c.varHT1 === 0) expect(Math.abs(e.variance)).toBeLessThan(1e-12);
      else close(e.variance, c.varHT1 / N2, "variance");
      // Negative unbiased variance estimates are reported, not clipped.
      if (c.varHT1 < 0) expect(e.se).toBeNaN();
      else close(e.se, Math.sqrt(c.varHT1) / c.N, "se");
    });

    it(`${c.name}: variance "syg" = varHT(method = 2) / N^2`, () => {
      const e = horvitzThompson(y, pik, c.N, { pi2, variance: "syg" });
      if (c.varHT2 === 0) expect(Math.abs(e.variance)).toBeLessThan(1e-12);
      else close(e.variance, c.varHT2 / N2, "variance");
      if (c.varHT2 < 0) expect(e.se).toBeNaN();
    });

    it(`${c.name}: variance "deville" = varest(y, pik = pik) / N^2`, () => {
      const e = horvitzThompson(y, pik, c.N, { variance: "deville" });
      if (c.varest === 0) expect(Math.abs(e.variance)).toBeLessThan(1e-12);
      else close(e.variance, c.varest / N2, "variance");
    });
  }

  it("uses SYG by default with pi2 and Deville's approximation without it", () => {
    const c = ht.cases[4];
    if (c === undefined) throw new Error("fixture case missing");
    const y = new Float64Array(c.y);
    const pik = new Float64Array(c.pik);
    close(
      horvitzThompson(y, pik, c.N, { pi2: rowMatrix(c.pi2) }).variance,
      c.varHT2 / c.N ** 2,
      "syg",
    );
    close(horvitzThompson(y, pik, c.N).variance, c.varest / c.N ** 2, "deville");
  });
});

const clip01 = (v: number): number => Math.min(1, Math.max(0, v));

describe(`horvitzThompson against survey ${sv.meta.packages.survey} svytotal (ppsmat)`, () => {
  for (const c of sv.pps) {
    const y = new Float64Array(c.y);
    const pik = new Float64Array(c.pik);
    const pi2 = rowMatrix(c.pi2);
    const forms = [
      ["ht", c.svytotal_HT],
      ["syg", c.svytotal_YG],
    ] as const;
    for (const [form, ref] of forms) {
      it(`${c.name}: variance "${form}" = ${ref.call} / N`, () => {
        const e = horvitzThompson(y, pik, c.N, { pi2, variance: form, interval: "wald" });
        close(e.estimate, ref.total / c.N, "estimate");
        close(e.se, ref.se / c.N, "se");
        const clip = c.y.every((v) => v === 0 || v === 1) ? clip01 : (v: number) => v;
        close(e.ci[0], clip((ref.ci95[0] as number) / c.N), "ci lower");
        close(e.ci[1], clip((ref.ci95[1] as number) / c.N), "ci upper");
        expect(e.level).toBe(0.95);
        expect(e.n).toBe(c.y.length);
      });
    }
  }
});
