import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { proportionalAllocation } from "../../src/design/proportionalAllocation.js";
import { stratifiedSrs } from "../../src/design/stratifiedSrs.js";
import { expectSortedUnique } from "./_helpers.js";

describe("stratifiedSrs properties", () => {
  it("draws exactly allocation[h] sorted distinct units from each stratum h", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 80 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer(),
        (ids, share, seed) => {
          const strata = Int32Array.from(ids);
          const H = Math.max(...ids) + 1;
          const sizes = new Int32Array(H);
          for (const h of ids) sizes[h] = (sizes[h] as number) + 1;
          const alloc = proportionalAllocation(sizes, Math.floor(share * ids.length));
          const s = stratifiedSrs(strata, alloc, createRng(seed));
          expectSortedUnique(s, ids.length);
          const per = new Int32Array(H);
          for (const i of s) per[ids[i] as number] = (per[ids[i] as number] as number) + 1;
          expect(per).toEqual(alloc);
        },
      ),
    );
  });
});
