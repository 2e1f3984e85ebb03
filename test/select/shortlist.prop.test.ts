import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { centroid } from "../../src/select/centroid.js";
import { shortlist } from "../../src/select/shortlist.js";
import { distinctIn, matrixAndK } from "./_points.js";

describe("shortlist properties", () => {
  it("returns k distinct rows of the pool, in pool order", () => {
    fc.assert(
      fc.property(
        matrixAndK(),
        fc.double({ min: 1, max: 4, noNaN: true }),
        fc.integer(),
        ({ X, k }, factor, seed) => {
          const picks = shortlist(centroid, X, k, factor, createRng(seed));
          expect(picks.length).toBe(k);
          expect(distinctIn(picks, X.rows)).toBe(true);
          const pool = Array.from(centroid(X, Math.min(X.rows, Math.ceil(factor * k))));
          const pos = Array.from(picks, (i) => pool.indexOf(i));
          expect(pos.every((q) => q >= 0)).toBe(true);
          expect(pos).toEqual([...pos].sort((a, b) => a - b));
        },
      ),
      { numRuns: 200 },
    );
  });
});
