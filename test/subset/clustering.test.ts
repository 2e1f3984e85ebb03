import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { kmeansStrata } from "../../src/subset/kmeansStrata.js";
import { silhouette } from "../../src/subset/silhouette.js";

describe("silhouette(X, labels)", () => {
  it("matches a hand computation on two pairs", () => {
    // points 0, 1 | 10, 11: a = 1 for all; b = 10.5, 9.5, 9.5, 10.5
    const expected = (9.5 / 10.5 + 8.5 / 9.5 + 8.5 / 9.5 + 9.5 / 10.5) / 4;
    expect(silhouette(rowMatrix([[0], [1], [10], [11]]), Int32Array.of(0, 0, 1, 1))).toBeCloseTo(
      expected,
      14,
    );
  });

  it("gives s = 0 to a singleton cluster and ignores label values", () => {
    // points 0, 1 | 5: item 2 alone -> 0; item 0: a 1, b 5 -> 0.8; item 1: a 1, b 4 -> 0.75
    expect(silhouette(rowMatrix([[0], [1], [5]]), Int32Array.of(7, 7, 3))).toBeCloseTo(
      (0.8 + 0.75) / 3,
      14,
    );
  });

  it("rejects one cluster, N clusters, length mismatch and negative labels", () => {
    const X = rowMatrix([[0], [1], [2]]);
    expect(() => silhouette(X, Int32Array.of(0, 0, 0))).toThrow(
      /number of distinct labels must lie in \[2, N - 1\] = \[2, 2\]/,
    );
    expect(() => silhouette(X, Int32Array.of(0, 1, 2))).toThrow(RangeError);
    expect(() => silhouette(X, Int32Array.of(0, 1))).toThrow(/lengths? and X rows differ/);
    expect(() => silhouette(X, Int32Array.of(0, 1, -1))).toThrow(RangeError);
  });
});

describe("kmeansStrata(X, { kMin, kMax })", () => {
  const X = rowMatrix([
    [0, 0],
    [0, 1],
    [10, 0],
    [10, 1],
    [20, 0],
    [20, 1],
  ]);

  it("finds three well-separated pairs and reports every K's silhouette", () => {
    const r = kmeansStrata(X, { kMax: 4 });
    expect(r.k).toBe(3);
    expect(Array.from(r.labels)).toEqual([0, 0, 1, 1, 2, 2]);
    expect(r.scores).toHaveLength(3);
    expect(r.silhouette).toBe(Math.max(...r.scores));
    expect(r.silhouette).toBeCloseTo(silhouette(X, r.labels), 15);
  });

  it("a huge kMax is capped at N - 1 without allocating a score per K", () => {
    const r = kmeansStrata(X, { kMax: 1e9 });
    expect(r.scores).toHaveLength(4);
    expect(r).toEqual(kmeansStrata(X, { kMax: 5 }));
  });

  it("is deterministic and leaves X unchanged", () => {
    const copy = Float64Array.from(X.data);
    expect(kmeansStrata(X)).toEqual(kmeansStrata(X));
    expect(X.data).toEqual(copy);
  });

  it("rejects tiny inputs and bad K ranges", () => {
    expect(() => kmeansStrata(rowMatrix([[0], [1]]))).toThrow(/at least 3 rows/);
    expect(() => kmeansStrata(X, { kMin: 1 })).toThrow(/kMin must be at least 2/);
    expect(() => kmeansStrata(X, { kMin: 4, kMax: 3 })).toThrow(/kMax must be at least 4/);
    expect(() => kmeansStrata(rowMatrix([[1], [1], [1]]))).toThrow(/no K in/);
  });
});
