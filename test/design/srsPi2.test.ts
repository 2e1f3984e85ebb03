import { describe, expect, it } from "vitest";
import { srsPi2 } from "../../src/design/srsPi2.js";

describe("srsPi2(N, n)", () => {
  it("has n / N on the diagonal and n (n - 1) / (N (N - 1)) elsewhere", () => {
    // N = 4, n = 2: diagonal 2/4, off-diagonal 2 * 1 / (4 * 3) = 1/6
    const m = srsPi2(4, 2);
    expect([m.rows, m.cols]).toEqual([4, 4]);
    for (let i = 0; i < 4; i++) {
      for (let j = 0; j < 4; j++) expect(m.data[i * 4 + j]).toBe(i === j ? 2 / 4 : 2 / 12);
    }
  });

  it("handles N = 1, n = 0 and n = N", () => {
    expect(Array.from(srsPi2(1, 1).data)).toEqual([1]);
    expect(Array.from(srsPi2(1, 0).data)).toEqual([0]);
    expect(Array.from(srsPi2(3, 0).data)).toEqual(new Array(9).fill(0));
    expect(Array.from(srsPi2(3, 3).data)).toEqual(new Array(9).fill(1));
  });

  it("rows sum to n pik_i, as for every fixed-size design", () => {
    // sum_j pi_ij = E[n 1{i in s}] = n pik_i
    const m = srsPi2(9, 4);
    for (let i = 0; i < 9; i++) {
      let s = 0;
      for (let j = 0; j < 9; j++) s += m.data[i * 9 + j] as number;
      expect(s).toBeCloseTo((4 * 4) / 9, 14);
    }
  });

  describe("bad input", () => {
    it.each([
      ["N = 0 (empty population)", 0, 0, /srsPi2: N must be at least 1/],
      ["non-integer N", 2.5, 1, /srsPi2: N must be an integer/],
      ["NaN N", Number.NaN, 1, /srsPi2: N must be an integer/],
      [
        "N too large for a dense matrix",
        20000,
        1,
        /srsPi2: N is too large for a dense N x N matrix/,
      ],
      ["n > N", 3, 4, /srsPi2: n must be at most N \(3\)/],
      ["n < 0", 3, -1, /srsPi2: n must be at least 0/],
      ["non-integer n", 3, 0.5, /srsPi2: n must be an integer/],
      ["Infinity n", 3, Number.POSITIVE_INFINITY, /srsPi2: n must be an integer/],
    ])("%s", (_, N, n, message) => {
      expect(() => srsPi2(N, n)).toThrow(RangeError);
      expect(() => srsPi2(N, n)).toThrow(message);
    });
    it("rejects a non-number", () => {
      expect(() => srsPi2("3" as unknown as number, 1)).toThrow(TypeError);
    });
  });
});
