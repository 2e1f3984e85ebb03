import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { constrainedDominates } from "../../src/moea/constrainedDominates.js";

describe("constrainedDominates(F, i, j)", () => {
  const F = rowMatrix([
    [1, 2],
    [2, 3],
    [0, 0],
    [1, 2],
    [2, 1],
  ]);
  it("is Pareto dominance without violations", () => {
    expect(constrainedDominates(F, 0, 1)).toBe(true);
    expect(constrainedDominates(F, 1, 0)).toBe(false);
    expect(constrainedDominates(F, 0, 3)).toBe(false); // identical rows
    expect(constrainedDominates(F, 0, 4)).toBe(false); // incomparable
    expect(constrainedDominates(F, 4, 0)).toBe(false);
  });
  it("feasible beats infeasible regardless of objectives", () => {
    const violation = new Float64Array([0, 0, 0.1, 0, 0]);
    expect(constrainedDominates(F, 1, 2, { violation })).toBe(true);
    expect(constrainedDominates(F, 2, 1, { violation })).toBe(false);
  });
  it("between infeasible solutions the smaller violation wins; equal violations tie", () => {
    const violation = new Float64Array([0.5, 0.2, 0.5, 0, 0]);
    expect(constrainedDominates(F, 1, 0, { violation })).toBe(true);
    expect(constrainedDominates(F, 0, 1, { violation })).toBe(false);
    // Rows 0 and 2 have equal violation: objectives are not consulted.
    expect(constrainedDominates(F, 2, 0, { violation })).toBe(false);
    expect(constrainedDominates(F, 0, 2, { violation })).toBe(false);
  });
  it("between feasible solutions objectives decide", () => {
    const violation = new Float64Array([0, 0, 0.5, 0, 0]);
    expect(constrainedDominates(F, 0, 1, { violation })).toBe(true);
  });
  it("leaves its inputs unchanged", () => {
    const v = new Float64Array([0, 0.3, 0, 0, 0]);
    constrainedDominates(F, 0, 1, { violation: v });
    expect(Array.from(v)).toEqual([0, 0.3, 0, 0, 0]);
    expect(Array.from(F.data)).toEqual([1, 2, 2, 3, 0, 0, 1, 2, 2, 1]);
  });
  it("rejects indices outside the rows", () => {
    expect(() => constrainedDominates(F, 5, 0)).toThrow(
      /constrainedDominates: i must be at most 4/,
    );
    expect(() => constrainedDominates(F, 0, -1)).toThrow(/constrainedDominates: j/);
    expect(() => constrainedDominates(F, 0.5, 1)).toThrow(RangeError);
  });
  it("rejects bad violations", () => {
    expect(() => constrainedDominates(F, 0, 1, { violation: new Float64Array(2) })).toThrow(
      /violation length/,
    );
    expect(() =>
      constrainedDominates(F, 0, 1, { violation: new Float64Array([0, 0, -1, 0, 0]) }),
    ).toThrow(RangeError);
  });
  it("rejects a non-matrix", () => {
    expect(() => constrainedDominates(undefined as never, 0, 0)).toThrow(TypeError);
  });
});
