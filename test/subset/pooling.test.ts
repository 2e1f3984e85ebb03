import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { poolSteps } from "../../src/subset/poolSteps.js";
import { poolTrajectories } from "../../src/subset/poolTrajectories.js";

describe("poolSteps(steps)", () => {
  it("concatenates mean, population std, first, middle and last step", () => {
    // column 0: 0, 2, 4 -> mean 2, std sqrt(8/3); column 1 constant 10 -> std 0
    const v = Array.from(
      poolSteps(
        rowMatrix([
          [0, 10],
          [2, 10],
          [4, 10],
        ]),
      ),
    );
    expect(v.slice(0, 2)).toEqual([2, 10]);
    expect(v[2]).toBeCloseTo(Math.sqrt(8 / 3), 15);
    expect(v.slice(3)).toEqual([0, 0, 10, 2, 10, 4, 10]);
  });

  it("takes the middle step at floor(T / 2)", () => {
    // T = 4 -> step 2; T = 1 -> first = middle = last, std 0
    expect(Array.from(poolSteps(rowMatrix([[1], [2], [7], [9]]))).slice(2)).toEqual([1, 7, 9]);
    expect(Array.from(poolSteps(rowMatrix([[5]])))).toEqual([5, 0, 5, 5, 5]);
  });

  it("matches the definition column by column and leaves the input unchanged (property)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.double({ min: -100, max: 100, noNaN: true }), { minLength: 3, maxLength: 3 }),
          {
            minLength: 1,
            maxLength: 12,
          },
        ),
        (rows) => {
          const m = rowMatrix(rows);
          const copy = Float64Array.from(m.data);
          const v = poolSteps(m);
          expect(m.data).toEqual(copy);
          expect(v.length).toBe(15);
          for (let j = 0; j < 3; j++) {
            const col = rows.map((r) => r[j] as number);
            const mean = col.reduce((a, b) => a + b, 0) / col.length;
            expect(v[j]).toBeCloseTo(mean, 9);
            expect(v[3 + j]).toBeGreaterThanOrEqual(0);
            expect(v[6 + j]).toBe(col[0]);
            expect(v[9 + j]).toBe(col[Math.floor(col.length / 2)]);
            expect(v[12 + j]).toBe(col[col.length - 1]);
          }
        },
      ),
    );
  });

  it("rejects empty, NaN-holding and non-matrix input", () => {
    expect(() => poolSteps(rowMatrix([]))).toThrow(/steps has no rows/);
    expect(() => poolSteps({ data: new Float64Array(0), rows: 2, cols: 0 })).toThrow(/no columns/);
    expect(() => poolSteps({ data: Float64Array.of(1, Number.NaN), rows: 1, cols: 2 })).toThrow(
      /non-finite/,
    );
    expect(() => poolSteps([1] as never)).toThrow(TypeError);
  });
});

describe("poolTrajectories(list)", () => {
  it("pools each trajectory into one row", () => {
    const X = poolTrajectories([rowMatrix([[1], [3]]), rowMatrix([[5]])]);
    expect(X.rows).toBe(2);
    expect(X.cols).toBe(5);
    // [1, 3]: mean 2, std 1, first 1, middle (floor 1) 3, last 3
    expect(Array.from(X.data)).toEqual([2, 1, 1, 3, 3, 5, 0, 5, 5, 5]);
  });

  it("rejects an empty list, different widths and empty trajectories", () => {
    expect(() => poolTrajectories([])).toThrow(/list is empty/);
    expect(() => poolTrajectories([rowMatrix([[1]]), rowMatrix([[1, 2]])])).toThrow(
      /list\[1\] has 2 columns, list\[0\] has 1/,
    );
    expect(() => poolTrajectories([rowMatrix([])])).toThrow(/has no rows/);
    expect(() => poolTrajectories("x" as never)).toThrow(TypeError);
  });
});
