import { describe, expect, it } from "vitest";
import { normalCdf, normalQuantile } from "../../src/core/normal.js";
import fx from "../fixtures/normal.json";

// Reference numbers: R's qnorm / pnorm, written by scripts/fixtures/normal.R.
const relErr = (a: number, b: number): number => (a === b ? 0 : Math.abs(a - b) / Math.abs(b));

describe(`normalQuantile / normalCdf against ${fx.meta.R}`, () => {
  it("normalQuantile(p) matches qnorm(p) to 1e-13 relative", () => {
    fx.qnorm.p.forEach((p, i) => {
      const want = fx.qnorm.q[i] as number;
      const got = normalQuantile(p);
      if (want === 0) expect(got).toBe(0);
      else expect(relErr(got, want), `p = ${p}`).toBeLessThan(1e-13);
    });
  });

  // The relative error of any erfc-based Phi grows like z^2 * eps in the far
  // tail (z / sqrt(2) is rounded before squaring): measured 1.2e-13 at z = -30.
  it("normalCdf(z) matches pnorm(z) to 1e-12 relative, including far tails", () => {
    fx.pnorm.z.forEach((z, i) => {
      const want = fx.pnorm.p[i] as number;
      expect(relErr(normalCdf(z), want), `z = ${z}`).toBeLessThan(1e-12);
    });
  });
});
