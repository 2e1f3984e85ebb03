import fc from "fast-check";
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

/** x * 2^1074 as an exact BigInt (every finite double is an integer multiple of 2^-1074). */
function scaled(x: number): bigint {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const e = (hi >>> 20) & 0x7ff;
  const frac = (BigInt(hi & 0xfffff) << 32n) | BigInt(view.getUint32(4));
  const m = e === 0 ? frac : (frac | (1n << 52n)) << BigInt(e - 1);
  return hi >>> 31 ? -m : m;
}
const abs = (v: bigint): bigint => (v < 0n ? -v : v);

describe("fsum's documented error bound (Ogita, Rump & Oishi 2005, Prop. 4.5)", () => {
  it("is not exactly rounded under heavy cancellation (the documented counterexample)", () => {
    // exact sum 1 (Python 3.11 math.fsum gives 1.0); Neumaier's single compensation term loses it
    expect(fsum([1e200, 1e100, 1, -1e200, -1e100])).toBe(0);
  });

  it("stays within u |sum| + ((n - 1) u)^2 sum |x| of the exact sum, cancelling or not", () => {
    const value = fc
      .tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.integer({ min: -300, max: 300 }))
      .map(([m, e]) => m * 2 ** e);
    fc.assert(
      fc.property(
        fc.array(value, { minLength: 1, maxLength: 20 }),
        fc.array(value, { maxLength: 20 }),
        fc.array(fc.integer(), { minLength: 60, maxLength: 60 }),
        (kept, cancelled, keys) => {
          // kept values plus values that cancel exactly, in a random order
          const x = [...kept, ...cancelled, ...cancelled.map((v) => -v)]
            .map((v, i) => ({ v, key: keys[i] as number }))
            .sort((a, b) => a.key - b.key)
            .map((t) => t.v);
          const n = BigInt(x.length);
          const exact = x.reduce((s, v) => s + scaled(v), 0n);
          const absSum = x.reduce((s, v) => s + abs(scaled(v)), 0n);
          const err = abs(scaled(fsum(x)) - exact);
          // err * 2^106 <= |S| 2^53 + (n - 1)^2 sum|x| / (1 - (n - 1) u)^2; n <= 60 keeps the last
          // factor below 1 + 2^-45
          const g2 = (n - 1n) ** 2n * absSum;
          expect(err * 2n ** 106n <= abs(exact) * 2n ** 53n + g2 + (g2 >> 45n) + 1n).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
