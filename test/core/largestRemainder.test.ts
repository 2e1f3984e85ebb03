import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { largestRemainder } from "../../src/core/largestRemainder.js";
import { neymanAllocation } from "../../src/design/neymanAllocation.js";

describe("largestRemainder(weights, caps, n)", () => {
  it("rounds by largest fractional part, ties to the lowest index", () => {
    // quotas 10*[1,1,1]/3 = 3.33 each: one extra unit goes to group 0
    expect(Array.from(largestRemainder([1, 1, 1], [10, 10, 10], 10))).toEqual([4, 3, 3]);
    // quotas 7*[5,3,2]/10 = 3.5, 2.1, 1.4 -> floors 3,2,1 and one unit to group 0
    expect(Array.from(largestRemainder([5, 3, 2], [9, 9, 9], 7))).toEqual([4, 2, 1]);
  });
  it("caps groups and re-allocates the excess", () => {
    // quota of group 0 is 9 > cap 2: fixed at 2, the other 8 split 4/4
    expect(Array.from(largestRemainder([8, 1, 1], [2, 10, 10], 10))).toEqual([2, 4, 4]);
  });
  it("uses zero-weight groups only when the others are full", () => {
    expect(Array.from(largestRemainder([1, 0, 0], [3, 5, 5], 3))).toEqual([3, 0, 0]);
    expect(Array.from(largestRemainder([1, 0, 0], [3, 5, 5], 6))).toEqual([3, 2, 1]);
  });
  it("always sums to n and respects caps", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.double({ min: 0, max: 100, noNaN: true }), fc.integer({ min: 0, max: 20 })),
          {
            minLength: 1,
            maxLength: 12,
          },
        ),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (groups, share) => {
          const w = groups.map((g) => g[0]);
          const caps = groups.map((g) => g[1]);
          const total = caps.reduce((a, b) => a + b, 0);
          const n = Math.floor(share * total);
          const a = largestRemainder(w, caps, n);
          expect(a.reduce((s, v) => s + v, 0)).toBe(n);
          a.forEach((v, h) => {
            expect(v).toBeGreaterThanOrEqual(0);
            expect(v).toBeLessThanOrEqual(caps[h] as number);
          });
        },
      ),
    );
  });
  it("sums to n when n * weight overflows although the total of the weights does not", () => {
    // quotas 500 * [1e306, 1] / (1e306 + 1) = [500, 5e-304]; n * 1e306 is beyond the double range
    expect(Array.from(largestRemainder([1e306, 1], [1000, 1000], 500))).toEqual([500, 0]);
    expect(Array.from(largestRemainder([1e306, 1e306], [1000, 1000], 500))).toEqual([250, 250]);
    expect(Array.from(largestRemainder([1e308], [5], 2))).toEqual([2]);
    // reached through the public API: N_h * S_h = 1e306 and 1e3
    expect(Array.from(neymanAllocation([1000, 1000], [1e303, 1], 500))).toEqual([500, 0]);
    expect(Array.from(neymanAllocation([10, 10], [1e307, 1], 3))).toEqual([3, 0]);
  });
  it("always sums to n and respects caps with weights near the top of the double range", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.double({ min: 1e280, max: Number.MAX_VALUE, noNaN: true }),
            fc.integer({ min: 0, max: 5000 }),
          ),
          { minLength: 1, maxLength: 6 },
        ),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (groups, share) => {
          const caps = groups.map((g) => g[1]);
          const n = Math.floor(share * caps.reduce((a, b) => a + b, 0));
          const a = largestRemainder(
            groups.map((g) => g[0]),
            caps,
            n,
          );
          expect(a.reduce((s, v) => s + v, 0)).toBe(n);
          a.forEach((v, h) => {
            expect(v).toBeGreaterThanOrEqual(0);
            expect(v).toBeLessThanOrEqual(caps[h] as number);
          });
        },
      ),
    );
  });
});
