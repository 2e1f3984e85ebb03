import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { centroid } from "../../src/select/centroid.js";
import { kennardStone } from "../../src/select/kennardStone.js";
import { shortlist } from "../../src/select/shortlist.js";
import type { Selector } from "../../src/select/types.js";
import { copyMatrix, gaussian } from "./_points.js";

const line = rowMatrix([[0], [1], [2], [3], [4], [5], [6], [7], [8], [9]]);

describe("shortlist(selector, X, k, factor, rng)", () => {
  it("samples k of the ceil(factor * k) pool, in pool order", () => {
    // pool = centroid(line, 4) = [4, 5, 3, 6] (mean 4.5; ties to the lowest index)
    expect(Array.from(centroid(line, 4))).toEqual([4, 5, 3, 6]);
    const pool = [4, 5, 3, 6];
    for (let seed = 0; seed < 50; seed++) {
      const got = Array.from(shortlist(centroid, line, 2, 2, createRng(seed)));
      expect(got.length).toBe(2);
      expect(pool.indexOf(got[0] as number)).toBeLessThan(pool.indexOf(got[1] as number));
    }
    // ceil(1.5 * 3) = 5 and ceil(3 * 5) = 15 > 10 -> the pool is capped at 10 rows
    const used: number[] = [];
    const spy: Selector = (X, m) => {
      used.push(m);
      return centroid(X, m);
    };
    shortlist(spy, line, 3, 1.5, createRng(1));
    shortlist(spy, line, 5, 3, createRng(1));
    expect(used).toEqual([5, 10]);
  });

  it("sizes the pool by the product as written, not its rounding error (1.1 * 50 = 55)", () => {
    // in doubles 1.1 * 50 is 55.00000000000001, whose ceil gave a pool of 56
    const used: number[] = [];
    const spy: Selector = (X, m) => {
      used.push(m);
      return centroid(X, m);
    };
    shortlist(spy, gaussian(80, 2, 5), 50, 1.1, createRng(1));
    shortlist(spy, gaussian(80, 2, 5), 50, 1.1001, createRng(1));
    expect(used).toEqual([55, 56]);
  });

  it("equals the selector at factor 1 and returns the documented example", () => {
    expect(shortlist(kennardStone, line, 4, 1, createRng(3))).toEqual(kennardStone(line, 4));
    expect(Array.from(shortlist(centroid, line, 2, 2, createRng(1)))).toEqual([5, 3]);
  });

  it("makes every k-subset of the pool equally likely (frequencies over seeded runs)", () => {
    // Pool of 4, k = 2: 6 subsets, each with probability 1/6. Over R = 6000
    // runs the Monte Carlo SE of a frequency is sqrt((1/6)(5/6)/6000) = 0.0048;
    // tolerance 4.5 SE.
    const R = 6000;
    const counts = new Map<string, number>();
    const rng = createRng("shortlist-frequencies");
    for (let r = 0; r < R; r++) {
      const key = Array.from(shortlist(centroid, line, 2, 2, rng)).join(",");
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    const se = Math.sqrt(((1 / 6) * (5 / 6)) / R);
    for (const c of counts.values()) expect(Math.abs(c / R - 1 / 6)).toBeLessThan(4.5 * se);
  });

  it("returns an empty result for k = 0, leaves X unchanged and is deterministic per seed", () => {
    expect(shortlist(centroid, line, 0, 2, createRng(1))).toEqual(new Int32Array(0));
    const X = gaussian(40, 3, "shortlist");
    const before = copyMatrix(X);
    const a = shortlist(kennardStone, X, 8, 1.5, createRng(9));
    expect(X).toEqual(before);
    expect(shortlist(kennardStone, X, 8, 1.5, createRng(9))).toEqual(a);
  });

  it("throws on bad input", () => {
    const rng = createRng(1);
    expect(() => shortlist(centroid, line, 11, 1.5, rng)).toThrow(
      new RangeError("shortlist: k must be at most the number of rows of X (10) (got 11)"),
    );
    expect(() => shortlist(centroid, line, 2, 0.5, rng)).toThrow(
      new RangeError("shortlist: factor must be at least 1 (got 0.5)"),
    );
    expect(() => shortlist(centroid, line, 2, Number.NaN, rng)).toThrow(RangeError);
    expect(() => shortlist(centroid, line, 2, 2, undefined as unknown as () => number)).toThrow(
      TypeError,
    );
    expect(() => shortlist(centroid, line, 2, 2, () => 1)).toThrow(
      /^shortlist: rng returned a value outside \[0, 1\)/,
    );
    expect(() => shortlist(null as unknown as Selector, line, 2, 2, rng)).toThrow(TypeError);
    const nan = { data: Float64Array.of(0, Number.NaN), rows: 2, cols: 1 };
    expect(() => shortlist(centroid, nan, 1, 2, rng)).toThrow(/^shortlist: X has a non-finite/);
    const dupl: Selector = (_X, m) => new Int32Array(m);
    expect(() => shortlist(dupl, line, 2, 2, rng)).toThrow(
      /^shortlist: selector returned index 0 twice/,
    );
    const short: Selector = () => Int32Array.of(1);
    expect(() => shortlist(short, line, 2, 2, rng)).toThrow(
      /^shortlist: selector returned 1 indices, expected 4/,
    );
  });
});
