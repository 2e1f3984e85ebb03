import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cliffsDelta } from "../../src/stats/cliffsDelta.js";

const sample = fc.array(fc.integer({ min: -6, max: 6 }), { minLength: 1, maxLength: 30 });

describe("cliffsDelta properties", () => {
  it("is antisymmetric, lies in [-1, 1], and equals the O(n^2) pair count", () => {
    fc.assert(
      fc.property(sample, sample, (xs, ys) => {
        const x = Float64Array.from(xs);
        const y = Float64Array.from(ys);
        const d = cliffsDelta(x, y).delta;
        expect(cliffsDelta(y, x).delta).toBeCloseTo(-d, 14);
        expect(d).toBeGreaterThanOrEqual(-1);
        expect(d).toBeLessThanOrEqual(1);
        let s = 0;
        for (const a of xs) for (const b of ys) s += Math.sign(a - b);
        expect(d).toBeCloseTo(s / (xs.length * ys.length), 14);
      }),
    );
  });
});
