import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type RowMatrix, rowMatrix } from "../../src/core/rowMatrix.js";
import { kennardStone } from "../../src/select/kennardStone.js";
import { dtw } from "../../src/subset/dtw.js";

const seq = (xs: number[]): RowMatrix => rowMatrix(xs.map((x) => [x]));

describe("dtw(a, b, { window })", () => {
  it("is 0 for a sequence and its time-stretched copy", () => {
    expect(dtw(seq([0, 1, 2]), seq([0, 1, 1, 2]))).toBe(0);
  });

  it("sums the local costs along the cheapest alignment (hand-computed)", () => {
    // [0, 0] vs [1]: both steps must match the single step: 1 + 1
    expect(dtw(seq([0, 0]), seq([1]))).toBe(2);
    // [0, 2] vs [1, 3]: diagonal 1 + 1 = 2; the alternatives cost 1 + 3 + 1 or 1 + 1 + 1 = 3
    expect(dtw(seq([0, 2]), seq([1, 3]))).toBe(2);
    // 2-d steps: (0,0)-(3,4) distance 5, single steps each
    expect(dtw(rowMatrix([[0, 0]]), rowMatrix([[3, 4]]))).toBe(5);
  });

  it("with window 0 on equal lengths is the sum of step-wise distances", () => {
    // 0-3, 5-5, 9-0 aligned: 3 + 0 + 9; unconstrained can do better
    expect(dtw(seq([0, 5, 9]), seq([3, 5, 0]), { window: 0 })).toBe(12);
    expect(dtw(seq([0, 5, 9]), seq([3, 5, 0]))).toBeLessThanOrEqual(12);
  });

  it("is symmetric, >= 0 and 0 on identical input (property)", () => {
    const arb = fc.array(fc.double({ min: -10, max: 10, noNaN: true }), {
      minLength: 1,
      maxLength: 8,
    });
    fc.assert(
      fc.property(arb, arb, (x, y) => {
        const a = seq(x);
        const b = seq(y);
        expect(dtw(a, b)).toBeCloseTo(dtw(b, a), 9);
        expect(dtw(a, b)).toBeGreaterThanOrEqual(0);
        expect(dtw(a, a)).toBe(0);
      }),
    );
  });

  it("leaves its inputs unchanged", () => {
    const a = seq([1, 2, 3]);
    const copy = Float64Array.from(a.data);
    dtw(a, seq([2]));
    expect(a.data).toEqual(copy);
  });

  it("rejects empty sequences, different widths, NaN and a bad window", () => {
    expect(() => dtw(rowMatrix([]), seq([1]))).toThrow(/a has no rows/);
    expect(() => dtw(seq([1]), rowMatrix([[1, 2]]))).toThrow(/widths differ/);
    expect(() => dtw(seq([1]), { data: Float64Array.of(Number.NaN), rows: 1, cols: 1 })).toThrow(
      /non-finite/,
    );
    expect(() => dtw(seq([1]), seq([1]), { window: -1 })).toThrow(/window must be at least 0/);
    expect(() => dtw(seq([1]), seq([1]), { window: 1.5 })).toThrow(RangeError);
  });

  it("plugs into a selector as a distance over flattened equal-length series", () => {
    // 3 steps of 1 dim per row; rows 0 and 1 are shifts of the same shape (DTW 0 apart)
    const X = rowMatrix([
      [0, 5, 5],
      [0, 0, 5],
      [9, 9, 9],
      [5, 5, 5],
    ]);
    const asSeries = (v: Float64Array): RowMatrix => ({ data: v, rows: v.length, cols: 1 });
    const d = (a: Float64Array, b: Float64Array) => dtw(asSeries(a), asSeries(b));
    expect(d(X.data.subarray(0, 3), X.data.subarray(3, 6))).toBe(0);
    // farthest pair under DTW: row 1 [0, 0, 5] vs row 2 [9, 9, 9]: 9 + 9 + 4 = 22 (row 0 vs 2: 9 + 4 + 4 = 17)
    expect(Array.from(kennardStone(X, 2, { distance: d }))).toEqual([1, 2]);
  });
});
