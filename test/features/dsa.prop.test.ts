import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dsa } from "../../src/features/dsa.js";
import { surpriseArb } from "./_gen.js";

describe("dsa properties", () => {
  for (const variant of ["paper", "kim2019"] as const) {
    it(`${variant}: non-negative and invariant to translating all activations`, () => {
      fc.assert(
        fc.property(surpriseArb, (s) => {
          const a = dsa(s.train, s.trainClass, s.test, s.testClass, { variant });
          const b = dsa(s.trainShifted, s.trainClass, s.testShifted, s.testClass, { variant });
          for (let i = 0; i < a.length; i++) {
            expect(a[i] as number).toBeGreaterThanOrEqual(0);
            expect(Math.abs((a[i] as number) - (b[i] as number))).toBeLessThan(
              1e-7 * Math.max(1, a[i] as number),
            );
          }
        }),
        { numRuns: 60 },
      );
    });
  }
});
