import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { confidence } from "../../src/features/confidence.js";
import { predictedClass } from "../../src/features/predictedClass.js";
import { permuteColumns, probsArb, probsWithPerm } from "./_gen.js";

describe("confidence(probs) and predictedClass(probs) properties", () => {
  it("confidence lies in [1/K, 1] and is the probability of the predicted class", () => {
    fc.assert(
      fc.property(probsArb, (m) => {
        const c = confidence(m);
        const y = predictedClass(m);
        c.forEach((v, i) => {
          expect(v).toBeGreaterThanOrEqual(1 / m.cols - 1e-12);
          expect(v).toBeLessThanOrEqual(1);
          expect(v).toBe(m.data[i * m.cols + (y[i] as number)]);
        });
      }),
    );
  });
  it("bernoulli multi-label confidence lies in [2^-K, 1]", () => {
    fc.assert(
      fc.property(probsArb, (m) => {
        for (const v of confidence(m, { multiLabel: true, multiLabelMode: "bernoulli" })) {
          expect(v).toBeGreaterThanOrEqual(2 ** -m.cols * (1 - 1e-12));
          expect(v).toBeLessThanOrEqual(1);
        }
      }),
    );
  });
  it("permuting the classes leaves confidence unchanged and permutes the predicted class", () => {
    fc.assert(
      fc.property(probsWithPerm, ({ m, perm }) => {
        const pm = permuteColumns(m, perm);
        expect(Array.from(confidence(pm))).toEqual(Array.from(confidence(m)));
        const y = predictedClass(m);
        const yp = predictedClass(pm);
        // new column j holds old column perm[j]: the same probability, whatever tie was broken
        yp.forEach((j, i) => {
          expect(pm.data[i * m.cols + j]).toBe(m.data[i * m.cols + (y[i] as number)]);
        });
      }),
    );
  });
});
