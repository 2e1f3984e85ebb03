import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { confidence } from "../../src/features/confidence.js";
import { margin } from "../../src/features/margin.js";
import { permuteColumns, probsArb, probsWithPerm } from "./_gen.js";

describe("margin(probs) properties", () => {
  it("lies in [0, 1] and never exceeds the confidence", () => {
    fc.assert(
      fc.property(probsArb, (m) => {
        const g = margin(m);
        const c = confidence(m);
        g.forEach((v, i) => {
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(1);
          expect(v).toBeLessThanOrEqual(c[i] as number);
        });
      }),
    );
  });
  it("bernoulli multi-label margin lies in [0, 1]", () => {
    fc.assert(
      fc.property(probsArb, (m) => {
        for (const v of margin(m, { multiLabel: true, multiLabelMode: "bernoulli" })) {
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(1);
        }
      }),
    );
  });
  it("is unchanged by permuting the classes consistently", () => {
    fc.assert(
      fc.property(probsWithPerm, ({ m, perm }) => {
        expect(Array.from(margin(permuteColumns(m, perm)))).toEqual(Array.from(margin(m)));
      }),
    );
  });
});
