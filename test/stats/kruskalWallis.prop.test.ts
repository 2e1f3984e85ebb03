import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dunn } from "../../src/stats/dunn.js";
import { kruskalWallis } from "../../src/stats/kruskalWallis.js";

const groups = fc
  .array(fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 1, maxLength: 12 }), {
    minLength: 2,
    maxLength: 6,
  })
  .filter((g) => new Set(g.flat()).size > 1);

describe("kruskalWallis and dunn properties", () => {
  it("are invariant to a strictly increasing transform of all values and to group order", () => {
    fc.assert(
      fc.property(groups, (g) => {
        const a = g.map((v) => Float64Array.from(v));
        const t = g.map((v) => Float64Array.from(v, (x) => Math.exp(x / 3) * 10 - 4));
        const r = kruskalWallis(a);
        expect(kruskalWallis(t).statistic).toBeCloseTo(r.statistic, 9);
        expect(kruskalWallis([...a].reverse()).statistic).toBeCloseTo(r.statistic, 9);
        expect(r.pValue).toBeGreaterThanOrEqual(0);
        expect(r.pValue).toBeLessThanOrEqual(1);
        const d = dunn(t, { adjust: "none" });
        const d0 = dunn(a, { adjust: "none" });
        d.statistic.data.forEach((z, i) => {
          expect(z).toBeCloseTo(d0.statistic.data[i] as number, 9);
        });
      }),
    );
  });
});
