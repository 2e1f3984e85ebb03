import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { RowMatrix } from "../../src/core/rowMatrix.js";
import { nonDominatedSort } from "../../src/moea/nonDominatedSort.js";
import { frontsRef, plain } from "./_helpers.js";

const matrix = (maxRows: number) =>
  fc.integer({ min: 1, max: 4 }).chain((cols) =>
    fc
      .array(fc.array(fc.integer({ min: 0, max: 5 }), { minLength: cols, maxLength: cols }), {
        maxLength: maxRows,
      })
      .map(
        (rows): RowMatrix => ({
          data: Float64Array.from(rows.flat()),
          rows: rows.length,
          cols,
        }),
      ),
  );

describe("nonDominatedSort(F) invariants", () => {
  it("equals peeling by the definition of Pareto domination (small integer grids, many ties)", () => {
    fc.assert(
      fc.property(matrix(40), (F) => {
        expect(plain(nonDominatedSort(F))).toEqual(frontsRef(F));
      }),
      { numRuns: 300 },
    );
  });
  it("equals peeling by Deb's constrained domination", () => {
    fc.assert(
      fc.property(
        matrix(30).chain((F) =>
          fc
            .array(fc.constantFrom(0, 0, 0, 0.5, 1, 2), { minLength: F.rows, maxLength: F.rows })
            .map((v) => ({ F, v: Float64Array.from(v) })),
        ),
        ({ F, v }) => {
          expect(plain(nonDominatedSort(F, { violation: v }))).toEqual(frontsRef(F, v));
        },
      ),
      { numRuns: 300 },
    );
  });
  it("continuous values: fronts partition the rows", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.double({ min: -1, max: 1, noNaN: true }),
            fc.double({ min: -1, max: 1, noNaN: true }),
          ),
          {
            maxLength: 60,
          },
        ),
        (pts) => {
          const F = { data: Float64Array.from(pts.flat()), rows: pts.length, cols: 2 };
          const fronts = nonDominatedSort(F);
          const all = fronts.flatMap((f) => Array.from(f)).sort((a, b) => a - b);
          expect(all).toEqual(Array.from({ length: pts.length }, (_, i) => i));
          expect(plain(fronts)).toEqual(frontsRef(F));
        },
      ),
      { numRuns: 200 },
    );
  });
});
