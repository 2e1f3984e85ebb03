import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { entropy } from "../../src/features/entropy.js";
import { maxRel, permuteColumns, probsArb, probsWithPerm } from "./_gen.js";

describe("entropy(probs) properties", () => {
  it("lies in [0, log K]", () => {
    fc.assert(
      fc.property(probsArb, (m) => {
        for (const h of entropy(m)) {
          expect(h).toBeGreaterThanOrEqual(0);
          expect(h).toBeLessThanOrEqual(Math.log(m.cols) + 1e-12);
        }
      }),
    );
  });
  it("bernoulli multi-label entropy lies in [0, K log 2]", () => {
    fc.assert(
      fc.property(probsArb, (m) => {
        for (const h of entropy(m, { multiLabel: true, multiLabelMode: "bernoulli" })) {
          expect(h).toBeGreaterThanOrEqual(0);
          expect(h).toBeLessThanOrEqual(m.cols * Math.log(2) + 1e-12);
        }
      }),
    );
  });
  it("is unchanged by permuting the classes consistently", () => {
    fc.assert(
      fc.property(probsWithPerm, ({ m, perm }) => {
        expect(maxRel(entropy(permuteColumns(m, perm)), entropy(m))).toBeLessThanOrEqual(1e-12);
      }),
    );
  });
});
