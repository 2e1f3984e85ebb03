import { describe, expect, it } from "vitest";
import type { RowMatrix } from "../../src/core/rowMatrix.js";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { centroid } from "../../src/select/centroid.js";
import { kennardStone } from "../../src/select/kennardStone.js";
import type { Selector } from "../../src/select/types.js";
import { withinStrata } from "../../src/select/withinStrata.js";
import { copyMatrix, gaussian } from "./_points.js";

const line = rowMatrix([[0], [1], [2], [3], [4], [5], [6], [7], [8], [9]]);
const strata = Int32Array.from([0, 0, 0, 0, 0, 0, 1, 1, 1, 1]);

function countPerStratum(picks: Int32Array, s: Int32Array, H: number): number[] {
  const c = new Array(H).fill(0);
  for (const i of picks) c[s[i] as number]++;
  return c;
}

describe("withinStrata(strata, k, selector, X, { allocation })", () => {
  it("applies the selector inside each stratum with proportional allocation", () => {
    // Sizes 6 and 4, k = 5: quotas 3 and 2. Stratum 0 = 0..5 (mean 2.5:
    // 2, 3 tie at 0.5 -> 2 first, then 3, then 1); stratum 1 = 6..9 (mean 7.5: 7, 8).
    expect(Array.from(withinStrata(strata, 5, centroid, line))).toEqual([2, 3, 1, 7, 8]);
  });

  it("uses largest remainders with an exact total", () => {
    // Sizes 5, 3, 2 and k = 4: quotas 2, 1.2, 0.8 -> floors 2, 1, 0; the
    // leftover unit goes to the largest fraction (0.8, stratum 2) -> 2, 1, 1.
    const s = Int32Array.from([0, 1, 2, 0, 1, 2, 0, 1, 0, 0]);
    const picks = withinStrata(s, 4, kennardStone, line);
    expect(countPerStratum(picks, s, 3)).toEqual([2, 1, 1]);
    // Stratum 0 = rows 0, 3, 6, 8, 9: KS on 0, 3, 6, 8, 9 starts with 0 and 9.
    expect(Array.from(picks)).toEqual([0, 9, 1, 2]);
  });

  it("hits every stratum total exactly for any k", () => {
    const s = Int32Array.from([3, 0, 0, 1, 3, 3, 0, 1, 1, 3, 0, 0, 3, 3, 3, 1, 0, 3, 3, 3]);
    const X = gaussian(20, 2, "strata");
    // sizes: stratum 0: 6, 1: 4, 2: 0, 3: 10
    for (let k = 0; k <= 20; k++) {
      const picks = withinStrata(s, k, centroid, X);
      expect(picks.length).toBe(k);
      expect(new Set(picks).size).toBe(k);
      const c = countPerStratum(picks, s, 4);
      // proportional shares 0.3 k, 0.2 k, 0, 0.5 k rounded: each within 1 of its quota
      expect(Math.abs((c[0] as number) - 0.3 * k)).toBeLessThan(1);
      expect(Math.abs((c[1] as number) - 0.2 * k)).toBeLessThan(1);
      expect(c[2]).toBe(0);
      expect(Math.abs((c[3] as number) - 0.5 * k)).toBeLessThan(1);
    }
  });

  it("takes an explicit allocation indexed by label", () => {
    expect(
      Array.from(withinStrata(strata, 3, centroid, line, { allocation: Int32Array.of(1, 2) })),
    ).toEqual([2, 7, 8]);
    // Labels need not be dense: 0 and 2, allocation[1] = 0 for the empty label.
    const sparse = Int32Array.from([2, 2, 0, 0, 2]);
    const X = rowMatrix([[0], [1], [2], [3], [4]]);
    expect(
      Array.from(withinStrata(sparse, 3, centroid, X, { allocation: Int32Array.of(1, 0, 2) })),
    ).toEqual([2, 1, 0]);
  });

  it("passes each stratum's rows in ascending row order and skips zero allocations", () => {
    const seen: number[][] = [];
    const spy: Selector = (Xh: RowMatrix, kh: number) => {
      seen.push(Array.from(Xh.data));
      return Int32Array.from({ length: kh }, (_, i) => i);
    };
    const s = Int32Array.from([1, 0, 1, 0, 2]);
    const X = rowMatrix([[10], [11], [12], [13], [14]]);
    const picks = withinStrata(s, 3, spy, X, { allocation: Int32Array.of(1, 2, 0) });
    expect(seen).toEqual([
      [11, 13],
      [10, 12],
    ]);
    expect(Array.from(picks)).toEqual([1, 0, 2]);
  });

  it("returns an empty result for k = 0, leaves inputs unchanged and is deterministic", () => {
    expect(withinStrata(strata, 0, centroid, line)).toEqual(new Int32Array(0));
    const X = gaussian(30, 3, "strata-2");
    const s = Int32Array.from({ length: 30 }, (_, i) => i % 4);
    const alloc = Int32Array.of(2, 2, 1, 1);
    const [X0, s0, a0] = [copyMatrix(X), s.slice(), alloc.slice()];
    const a = withinStrata(s, 6, kennardStone, X, { allocation: alloc });
    expect([X, s, alloc]).toEqual([X0, s0, a0]);
    expect(withinStrata(s, 6, kennardStone, X, { allocation: alloc })).toEqual(a);
  });

  it("throws on bad input", () => {
    expect(() => withinStrata(strata, 11, centroid, line)).toThrow(
      new RangeError("withinStrata: k must be at most the number of rows of X (10) (got 11)"),
    );
    expect(() => withinStrata(strata.subarray(1), 3, centroid, line)).toThrow(
      new RangeError("withinStrata: strata length and X rows differ (9 vs 10)"),
    );
    expect(() =>
      withinStrata(strata, 5, centroid, line, { allocation: Int32Array.of(0, 5) }),
    ).toThrow(new RangeError("withinStrata: stratum 1 has 4 rows, fewer than its allocation 5"));
    expect(() =>
      withinStrata(strata, 5, centroid, line, { allocation: Int32Array.of(2, 2) }),
    ).toThrow(new RangeError("withinStrata: options.allocation sums to 4, not to k = 5"));
    expect(() => withinStrata(strata, 5, centroid, line, { allocation: Int32Array.of(5) })).toThrow(
      /^withinStrata: options.allocation length must equal/,
    );
    expect(() =>
      withinStrata(strata, 5, centroid, line, { allocation: Int32Array.of(6, -1) }),
    ).toThrow(RangeError);
    expect(() =>
      withinStrata(strata, 5, centroid, line, { allocation: "32" as unknown as Int32Array }),
    ).toThrow(TypeError);
    expect(() => withinStrata(Int32Array.of(0, -1), 1, centroid, rowMatrix([[0], [1]]))).toThrow(
      RangeError,
    );
    expect(() => withinStrata("0, 1" as unknown as Int32Array, 1, centroid, line)).toThrow(
      TypeError,
    );
    expect(() => withinStrata(strata, 2, "centroid" as unknown as Selector, line)).toThrow(
      TypeError,
    );
    const nan = { data: Float64Array.of(0, Number.NaN), rows: 2, cols: 1 };
    expect(() => withinStrata(Int32Array.of(0, 0), 1, centroid, nan)).toThrow(
      /^withinStrata: X has a non-finite value/,
    );
    expect(() => withinStrata(strata, 1, centroid, line, 3 as unknown as undefined)).toThrow(
      TypeError,
    );
  });

  it("rejects bad selector output", () => {
    const tooFew: Selector = () => new Int32Array(0);
    const dupl: Selector = (_X, k) => new Int32Array(k);
    const outOfRange: Selector = (X, k) => Int32Array.from({ length: k }, (_, i) => X.rows + i);
    const wrongType = (() => [0]) as unknown as Selector;
    expect(() => withinStrata(strata, 2, tooFew, line)).toThrow(
      /^withinStrata: selector returned 0 indices for stratum 0, expected 1/,
    );
    expect(() => withinStrata(strata, 5, dupl, line)).toThrow(
      /^withinStrata: selector returned index 0 twice for stratum 0/,
    );
    expect(() => withinStrata(strata, 2, outOfRange, line)).toThrow(RangeError);
    expect(() => withinStrata(strata, 2, wrongType, line)).toThrow(TypeError);
  });
});
