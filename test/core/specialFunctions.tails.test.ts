import { describe, expect, it } from "vitest";
import { betaQuantile } from "../../src/core/beta.js";
import { studentTQuantile } from "../../src/core/studentT.js";

// Far tails with closed forms (no reference tool needed): Beta(1, b)'s upper tail is
// (1 - x)^b, Beta(a, 1)'s lower tail x^a, and Student t with 1 df is Cauchy,
// t_p = -1 / tan(pi p) for small p.
const rel = (got: number, want: number) => Math.abs(got - want) / Math.abs(want);

describe("betaQuantile far in a tail (p down to 1e-300)", () => {
  it("finds the root of a power-law tail (Newton on the raw tail crept and returned a bisection point)", () => {
    // was 0.995 for the root 0.99
    expect(rel(1 - betaQuantile(1e-200, 1, 100, true), 1e-2)).toBeLessThan(1e-12);
    const w = -Math.expm1(Math.log(1e-300) / 1e5);
    expect(rel(betaQuantile(1e-300, 1, 1e5, true), w)).toBeLessThan(1e-12);
    expect(rel(betaQuantile(1e-200, 100, 1), 1e-2)).toBeLessThan(1e-12);
    // lower tails many orders below the start: the step is taken in log x (x was halved each
    // step and 1.2e-240 came back for every p below about 1e-230)
    expect(rel(betaQuantile(1e-300, 1, 1), 1e-300)).toBeLessThan(1e-12);
    expect(
      rel(betaQuantile(1e-300, 1, 1000), -Math.expm1(Math.log1p(-1e-300) / 1000)),
    ).toBeLessThan(1e-12);
    for (const a of [2, 5, 20])
      expect(rel(betaQuantile(1e-250, a, 1), Math.exp(Math.log(1e-250) / a))).toBeLessThan(1e-12);
    // a root below the smallest double is 0
    expect(betaQuantile(1e-250, 0.5, 1)).toBe(0);
  });
});

describe("studentTQuantile where |t| is huge", () => {
  it("takes the power-law tail in logarithms (|t| was stuck near 1e120)", () => {
    expect(rel(studentTQuantile(1e-200, 1), -1 / Math.tan(Math.PI * 1e-200))).toBeLessThan(1e-12);
    // nearer the centre the beta-quantile path, unchanged
    expect(rel(studentTQuantile(1e-16, 1), -1 / Math.tan(Math.PI * 1e-16))).toBeLessThan(1e-12);
    // |t| near the top of the double range is finite (sqrt(df) < 1 taken inside the exponential)
    const big = studentTQuantile(0.975, 0.00421);
    expect(Number.isFinite(big) && big > 1e307).toBe(true);
    // a t so large it overflows is -Infinity, not a finite stand-in
    expect(studentTQuantile(0.025, 0.001)).toBe(Number.NEGATIVE_INFINITY);
  });
});
