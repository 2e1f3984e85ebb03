import { describe, expect, it } from "vitest";
import { getRow as get, getRow, rowMatrix } from "../../src/core/rowMatrix.js";

describe("rowMatrix(rows)", () => {
  it("builds a row-major copy", () => {
    const rows = [
      [1, 2],
      [3, 4],
      [5, 6],
    ];
    const m = rowMatrix(rows);
    expect(m.rows).toBe(3);
    expect(m.cols).toBe(2);
    expect(Array.from(m.data)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(Array.from(getRow(m, 1))).toEqual([3, 4]);
    expect(rows).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
  });
  it("accepts an empty list", () => {
    const m = rowMatrix([]);
    expect(m.rows).toBe(0);
    expect(m.cols).toBe(0);
  });
  it("rejects ragged rows, NaN and Infinity", () => {
    expect(() => rowMatrix([[1, 2], [3]])).toThrow(/rowMatrix: rows have different lengths/);
    expect(() => rowMatrix([[1, Number.NaN]])).toThrow(RangeError);
    expect(() => rowMatrix([[Number.POSITIVE_INFINITY]])).toThrow(/rows\[0\]\[0\]/);
    expect(() => rowMatrix("x" as unknown as number[][])).toThrow(TypeError);
  });
  it("getRow rejects out-of-range rows", () => {
    expect(() => getRow(rowMatrix([[1]]), 1)).toThrow(RangeError);
  });
});

describe("getRow(m, i) on a malformed matrix", () => {
  it("throws instead of returning a partial row", () => {
    const bad = { data: new Float64Array(3), rows: 2, cols: 2 };
    expect(() => get(bad, 1)).toThrow(
      /^getRow: m\.data length 3 does not equal rows \* cols \(2 \* 2\)$/,
    );
    expect(() => get({ data: new Float64Array(0), rows: 1e9, cols: 0 }, 0)).toThrow(RangeError);
    expect(() => get(undefined as never, 0)).toThrow(/^getRow: m must be a RowMatrix/);
    expect(() => get(rowMatrix([[1]]), "0" as never)).toThrow(TypeError);
    expect(() => get(rowMatrix([[1]]), 1)).toThrow(
      /^getRow: i must be an integer in \[0, 1\) \(got 1\)$/,
    );
  });
});
