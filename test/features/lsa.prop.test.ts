import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lsa } from "../../src/features/lsa.js";
import { maxRel, surpriseArb } from "./_gen.js";

describe("lsa properties", () => {
  it("is invariant to translating all activations", () => {
    fc.assert(
      fc.property(surpriseArb, (s) => {
        const a = lsa(s.train, s.trainClass, s.test, s.testClass);
        const b = lsa(s.trainShifted, s.trainClass, s.testShifted, s.testClass);
        // shifts up to 1e3 cost up to ~1e-13 absolute in the shifted data; compare relatively
        const scale = Math.max(...Array.from(a, Math.abs), 1);
        for (let i = 0; i < a.length; i++)
          expect(Math.abs((a[i] as number) - (b[i] as number)) / scale).toBeLessThan(1e-7);
        expect(maxRel(a, a)).toBe(0);
      }),
      { numRuns: 60 },
    );
  });
});
