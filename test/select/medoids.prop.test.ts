import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { euclidean } from "../../src/core/distance.js";
import type { RowMatrix } from "../../src/core/rowMatrix.js";
import { medoids } from "../../src/select/medoids.js";
import { copyMatrix, distinctIn, matrixAndK } from "./_points.js";

/** PAM BUILD evaluated directly, every reduction recomputed, lowest index on ties. */
function naiveBuild(X: RowMatrix, k: number): number[] {
  const n = X.rows;
  const row = (i: number) => X.data.subarray(i * X.cols, (i + 1) * X.cols);
  const d = (i: number, j: number) => euclidean(row(Math.min(i, j)), row(Math.max(i, j)));
  if (k === 0) return [];
  let first = 0;
  let low = Number.POSITIVE_INFINITY;
  for (let j = 0; j < n; j++) {
    let t = 0;
    for (let i = 0; i < n; i++) t += d(i, j);
    if (t < low) {
      low = t;
      first = j;
    }
  }
  const picks = [first];
  const near = Array.from({ length: n }, (_, i) => d(i, first));
  while (picks.length < k) {
    let arg = -1;
    let top = -1;
    for (let j = 0; j < n; j++) {
      if (picks.includes(j)) continue;
      let g = 0;
      for (let i = 0; i < n; i++) g += Math.max(0, (near[i] as number) - d(i, j));
      if (g > top) {
        top = g;
        arg = j;
      }
    }
    picks.push(arg);
    for (let i = 0; i < n; i++) near[i] = Math.min(near[i] as number, d(i, arg));
  }
  return picks;
}

describe("medoids properties", () => {
  it("lazy BUILD equals the direct BUILD (ties included) with and without the stored matrix", () => {
    fc.assert(
      fc.property(matrixAndK(), ({ X, k }) => {
        const before = copyMatrix(X);
        const picks = medoids(X, k);
        expect(X).toEqual(before);
        expect(picks.length).toBe(k);
        expect(distinctIn(picks, X.rows)).toBe(true);
        expect(Array.from(picks)).toEqual(naiveBuild(X, k));
        expect(medoids(X, k, { maxMatrixRows: 0 })).toEqual(picks);
      }),
      { numRuns: 150 },
    );
  });
});
