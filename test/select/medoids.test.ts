import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { medoids } from "../../src/select/medoids.js";
import { copyMatrix, gaussian } from "./_points.js";

describe("medoids(X, k)", () => {
  it("finds one medoid per cluster on two clusters", () => {
    // Line {0, 1, 2, 3} and {10, 11, 12}. Total distances: row 2 (x = 2)
    // 2+1+1+8+9+10 = 31, row 3 (x = 3) 3+2+1+7+8+9 = 30, row 5 (x = 11)
    // 11+10+9+8+1+1 = 40: first pick row 3. Reductions then: row 5 moves 10,
    // 11, 12 from 7, 8, 9 to 1, 0, 1: 6 + 8 + 8 = 22 (row 4: 7 + 7 + 7 = 21).
    const X = rowMatrix([[0], [1], [2], [3], [10], [11], [12]]);
    expect(Array.from(medoids(X, 2))).toEqual([3, 5]);
    expect(Array.from(medoids(X, 1))).toEqual([3]);
    // Third pick: row 1 moves 0, 1, 2 from 3, 2, 1 to 1, 0, 1 (reduction 4);
    // row 0 moves 0, 1 from 3, 2 to 0, 1 (reduction 4): tie, lowest index 0.
    expect(Array.from(medoids(X, 3))).toEqual([3, 5, 0]);
  });

  it("picks every row for k = N with zero-gain ties to the lowest index", () => {
    const same = rowMatrix([[1], [1], [1]]);
    expect(Array.from(medoids(same, 3))).toEqual([0, 1, 2]);
  });

  it("uses a custom distance", () => {
    // Distance on column 1 only: values 0, 1, 2, 50 -> first pick row 1 (sum 1+1+49 = 51,
    // row 2: 2+1+48 = 51 -> tie, lowest index 1); then row 3 (reduction 49).
    const X = rowMatrix([
      [9, 0],
      [0, 1],
      [-9, 2],
      [0, 50],
    ]);
    const d = (a: Float64Array, b: Float64Array) => Math.abs((a[1] as number) - (b[1] as number));
    expect(Array.from(medoids(X, 2, { distance: d }))).toEqual([1, 3]);
  });

  it("gives the same picks with and without the stored distance matrix", () => {
    const X = gaussian(150, 5, "medoids-store");
    const stored = medoids(X, 25);
    expect(medoids(X, 25, { maxMatrixRows: 0 })).toEqual(stored);
  });

  it("returns an empty result for k = 0, leaves X unchanged and is deterministic", () => {
    expect(medoids(rowMatrix([[1], [2]]), 0)).toEqual(new Int32Array(0));
    const X = gaussian(50, 3, "medoids");
    const before = copyMatrix(X);
    const a = medoids(X, 9);
    expect(X).toEqual(before);
    expect(medoids(X, 9)).toEqual(a);
  });

  it("throws on bad input", () => {
    const X = rowMatrix([[0], [1]]);
    expect(() => medoids(X, 3)).toThrow(
      new RangeError("medoids: k must be at most the number of rows of X (2) (got 3)"),
    );
    expect(() => medoids(X, -1)).toThrow(RangeError);
    const nan = { data: Float64Array.of(0, Number.NaN), rows: 2, cols: 1 };
    expect(() => medoids(nan, 1)).toThrow(/^medoids: X has a non-finite value/);
    expect(() => medoids(X, 1, { maxMatrixRows: 2.5 })).toThrow(RangeError);
    expect(() => medoids(X, 1, { distance: () => -1 })).toThrow(
      /^medoids: options.distance returned/,
    );
    expect(() => medoids(X, 1, 5 as unknown as undefined)).toThrow(TypeError);
  });
});
