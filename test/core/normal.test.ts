import { describe, expect, it } from "vitest";
import * as m from "../../src/core/normal.js";
import { normalCdf, normalQuantile } from "../../src/core/normal.js";

// Comparisons with R's qnorm / pnorm live in normal.fixture.test.ts.
describe("normalQuantile(p) and normalCdf(z)", () => {
  it("are exact at the centre and at the infinities", () => {
    expect(normalQuantile(0.5)).toBe(0);
    expect(normalCdf(0)).toBe(0.5);
    expect(normalCdf(Number.POSITIVE_INFINITY)).toBe(1);
    expect(normalCdf(Number.NEGATIVE_INFINITY)).toBe(0);
  });
  it("are symmetric: q(1 - p) = -q(p) and Phi(-z) = 1 - Phi(z)", () => {
    for (const p of [0.01, 0.2, 0.3, 0.45]) {
      expect(normalQuantile(1 - p)).toBeCloseTo(-normalQuantile(p), 12);
    }
    for (const z of [0.1, 0.7, 1.5, 3]) {
      expect(normalCdf(-z)).toBeCloseTo(1 - normalCdf(z), 15);
    }
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

describe("normalCdf / normalQuantile argument types", () => {
  it("reject non-numbers with a TypeError instead of NaN or coercion", () => {
    expect(() => m.normalCdf(undefined as never)).toThrow(/^normalCdf: z must be a number/);
    expect(() => m.normalCdf("3" as never)).toThrow(TypeError);
    expect(() => m.normalQuantile("0.5" as never)).toThrow(/^normalQuantile: p must be a number/);
  });
});
