import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { ppsWithReplacement } from "../../src/design/ppsWithReplacement.js";
import { sizesAndN } from "./_helpers.js";

describe("ppsWithReplacement properties", () => {
  it("returns n sorted draws of units with p > 0", () => {
    fc.assert(
      fc.property(
        sizesAndN().filter(({ size }) => size.some((x) => x > 0)),
        fc.integer({ min: 0, max: 50 }),
        fc.integer(),
        ({ size }, n, seed) => {
          const total = size.reduce((a, b) => a + b, 0);
          const p = size.map((x) => x / total);
          const s = ppsWithReplacement(p, n, createRng(seed));
          expect(s.length).toBe(n);
          for (let k = 0; k < n; k++) {
            expect(p[s[k] as number]).toBeGreaterThan(0);
            if (k > 0) expect(s[k]).toBeGreaterThanOrEqual(s[k - 1] as number);
          }
        },
      ),
    );
  });
});
