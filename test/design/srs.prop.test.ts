import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { srs } from "../../src/design/srs.js";
import { expectSortedUnique } from "./_helpers.js";

describe("srs properties", () => {
  it("returns n sorted distinct indices in [0, N), the same for the same seed", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 2000 })
          .chain((N) => fc.tuple(fc.constant(N), fc.integer({ min: 0, max: N }))),
        fc.integer(),
        ([N, n], seed) => {
          const s = srs(N, n, createRng(seed));
          expect(s.length).toBe(n);
          expectSortedUnique(s, N);
          expect(srs(N, n, createRng(seed))).toEqual(s);
        },
      ),
    );
  });
});
