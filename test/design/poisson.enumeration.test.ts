import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { poisson } from "../../src/design/poisson.js";
import { poissonPi2 } from "../../src/design/poissonPi2.js";
import {
  enumeratePoisson,
  frequencyCheck,
  jointInclusion,
  sampleKey,
} from "../helpers/enumerate.js";

describe("poisson(pik, rng) against its exact enumeration", () => {
  it("draws each of the 2^5 subsets with its product probability (chi-square, p = 1e-6)", () => {
    const pik = new Float64Array([0.1, 0.5, 0.9, 0.3, 0.7]);
    const rng = createRng("poisson-enumeration");
    const keys = Array.from({ length: 40000 }, () => sampleKey(poisson(pik, rng)));
    const c = frequencyCheck(enumeratePoisson(pik), keys);
    expect(c.impossible).toEqual([]);
    expect(c.df).toBe(31);
    expect(c.minExpected).toBeGreaterThan(10);
    expect(c.statistic).toBeLessThan(c.critical);
    expect(c.worstZ).toBeLessThan(5);
  });

  it("never draws a pik = 0 unit and always draws a pik = 1 unit", () => {
    const pik = new Float64Array([0, 1, 0.5]);
    const rng = createRng("poisson-certain");
    const keys = Array.from({ length: 4000 }, () => sampleKey(poisson(pik, rng)));
    const c = frequencyCheck(enumeratePoisson(pik), keys);
    expect(c.impossible).toEqual([]);
    expect(c.statistic).toBeLessThan(c.critical);
  });

  it("poissonPi2 equals the enumerated joint inclusion probabilities within 1e-12", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.integer({ min: 0, max: 100 }).map((v) => v / 100),
          { minLength: 1, maxLength: 10 },
        ),
        (p) => {
          const pik = Float64Array.from(p);
          const N = pik.length;
          const exact = jointInclusion(enumeratePoisson(pik), N);
          const got = poissonPi2(pik);
          expect([got.rows, got.cols]).toEqual([N, N]);
          got.data.forEach((v, i) => {
            expect(Math.abs(v - (exact[i] as number))).toBeLessThanOrEqual(1e-12);
          });
        },
      ),
      { numRuns: 60 },
    );
  });
});
