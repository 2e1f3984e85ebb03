import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { rhc } from "../../src/design/rhc.js";
import { expectSortedUnique, fixedRng } from "./_helpers.js";

const f64 = (...v: number[]) => Float64Array.from(v);

describe("rhc(size, n, rng)", () => {
  it("groups, then draws proportionally to size within each group", () => {
    // u = 0.99 throughout: Fisher-Yates swaps j = floor(0.99 (i + 1)) = i, the identity.
    // N = 5, n = 2: q = 2, r = 1, so groups [0, 1, 2] (S = 6) and [3, 4] (S = 9), X = 15.
    // Group draws at 0.99 * S pick the last unit of each group: units 2 and 4.
    const s = rhc(f64(1, 2, 3, 4, 5), 2, fixedRng(0.99));
    expect(Array.from(s.indices)).toEqual([2, 4]);
    expect(Array.from(s.groupShare)).toEqual([3 / 6, 5 / 9]);
    expect(Array.from(s.groupTotal)).toEqual([6 / 15, 9 / 15]);
    // first group: target 0.1 * 6 = 0.6 < size of unit 0; second: 0.5 * 9 = 4.5 >= 4 -> unit 4
    const t = rhc(f64(1, 2, 3, 4, 5), 2, fixedRng(0.99, 0.99, 0.99, 0.99, 0.1, 0.5));
    expect(Array.from(t.indices)).toEqual([0, 4]);
    expect(Array.from(t.groupShare)).toEqual([1 / 6, 5 / 9]);
  });

  it("reports the shares in the order of the sorted indices", () => {
    // u = 0 throughout: swaps j = 0 give the permutation [1, 2, 3, 4, 0]; groups [1, 2, 3]
    // and [4, 0]; the group draws at 0 pick their first units, 1 and 4
    const s = rhc(f64(1, 2, 3, 4, 5), 2, fixedRng(0));
    expect(Array.from(s.indices)).toEqual([1, 4]);
    expect(Array.from(s.groupShare)).toEqual([2 / 9, 5 / 6]);
    expect(Array.from(s.groupTotal)).toEqual([9 / 15, 6 / 15]);
  });

  it("with n = N takes every unit in its own group; with n = 1 one unit from all", () => {
    const all = rhc(f64(1, 3), 2, createRng(1));
    expect(Array.from(all.indices)).toEqual([0, 1]);
    expect(Array.from(all.groupShare)).toEqual([1, 1]);
    expect(Array.from(all.groupTotal)).toEqual([0.25, 0.75]);
    const one = rhc(f64(1, 3), 1, createRng(1));
    expect(one.groupTotal[0]).toBe(1);
    expect(one.groupShare[0]).toBe(one.indices[0] === 0 ? 0.25 : 0.75);
  });

  it("returns empty arrays for n = 0", () => {
    const s = rhc(f64(1, 2), 0, createRng(1));
    expect(s.indices.length + s.groupShare.length + s.groupTotal.length).toBe(0);
  });

  it("partitions the population: group totals sum to 1 and share * total = size / X", () => {
    const rng = createRng("rhc-part");
    const size = Float64Array.from({ length: 101 }, () => 0.1 + rng());
    const X = size.reduce((a, b) => a + b, 0);
    for (let r = 0; r < 20; r++) {
      const s = rhc(size, 7, rng);
      expect(s.indices.length).toBe(7);
      expectSortedUnique(s.indices, 101);
      expect(s.groupTotal.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      s.indices.forEach((i, k) => {
        expect((s.groupShare[k] as number) * (s.groupTotal[k] as number)).toBeCloseTo(
          (size[i] as number) / X,
          14,
        );
      });
    }
  });

  it("is deterministic for a seed and leaves its input unchanged", () => {
    const size = f64(3, 1, 4, 1, 5, 9, 2, 6);
    const copy = size.slice();
    expect(rhc(size, 3, createRng(2))).toEqual(rhc(size, 3, createRng(2)));
    expect(size).toEqual(copy);
  });

  it("gives an unbiased total: E[sum y_k / groupShare_k] = sum y", () => {
    const N = 30;
    const R = 20000;
    const size = Float64Array.from({ length: N }, (_, i) => 1 + (i % 6));
    const y = Float64Array.from({ length: N }, (_, i) => 2 * (size[i] as number) + ((i * 7) % 5));
    const Y = y.reduce((a, b) => a + b, 0);
    const rng = createRng("rhc-unbiased");
    let m = 0;
    let m2 = 0;
    for (let r = 0; r < R; r++) {
      const s = rhc(size, 7, rng);
      let t = 0;
      s.indices.forEach((i, k) => {
        t += (y[i] as number) / (s.groupShare[k] as number);
      });
      m += t;
      m2 += t * t;
    }
    const mean = m / R;
    const se = Math.sqrt((m2 / R - mean * mean) / R);
    expect(Math.abs(mean - Y)).toBeLessThan(5 * se);
  });

  describe("bad input", () => {
    const rng = createRng(1);
    it.each([
      ["NaN", f64(1, Number.NaN), 1, /rhc: size\[1\] is not finite/],
      ["Infinity", f64(Number.POSITIVE_INFINITY, 1), 1, /rhc: size\[0\] is not finite/],
      ["-Infinity", f64(1, Number.NEGATIVE_INFINITY), 1, /rhc: size\[1\] is not finite/],
      ["negative size", f64(1, -1), 1, /rhc: size\[1\] is below 0/],
      ["zero size", f64(1, 0, 2), 1, /rhc: size\[1\] must be positive/],
      ["all-zero sizes", f64(0, 0), 1, /rhc: size\[0\] must be positive/],
      ["empty population", f64(), 0, /rhc: size is empty/],
      ["n > N", f64(1, 2), 3, /rhc: n must be at most the number of units \(2\)/],
      ["n < 0", f64(1, 2), -1, /rhc: n must be at least 0/],
      ["non-integer n", f64(1, 2), 1.5, /rhc: n must be an integer/],
    ])("%s", (_, size, n, message) => {
      expect(() => rhc(size, n, rng)).toThrow(RangeError);
      expect(() => rhc(size, n, rng)).toThrow(message);
    });
    it("rejects bad types and a bad rng value", () => {
      expect(() => rhc("1, 2" as unknown as Float64Array, 1, rng)).toThrow(TypeError);
      expect(() => rhc(f64(1, 2), 1, "x" as unknown as () => number)).toThrow(
        /rhc: rng must be a function/,
      );
      expect(() => rhc(f64(1, 2), 1, () => 1)).toThrow(/rhc: rng returned a value outside/);
    });
  });
});
