import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { averageRanks } from "../../src/stats/averageRanks.js";
import { friedman } from "../../src/stats/friedman.js";

describe("friedman(scores)", () => {
  it("computes the worked example by hand", () => {
    // blocks' ranks: [1,2,3] [1,3,2] [1,2,3] [2,1,3]; rank sums R = 5, 8, 11
    // chi2 = 12 / (4*3*4) * (25 + 64 + 121) - 3*4*4 = 0.25 * 210 - 48 = 4.5, no ties
    // p = P(chi2_2 >= 4.5) = exp(-4.5 / 2) = 0.10539922456186433
    const r = friedman(
      rowMatrix([
        [1, 2, 3],
        [1, 3, 2],
        [1, 2, 3],
        [2, 1, 3],
      ]),
    );
    expect(r.statistic).toBeCloseTo(4.5, 12);
    expect(r.pValue).toBeCloseTo(Math.exp(-2.25), 15);
    expect(r.df).toBe(2);
    expect(r.nBlocks).toBe(4);
    expect(r.nTreatments).toBe(3);
    expect(Array.from(r.averageRanks)).toEqual([1.25, 2, 2.75]);
  });

  it("applies the tie correction", () => {
    // ranks: [1.5,1.5,3] [1,2,3]; R = 2.5, 3.5, 6; sum R^2 = 6.25 + 12.25 + 36 = 54.5
    // raw = 12 / (2*3*4) * 54.5 - 3*2*4 = 27.25 - 24 = 3.25; ties: one pair -> 2*(4-1) = 6
    // C = 1 - 6 / (2*3*8) = 0.875; chi2 = 3.25 / 0.875 = 3.7142857142857144
    const r = friedman(
      rowMatrix([
        [5, 5, 9],
        [1, 2, 3],
      ]),
    );
    expect(r.statistic).toBeCloseTo(3.25 / 0.875, 12);
  });

  it("is the same for ascending and descending orientation of scores", () => {
    const m = rowMatrix([
      [0.1, 0.5, 0.3],
      [0.2, 0.1, 0.9],
      [0.4, 0.6, 0.5],
    ]);
    const neg = rowMatrix([
      [-0.1, -0.5, -0.3],
      [-0.2, -0.1, -0.9],
      [-0.4, -0.6, -0.5],
    ]);
    expect(friedman(neg).statistic).toBeCloseTo(friedman(m).statistic, 12);
  });

  it("does not mutate its input and is deterministic", () => {
    const m = rowMatrix([
      [3, 1, 2],
      [2, 2, 1],
      [1, 3, 2],
    ]);
    const copy = Float64Array.from(m.data);
    const a = friedman(m);
    const b = friedman(m);
    expect(m.data).toEqual(copy);
    expect(a).toEqual(b);
  });

  it("rejects bad input with typed errors", () => {
    expect(() =>
      friedman({ data: new Float64Array([1, Number.NaN, 2, 3]), rows: 2, cols: 2 }),
    ).toThrow(/friedman: scores has a non-finite value/);
    expect(() => friedman(rowMatrix([[1, 2, 3]]))).toThrow(
      /friedman: scores needs at least 2 blocks/,
    );
    expect(() => friedman(rowMatrix([[1], [2]]))).toThrow(
      /friedman: scores needs at least 2 treatments/,
    );
    expect(() =>
      friedman(
        rowMatrix([
          [1, 1],
          [2, 2],
        ]),
      ),
    ).toThrow(/friedman: every block of scores is entirely tied/);
    expect(() => friedman({ data: new Float64Array(3), rows: 2, cols: 2 })).toThrow(RangeError);
    expect(() => friedman(null as never)).toThrow(TypeError);
    expect(() => friedman(rowMatrix([[1, 2, 3]]))).toThrow(RangeError);
  });
});

describe("averageRanks(scores, { descending })", () => {
  it("ranks the smallest score 1 by default and the largest with descending", () => {
    const m = rowMatrix([
      [0.03, 0.05, 0.04],
      [0.02, 0.06, 0.06],
      [0.01, 0.02, 0.03],
    ]);
    // by hand: [1,3,2] [1,2.5,2.5] [1,2,3] -> [1, 7.5/3, 7.5/3]
    expect(Array.from(averageRanks(m))).toEqual([1, 2.5, 2.5]);
    expect(Array.from(averageRanks(m, { descending: true }))).toEqual([3, 1.5, 1.5]);
  });

  it("rejects bad options and input", () => {
    const m = rowMatrix([
      [1, 2],
      [3, 4],
    ]);
    expect(() => averageRanks(m, { descending: "yes" as never })).toThrow(TypeError);
    expect(() => averageRanks(m, 3 as never)).toThrow(/averageRanks: options must be an object/);
    expect(() => averageRanks(rowMatrix([[1, 2]]))).toThrow(
      /averageRanks: scores needs at least 2 blocks/,
    );
  });
});
