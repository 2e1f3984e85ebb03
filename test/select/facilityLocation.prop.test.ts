import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { squaredEuclidean } from "../../src/core/distance.js";
import type { RowMatrix } from "../../src/core/rowMatrix.js";
import { facilityLocation } from "../../src/select/facilityLocation.js";
import { copyMatrix, distinctIn, matrixAndK } from "./_points.js";

/** Plain (non-lazy) greedy: every gain recomputed every round, lowest index on ties. */
function naiveFacilityLocation(X: RowMatrix, k: number, h: number): number[] {
  const n = X.rows;
  const row = (i: number) => X.data.subarray(i * X.cols, (i + 1) * X.cols);
  const scale = -1 / (2 * h * h);
  const s = (i: number, j: number) =>
    Math.exp(squaredEuclidean(row(Math.min(i, j)), row(Math.max(i, j))) * scale);
  const best = new Float64Array(n);
  const picks: number[] = [];
  for (let r = 0; r < k; r++) {
    let arg = -1;
    let top = -1;
    for (let j = 0; j < n; j++) {
      if (picks.includes(j)) continue;
      let g = 0;
      for (let i = 0; i < n; i++) g += Math.max(0, s(i, j) - (best[i] as number));
      if (g > top) {
        top = g;
        arg = j;
      }
    }
    picks.push(arg);
    for (let i = 0; i < n; i++) best[i] = Math.max(best[i] as number, s(i, arg));
  }
  return picks;
}

describe("facilityLocation properties", () => {
  it("lazy greedy equals plain greedy (ties included) with and without the stored matrix", () => {
    fc.assert(
      fc.property(matrixAndK(), fc.constantFrom(0.5, 1, 2.5), ({ X, k }, h) => {
        const before = copyMatrix(X);
        const picks = facilityLocation(X, k, { bandwidth: h });
        expect(X).toEqual(before);
        expect(picks.length).toBe(k);
        expect(distinctIn(picks, X.rows)).toBe(true);
        expect(Array.from(picks)).toEqual(naiveFacilityLocation(X, k, h));
        expect(facilityLocation(X, k, { bandwidth: h, maxMatrixRows: 0 })).toEqual(picks);
        expect(Array.from(picks)).toEqual(
          Array.from(facilityLocation(X, X.rows, { bandwidth: h })).slice(0, k),
        );
      }),
      { numRuns: 150 },
    );
  });

  it("lazy greedy equals plain greedy for a similarity callback (L1 kernel, many ties)", () => {
    const s = (a: Float64Array, b: Float64Array) => {
      let l1 = 0;
      for (let t = 0; t < a.length; t++) l1 += Math.abs((a[t] as number) - (b[t] as number));
      return 1 / (1 + l1);
    };
    fc.assert(
      fc.property(matrixAndK(), ({ X, k }) => {
        const row = (i: number) => X.data.subarray(i * X.cols, (i + 1) * X.cols);
        const n = X.rows;
        const best = new Float64Array(n);
        const expected: number[] = [];
        for (let r = 0; r < k; r++) {
          let arg = -1;
          let top = -1;
          for (let j = 0; j < n; j++) {
            if (expected.includes(j)) continue;
            let g = 0;
            for (let i = 0; i < n; i++) {
              const v = s(row(Math.min(i, j)), row(Math.max(i, j)));
              g += Math.max(0, v - (best[i] as number));
            }
            if (g > top) {
              top = g;
              arg = j;
            }
          }
          expected.push(arg);
          for (let i = 0; i < n; i++) {
            const v = s(row(Math.min(i, arg)), row(Math.max(i, arg)));
            best[i] = Math.max(best[i] as number, v);
          }
        }
        expect(Array.from(facilityLocation(X, k, { similarity: s }))).toEqual(expected);
      }),
      { numRuns: 100 },
    );
  });
});
