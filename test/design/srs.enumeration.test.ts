import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { srs } from "../../src/design/srs.js";
import { srsPi2 } from "../../src/design/srsPi2.js";
import { enumerateSrs, frequencyCheck, jointInclusion, sampleKey } from "../helpers/enumerate.js";

// Links the exact distribution used by the estimator proofs to the implementation:
// draws of srs must follow enumerateSrs, and srsPi2 must equal its joint inclusion probabilities.
describe("srs(N, n, rng) against its exact enumeration", () => {
  it("draws every one of the C(6, 3) = 20 samples with probability 1/20 (chi-square, p = 1e-6)", () => {
    const rng = createRng("srs-enumeration");
    const keys = Array.from({ length: 20000 }, () => sampleKey(srs(6, 3, rng)));
    const c = frequencyCheck(enumerateSrs(6, 3), keys);
    expect(c.impossible).toEqual([]);
    expect(c.df).toBe(19);
    expect(c.statistic).toBeLessThan(c.critical);
    expect(c.worstZ).toBeLessThan(5);
  });

  it("srsPi2 equals the enumerated joint inclusion probabilities within 1e-12", () => {
    for (const [N, n] of [
      [1, 1],
      [5, 0],
      [5, 1],
      [6, 3],
      [9, 4],
      [10, 10],
    ] as const) {
      const exact = jointInclusion(enumerateSrs(N, n), N);
      const got = srsPi2(N, n);
      expect([got.rows, got.cols]).toEqual([N, N]);
      got.data.forEach((v, i) => {
        expect(Math.abs(v - (exact[i] as number))).toBeLessThanOrEqual(1e-12);
      });
    }
  });
});
