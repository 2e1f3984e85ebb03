import { describe, expect, it } from "vitest";
import { proportionalAllocation } from "../../src/design/proportionalAllocation.js";

const i32 = (...v: number[]) => Int32Array.from(v);

describe("proportionalAllocation(stratumSizes, n)", () => {
  it("rounds the quotas n N_h / N by largest remainder", () => {
    // 9 * [50, 30, 20] / 100 = [4.5, 2.7, 1.8] -> floors [4, 2, 1], 2 units left go to the
    // largest fractional parts .8 (stratum 2) and .7 (stratum 1)
    expect(Array.from(proportionalAllocation(i32(50, 30, 20), 9))).toEqual([4, 3, 2]);
    // 10 * [1, 1, 1] / 3 = 3.33 each: the one unit left goes to the lowest index
    expect(Array.from(proportionalAllocation(i32(5, 5, 5), 10))).toEqual([4, 3, 3]);
  });

  it("handles empty strata, n = 0 and n = N", () => {
    expect(Array.from(proportionalAllocation(i32(4, 0, 6), 5))).toEqual([2, 0, 3]);
    expect(Array.from(proportionalAllocation(i32(4, 0, 6), 0))).toEqual([0, 0, 0]);
    expect(Array.from(proportionalAllocation(i32(4, 0, 6), 10))).toEqual([4, 0, 6]);
  });

  it("leaves its input unchanged", () => {
    const sizes = i32(50, 30, 20);
    const copy = sizes.slice();
    proportionalAllocation(sizes, 9);
    expect(sizes).toEqual(copy);
  });

  describe("bad input", () => {
    it.each([
      [
        "negative stratum size",
        i32(3, -1),
        1,
        /proportionalAllocation: stratumSizes\[1\] must lie in/,
      ],
      ["empty population", i32(), 0, /proportionalAllocation: stratumSizes is empty/],
      [
        "n > N",
        i32(3, 2),
        6,
        /proportionalAllocation: n must be at most the population size .* = 5/,
      ],
      ["n < 0", i32(3, 2), -1, /proportionalAllocation: n must be at least 0/],
      ["non-integer n", i32(3, 2), 2.5, /proportionalAllocation: n must be an integer/],
      ["NaN n", i32(3, 2), Number.NaN, /proportionalAllocation: n must be an integer/],
      [
        "Infinity n",
        i32(3, 2),
        Number.POSITIVE_INFINITY,
        /proportionalAllocation: n must be an integer/,
      ],
    ])("%s", (_, sizes, n, message) => {
      expect(() => proportionalAllocation(sizes, n)).toThrow(RangeError);
      expect(() => proportionalAllocation(sizes, n)).toThrow(message);
    });
    it("rejects stratumSizes that are not an Int32Array", () => {
      expect(() => proportionalAllocation("3, 2" as unknown as Int32Array, 1)).toThrow(TypeError);
    });
  });
});
