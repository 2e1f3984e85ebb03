import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { nonDominatedSort } from "../../src/moea/nonDominatedSort.js";
import { plain } from "./_helpers.js";

describe("nonDominatedSort(F)", () => {
  it("sorts a hand-made two-objective set into fronts (ascending row indices)", () => {
    // Front 0: (1,4) (2,2) (4,1) and the duplicate (2,2); (3,3) is dominated by
    // (2,2) -> front 1; (3,5) is dominated by (3,3) -> front 2; (5,5) by (3,5) -> front 3.
    const F = rowMatrix([
      [1, 4],
      [2, 2],
      [3, 3],
      [4, 1],
      [2, 2],
      [5, 5],
      [3, 5],
    ]);
    expect(plain(nonDominatedSort(F))).toEqual([[0, 1, 3, 4], [2], [6], [5]]);
  });
  it("three objectives: a point better in one objective only is non-dominated", () => {
    const F = rowMatrix([
      [1, 1, 1],
      [0, 2, 2],
      [2, 2, 2],
      [1, 1, 1],
      [3, 0, 3],
    ]);
    // (2,2,2) is dominated by (1,1,1); everything else is mutually non-dominated.
    expect(plain(nonDominatedSort(F))).toEqual([[0, 1, 3, 4], [2]]);
  });
  it("a chain gives one front per row, weakly dominated rows included", () => {
    // (1,2) dominates (1,3) (equal in f1, better in f2): weak inequality counts;
    // (1,3) dominates (2,3), which dominates (3,3).
    const F = rowMatrix([
      [3, 3],
      [1, 2],
      [2, 3],
      [1, 3],
    ]);
    expect(plain(nonDominatedSort(F))).toEqual([[1], [3], [2], [0]]);
  });
  it("applies Deb's constrained domination: feasible first, then by violation", () => {
    const F = rowMatrix([
      [5, 5],
      [1, 1],
      [0, 0],
      [2, 2],
      [9, 9],
    ]);
    const violation = new Float64Array([0, 0.5, 0.2, 0.5, 0]);
    // Feasible rows 0 and 4 form fronts by objectives; infeasible rows by
    // violation (0.2 then the tie 0.5, whose objectives are ignored).
    expect(plain(nonDominatedSort(F, { violation }))).toEqual([[0], [4], [2], [1, 3]]);
  });
  it("identical rows share a front; one row and no rows", () => {
    expect(
      plain(
        nonDominatedSort(
          rowMatrix([
            [1, 1],
            [1, 1],
            [1, 1],
          ]),
        ),
      ),
    ).toEqual([[0, 1, 2]]);
    expect(plain(nonDominatedSort(rowMatrix([[7, 7]])))).toEqual([[0]]);
    expect(nonDominatedSort({ data: new Float64Array(0), rows: 0, cols: 2 })).toEqual([]);
  });
  it("single objective: fronts are the distinct values in increasing order", () => {
    const F = rowMatrix([[3], [1], [2], [1]]);
    expect(plain(nonDominatedSort(F))).toEqual([[1, 3], [2], [0]]);
  });
  it("leaves its inputs unchanged", () => {
    const F = rowMatrix([
      [1, 4],
      [2, 2],
      [3, 3],
    ]);
    const v = new Float64Array([0, 0.1, 0]);
    const before = Array.from(F.data);
    nonDominatedSort(F, { violation: v });
    expect(Array.from(F.data)).toEqual(before);
    expect(Array.from(v)).toEqual([0, 0.1, 0]);
  });
  it("rejects a non-matrix", () => {
    expect(() => nonDominatedSort([1, 2] as never)).toThrow(TypeError);
    expect(() => nonDominatedSort(null as never)).toThrow(/nonDominatedSort: F/);
  });
  it("rejects NaN objectives", () => {
    const F = { data: new Float64Array([1, Number.NaN]), rows: 1, cols: 2 };
    expect(() => nonDominatedSort(F)).toThrow(RangeError);
    expect(() => nonDominatedSort(F)).toThrow(/nonDominatedSort: F has a non-finite value/);
  });
  it("rejects a violation vector of the wrong length", () => {
    const F = rowMatrix([
      [1, 2],
      [2, 1],
    ]);
    expect(() => nonDominatedSort(F, { violation: new Float64Array(3) })).toThrow(
      /nonDominatedSort: violation length differs/,
    );
  });
  it("rejects negative or NaN violations", () => {
    const F = rowMatrix([
      [1, 2],
      [2, 1],
    ]);
    expect(() => nonDominatedSort(F, { violation: new Float64Array([0, -1]) })).toThrow(RangeError);
    expect(() => nonDominatedSort(F, { violation: new Float64Array([Number.NaN, 0]) })).toThrow(
      /violation\[0\]/,
    );
  });
  it("rejects a violation that is not a Float64Array", () => {
    const F = rowMatrix([[1, 2]]);
    expect(() => nonDominatedSort(F, { violation: "0" as never })).toThrow(TypeError);
  });
  it("rejects non-object options", () => {
    expect(() => nonDominatedSort(rowMatrix([[1]]), 3 as never)).toThrow(TypeError);
  });
});
