import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { auc } from "../../src/stats/auc.js";
import { cliffsDelta } from "../../src/stats/cliffsDelta.js";

const labelled = fc
  .array(fc.tuple(fc.integer({ min: -5, max: 5 }), fc.boolean()), { minLength: 2, maxLength: 50 })
  .filter((a) => a.some((t) => t[1]) && a.some((t) => !t[1]));

describe("auc properties", () => {
  it("equals (1 + Cliff's delta of positives vs negatives) / 2, and flips with the labels", () => {
    fc.assert(
      fc.property(labelled, (a) => {
        const s = Float64Array.from(a.map((t) => t[0]));
        const l = Uint8Array.from(a.map((t) => (t[1] ? 1 : 0)));
        const pos = Float64Array.from(a.filter((t) => t[1]).map((t) => t[0]));
        const neg = Float64Array.from(a.filter((t) => !t[1]).map((t) => t[0]));
        const v = auc(s, l);
        expect(v).toBeCloseTo((1 + cliffsDelta(pos, neg).delta) / 2, 12);
        expect(
          auc(
            s,
            l.map((b) => 1 - b),
          ),
        ).toBeCloseTo(1 - v, 12);
      }),
    );
  });
});
