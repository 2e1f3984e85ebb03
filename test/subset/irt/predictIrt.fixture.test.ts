import { describe, expect, it } from "vitest";
import { irtAbility } from "../../../src/subset/irt/irtAbility.js";
import { predictIrt } from "../../../src/subset/irt/predictIrt.js";
import type { IrtItems } from "../../../src/subset/irt/types.js";
import { fx } from "./_fixture.js";

describe("EAP ability and p-IRT match adaptive quadrature (scipy.integrate.quad)", () => {
  fx.eap.forEach((c, t) => {
    it(`case ${t}`, () => {
      const items: IrtItems = {
        model: "2pl",
        a: Float64Array.from(c.a),
        b: Float64Array.from(c.b),
        thetaMean: c.thetaMean,
        thetaSd: c.thetaSd,
      };
      const observed = Int32Array.from(c.observed);
      const responses = Uint8Array.from(c.responses);
      const ab = irtAbility(items, observed, responses, { grid: 201 });
      expect(ab.theta).toBeCloseTo(c.eapTheta, 6);
      expect(ab.sd).toBeCloseTo(c.eapSd, 6);
      const p = predictIrt(items, observed, responses, { grid: 201 });
      expect(p.pirt.estimate).toBeCloseTo(c.pirt, 8);
      expect(p.pirt.variance / c.pirtVariance).toBeCloseTo(1, 5);
      // The default 41-node grid is already close.
      const d = predictIrt(items, observed, responses);
      expect(d.pirt.estimate).toBeCloseTo(c.pirt, 4);
      expect(d.pirt.se / Math.sqrt(c.pirtVariance)).toBeCloseTo(1, 3);
    });
  });
});
