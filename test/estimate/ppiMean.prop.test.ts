import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { crossPpiMean } from "../../src/estimate/crossPpiMean.js";
import { ppiMean } from "../../src/estimate/ppiMean.js";
import { stratifiedPpiMean } from "../../src/estimate/stratifiedPpiMean.js";

const value = fc.double({ min: -50, max: 50, noNaN: true, noDefaultInfinity: true });
const data = fc
  .tuple(fc.integer({ min: 2, max: 30 }), fc.integer({ min: 2, max: 60 }))
  .chain(([n, N]) =>
    fc.record({
      y: fc.array(value, { minLength: n, maxLength: n }),
      yhat: fc.array(value, { minLength: n, maxLength: n }),
      yu: fc.array(value, { minLength: N, maxLength: N }),
      shift: fc.double({ min: -100, max: 100, noNaN: true }),
      lambda: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
  );

const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(1, Math.abs(b));

describe("ppiMean invariants (fast-check)", () => {
  it("lambda in [0, 1]; the estimate lies in its interval; the variance is the sum of its two non-negative parts", () => {
    fc.assert(
      fc.property(data, ({ y, yhat, yu }) => {
        const e = ppiMean(Float64Array.from(y), Float64Array.from(yhat), Float64Array.from(yu));
        expect(e.lambda >= 0 && e.lambda <= 1).toBe(true);
        expect(e.variance).toBeGreaterThanOrEqual(0);
        if (e.variance > 0) {
          expect(e.ci[0] <= e.estimate && e.estimate <= e.ci[1]).toBe(true);
        } else {
          expect(e.reliable).toBe(false);
        }
      }),
    );
  });

  it("a fixed lambda is shift-equivariant: adding c to y, yhat and yhatUnlabeled adds c to the estimate and keeps the variance", () => {
    fc.assert(
      fc.property(data, ({ y, yhat, yu, shift, lambda }) => {
        const a = ppiMean(Float64Array.from(y), Float64Array.from(yhat), Float64Array.from(yu), {
          lambda,
        });
        const b = ppiMean(
          Float64Array.from(y, (v) => v + shift),
          Float64Array.from(yhat, (v) => v + shift),
          Float64Array.from(yu, (v) => v + shift),
          { lambda },
        );
        expect(rel(b.estimate, a.estimate + shift)).toBeLessThan(1e-9);
        expect(Math.abs(b.variance - a.variance)).toBeLessThan(1e-9 * Math.max(1, a.variance));
      }),
    );
  });

  it("one model for crossPpiMean and one stratum for stratifiedPpiMean are ppiMean", () => {
    fc.assert(
      fc.property(data, ({ y, yhat, yu, lambda }) => {
        const Y = Float64Array.from(y);
        const F = Float64Array.from(yhat);
        const U = Float64Array.from(yu);
        const p1 = ppiMean(Y, F, U, { lambda: 1 });
        const c = crossPpiMean(Y, F, { data: U, rows: U.length, cols: 1 });
        expect(rel(c.estimate, p1.estimate)).toBeLessThan(1e-12);
        expect(rel(c.variance, p1.variance)).toBeLessThan(1e-12);
        const p = ppiMean(Y, F, U, { lambda });
        const s = stratifiedPpiMean(Y, F, new Int32Array(Y.length), U, new Int32Array(U.length), {
          lambda,
        });
        expect(rel(s.estimate, p.estimate)).toBeLessThan(1e-12);
        expect(rel(s.variance, p.variance)).toBeLessThan(1e-12);
      }),
    );
  });
});
