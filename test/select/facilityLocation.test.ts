import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { facilityLocation } from "../../src/select/facilityLocation.js";
import { copyMatrix, gaussian } from "./_points.js";

// Duplicated points: B = (10, 0) at row 0, three copies of A = (0, 0) at rows
// 1, 3, 5, two copies of C = (0, 10) at rows 2 and 4.
const dup = rowMatrix([
  [10, 0],
  [0, 0],
  [0, 10],
  [0, 0],
  [0, 10],
  [0, 0],
]);

describe("facilityLocation(X, k, options)", () => {
  it("covers duplicated points: largest group first, then the others, then zero-gain ties", () => {
    // Default bandwidth: the 15 distances are 0 (x4), 10 (x9), 14.14 (x2), so
    // h = median = 10 and s = exp(-d^2 / 200): 1, 0.607 (d = 10), 0.368.
    // First-pick gains (column sums): A 3 + 0.607 + 2 * 0.607 = 4.82,
    // C 2 + 3 * 0.607 + 0.368 = 4.19, B 1 + 3 * 0.607 + 2 * 0.368 = 3.56 -> row 1.
    // Then C gains 2 * (1 - 0.607) = 0.79 > B's 1 - 0.607 = 0.39 -> row 2, then
    // row 0; the remaining copies have gain exactly 0: rows 3, 4, 5.
    expect(Array.from(facilityLocation(dup, 6))).toEqual([1, 2, 0, 3, 4, 5]);
    // A narrow kernel (h = 1) gives the same order: group sizes 3, 2, 1.
    expect(Array.from(facilityLocation(dup, 3, { bandwidth: 1 }))).toEqual([1, 2, 0]);
  });

  it("returns the documented example", () => {
    const X = rowMatrix([
      [0, 0],
      [0, 0.1],
      [5, 5],
      [5, 5.1],
      [5.1, 5],
      [5, 4.9],
    ]);
    // h = 0.5: within the large group the centre (row 2) is 0.1 from the three
    // others, so its column sum is the largest; rows 0 and 1 then tie -> 0.
    expect(Array.from(facilityLocation(X, 2, { bandwidth: 0.5 }))).toEqual([2, 0]);
    expect(Array.from(facilityLocation(X, 2))).toEqual([5, 0]);
  });

  it("supports the shifted cosine and a similarity callback", () => {
    // Directions: rows 0, 1, 3 along (1, 0) (cos 1), row 2 along (0, 1) (cos 0 with them).
    // Shifted cosine: s = 1 within a direction, 0.5 across: row 0 first
    // (3 + 0.5), then row 2 (gain 1 - 0.5), then zero-gain ties 1, 3.
    const X = rowMatrix([
      [1, 0],
      [2, 0],
      [0, 3],
      [5, 0],
    ]);
    expect(Array.from(facilityLocation(X, 4, { similarity: "cosine" }))).toEqual([0, 2, 1, 3]);
    // s = 1 / (1 + |a0 - b0|) on the line 0, 1, 2, 10 (column 1 ignored):
    // column sums 1 + 1/2 + 1/3 + 1/11 = 1.924, 1 + 1/2 + 1/2 + 1/10 = 2.1,
    // 1 + 1/3 + 1/2 + 1/9 = 1.944, 1 + 1/11 + 1/10 + 1/9 = 1.302 -> row 1; then row 3 gains 1 - 1/10
    // = 0.9 against row 0's (1 - 1/2) = 0.5 and row 2's 0.5.
    const L = rowMatrix([
      [0, 7],
      [1, 7],
      [2, 7],
      [10, 7],
    ]);
    const s = (a: Float64Array, b: Float64Array) =>
      1 / (1 + Math.abs((a[0] as number) - (b[0] as number)));
    expect(Array.from(facilityLocation(L, 2, { similarity: s }))).toEqual([1, 3]);
  });

  it("accepts a distance inside the RBF kernel", () => {
    // Distance on column 0 only makes row 1 (x = 0, a duplicate of row 0 there) redundant.
    const X = rowMatrix([
      [0, 0],
      [0, 50],
      [3, 0],
    ]);
    const d = (a: Float64Array, b: Float64Array) => Math.abs((a[0] as number) - (b[0] as number));
    const picks = facilityLocation(X, 3, { distance: d, bandwidth: 1 });
    // Rows 0 and 1 each cover 2 + exp(-4.5); row 2 covers 1 + 2 exp(-4.5): row 0 first,
    // then row 2 (gain 1 - exp(-4.5)), then row 1 (gain 0).
    expect(Array.from(picks)).toEqual([0, 2, 1]);
  });

  it("gives the same picks with and without the stored similarity matrix", () => {
    const X = gaussian(120, 6, "fl-store");
    const stored = facilityLocation(X, 30);
    expect(facilityLocation(X, 30, { maxMatrixRows: 0 })).toEqual(stored);
    expect(facilityLocation(X, 30, { maxMatrixRows: 119 })).toEqual(stored);
  });

  it("returns an empty result for k = 0, leaves X unchanged and is deterministic", () => {
    expect(facilityLocation(dup, 0)).toEqual(new Int32Array(0));
    expect(Array.from(facilityLocation(rowMatrix([[3, 4]]), 1))).toEqual([0]);
    const X = gaussian(60, 4, "fl");
    const before = copyMatrix(X);
    const a = facilityLocation(X, 12);
    expect(X).toEqual(before);
    expect(facilityLocation(X, 12)).toEqual(a);
  });

  it("throws on bad input", () => {
    expect(() => facilityLocation(dup, 7)).toThrow(
      new RangeError("facilityLocation: k must be at most the number of rows of X (6) (got 7)"),
    );
    const nan = { data: Float64Array.of(1, Number.NaN), rows: 2, cols: 1 };
    expect(() => facilityLocation(nan, 1)).toThrow(/^facilityLocation: X has a non-finite value/);
    type Opt = Parameters<typeof facilityLocation>[2];
    expect(() => facilityLocation(dup, 2, { similarity: "dot" } as unknown as Opt)).toThrow(
      RangeError,
    );
    expect(() => facilityLocation(dup, 2, { similarity: 3 } as unknown as Opt)).toThrow(TypeError);
    expect(() =>
      facilityLocation(dup, 2, {
        similarity: "cosine",
        distance: (a, b) => Math.abs(a[0] - b[0]),
      } as Opt),
    ).toThrow(
      new RangeError('facilityLocation: options.distance only applies to similarity "rbf"'),
    );
    expect(() => facilityLocation(dup, 2, { bandwidth: 0 })).toThrow(RangeError);
    expect(() => facilityLocation(dup, 2, { bandwidth: Number.NaN })).toThrow(RangeError);
    expect(() => facilityLocation(dup, 2, { maxMatrixRows: -1 })).toThrow(RangeError);
    expect(() => facilityLocation(dup, 2, { similarity: "cosine" })).toThrow(
      new RangeError("facilityLocation: X row 1 is all zeros: cosine similarity is undefined"),
    );
    expect(() => facilityLocation(dup, 2, { similarity: () => -0.5 })).toThrow(
      /^facilityLocation: options.similarity returned a value that is not a finite number >= 0/,
    );
    expect(() => facilityLocation(dup, 2, { similarity: () => Number.NaN })).toThrow(RangeError);
    expect(() => facilityLocation(dup, 2, { distance: () => Number.NaN })).toThrow(
      /^facilityLocation: options.distance returned/,
    );
  });
});
