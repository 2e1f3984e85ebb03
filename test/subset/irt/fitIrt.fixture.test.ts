import { describe, expect, it } from "vitest";
import { fitIrt } from "../../../src/subset/irt/fitIrt.js";
import { fx } from "./_fixture.js";

describe("fitIrt matches scipy L-BFGS-B on the same joint MAP objective (scripts/fixtures/irt.py)", () => {
  it("records the generator's versions", () => {
    expect(fx.versions.scipy).toBeTypeOf("string");
  });
  for (const f of fx.fits) {
    it(`${f.model}, ${f.runs} runs x ${f.items} items`, () => {
      const o = {
        runs: Array.from({ length: f.runs }, (_, r) => `r${r}`),
        items: Array.from({ length: f.items }, (_, i) => `i${i}`),
        data: Uint8Array.from(f.data),
      };
      const fit = fitIrt(o, { model: f.model, ...fx.priors, tol: 1e-10, maxIter: 5000 });
      expect(fit.converged).toBe(true);
      expect(fit.logPosterior).toBeCloseTo(f.logPosterior, 6);
      for (const [r, t] of f.theta.entries()) expect(fit.theta[r]).toBeCloseTo(t, 4);
      for (const [i, t] of f.b.entries()) expect(fit.b[i]).toBeCloseTo(t, 4);
      for (const [i, t] of f.a.entries()) expect(fit.a[i]).toBeCloseTo(t, 4);
    });
  }
});
