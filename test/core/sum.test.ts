import { describe, expect, it } from "vitest";
import { fsum } from "../../src/core/sum.js";

describe("fsum(x)", () => {
  it("adds exactly where the naive sum rounds", () => {
    expect(fsum(new Float64Array([0.1, 0.2, 0.3, 0.4]))).toBe(1);
    expect(fsum([1, 1e100, 1, -1e100])).toBe(2);
  });
  it("survives an intermediate overflow of finite values", () => {
    expect(fsum([1e308, 1e308, -1e308])).toBe(1e308);
    expect(fsum(new Float64Array([-1.7e308, -1.7e308, 1.7e308, 5]))).toBe(-1.7e308 + 5);
  });
  it("gives Infinity only when the true sum exceeds the double range", () => {
    expect(fsum([1e308, 1e308])).toBe(Number.POSITIVE_INFINITY);
    expect(fsum([-1e308, -1e308])).toBe(Number.NEGATIVE_INFINITY);
  });
  it("refuses an infinite or NaN value (a NaN never slips through)", () => {
    expect(() => fsum([Number.POSITIVE_INFINITY, 1])).toThrow(/^fsum: x\[0\] must be finite/);
    expect(() => fsum([Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])).toThrow(RangeError);
    expect(() => fsum([1, Number.NaN])).toThrow(/^fsum: x\[1\] must be finite/);
  });
  it("rejects what is not an array of numbers", () => {
    expect(() => fsum(undefined as unknown as number[])).toThrow(/^fsum: x must be an array/);
    expect(() => fsum("12" as unknown as number[])).toThrow(TypeError);
    expect(() => fsum([1, "2"] as unknown as number[])).toThrow(/^fsum: x\[1\] is not a number/);
  });
});

describe("fsum(x) on an overflowing true sum (documented: ±Infinity, never NaN)", () => {
  it("reports every value 1e308 as Infinity and cancelling huge values exactly", () => {
    expect(fsum(new Float64Array(8).fill(1e308))).toBe(Number.POSITIVE_INFINITY);
    expect(fsum(new Float64Array(8).fill(-1e308))).toBe(Number.NEGATIVE_INFINITY);
    const mixed = [1.7e308, 1.7e308, -1.7e308, -1.7e308, 1.7e308, -1.7e308];
    expect(fsum(mixed)).toBe(0);
    expect(Number.isNaN(fsum([Number.MAX_VALUE, Number.MAX_VALUE, -Number.MAX_VALUE]))).toBe(false);
  });
});

describe("fsum after an overflow of its partial sums", () => {
  it("keeps small addends (the rescale made them underflow)", () => {
    expect(fsum([1e308, 1e308, -1e308, -1e308, 3e-300])).toBe(3e-300);
    expect(fsum([1e308, 1e308, -1e308, -1e308, 1e-20])).toBe(1e-20);
    expect(fsum([1e308, 1e308, -1e308])).toBe(1e308);
  });
});
