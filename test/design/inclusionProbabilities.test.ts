import { describe, expect, it } from "vitest";
import {
  inclusionProbabilities,
  inclusionProbabilities as ip,
} from "../../src/design/inclusionProbabilities.js";

const f64 = (...v: number[]) => Float64Array.from(v);

describe("inclusionProbabilities(size, n)", () => {
  it("is n * size / sum(size) when no unit reaches 1", () => {
    // 2 * [1, 2, 3, 4] / 10 = [0.2, 0.4, 0.6, 0.8]
    const pik = inclusionProbabilities(f64(1, 2, 3, 4), 2);
    expect(Array.from(pik)).toEqual([0.2, 0.4, 0.6, 0.8]);
  });

  it("caps units at 1 and re-scales the others", () => {
    // 2 * 14 / 20 = 1.4 >= 1: capped; the other 2 - 1 = 1 unit is spread over
    // [1, 2, 3] / 6 = [1/6, 1/3, 1/2]
    const pik = inclusionProbabilities(f64(1, 2, 3, 14), 2);
    expect(pik[3]).toBe(1);
    expect(pik[0]).toBeCloseTo(1 / 6, 15);
    expect(pik[1]).toBeCloseTo(1 / 3, 15);
    expect(pik[2]).toBeCloseTo(1 / 2, 15);
  });

  it("caps iteratively when re-scaling pushes another unit over 1", () => {
    // round 1: 3 * [1, 1, 4, 10] / 16 -> unit 3 at 1.875 capped;
    // round 2: 2 * [1, 1, 4] / 6 -> unit 2 at 4/3 capped; round 3: 1 * [1, 1] / 2
    const pik = inclusionProbabilities(f64(1, 1, 4, 10), 3);
    expect(Array.from(pik)).toEqual([0.5, 0.5, 1, 1]);
  });

  it("keeps zero sizes at 0 and sums to n", () => {
    const pik = inclusionProbabilities(f64(0, 3, 0, 1, 6), 2);
    // 2 * [3, 1, 6] / 10 = [0.6, 0.2, 1.2] -> 6 capped, then [3, 1] / 4
    expect(Array.from(pik)).toEqual([0, 0.75, 0, 0.25, 1]);
  });

  // sizes 2^i (i = 0..N-1): the k-th largest unit (k = 0, 1, ...) is capped while
  // (n - k) * 2^(N-1-k) >= 2^(N-k) - 1, i.e. while n - k >= 2, so n - 1 units are
  // capped and the N - n + 1 smallest share one unit: pik_i = 2^i / (2^(N-n+1) - 1)
  it.each([
    [30, 20], // 7 capping rounds
    [120, 100], // many rounds: the one-sort shortcut
  ])("caps geometric sizes exactly (N = %i, n = %i)", (N, n) => {
    const size = Float64Array.from({ length: N }, (_, i) => 2 ** i);
    const pik = inclusionProbabilities(size, n);
    const free = N - n + 1;
    for (let i = 0; i < free; i++) expect(pik[i]).toBeCloseTo(2 ** i / (2 ** free - 1), 15);
    for (let i = free; i < N; i++) expect(pik[i]).toBe(1);
  });

  it("returns all zeros for n = 0", () => {
    expect(Array.from(inclusionProbabilities(f64(1, 2, 3), 0))).toEqual([0, 0, 0]);
    expect(Array.from(inclusionProbabilities(f64(0, 0), 0))).toEqual([0, 0]);
  });

  it("returns 1 for every positive unit when n equals their number", () => {
    expect(Array.from(inclusionProbabilities(f64(5, 0, 1e-9), 2))).toEqual([1, 0, 1]);
  });

  it("leaves its input unchanged", () => {
    const size = f64(1, 2, 3, 14);
    const copy = size.slice();
    inclusionProbabilities(size, 2);
    expect(size).toEqual(copy);
  });

  describe("bad input", () => {
    it.each([
      [
        "NaN size",
        f64(1, Number.NaN),
        1,
        RangeError,
        /inclusionProbabilities: size\[1\] is not finite/,
      ],
      ["Infinity size", f64(1, Number.POSITIVE_INFINITY), 1, RangeError, /size\[1\] is not finite/],
      [
        "-Infinity size",
        f64(Number.NEGATIVE_INFINITY, 1),
        1,
        RangeError,
        /size\[0\] is not finite/,
      ],
      [
        "negative size",
        f64(1, -2, 3),
        1,
        RangeError,
        /inclusionProbabilities: size\[1\] is below 0/,
      ],
      ["empty population", f64(), 0, RangeError, /inclusionProbabilities: size is empty/],
      ["n < 0", f64(1, 2), -1, RangeError, /inclusionProbabilities: n must be at least 0/],
      ["non-integer n", f64(1, 2), 1.5, RangeError, /inclusionProbabilities: n must be an integer/],
      ["NaN n", f64(1, 2), Number.NaN, RangeError, /inclusionProbabilities: n must be an integer/],
      ["n > N", f64(1, 2), 3, RangeError, /n must be at most the number of positive sizes \(2\)/],
      ["n above the positive sizes", f64(1, 0, 2), 3, RangeError, /positive sizes \(2\)/],
      [
        "all-zero sizes with n > 0",
        f64(0, 0, 0),
        1,
        RangeError,
        /inclusionProbabilities: size is all zeros/,
      ],
    ])("%s", (_, size, n, type, message) => {
      expect(() => inclusionProbabilities(size, n)).toThrow(type);
      expect(() => inclusionProbabilities(size, n)).toThrow(message);
    });

    it("rejects a size that is not a Float64Array", () => {
      expect(() => inclusionProbabilities("1, 2" as unknown as Float64Array, 1)).toThrow(TypeError);
      expect(() => inclusionProbabilities("1, 2" as unknown as Float64Array, 1)).toThrow(
        /inclusionProbabilities: size must be a Float64Array/,
      );
    });

    it("rejects an n that is not a number", () => {
      expect(() => inclusionProbabilities(f64(1, 2), "1" as unknown as number)).toThrow(TypeError);
    });
  });
});

