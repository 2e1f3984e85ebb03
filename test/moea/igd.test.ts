import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { igd } from "../../src/moea/igd.js";

describe("igd(front, reference)", () => {
  it("worked example: mean nearest distance from each reference point", () => {
    // Distances 0, sqrt(0.5) (to either end), 0.
    const v = igd(
      rowMatrix([
        [0, 1],
        [1, 0],
      ]),
      rowMatrix([
        [0, 1],
        [0.5, 0.5],
        [1, 0],
      ]),
    );
    expect(v).toBeCloseTo(Math.sqrt(0.5) / 3, 15);
  });
  it("is 0 when the front contains every reference point, and not symmetric", () => {
    const Z = rowMatrix([
      [0, 1],
      [1, 0],
    ]);
    const three = rowMatrix([
      [1, 0],
      [0.5, 0.5],
      [0, 1],
    ]);
    expect(igd(three, Z)).toBe(0);
    // The other way round the middle point is sqrt(0.5) from both ends.
    expect(igd(Z, three)).toBeCloseTo(Math.sqrt(0.5) / 3, 15);
  });
  it("three objectives", () => {
    // Reference (0,0,0) is 1 from its nearest front point (1,0,0); (0,3,1) is 1 from (0,3,0).
    const v = igd(
      rowMatrix([
        [1, 0, 0],
        [0, 3, 0],
      ]),
      rowMatrix([
        [0, 0, 0],
        [0, 3, 1],
      ]),
    );
    expect(v).toBe((1 + 1) / 2);
  });
  it("leaves its inputs unchanged", () => {
    const A = rowMatrix([[0, 1]]);
    const Z = rowMatrix([[1, 1]]);
    igd(A, Z);
    expect(Array.from(A.data)).toEqual([0, 1]);
    expect(Array.from(Z.data)).toEqual([1, 1]);
  });
  it("rejects empty sets", () => {
    const empty = { data: new Float64Array(0), rows: 0, cols: 2 };
    expect(() => igd(empty, rowMatrix([[1, 1]]))).toThrow(/igd: front has no rows/);
    expect(() => igd(rowMatrix([[1, 1]]), empty)).toThrow(/igd: reference has no rows/);
  });
  it("rejects different column counts", () => {
    expect(() => igd(rowMatrix([[1, 1]]), rowMatrix([[1, 1, 1]]))).toThrow(/column counts differ/);
  });
  it("rejects NaN and non-matrices", () => {
    expect(() =>
      igd({ data: new Float64Array([Number.NaN, 1]), rows: 1, cols: 2 }, rowMatrix([[1, 1]])),
    ).toThrow(RangeError);
    expect(() => igd(rowMatrix([[1, 1]]), [1, 1] as never)).toThrow(TypeError);
  });
});

describe("igd on huge or tiny finite values", () => {
  it("computes in an exactly rescaled form instead of overflowing to Infinity or NaN", () => {
    // the worked example times 2^1000 (its squares overflow) and 2^-1000 (they underflow)
    const A = [
      [0, 1],
      [1, 0],
    ];
    const Z = [
      [0, 1],
      [0.5, 0.5],
      [1, 0],
    ];
    const base = igd(rowMatrix(A), rowMatrix(Z));
    for (const k of [1000, -1000]) {
      const s = (M: number[][]) => rowMatrix(M.map((r) => r.map((v) => v * 2 ** k)));
      expect(igd(s(A), s(Z))).toBe(base * 2 ** k);
    }
    expect(igd(rowMatrix([[1e308, 1e308]]), rowMatrix([[1e308, 1e308]]))).toBe(0);
    expect(igd(rowMatrix([[1e308, 0]]), rowMatrix([[1e308, -1e308]]))).toBe(1e308);
  });
  it("throws a RangeError naming igd when the IGD itself overflows", () => {
    expect(() => igd(rowMatrix([[1e308, 1e308]]), rowMatrix([[-1e308, -1e308]]))).toThrow(
      /^igd: front and reference are too large: .*rescale/,
    );
  });
});
