import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { samplePi2 } from "../../src/design/samplePi2.js";
import { systematicPi2 } from "../../src/design/systematicPi2.js";
import { systematicPps } from "../../src/design/systematicPps.js";
import {
  enumerateSystematic,
  frequencyCheck,
  jointInclusion,
  populationArb,
  proportionalPik,
  sampleKey,
  subPi2,
} from "../helpers/enumerate.js";

describe("systematicPps(pik, rng) against its exact enumeration", () => {
  for (const [name, size, n] of [
    ["sizes 1..6, n = 3", [1, 2, 3, 4, 5, 6], 3],
    ["a certainty unit (size 9 of 16, n = 2)", [1, 9, 2, 3, 1], 2],
    ["unequal sizes, n = 4 of 7", [0.7, 2.5, 1.1, 3.3, 0.4, 1.9, 2.2], 4],
  ] as const) {
    it(`${name}: every sample with its breakpoint-interval probability (chi-square, p = 1e-6)`, () => {
      const pik = proportionalPik(size, n);
      const rng = createRng(`systematic-${name}`);
      const keys = Array.from({ length: 20000 }, () => sampleKey(systematicPps(pik, rng)));
      const c = frequencyCheck(enumerateSystematic(pik), keys);
      expect(c.impossible).toEqual([]);
      expect(c.statistic).toBeLessThan(c.critical);
      expect(c.worstZ).toBeLessThan(5);
    });
  }

  it("systematicPi2 equals the enumerated joint inclusion probabilities within 1e-12", () => {
    fc.assert(
      fc.property(
        populationArb(1, 10, (N) => [0, N]),
        ({ size, n }) => {
          const pik = proportionalPik(size, n);
          const N = pik.length;
          const exact = jointInclusion(enumerateSystematic(pik), N);
          const got = systematicPi2(pik);
          expect([got.rows, got.cols]).toEqual([N, N]);
          got.data.forEach((v, i) => {
            expect(Math.abs(v - (exact[i] as number))).toBeLessThanOrEqual(1e-12);
          });
          // and samplePi2 cuts the block of the sampled units that horvitzThompson takes
          const s = systematicPps(pik, createRng(`${N}-${n}`));
          expect(samplePi2(got, s).data).toEqual(subPi2(got.data, N, s).data);
        },
      ),
      { numRuns: 100 },
    );
  });
});
