import { describe, expect, it } from "vitest";
import { chiSquareSf } from "../../src/core/chiSquareSf.js";
import { expectClose, fixture } from "../stats/_fixture.js";

describe("chiSquareSf(x, df) (internal)", () => {
  it("matches closed forms computed by hand", () => {
    // df = 2: sf = exp(-x/2); df = 1: sf = 2 * (1 - Phi(sqrt(x))), Phi(1.959963984540054) = 0.975
    expect(chiSquareSf(4.5, 2)).toBeCloseTo(Math.exp(-2.25), 15);
    expect(chiSquareSf(1.959963984540054 ** 2, 1)).toBeCloseTo(0.05, 14);
    expect(chiSquareSf(0, 3)).toBe(1);
  });

  it("matches scipy.stats.chi2.sf, including tails down to 1e-300", () => {
    const cases = fixture.chiSquareSf as { x: number; df: number; sf: number }[];
    for (const c of cases) expectClose(chiSquareSf(c.x, c.df), c.sf, 1e-11, 1e-300);
  });
});
