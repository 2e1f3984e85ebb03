import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { srs as draw, srs } from "../../src/design/srs.js";
import {
  expectFrequenciesMatch,
  expectSortedUnique,
  fixedRng,
  inclusionFrequencies,
} from "./_helpers.js";

describe("srs(N, n, rng)", () => {
  it("takes every unit when n = N and none when n = 0", () => {
    expect(Array.from(srs(5, 5, createRng(1)))).toEqual([0, 1, 2, 3, 4]);
    expect(srs(5, 0, createRng(1))).toEqual(new Int32Array(0));
  });

  it("follows selection sampling step by step (n >= N / 16)", () => {
    // N = 4, n = 2: unit 0 taken iff u * 4 < 2; unit 1 iff u * 3 < 2 - taken; ...
    // u = 0.6 -> 2.4 >= 2 skip 0; u = 0.5 -> 1.5 < 2 take 1; u = 0.9 -> 1.8 >= 1 skip 2;
    // then 1 unit left for 1 place: unit 3 taken whatever u
    expect(Array.from(srs(4, 2, fixedRng(0.6, 0.5, 0.9, 0.99)))).toEqual([1, 3]);
  });

  it("follows Floyd's algorithm step by step (n < N / 16)", () => {
    // N = 40, n = 2: j = 38: t = floor(0.5 * 39) = 19; j = 39: t = floor(0.49 * 40) = 19,
    // already taken, so j = 39 is taken
    expect(Array.from(srs(40, 2, fixedRng(0.5, 0.49)))).toEqual([19, 39]);
  });

  it("returns n sorted distinct indices in [0, N)", () => {
    const rng = createRng("srs");
    for (const [N, n] of [
      [10, 3],
      [1000, 5],
      [1000, 900],
      [1, 1],
    ] as const) {
      const s = srs(N, n, rng);
      expect(s.length).toBe(n);
      expectSortedUnique(s, N);
    }
  });

  it("is deterministic for a seed", () => {
    expect(srs(1000, 50, createRng(7))).toEqual(srs(1000, 50, createRng(7)));
    expect(srs(100, 50, createRng(7))).toEqual(srs(100, 50, createRng(7)));
  });

  it.each([
    [30, 12], // selection sampling
    [50, 2], // Floyd
  ])("draws every unit with probability n / N (N = %i, n = %i)", (N, n) => {
    const R = 20000;
    const rng = createRng(`srs-freq-${N}`);
    const freq = inclusionFrequencies(N, R, () => srs(N, n, rng));
    expectFrequenciesMatch(freq, new Float64Array(N).fill(n / N), R);
  });

  it("draws every pair with probability n (n - 1) / (N (N - 1))", () => {
    // N = 5, n = 2: each of the 10 pairs has probability 1/10
    const R = 20000;
    const rng = createRng("srs-pairs");
    const pair = new Float64Array(25);
    for (let r = 0; r < R; r++) {
      const s = srs(5, 2, rng);
      pair[(s[0] as number) * 5 + (s[1] as number)]++;
    }
    const se = Math.sqrt((0.1 * 0.9) / R);
    for (let i = 0; i < 5; i++) {
      for (let j = i + 1; j < 5; j++)
        expect(Math.abs((pair[i * 5 + j] as number) / R - 0.1)).toBeLessThan(5 * se);
    }
  });

  describe("bad input", () => {
    const rng = createRng(1);
    it.each([
      ["N = 0 (empty population)", 0, 0, /srs: N must be at least 1/],
      ["non-integer N", 5.5, 1, /srs: N must be an integer/],
      ["NaN N", Number.NaN, 1, /srs: N must be an integer/],
      ["Infinity N", Number.POSITIVE_INFINITY, 1, /srs: N must be an integer/],
      ["n < 0", 5, -1, /srs: n must be at least 0/],
      ["non-integer n", 5, 1.5, /srs: n must be an integer/],
      ["NaN n", 5, Number.NaN, /srs: n must be an integer/],
      ["n > N", 5, 6, /srs: n must be at most 5/],
    ])("%s", (_, N, n, message) => {
      expect(() => srs(N, n, rng)).toThrow(RangeError);
      expect(() => srs(N, n, rng)).toThrow(message);
    });
    it("rejects a missing rng", () => {
      expect(() => srs(5, 2, undefined as unknown as () => number)).toThrow(TypeError);
      expect(() => srs(5, 2, undefined as unknown as () => number)).toThrow(
        /srs: rng must be a function/,
      );
    });
    it("rejects an rng value outside [0, 1)", () => {
      expect(() => srs(5, 2, () => 1)).toThrow(/srs: rng returned a value outside \[0, 1\)/);
      expect(() => srs(5, 2, () => Number.NaN)).toThrow(RangeError);
    });
  });
});

describe("srs with a sample that cannot be allocated", () => {
  it("throws a RangeError before allocating n > 2^27 indices", () => {
    expect(() => draw(2147483647, 2 ** 30, createRng(1))).toThrow(
      /^srs: n must be at most 134217728 \(got 1073741824\)$/,
    );
  });
});
