import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { proportionalAllocation } from "../../src/design/proportionalAllocation.js";

describe("proportionalAllocation properties", () => {
  it("proportionalAllocation sums to n with every n_h within 1 of n N_h / N", () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 10 })
          .filter((v) => v.some((x) => x > 0)),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (v, share) => {
          const sizes = Int32Array.from(v);
          const N = v.reduce((a, b) => a + b, 0);
          const n = Math.floor(share * N);
          const a = proportionalAllocation(sizes, n);
          expect(a.reduce((s, x) => s + x, 0)).toBe(n);
          a.forEach((x, h) => {
            expect(x).toBeLessThanOrEqual(v[h] as number);
            expect(Math.abs(x - (n * (v[h] as number)) / N)).toBeLessThan(1);
          });
        },
      ),
    );
  });
});
