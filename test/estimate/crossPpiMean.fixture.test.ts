import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { crossPpiMean } from "../../src/estimate/crossPpiMean.js";
import { ppiMean } from "../../src/estimate/ppiMean.js";
import fx from "../fixtures/ppi.json";
import { close, closeCi } from "./_ppiFixture.js";

// Reference numbers: ppi_py crossppi_mean_ci / crossppi_mean_pointestimate
// (scripts/fixtures/ppi.py). ppi_py's variances have ddof = 0: the matching configuration is
// { ddof: 0 }, level = 1 - alpha.

describe(`crossPpiMean against ppi_py crossppi_mean_ci (commit ${fx.versions.ppi_py.slice(0, 7)})`, () => {
  for (const c of fx.crossPpiMean) {
    const y = new Float64Array(c.y);
    const yhat = new Float64Array(c.yhat);
    const yu = { data: new Float64Array(c.yhatUnlabeled), rows: c.N, cols: c.K };
    it(`${c.kind} y, n = ${c.n}, N = ${c.N}, K = ${c.K}: estimate and every alternative`, () => {
      for (const alt of ["two-sided", "larger", "smaller"] as const) {
        const e = crossPpiMean(y, yhat, yu, {
          ddof: 0,
          level: 1 - c.alpha,
          alternative: alt,
          interval: "wald",
        });
        close(e.estimate, c.estimate, "estimate");
        closeCi(e.ci, c.ci[alt], alt);
        expect(e.method).toBe(`crossPpi (K=${c.K})`);
      }
    });
  }

  it("one model (K = 1) is PPI with lambda = 1 on that model's predictions", () => {
    const c = fx.ppiMean[0] as (typeof fx.ppiMean)[number];
    const y = new Float64Array(c.y);
    const yhat = new Float64Array(c.yhat);
    const yu = new Float64Array(c.yhatUnlabeled);
    const cross = crossPpiMean(y, yhat, rowMatrix(Array.from(yu, (v) => [v])));
    const ppi = ppiMean(y, yhat, yu, { lambda: 1 });
    close(cross.estimate, ppi.estimate, "estimate");
    close(cross.variance, ppi.variance, "variance");
  });
});
