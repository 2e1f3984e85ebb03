import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { IntervalMethod } from "../../src/estimate/proportionInterval.js";
import { intervalMethods, proportionInterval } from "../../src/estimate/proportionInterval.js";

const binary: IntervalMethod[] = [
  "wilson",
  "clopperPearson",
  "hypergeometric",
  "jeffreys",
  "agrestiCoull",
];
const design: IntervalMethod[] = ["beta", "logit", "likelihood", "xlogit", "asin", "mean"];

// an SRS sample: n of N, x successes, its estimate and fpc-corrected variance
const srsArb = fc
  .record({
    n: fc.integer({ min: 2, max: 300 }),
    extra: fc.integer({ min: 1, max: 5000 }),
    u: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ n, extra, u }) => {
    const N = n + extra;
    const x = Math.round(u * n);
    const p = x / n;
    const variance = ((1 - n / N) * p * (1 - p)) / (n - 1);
    return { estimate: p, variance, n, N, successes: x, df: n - 1 };
  });
const levelArb = fc.double({ min: 0.5, max: 0.999, noNaN: true });

describe("proportionInterval properties", () => {
  it("every proportion method gives an interval inside [0, 1] that contains the estimate and has positive width (n < N)", () => {
    fc.assert(
      fc.property(srsArb, levelArb, fc.constantFrom(...binary, ...design), (s, level, m) => {
        const [lo, hi] = proportionInterval(s, m, level);
        expect(lo).toBeGreaterThanOrEqual(0);
        expect(hi).toBeLessThanOrEqual(1);
        // the exact finite-population interval is a set of counts M: it can be
        // the single M = x N / n when n is close to N at a low level (see below)
        if (m !== "hypergeometric") expect(hi - lo).toBeGreaterThan(0);
        // asin's delta-method angle is centred on asin(sqrt(p)): contains p too
        expect(lo).toBeLessThanOrEqual(s.estimate + 1e-15);
        expect(hi).toBeGreaterThanOrEqual(s.estimate - 1e-15);
      }),
      { numRuns: 400 },
    );
  });

  it("intervals are nested as the level grows", () => {
    fc.assert(
      fc.property(
        srsArb,
        levelArb,
        levelArb,
        fc.constantFrom(...intervalMethods),
        (s, l1, l2, m) => {
          const [a, b] = l1 < l2 ? [l1, l2] : [l2, l1];
          const narrow = proportionInterval(s, m, a);
          const wide = proportionInterval(s, m, b);
          expect(wide[0]).toBeLessThanOrEqual(narrow[0] + 1e-12);
          expect(wide[1]).toBeGreaterThanOrEqual(narrow[1] - 1e-12);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("design methods under any design: a zero variance never gives zero width, an out-of-range estimate is handled", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -0.5, max: 1.5, noNaN: true }),
        fc.constantFrom(0, 1e-6, 1e-3, 0.05),
        fc.integer({ min: 2, max: 500 }),
        levelArb,
        fc.constantFrom(...design),
        (estimate, variance, n, level, m) => {
          const [lo, hi] = proportionInterval({ estimate, variance, n, df: n - 1 }, m, level);
          expect(lo).toBeGreaterThanOrEqual(0);
          expect(hi).toBeLessThanOrEqual(1);
          expect(hi - lo).toBeGreaterThan(0);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("the hypergeometric interval is exact at a census (n = N), at least one count wide for n <= 0.9 N at level >= 0.8, and within Clopper-Pearson's plus 1/N", () => {
    fc.assert(
      fc.property(srsArb, levelArb, (s, level) => {
        const h = proportionInterval(s, "hypergeometric", level);
        const c = proportionInterval(s, "clopperPearson", level);
        expect(h[0]).toBeGreaterThanOrEqual(c[0] - 1 / s.N);
        expect(h[1]).toBeLessThanOrEqual(c[1] + 1 / s.N);
        if (s.n <= 0.9 * s.N && level >= 0.8)
          expect(h[1] - h[0]).toBeGreaterThanOrEqual(1 / s.N - 1e-12);
        const census = proportionInterval({ ...s, N: s.n }, "hypergeometric", level);
        expect(census).toEqual([s.successes / s.n, s.successes / s.n]);
      }),
      { numRuns: 300 },
    );
  });
});
