import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { largestRemainder } from "../../src/core/largestRemainder.js";
import type { RowMatrix } from "../../src/core/rowMatrix.js";
import { kennardStone } from "../../src/select/kennardStone.js";
import { withinStrata } from "../../src/select/withinStrata.js";
import { distinctIn, matrixAndK } from "./_points.js";

describe("withinStrata properties", () => {
  it("exact stratum totals, k distinct rows, and the selector's own picks inside each stratum", () => {
    fc.assert(
      fc.property(
        matrixAndK(30, 2).chain(({ X, k }) =>
          fc.record({
            X: fc.constant(X),
            k: fc.constant(k),
            strata: fc
              .array(fc.integer({ min: 0, max: 4 }), { minLength: X.rows, maxLength: X.rows })
              .map((v) => Int32Array.from(v)),
          }),
        ),
        ({ X, k, strata }) => {
          const s0 = strata.slice();
          const picks = withinStrata(strata, k, kennardStone, X);
          expect(strata).toEqual(s0);
          expect(picks.length).toBe(k);
          expect(distinctIn(picks, X.rows)).toBe(true);
          const H = Math.max(...strata) + 1;
          const sizes = Array.from({ length: H }, (_, h) => strata.filter((v) => v === h).length);
          const alloc = largestRemainder(sizes, sizes, k);
          let p = 0;
          for (let h = 0; h < H; h++) {
            const rows = Array.from(strata.keys()).filter((i) => strata[i] === h);
            const sub: RowMatrix = {
              data: Float64Array.from(
                rows.flatMap((r) => Array.from(X.data.subarray(r * X.cols, (r + 1) * X.cols))),
              ),
              rows: rows.length,
              cols: X.cols,
            };
            const nh = alloc[h] as number;
            const own = nh === 0 ? [] : Array.from(kennardStone(sub, nh), (t) => rows[t]);
            expect(Array.from(picks.subarray(p, p + nh))).toEqual(own);
            p += nh;
          }
          expect(p).toBe(k);
        },
      ),
      { numRuns: 200 },
    );
  });
});
