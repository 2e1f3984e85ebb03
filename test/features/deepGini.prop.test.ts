import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deepGini } from "../../src/features/deepGini.js";
import { maxRel, permuteColumns, probsArb, probsWithPerm } from "./_gen.js";

describe("deepGini(probs) properties", () => {
  it("lies in [0, 1 - 1/K]", () => {
    fc.assert(
      fc.property(probsArb, (m) => {
        for (const g of deepGini(m)) {
          expect(g).toBeGreaterThanOrEqual(-1e-15);
          expect(g).toBeLessThanOrEqual(1 - 1 / m.cols + 1e-12);
        }
      }),
    );
  });
  it("bernoulli multi-label DeepGini lies in [0, 1 - 2^-K]", () => {
    fc.assert(
      fc.property(probsArb, (m) => {
        for (const g of deepGini(m, { multiLabel: true, multiLabelMode: "bernoulli" })) {
          expect(g).toBeGreaterThanOrEqual(-1e-15);
          expect(g).toBeLessThanOrEqual(1 - 2 ** -m.cols + 1e-12);
        }
      }),
    );
  });
  it("is unchanged by permuting the classes consistently", () => {
    fc.assert(
      fc.property(probsWithPerm, ({ m, perm }) => {
        const a = deepGini(permuteColumns(m, perm));
        const b = deepGini(m);
        for (let i = 0; i < a.length; i++)
          expect(Math.abs((a[i] as number) - (b[i] as number))).toBeLessThan(1e-14);
        expect(maxRel(a, b) <= 1e-9 || b.some((v) => v < 1e-6)).toBe(true);
      }),
    );
  });
});
