import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { kneePoint } from "../../src/moea/kneePoint.js";

describe("kneePoint(front)", () => {
  it("convex front: the point farthest below the line through the extremes", () => {
    // Normalised distances to f1 + f2 = 1: (0.5,0.3) -> 0.2/sqrt2, (0.2,0.2) -> 0.6/sqrt2.
    const F = rowMatrix([
      [0, 10],
      [5, 3],
      [2, 2],
      [10, 0],
    ]);
    expect(kneePoint(F)).toEqual({ index: 2, method: "normalBoundary" });
  });
  it("normalises objectives first: scale does not change the pick", () => {
    const a = rowMatrix([
      [0, 1],
      [0.1, 0.3],
      [0.4, 0.05],
      [1, 0],
    ]);
    const b = rowMatrix([
      [0, 1000],
      [10, 300],
      [40, 50],
      [100, 0],
    ]);
    expect(kneePoint(a)).toEqual(kneePoint(b));
  });
  it("linear front: no bulge, falls back to the equal-weight ASF (min of max normalised)", () => {
    // Max normalised objective per point: 1, 0.75, 0.5, 0.75, 1 -> the middle point.
    const F = rowMatrix([
      [0, 4],
      [1, 3],
      [2, 2],
      [3, 1],
      [4, 0],
    ]);
    expect(kneePoint(F)).toEqual({ index: 2, method: "asf" });
  });
  it("concave front: ASF picks the point closest to the ideal in the Chebyshev sense", () => {
    const F = rowMatrix([
      [0, 1],
      [0.8, 0.6],
      [0.6, 0.8],
      [0.7, 0.7],
      [1, 0],
    ]);
    expect(kneePoint(F)).toEqual({ index: 3, method: "asf" });
  });
  it("three objectives: hyperplane through the three extreme points", () => {
    // Extremes are the unit vectors, plane sum f = 1; (0.2,0.2,0.2) bulges most.
    const F = rowMatrix([
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
      [0.3, 0.3, 0.3],
      [0.2, 0.2, 0.2],
      [0.5, 0.4, 0],
    ]);
    expect(kneePoint(F)).toEqual({ index: 4, method: "normalBoundary" });
  });
  it("ties go to the lowest index; one point is its own knee", () => {
    const F = rowMatrix([
      [0, 1],
      [0.2, 0.2],
      [0.2, 0.2],
      [1, 0],
    ]);
    expect(kneePoint(F).index).toBe(1);
    expect(kneePoint(rowMatrix([[3, 4]])).index).toBe(0);
  });
  it("a constant objective is normalised to 0 without NaN", () => {
    const F = rowMatrix([
      [0, 5],
      [1, 5],
      [2, 5],
    ]);
    const k = kneePoint(F);
    expect(Number.isInteger(k.index)).toBe(true);
    expect(k.index).toBe(0);
  });
  it("leaves its input unchanged", () => {
    const F = rowMatrix([
      [0, 1],
      [1, 0],
    ]);
    kneePoint(F);
    expect(Array.from(F.data)).toEqual([0, 1, 1, 0]);
  });
  it("is scale-free when an objective's range overflows (it picked another point near +-1e308)", () => {
    const F = [
      [-1e308, 1],
      [1e308, 0],
      [0.9e308, 0.01],
      [-0.95e308, 0.98],
    ];
    const small = F.map((r) => [(r[0] as number) * 1e-300, r[1] as number]);
    expect(kneePoint(F).index).toBe(kneePoint(small).index);
  });

  it("rejects an empty front", () => {
    expect(() => kneePoint({ data: new Float64Array(0), rows: 0, cols: 2 })).toThrow(
      /kneePoint: front has no rows/,
    );
  });
  it("rejects NaN and non-matrices", () => {
    expect(() => kneePoint({ data: new Float64Array([Number.NaN, 0]), rows: 1, cols: 2 })).toThrow(
      RangeError,
    );
    expect(() => kneePoint([0, 1] as never)).toThrow(TypeError);
  });
});
