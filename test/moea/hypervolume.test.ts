import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { hypervolume as hv, hypervolume } from "../../src/moea/hypervolume.js";

const r = (xs: number[]) => Float64Array.from(xs);

describe("hypervolume(F, reference)", () => {
  it("2-D staircase by hand", () => {
    // Sorted by f1: (1,3) adds (4-1)(4-3) = 3, (2,2) adds (4-2)(3-2) = 2, (3,1) adds (4-3)(2-1) = 1.
    expect(
      hypervolume(
        rowMatrix([
          [3, 1],
          [1, 3],
          [2, 2],
        ]),
        r([4, 4]),
      ),
    ).toBe(6);
  });
  it("dominated, duplicate and out-of-box points add nothing", () => {
    const base = hypervolume(
      rowMatrix([
        [1, 3],
        [2, 2],
        [3, 1],
      ]),
      r([4, 4]),
    );
    const noisy = rowMatrix([
      [1, 3],
      [2, 2],
      [3, 1],
      [2, 2],
      [3, 3],
      [5, 0.5],
      [0.5, 4],
      [4, 0],
    ]);
    expect(hypervolume(noisy, r([4, 4]))).toBe(base);
    expect(hypervolume(rowMatrix([[5, 5]]), r([4, 4]))).toBe(0);
    expect(hypervolume({ data: new Float64Array(0), rows: 0, cols: 2 }, r([1, 1]))).toBe(0);
  });
  it("ZDT1's true front at (1.1, 1.1): integral of 1.1 - (1 - sqrt f1) over [0, 1] plus 0.1 * 1.1", () => {
    // Exact value 0.1 + 2/3 + 0.11 = 0.876666...; k evenly spaced points
    // underestimate it by the staircase error, O(1/k).
    const k = 20001;
    const rows: number[][] = [];
    for (let i = 0; i < k; i++) rows.push([i / (k - 1), 1 - Math.sqrt(i / (k - 1))]);
    const hv = hypervolume(rowMatrix(rows), r([1.1, 1.1]));
    expect(hv).toBeLessThan(0.1 + 2 / 3 + 0.11);
    expect(hv).toBeGreaterThan(0.1 + 2 / 3 + 0.11 - 1e-4);
  });
  it("3-D by hand: one box, and two overlapping boxes", () => {
    expect(hypervolume(rowMatrix([[1, 1, 1]]), r([2, 3, 4]))).toBe(6);
    // Boxes 2*2*1 and 1*1*2 overlapping in [1,2]^3 (volume 1): 4 + 2 - 1 = 5.
    expect(
      hypervolume(
        rowMatrix([
          [0, 0, 1],
          [1, 1, 0],
        ]),
        r([2, 2, 2]),
      ),
    ).toBe(5);
  });
  it("3-D with dominated points and equal third coordinates", () => {
    // (1,1,1) dominates (1,2,1) and (1.5,1.5,1.5): the volume is one box, (3-1)^3 = 8.
    expect(
      hypervolume(
        rowMatrix([
          [1, 2, 1],
          [1.5, 1.5, 1.5],
          [1, 1, 1],
        ]),
        r([3, 3, 3]),
      ),
    ).toBe(8);
  });
  it("1-D: distance from the best value to the reference", () => {
    expect(hypervolume(rowMatrix([[3], [1], [2]]), r([4]))).toBe(3);
  });
  it("leaves its inputs unchanged", () => {
    const F = rowMatrix([
      [3, 1],
      [1, 3],
    ]);
    const ref = r([4, 4]);
    hypervolume(F, ref);
    expect(Array.from(F.data)).toEqual([3, 1, 1, 3]);
    expect(Array.from(ref)).toEqual([4, 4]);
  });
  it("an empty set has volume 0, given as an empty number[][] too (it threw: no column count)", () => {
    expect(hypervolume([], [1, 1])).toBe(0);
    expect(hypervolume({ data: new Float64Array(0), rows: 0, cols: 2 }, [1, 1])).toBe(0);
  });
  it("rejects more than three objectives", () => {
    expect(() => hypervolume(rowMatrix([[1, 1, 1, 1]]), r([2, 2, 2, 2]))).toThrow(
      /hypervolume: F must have 1, 2 or 3 columns/,
    );
  });
  it("rejects a reference of the wrong length or with NaN", () => {
    expect(() => hypervolume(rowMatrix([[1, 1]]), r([2]))).toThrow(/reference length differs/);
    expect(() => hypervolume(rowMatrix([[1, 1]]), r([2, Number.NaN]))).toThrow(RangeError);
  });
  it("rejects NaN objectives and wrong types", () => {
    expect(() =>
      hypervolume({ data: new Float64Array([Number.NaN, 1]), rows: 1, cols: 2 }, r([2, 2])),
    ).toThrow(RangeError);
    expect(() => hypervolume(rowMatrix([[1, 1]]), "2, 2" as never)).toThrow(TypeError);
  });
});

