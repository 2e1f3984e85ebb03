import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { inclusionProbabilities } from "../../src/design/inclusionProbabilities.js";
import { sizesAndN } from "./_helpers.js";

describe("inclusionProbabilities properties", () => {
  it("lie in [0, 1], sum to n, keep zeros, grow with size and are proportional below 1", () => {
    fc.assert(
      fc.property(sizesAndN(), ({ size, n }) => {
        const pik = inclusionProbabilities(size, n);
        let sum = 0;
        let ratio = Number.NaN;
        for (let i = 0; i < size.length; i++) {
          const p = pik[i] as number;
          sum += p;
          expect(p >= 0 && p <= 1).toBe(true);
          if (size[i] === 0) expect(p).toBe(0);
          if (p > 0 && p < 1) {
            // every uncapped unit has the same pik / size
            const r = p / (size[i] as number);
            if (Number.isNaN(ratio)) ratio = r;
            else expect(r).toBeCloseTo(ratio, 10);
          }
          for (let j = 0; j < size.length; j++) {
            if ((size[i] as number) <= (size[j] as number))
              expect(p).toBeLessThanOrEqual((pik[j] as number) + 1e-12);
          }
        }
        expect(Math.abs(sum - n)).toBeLessThan(1e-9);
      }),
    );
  });
});
