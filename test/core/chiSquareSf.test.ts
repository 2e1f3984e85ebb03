import { readFileSync } from "node:fs";
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

  it("keeps its relative accuracy up to df = 1e7 (mpmath at 60 digits, down to 1e-300)", () => {
    // written by scripts/fixtures/chiSquareSf.py; the measured worst relative error is 2.9e-13
    // (at df = 1e4 and p = 6e-156), the summed recurrence it replaced reached 1.5e-8 at df = 1e6
    const ref = JSON.parse(
      readFileSync(new URL("../fixtures/chiSquareSf.json", import.meta.url), "utf8"),
    ) as {
      cases: { x: number; df: number; sf: number }[];
    };
    expect(ref.cases.some((c) => c.df === 1e7)).toBe(true);
    for (const c of ref.cases) expectClose(chiSquareSf(c.x, c.df), c.sf, 5e-13, 0);
  });
});