describe("inclusionProbabilities at the ends of the double range", () => {
  it("scales sizes whose sum overflows instead of calling them all zeros", () => {
    const pik = ip(f64(1e308, 1e308, 1), 1);
    expect(pik[0]).toBe(0.5);
    expect(pik[1]).toBe(0.5);
    expect(pik[2]).toBeGreaterThan(0);
    expect(Array.from(ip(f64(1e308, 1e308, 1e308, 1e308), 2))).toEqual([0.5, 0.5, 0.5, 0.5]);
  });
  it("sizes whose sum overflows give exactly the pik of the same sizes divided by a power of two", () => {
    const base = f64(3, 1, 4, 1, 5, 9, 2, 6, 5, 3);
    for (const k of [995, 1000, 1020]) {
      const huge = base.map((v) => v * 2 ** k);
      expect(Array.from(ip(huge, 4))).toEqual(Array.from(ip(base, 4)));
    }
  });
  it("gives every positive size a positive pik when rounding caps n units", () => {
    // exactly: 1e300 is certain, then 1 / (1 + 1e-300) and 1e-300 share the other draw
    const pik = ip(f64(1e-300, 1, 1e300), 2);
    expect(Array.from(pik)).toEqual([1e-300, 1, 1]);
    // 2 / (2 + 1e-20) rounds to 1 for both large units
    expect(ip(f64(1, 1, 1e-20), 2)[2]).toBe(1e-20);
  });
  it("throws when a positive size's pik underflows to 0", () => {
    expect(() => ip(f64(1e-300, 1, 1e300), 1)).toThrow(
      /^inclusionProbabilities: size\[0\] is positive but its inclusion probability underflows to 0 .*\(got 1e-300\)$/,
    );
  });
});
