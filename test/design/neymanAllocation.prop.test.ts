import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { neymanAllocation } from "../../src/design/neymanAllocation.js";

const strata = fc.array(
  fc.tuple(
    fc.integer({ min: 0, max: 40 }),
    fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 10, noNaN: true })),
  ),
  { minLength: 1, maxLength: 10 },
);

describe("neymanAllocation properties", () => {
  it("neymanAllocation sums to n, respects caps and minimums, fills zero-SD strata last", () => {
    fc.assert(
      fc.property(
        strata,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 3 }),
        (st, share, minPerStratum) => {
          const sizes = Int32Array.from(st, (x) => x[0]);
          const sds = Float64Array.from(st, (x) => x[1]);
          const N = sizes.reduce((a, b) => a + b, 0);
          const reserved = sizes.reduce((a, b) => a + Math.min(b, minPerStratum), 0);
          const n = reserved + Math.floor(share * (N - reserved));
          const a = neymanAllocation(sizes, sds, n, { minPerStratum });
          expect(a.reduce((s, v) => s + v, 0)).toBe(n);
          const anySd = st.some(([Nh, S]) => Nh > 0 && S > 0);
          const positiveFull = st.every(([Nh, S], h) => S === 0 || a[h] === Nh);
          a.forEach((v, h) => {
            const Nh = sizes[h] as number;
            expect(v).toBeGreaterThanOrEqual(Math.min(minPerStratum, Nh));
            expect(v).toBeLessThanOrEqual(Nh);
            if (anySd && sds[h] === 0 && v > Math.min(minPerStratum, Nh))
              expect(positiveFull).toBe(true);
          });
        },
      ),
    );
  });
});
