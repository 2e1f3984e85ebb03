import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { centroid } from "../../src/select/centroid.js";
import { copyMatrix, gaussian } from "./_points.js";

// A cloud symmetric about the origin, so its mean is exactly (0, 0):
// row 3 is at distance 0, rows 1, 2, 4, 5 at distance 1, rows 0 and 6 at sqrt(8).
const cloud = rowMatrix([
  [2, 2],
  [1, 0],
  [0, 1],
  [0, 0],
  [-1, 0],
  [0, -1],
  [-2, -2],
]);

describe("centroid(X, k)", () => {
  it("picks the centre of a symmetric cloud first, then ties by lowest index", () => {
    expect(Array.from(centroid(cloud, 1))).toEqual([3]);
    expect(Array.from(centroid(cloud, 7))).toEqual([3, 1, 2, 4, 5, 0, 6]);
  });

  it("returns the documented example", () => {
    // mean (0.04, 0.02): distances 1.040, 0.960, 0.179, 1.021, 0.981
    const X = rowMatrix([
      [-1, 0],
      [1, 0],
      [0.2, 0.1],
      [0, -1],
      [0, 1],
    ]);
    expect(Array.from(centroid(X, 3))).toEqual([2, 1, 4]);
  });

  it("returns an empty result for k = 0 and every row for k = N", () => {
    expect(centroid(cloud, 0)).toEqual(new Int32Array(0));
    expect(centroid(rowMatrix([]), 0)).toEqual(new Int32Array(0));
    expect(Array.from(centroid(cloud, 7)).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("uses a custom distance against the mean vector", () => {
    // On the line 0, 1, 2, 9 the mean is 3; distance only looks at column 0.
    const X = rowMatrix([
      [0, 100],
      [1, -50],
      [2, 0],
      [9, 0],
    ]);
    const calls: number[] = [];
    const d = (a: Float64Array, b: Float64Array) => {
      calls.push(b[0] as number);
      return Math.abs((a[0] as number) - (b[0] as number));
    };
    expect(Array.from(centroid(X, 4, { distance: d }))).toEqual([2, 1, 0, 3]);
    expect(new Set(calls)).toEqual(new Set([3]));
  });

  it("leaves X unchanged and is deterministic", () => {
    const X = gaussian(50, 4, "centroid");
    const before = copyMatrix(X);
    const a = centroid(X, 10);
    expect(X).toEqual(before);
    expect(centroid(X, 10)).toEqual(a);
  });

  it("throws on bad input", () => {
    expect(() => centroid(cloud, 8)).toThrow(
      new RangeError("centroid: k must be at most the number of rows of X (7) (got 8)"),
    );
    expect(() => centroid(cloud, -1)).toThrow(RangeError);
    expect(() => centroid(cloud, 1.5)).toThrow(RangeError);
    expect(() => centroid(cloud, Number.NaN)).toThrow(RangeError);
    expect(() => centroid(cloud, "2" as unknown as number)).toThrow(TypeError);
    const nan = { data: Float64Array.of(0, Number.NaN), rows: 2, cols: 1 };
    expect(() => centroid(nan, 1)).toThrow(
      /^centroid: X has a non-finite value at row 1, column 0/,
    );
    expect(() => centroid([1, 2] as unknown as typeof cloud, 1)).toThrow(TypeError);
    expect(() => centroid(cloud, 1, null as unknown as undefined)).toThrow(TypeError);
    expect(() => centroid(cloud, 1, { distance: 3 as unknown as () => number })).toThrow(TypeError);
    expect(() => centroid(cloud, 1, { distance: () => Number.NaN })).toThrow(
      /^centroid: options.distance returned a value that is not a finite number >= 0/,
    );
    expect(() => centroid(cloud, 1, { distance: () => -1 })).toThrow(RangeError);
  });
});
