import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mdsa } from "../../src/features/mdsa.js";
import { surpriseArb } from "./_gen.js";

describe("mdsa properties", () => {
  it("is non-negative and invariant to translating all activations", () => {
    fc.assert(
      fc.property(surpriseArb, (s) => {
        const a = mdsa(s.train, s.trainClass, s.test, s.testClass);
        const b = mdsa(s.trainShifted, s.trainClass, s.testShifted, s.testClass);
        const scale = Math.max(...Array.from(a), 1);
        for (let i = 0; i < a.length; i++) {
          expect(a[i] as number).toBeGreaterThanOrEqual(0);
          expect(Math.abs((a[i] as number) - (b[i] as number)) / scale).toBeLessThan(1e-7);
        }
      }),
      { numRuns: 60 },
    );
  });
});
