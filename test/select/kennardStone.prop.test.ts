import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { euclidean } from "../../src/core/distance.js";
import type { RowMatrix } from "../../src/core/rowMatrix.js";
import { kennardStone } from "../../src/select/kennardStone.js";
import { copyMatrix, distinctIn, matrixAndK } from "./_points.js";

/** The definition, evaluated directly: farthest pair, then max-min, lowest index on ties. */
function naiveKennardStone(X: RowMatrix, k: number): number[] {
  const n = X.rows;
  const row = (i: number) => X.data.subarray(i * X.cols, (i + 1) * X.cols);
  const d = (i: number, j: number) => euclidean(row(Math.min(i, j)), row(Math.max(i, j)));
  if (k === 0) return [];
  let pair = [0, 1];
  let best = -1;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++)
      if (d(i, j) > best) {
        best = d(i, j);
        pair = [i, j];
      }
  const picks = n === 1 ? [0] : pair.slice(0, Math.min(k, 2));
  while (picks.length < k) {
    let arg = -1;
    let far = -1;
    for (let i = 0; i < n; i++) {
      if (picks.includes(i)) continue;
      const m = Math.min(...picks.map((s) => d(i, s)));
      if (m > far) {
        far = m;
        arg = i;
      }
    }
    picks.push(arg);
  }
  return picks;
}

describe("kennardStone properties", () => {
  it("matches the direct definition (ties included), k distinct rows, nested in k", () => {
    fc.assert(
      fc.property(matrixAndK(), ({ X, k }) => {
        const before = copyMatrix(X);
        const picks = kennardStone(X, k);
        expect(X).toEqual(before);
        expect(picks.length).toBe(k);
        expect(distinctIn(picks, X.rows)).toBe(true);
        expect(Array.from(picks)).toEqual(naiveKennardStone(X, k));
        expect(Array.from(picks)).toEqual(Array.from(kennardStone(X, X.rows)).slice(0, k));
      }),
      { numRuns: 200 },
    );
  });
});
