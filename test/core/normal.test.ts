import { describe, expect, it } from "vitest";
import { normalCdf, normalQuantile } from "../../src/index.js";

// Reference values: R 4.x qnorm / pnorm (printed with digits = 17).
describe("normalQuantile(p) and normalCdf(z)", () => {
  it("match R's qnorm", () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 14);
    expect(normalQuantile(0.5)).toBe(0);
    expect(normalQuantile(0.05)).toBeCloseTo(-1.6448536269514729, 14);
    expect(normalQuantile(1e-10)).toBeCloseTo(-6.3613409024040557, 12);
  });
  it("match R's pnorm", () => {
    expect(normalCdf(0.3)).toBeCloseTo(0.61791142218895256, 15);
    expect(normalCdf(-3)).toBeCloseTo(0.0013498980316300946, 17);
    expect(normalCdf(-8) / 6.2209605742717841e-16).toBeCloseTo(1, 12);
    expect(normalCdf(Number.POSITIVE_INFINITY)).toBe(1);
  });
  it("are inverse to each other", () => {
    for (const p of [1e-8, 0.01, 0.2, 0.5, 0.77, 0.999]) {
      expect(normalCdf(normalQuantile(p)) / p).toBeCloseTo(1, 12);
    }
  });
  it("reject NaN and out-of-range p", () => {
    expect(() => normalQuantile(Number.NaN)).toThrow(/normalQuantile: p/);
    expect(() => normalQuantile(0)).toThrow(RangeError);
    expect(() => normalQuantile(1)).toThrow(RangeError);
    expect(() => normalCdf(Number.NaN)).toThrow(RangeError);
  });
});
