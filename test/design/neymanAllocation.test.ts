import { describe, expect, it } from "vitest";
import { neymanAllocation } from "../../src/design/neymanAllocation.js";

const i32 = (...v: number[]) => Int32Array.from(v);
const f64 = (...v: number[]) => Float64Array.from(v);

describe("neymanAllocation(stratumSizes, stratumSds, n, { minPerStratum })", () => {
  it("allocates proportionally to N_h S_h", () => {
    // weights 100 * [1, 2, 7] -> quotas 20 * [0.1, 0.2, 0.7] = [2, 4, 14]
    expect(Array.from(neymanAllocation(i32(100, 100, 100), f64(1, 2, 7), 20))).toEqual([2, 4, 14]);
    // weights [10 * 3, 20 * 1] = [30, 20] -> quotas 7 * [0.6, 0.4] = [4.2, 2.8] -> [4, 3]
    expect(Array.from(neymanAllocation(i32(10, 20), f64(3, 1), 7))).toEqual([4, 3]);
  });

  it("sums to n when N_h S_h or its total overflows (it returned [0, 0] for n = 2)", () => {
    expect(Array.from(neymanAllocation([2, 2], [1e308, 1e308], 2))).toEqual([1, 1]);
    expect(Array.from(neymanAllocation([3, 5], [1e308, 5e307], 4))).toEqual(
      Array.from(neymanAllocation([3, 5], [2, 1], 4)),
    );
    expect(Array.from(neymanAllocation([2, 2], [1e308, 1e308], 4, { minPerStratum: 1 }))).toEqual([
      2, 2,
    ]);
  });

  it("caps a stratum at its size and re-allocates the excess", () => {
    // weights [10 * 10, 100 * 1] -> quotas [15, 15], stratum 0 capped at 10, 20 go to stratum 1
    expect(Array.from(neymanAllocation(i32(10, 100), f64(10, 1), 30))).toEqual([10, 20]);
  });

  it("gives zero-SD strata units only when the others are full", () => {
    expect(Array.from(neymanAllocation(i32(5, 50, 5), f64(2, 0, 1), 6))).toEqual([4, 0, 2]);
    // strata 0 and 2 hold 10 units; the other 2 go to the zero-SD stratum
    expect(Array.from(neymanAllocation(i32(5, 50, 5), f64(2, 0, 1), 12))).toEqual([5, 2, 5]);
  });

  it("falls back to proportional allocation when every SD is zero", () => {
    // 9 * [50, 30, 20] / 100 = [4.5, 2.7, 1.8] -> [4, 3, 2] as in proportionalAllocation
    expect(Array.from(neymanAllocation(i32(50, 30, 20), f64(0, 0, 0), 9))).toEqual([4, 3, 2]);
  });

  it("first gives min(minPerStratum, N_h) to every stratum", () => {
    // 2 each (stratum 2 has only 1 unit), 15 - 5 = 10 left by weights [100, 200, 0]
    // with caps [98, 98, 0]: [10/3, 20/3] -> floors [3, 6] + 1 to stratum 1 (.67)
    expect(
      Array.from(neymanAllocation(i32(100, 100, 1), f64(1, 2, 5), 15, { minPerStratum: 2 })),
    ).toEqual([5, 9, 1]);
    // without it: 15 * [100, 200, 5] / 305 = [4.92, 9.84, 0.25] -> floors [4, 9, 0], the 2
    // units left go to fractions .92 and .84: stratum 2 gets nothing
    expect(Array.from(neymanAllocation(i32(100, 100, 1), f64(1, 2, 5), 15))).toEqual([5, 10, 0]);
  });

  it("sums to n with n = 0 and n = N", () => {
    expect(Array.from(neymanAllocation(i32(3, 4), f64(1, 1), 0))).toEqual([0, 0]);
    expect(Array.from(neymanAllocation(i32(3, 4), f64(1, 0), 7))).toEqual([3, 4]);
  });

  it("leaves its inputs unchanged", () => {
    const sizes = i32(10, 100);
    const sds = f64(10, 1);
    const a = sizes.slice();
    const b = sds.slice();
    neymanAllocation(sizes, sds, 30, { minPerStratum: 2 });
    expect(sizes).toEqual(a);
    expect(sds).toEqual(b);
  });

  describe("bad input", () => {
    it.each([
      [
        "negative stratum size",
        i32(3, -1),
        f64(1, 1),
        1,
        {},
        /neymanAllocation: stratumSizes\[1\] must lie in/,
      ],
      ["empty population", i32(), f64(), 0, {}, /neymanAllocation: stratumSizes is empty/],
      ["negative SD", i32(3, 3), f64(1, -1), 1, {}, /neymanAllocation: stratumSds\[1\] is below 0/],
      [
        "NaN SD",
        i32(3, 3),
        f64(Number.NaN, 1),
        1,
        {},
        /neymanAllocation: stratumSds\[0\] is not finite/,
      ],
      [
        "Infinity SD",
        i32(3, 3),
        f64(1, Number.POSITIVE_INFINITY),
        1,
        {},
        /stratumSds\[1\] is not finite/,
      ],
      [
        "-Infinity SD",
        i32(3, 3),
        f64(Number.NEGATIVE_INFINITY, 1),
        1,
        {},
        /stratumSds\[0\] is not finite/,
      ],
      [
        "lengths differ",
        i32(3, 3),
        f64(1),
        1,
        {},
        /neymanAllocation: stratumSizes and stratumSds lengths differ \(2 vs 1\)/,
      ],
      [
        "n > N",
        i32(3, 3),
        f64(1, 1),
        7,
        {},
        /neymanAllocation: n must be at most the population size .* = 6/,
      ],
      ["n < 0", i32(3, 3), f64(1, 1), -1, {}, /neymanAllocation: n must be at least 0/],
      ["non-integer n", i32(3, 3), f64(1, 1), 1.5, {}, /neymanAllocation: n must be an integer/],
      [
        "negative minPerStratum",
        i32(3, 3),
        f64(1, 1),
        1,
        { minPerStratum: -1 },
        /options.minPerStratum must be at least 0/,
      ],
      [
        "non-integer minPerStratum",
        i32(3, 3),
        f64(1, 1),
        1,
        { minPerStratum: 0.5 },
        /options.minPerStratum must be an integer/,
      ],
      [
        "minimums above n",
        i32(3, 3),
        f64(1, 1),
        3,
        { minPerStratum: 2 },
        /neymanAllocation: n is smaller than the 4 units/,
      ],
    ])("%s", (_, sizes, sds, n, options, message) => {
      expect(() => neymanAllocation(sizes, sds, n, options)).toThrow(RangeError);
      expect(() => neymanAllocation(sizes, sds, n, options)).toThrow(message);
    });
    it("rejects bad types", () => {
      expect(() => neymanAllocation("3" as unknown as Int32Array, f64(1), 1)).toThrow(TypeError);
      expect(() => neymanAllocation(i32(3), "1" as unknown as Float64Array, 1)).toThrow(TypeError);
      expect(() => neymanAllocation(i32(3), f64(1), 1, null as unknown as object)).toThrow(
        /neymanAllocation: options must be an object/,
      );
    });
  });
});
