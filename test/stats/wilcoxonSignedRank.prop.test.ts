import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { wilcoxonSignedRank } from "../../src/stats/wilcoxonSignedRank.js";

const pairs = fc
  .array(fc.tuple(fc.integer({ min: -4, max: 4 }), fc.integer({ min: -4, max: 4 })), {
    minLength: 1,
    maxLength: 60,
  })
  .filter((p) => p.some(([a, b]) => a !== b));

const opts = fc.record({
  exact: fc.constantFrom(undefined, true, false),
  correction: fc.boolean(),
  zeroMethod: fc.constantFrom("wilcox" as const, "pratt" as const, "zsplit" as const),
});

describe("wilcoxonSignedRank properties", () => {
  it("swapping x and y keeps the two-sided p-value and swaps 'less' with 'greater'", () => {
    fc.assert(
      fc.property(pairs, opts, (p, o) => {
        const x = Float64Array.from(p.map((t) => t[0]));
        const y = Float64Array.from(p.map((t) => t[1]));
        const two = wilcoxonSignedRank(x, y, o);
        expect(wilcoxonSignedRank(y, x, o).pValue).toBeCloseTo(two.pValue, 12);
        const less = wilcoxonSignedRank(x, y, { ...o, alternative: "less" });
        const greaterSwapped = wilcoxonSignedRank(y, x, { ...o, alternative: "greater" });
        expect(greaterSwapped.pValue).toBeCloseTo(less.pValue, 12);
        expect(two.pValue).toBeGreaterThanOrEqual(0);
        expect(two.pValue).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("exact one-sided p-values of both directions sum to 1 + P(R+ = observed) > 1", () => {
    fc.assert(
      fc.property(pairs, (p) => {
        const x = Float64Array.from(p.map((t) => t[0]));
        const y = Float64Array.from(p.map((t) => t[1]));
        const g = wilcoxonSignedRank(x, y, { exact: true, alternative: "greater" }).pValue;
        const l = wilcoxonSignedRank(x, y, { exact: true, alternative: "less" }).pValue;
        expect(g + l).toBeGreaterThan(1 - 1e-12);
      }),
    );
  });
});