describe("hypervolume beyond the double range", () => {
  it("throws a RangeError instead of returning Infinity", () => {
    const ref = new Float64Array([1e308, 1e308]);
    expect(() => hv(rowMatrix([[-1e308, -1e308]]), ref)).toThrow(
      /^hypervolume: the hypervolume overflows .*rescale the objectives \(got Infinity\)$/,
    );
    expect(() => hv(rowMatrix([[-1.5e308]]), new Float64Array([1.5e308]))).toThrow(RangeError);
    expect(() =>
      hv(rowMatrix([[-1e200, -1e200, -1e200]]), new Float64Array([1e200, 1e200, 1e200])),
    ).toThrow(RangeError);
    // large but representable
    expect(hv(rowMatrix([[0, 0]]), new Float64Array([1e154, 1e154]))).toBe(1e308);
  });
});

describe("hypervolume: an empty reference", () => {
  it("is named as the reference, not as F", () => {
    expect(() => hypervolume([], [])).toThrow(
      "hypervolume: reference must have 1, 2 or 3 values (objectives) (got 0)",
    );
  });
});

describe("hypervolume: a finite volume with an overflowing box side (review F1)", () => {
  it("rescales by powers of two instead of throwing: 2e308 x 1e-300 = 2e8", () => {
    // bit for bit the value an unbounded exponent gives: halve axis 0 (exact), double the volume
    const halved = 2 * hypervolume([[-5e307, 0]], [5e307, 1e-300]);
    expect(halved).toBe(2e8);
    expect(hypervolume([[-1e308, 0]], [1e308, 1e-300])).toBe(halved);
    expect(hypervolume([[-1e308, 0, 0]], [1e308, 1e-300, 1])).toBe(halved);
    expect(hypervolume([[-1e308, 0, 0]], [1e308, 1, 1e-300])).toBe(halved);
    // a staircase whose partial sums overflow although the volume does not
    const F = [
      [-1e308, 0.5e-300],
      [1e307, 0],
    ];
    const halfF = F.map(([x, y]) => [(x as number) / 2, y as number]);
    expect(hypervolume(F, [1e308, 1e-300])).toBe(2 * hypervolume(halfF, [5e307, 1e-300]));
  });
  it("still throws when the volume itself overflows", () => {
    expect(() => hypervolume([[-1e308, -1e308]], [1e308, 1e308])).toThrow(
      /^hypervolume: the hypervolume overflows .*rescale the objectives \(got Infinity\)$/,
    );
    expect(() => hypervolume([[-1e308, 0]], [1e308, 1])).toThrow(RangeError);
  });
  it("leaves results that do not overflow bit-identical (huge and tiny values included)", () => {
    // computed as before: exact by hand, no rescaling involved
    expect(hypervolume([[0, 0]], [1e154, 1e154])).toBe(1e154 * 1e154);
    expect(hypervolume([[0, 0, 0]], [1e-200, 1e200, 3])).toBe(1e-200 * 1e200 * 3);
    expect(
      hypervolume(
        [
          [1, 3],
          [2, 2],
        ],
        [4, 4],
      ),
    ).toBe(5);
  });
});

describe("hypervolume: an empty RowMatrix is the empty set (review F2)", () => {
  it("rowMatrix([]) (no rows, no columns) gives 0 for a reference of 1 to 3 values", () => {
    for (const ref of [[1], [1, 1], [1, 1, 1]]) expect(hypervolume(rowMatrix([]), ref)).toBe(0);
    expect(hypervolume({ data: new Float64Array(0), rows: 0, cols: 0 }, r([2, 2]))).toBe(0);
  });
  it("still refuses a reference of the wrong width where it can be checked", () => {
    expect(() => hypervolume(rowMatrix([]), [1, 1, 1, 1])).toThrow(
      "hypervolume: reference must have 1, 2 or 3 values (objectives) (got 4)",
    );
    expect(() => hypervolume(rowMatrix([]), [])).toThrow(/reference must have 1, 2 or 3 values/);
    expect(() => hypervolume({ data: new Float64Array(0), rows: 0, cols: 2 }, [1, 1, 1])).toThrow(
      /reference length differs from the number of objectives \(3 vs 2\)/,
    );
    expect(() =>
      hypervolume({ data: new Float64Array(0), rows: 0, cols: 4 }, [1, 1, 1, 1]),
    ).toThrow(/F must have 1, 2 or 3 columns/);
    expect(() => hypervolume(rowMatrix([]), [1, Number.NaN])).toThrow(
      /reference\[1\] is not finite/,
    );
  });
});
