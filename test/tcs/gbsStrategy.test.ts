import { describe, expect, it } from "vitest";
import { gbsStrategy } from "../../src/tcs/gbsStrategy.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";
import { fixedRng } from "../design/_helpers.js";

// risk 1..6 -> quantile strata {0, 1, 2} and {3, 4, 5}; y = [0, 0, 0, 1, 1, 0];
// rng always 0 -> each urn gives its first live member (then swaps it to the end).
const risk = new Float64Array([1, 2, 3, 4, 5, 6]);
const y = [0, 0, 0, 1, 1, 0];

describe("gbsStrategy(risk, budget, rng, options)", () => {
  it("takes two per stratum, then the stratum with the largest (W_h)^2 V_h / (n_h + 1)^2", () => {
    // initial: stratum 0 urn [0, 1, 2] -> 0, then [2, 1] -> 2; stratum 1 urn [3, 4, 5] -> 3, then [5, 4] -> 5.
    // labels so far 0, 0, 1, 0: pooled v = (0.75 + 0.25) / 4 = 0.25;
    // V_0 = (0 + 20 * 0.25) / 21, V_1 = (0.5 + 20 * 0.25) / 21 -> stratum 1 -> unit 4.
    const run = runStrategy(
      gbsStrategy(risk, 5, fixedRng(0), { strata: 2 }),
      (i) => y[i] as number,
    );
    expect(Array.from(run.indices)).toEqual([0, 2, 3, 5, 4]);
    // stratified mean: 0.5 * 0 + 0.5 * (1 + 0 + 1) / 3
    expect(run.estimate.estimate).toBeCloseTo(1 / 3, 14);
    // stratum 1 is a census (3 of 3); stratum 0's two labels agree (s^2 = 0), so its variance is
    // floored at q (1 - q), q = (0 + m pbar) / (2 + m), pbar = (5 * 1/3 + 0.5) / (5 + 1) (the
    // stratified mean as 5 labels, Jeffreys-smoothed), m = 5 / 2 strata;
    // the allocation is adaptive, so no finite-population correction (1 - 2/3)
    const q = (2.5 * ((5 / 3 + 0.5) / 6)) / (2 + 2.5);
    expect(run.estimate.variance).toBeCloseTo((0.25 * q * (1 - q)) / 2, 14);
  });
});
