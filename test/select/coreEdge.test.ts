import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { centroid } from "../../src/select/centroid.js";
import { coreEdge } from "../../src/select/coreEdge.js";
import { kennardStone } from "../../src/select/kennardStone.js";
import { copyMatrix, gaussian } from "./_points.js";

// 0..8 and an outlier at 30: mean 6.6, so the centroid order is
// 7, 6, 8, 5, 4, 3, 2, 1, 0, 9 (distances 0.4, 0.6, 1.4, 1.6, ... 6.6, 23.4).
const line = rowMatrix([[0], [1], [2], [3], [4], [5], [6], [7], [8], [30]]);

describe("coreEdge(X, k, { edgeShare })", () => {
  it("takes the core from the centroid order and the edge farthest from it", () => {
    // 10 picks, 2 edge: core 7, 6, 8, 5, 4, 3, 2, 1; the outlier 30 is 22 from
    // its nearest core pick, row 0 only 1.
    expect(Array.from(coreEdge(line, 10, { edgeShare: 0.2 }))).toEqual([
      7, 6, 8, 5, 4, 3, 2, 1, 9, 0,
    ]);
    // e = floor(0.4 * 3 + 0.5) = 1: core 7, 6, then the outlier.
    expect(Array.from(coreEdge(line, 3, { edgeShare: 0.4 }))).toEqual([7, 6, 9]);
  });

  it("uses edgeShare 0.1 by default, rounding half up", () => {
    // k = 5: e = floor(0.5 + 0.5) = 1 -> core 7, 6, 8, 5, then 30.
    expect(Array.from(coreEdge(line, 5))).toEqual([7, 6, 8, 5, 9]);
    // k = 4: e = floor(0.4 + 0.5) = 0 -> pure centroid.
    expect(coreEdge(line, 4)).toEqual(centroid(line, 4));
  });

  it("rounds the edge count of the product as written (0.29 * 50 + 0.5 = 15, not 14.999999999999998)", () => {
    const X = gaussian(80, 2, 7);
    const picks = Array.from(coreEdge(X, 50, { edgeShare: 0.29 }));
    // 35 core picks (the centroid order), then 15 edge picks
    expect(picks.slice(0, 35)).toEqual(Array.from(centroid(X, 35)));
    expect(picks[35]).not.toBe(centroid(X, 36)[35]);
  });

  it("reduces to centroid at edgeShare 0 and to Kennard–Stone at edgeShare 1", () => {
    const X = gaussian(40, 3, "core-edge");
    expect(coreEdge(X, 12, { edgeShare: 0 })).toEqual(centroid(X, 12));
    expect(coreEdge(X, 12, { edgeShare: 1 })).toEqual(kennardStone(X, 12));
  });

  it("returns an empty result for k = 0, leaves X unchanged and is deterministic", () => {
    expect(coreEdge(line, 0)).toEqual(new Int32Array(0));
    const X = gaussian(40, 3, "core-edge-2");
    const before = copyMatrix(X);
    const a = coreEdge(X, 15, { edgeShare: 0.3 });
    expect(X).toEqual(before);
    expect(coreEdge(X, 15, { edgeShare: 0.3 })).toEqual(a);
  });

  it("throws on bad input", () => {
    expect(() => coreEdge(line, 11)).toThrow(
      new RangeError("coreEdge: k must be at most the number of rows of X (10) (got 11)"),
    );
    expect(() => coreEdge(line, 2, { edgeShare: 1.5 })).toThrow(
      new RangeError("coreEdge: options.edgeShare must be at most 1 (got 1.5)"),
    );
    expect(() => coreEdge(line, 2, { edgeShare: Number.NaN })).toThrow(RangeError);
    expect(() => coreEdge(line, 2, { edgeShare: -0.1 })).toThrow(RangeError);
    expect(() => coreEdge(line, 2, { edgeShare: "0.1" as unknown as number })).toThrow(TypeError);
    const nan = { data: Float64Array.of(Number.NaN, 0), rows: 2, cols: 1 };
    expect(() => coreEdge(nan, 1)).toThrow(/^coreEdge: X has a non-finite value/);
    expect(() => coreEdge(line, 5, { distance: () => -2 })).toThrow(
      /^coreEdge: options.distance returned/,
    );
  });
});
