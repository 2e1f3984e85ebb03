import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { holm } from "../../src/stats/holm.js";

const pv = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 40 });

describe("holm properties", () => {
  it("lies between the raw p-value and the Bonferroni bound min(1, m p)", () => {
    fc.assert(
      fc.property(pv, (p) => {
        const a = holm(Float64Array.from(p));
        p.forEach((v, i) => {
          expect(a[i] as number).toBeGreaterThanOrEqual(v);
          expect(a[i] as number).toBeLessThanOrEqual(Math.min(1, p.length * v) + 1e-15);
        });
      }),
    );
  });

  it("is monotone: a smaller raw p-value never gets a larger adjusted one", () => {
    fc.assert(
      fc.property(pv, (p) => {
        const a = holm(Float64Array.from(p));
        for (let i = 0; i < p.length; i++) {
          for (let j = 0; j < p.length; j++) {
            if ((p[i] as number) <= (p[j] as number)) {
              expect(a[i] as number).toBeLessThanOrEqual(a[j] as number);
            }
          }
        }
      }),
    );
  });
});
