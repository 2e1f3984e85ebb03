import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { euclidean } from "../../src/core/distance.js";
import { centroid } from "../../src/select/centroid.js";
import { coreEdge } from "../../src/select/coreEdge.js";
import { copyMatrix, distinctIn, matrixAndK } from "./_points.js";

describe("coreEdge properties", () => {
  it("core = the centroid picks, then farthest-first edge picks, k distinct rows", () => {
    fc.assert(
      fc.property(matrixAndK(), fc.double({ min: 0, max: 1, noNaN: true }), ({ X, k }, share) => {
        const before = copyMatrix(X);
        const picks = Array.from(coreEdge(X, k, { edgeShare: share }));
        expect(X).toEqual(before);
        expect(picks.length).toBe(k);
        expect(distinctIn(Int32Array.from(picks), X.rows)).toBe(true);
        const e = Math.floor(share * k + 0.5);
        const nCore = k - Math.min(e, k);
        if (nCore > 0) {
          expect(picks.slice(0, nCore)).toEqual(Array.from(centroid(X, nCore)));
          // each edge pick is farthest (max-min) from everything picked before it
          const row = (i: number) => X.data.subarray(i * X.cols, (i + 1) * X.cols);
          const minTo = (i: number, sel: number[]) =>
            Math.min(...sel.map((s) => euclidean(row(Math.min(i, s)), row(Math.max(i, s)))));
          for (let t = nCore; t < k; t++) {
            const sel = picks.slice(0, t);
            const got = minTo(picks[t] as number, sel);
            for (let i = 0; i < X.rows; i++) {
              if (!sel.includes(i)) expect(minTo(i, sel)).toBeLessThanOrEqual(got);
            }
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
