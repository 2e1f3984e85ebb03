import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { kennardStone } from "../../src/select/kennardStone.js";
import { copyMatrix, gaussian } from "./_points.js";

describe("kennardStone(X, k)", () => {
  it("spreads picks along a line", () => {
    // 0, 1, 2, 3, 10: farthest pair (0, 10); then 3 (3 from 0, 7 from 10);
    // then 1 and 2 are both 1 from their nearest pick: lowest index, 1; then 2.
    const X = rowMatrix([[0], [1], [2], [3], [10]]);
    expect(Array.from(kennardStone(X, 5))).toEqual([0, 4, 3, 1, 2]);
    expect(Array.from(kennardStone(X, 1))).toEqual([0]);
    expect(Array.from(kennardStone(X, 2))).toEqual([0, 4]);
  });

  it("starts from the farthest pair, lower index first", () => {
    // Line 5, 0, 8, 2: the farthest pair is rows 1 (0) and 2 (8); then row 3
    // (2 from 0, 6 from 8) vs row 0 (5 from 0, 3 from 8): row 0 (3 > 2).
    const X = rowMatrix([[5], [0], [8], [2]]);
    expect(Array.from(kennardStone(X, 4))).toEqual([1, 2, 0, 3]);
  });

  it("handles one row and identical rows (all ties to the lowest index)", () => {
    expect(Array.from(kennardStone(rowMatrix([[7, 7]]), 1))).toEqual([0]);
    const same = rowMatrix([
      [1, 1],
      [1, 1],
      [1, 1],
      [1, 1],
    ]);
    expect(Array.from(kennardStone(same, 4))).toEqual([0, 1, 2, 3]);
  });

  it("returns an empty result for k = 0", () => {
    expect(kennardStone(rowMatrix([[1], [2]]), 0)).toEqual(new Int32Array(0));
  });

  it("uses a custom distance", () => {
    // Distance on column 1 only: values 0, 5, 1, 9 -> pair (0, 3), then row 1
    // (5 from 0, 4 from 9) before row 2 (1 from 0).
    const X = rowMatrix([
      [100, 0],
      [0, 5],
      [50, 1],
      [0, 9],
    ]);
    const d = (a: Float64Array, b: Float64Array) => Math.abs((a[1] as number) - (b[1] as number));
    expect(Array.from(kennardStone(X, 4, { distance: d }))).toEqual([0, 3, 1, 2]);
  });

  it("leaves X unchanged and is deterministic", () => {
    const X = gaussian(60, 3, "ks");
    const before = copyMatrix(X);
    const a = kennardStone(X, 20);
    expect(X).toEqual(before);
    expect(kennardStone(X, 20)).toEqual(a);
  });

  it("throws on bad input", () => {
    const X = rowMatrix([[0], [1]]);
    expect(() => kennardStone(X, 3)).toThrow(
      new RangeError("kennardStone: k must be at most the number of rows of X (2) (got 3)"),
    );
    expect(() => kennardStone(X, -1)).toThrow(RangeError);
    const nan = { data: Float64Array.of(0, Number.NaN), rows: 2, cols: 1 };
    expect(() => kennardStone(nan, 1)).toThrow(/^kennardStone: X has a non-finite value/);
    expect(() => kennardStone(X, 2, { distance: "l1" as unknown as () => number })).toThrow(
      TypeError,
    );
    expect(() => kennardStone(X, 2, { distance: () => Number.POSITIVE_INFINITY })).toThrow(
      /^kennardStone: options.distance returned a value that is not a finite number >= 0 for rows 0 and 1/,
    );
  });
});
