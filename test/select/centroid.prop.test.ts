import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { euclidean } from "../../src/core/distance.js";
import { centroid } from "../../src/select/centroid.js";
import { copyMatrix, distinctIn, matrixAndK } from "./_points.js";

describe("centroid properties", () => {
  it("returns k distinct rows, nested in k, ordered by distance to the mean", () => {
    fc.assert(
      fc.property(matrixAndK(), ({ X, k }) => {
        const before = copyMatrix(X);
        const picks = centroid(X, k);
        expect(X).toEqual(before);
        expect(picks.length).toBe(k);
        expect(distinctIn(picks, X.rows)).toBe(true);
        expect(Array.from(picks)).toEqual(Array.from(centroid(X, X.rows)).slice(0, k));
        // every picked row is at least as close to the mean as every unpicked row
        const mean = new Float64Array(X.cols);
        for (let i = 0; i < X.rows; i++)
          for (let t = 0; t < X.cols; t++) mean[t] += X.data[i * X.cols + t] as number;
        for (let t = 0; t < X.cols; t++) mean[t] /= X.rows;
        const d = (i: number) => euclidean(X.data.subarray(i * X.cols, (i + 1) * X.cols), mean);
        const picked = new Set(picks);
        const worstPicked = Math.max(...Array.from(picks, d), Number.NEGATIVE_INFINITY);
        for (let i = 0; i < X.rows; i++)
          if (!picked.has(i)) expect(d(i)).toBeGreaterThanOrEqual(worstPicked);
      }),
      { numRuns: 200 },
    );
  });
});
