import { describe, expect, it } from "vitest";
import { stratifiedPpiMean } from "../../src/estimate/stratifiedPpiMean.js";
import fx from "../fixtures/ppi.json";
import { close } from "./_ppiFixture.js";

// ppi_py has no stratified PPI: scripts/fixtures/ppi.py runs ppi_py's ppi_mean_ci (PPI++, tuned
// lambda, ddof = 0) on each stratum and combines the strata's estimates and variances with the
// weights N_h / N (Fisch et al. 2024). The matching configuration here is { ddof: 0 } with
// ppi_py's normal interval ("wald"): the default interval of 0/1 labels adds a prediction-band
// floor where a band's labels all agree, a variance ppi_py does not have.

describe(`stratifiedPpiMean against ppi_py per stratum (commit ${fx.versions.ppi_py.slice(0, 7)})`, () => {
  for (const c of fx.stratifiedPpiMean) {
    it(`${c.kind} y, ${c.lambdas.length} strata: lambdas, estimate and standard error`, () => {
      const e = stratifiedPpiMean(
        new Float64Array(c.y),
        new Float64Array(c.yhat),
        new Int32Array(c.strata),
        new Float64Array(c.yhatUnlabeled),
        new Int32Array(c.strataUnlabeled),
        { ddof: 0, interval: "wald" },
      );
      c.lambdas.forEach((l, h) => {
        close(e.lambdas[h] as number, l, `lambda ${h}`);
      });
      close(e.estimate, c.estimate, "estimate");
      close(e.se, c.se, "se");
      expect(e.method).toMatch(/^stratifiedPpi\+\+ \(H=\d, lambdas /);
    });
  }
});
