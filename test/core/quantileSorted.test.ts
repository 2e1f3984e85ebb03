import { describe, expect, it } from "vitest";
import { quantileSorted } from "../../src/core/quantileSorted.js";

describe("quantileSorted(sorted, p)", () => {
  it("interpolates between order statistics (type 7)", () => {
    expect(quantileSorted([1, 2, 3], 0.5)).toBe(2);
    expect(quantileSorted([1, 2], 0.25)).toBe(1.25);
    expect(quantileSorted([5], 0.9)).toBe(5);
  });
  it("neighbours more than the largest double apart: no NaN or Infinity", () => {
    expect(quantileSorted([-1e308, 1e308], 0)).toBe(-1e308);
    expect(quantileSorted([-1e308, 1e308], 1)).toBe(1e308);
    expect(quantileSorted([-1e308, 1e308], 0.5)).toBe(0);
  });
});
