import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { rhc } from "../../src/design/rhc.js";
import { expectSortedUnique } from "./_helpers.js";

describe("rhc properties", () => {
  it("draws one unit per group: n sorted distinct units, group totals summing to 1", () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.double({ min: 1e-3, max: 100, noNaN: true }), { minLength: 1, maxLength: 60 })
          .chain((v) =>
            fc.tuple(fc.constant(Float64Array.from(v)), fc.integer({ min: 0, max: v.length })),
          ),
        fc.integer(),
        ([size, n], seed) => {
          const s = rhc(size, n, createRng(seed));
          const X = size.reduce((a, b) => a + b, 0);
          expect(s.indices.length).toBe(n);
          expectSortedUnique(s.indices, size.length);
          if (n > 0) expect(s.groupTotal.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
          s.indices.forEach((i, k) => {
            const share = s.groupShare[k] as number;
            expect(share > 0 && share <= 1).toBe(true);
            expect(share * (s.groupTotal[k] as number)).toBeCloseTo((size[i] as number) / X, 12);
          });
        },
      ),
    );
  });
});
