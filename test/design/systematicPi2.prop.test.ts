import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { inclusionProbabilities } from "../../src/design/inclusionProbabilities.js";
import { systematicPi2 } from "../../src/design/systematicPi2.js";
import { sizesAndN } from "./_helpers.js";

describe("systematicPi2 properties", () => {
  it("is symmetric with diagonal pik, rows summing to n pik_i and Fréchet bounds", () => {
    fc.assert(
      fc.property(sizesAndN(30), ({ size, n }) => {
        const pik = inclusionProbabilities(size, n);
        const N = pik.length;
        const m = systematicPi2(pik);
        for (let i = 0; i < N; i++) {
          const pi = pik[i] as number;
          expect(m.data[i * N + i]).toBe(pi);
          let row = 0;
          for (let j = 0; j < N; j++) {
            const v = m.data[i * N + j] as number;
            const pj = pik[j] as number;
            row += v;
            expect(v).toBe(m.data[j * N + i]);
            expect(v).toBeLessThanOrEqual(Math.min(pi, pj) + 1e-12);
            expect(v).toBeGreaterThanOrEqual(Math.max(0, pi + pj - 1) - 1e-12);
          }
          expect(row).toBeCloseTo(n * pi, 9);
        }
      }),
    );
  });
});
