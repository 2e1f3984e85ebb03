import { describe, expect, it } from "vitest";
import { stratifiedEstimate } from "../../src/subset/_subsetEstimators.js";

describe("stratifiedEstimate (the post-stratified mean of a subset)", () => {
  it("uses the sample variance where the labels disagree and the Jeffreys-smoothed rate where they all agree", () => {
    // stratum 0 (N = 10): 1, 1, 1 (all agree); stratum 1 (N = 10): 0, 1; stratum 2 (N = 30): nothing sampled
    const y = Uint8Array.of(1, 1, 1, 0, 1);
    const strata = Int32Array.of(0, 0, 0, 1, 1);
    const sizes = Int32Array.of(10, 10, 30);
    const e = stratifiedEstimate(y, strata, sizes);
    // the strata present cover 20 items: W = 1/2 each
    expect(e.est).toBeCloseTo(0.5 * 1 + 0.5 * 0.5, 15);
    const pt = 3.5 / 4;
    const v0 = (0.25 * (1 - 3 / 10) * pt * (1 - pt)) / 3;
    const v1 = (0.25 * (1 - 2 / 10) * 0.5) / 2;
    expect(e.v).toBeCloseTo(v0 + v1, 15);
  });
  it("gives no stratum a zero variance unless it is sampled whole", () => {
    const y = Uint8Array.of(0, 0, 0, 0);
    const e = stratifiedEstimate(y, Int32Array.of(0, 0, 1, 1), Int32Array.of(5, 2));
    // stratum 1 is sampled whole (fpc 0); stratum 0 has 2 of 5, both 0: p~ = 0.5 / 3
    const pt = 0.5 / 3;
    expect(e.est).toBe(0);
    expect(e.v).toBeCloseTo(((5 / 7) ** 2 * (1 - 2 / 5) * pt * (1 - pt)) / 2, 15);
  });
  it("uses the subset's smoothed rate for a stratum with one sampled item", () => {
    const y = Uint8Array.of(1, 0, 1);
    const e = stratifiedEstimate(y, Int32Array.of(0, 1, 1), Int32Array.of(4, 4));
    const p = 2.5 / 4;
    expect(e.v).toBeCloseTo(
      0.25 * ((1 - 1 / 4) * p * (1 - p)) + (0.25 * (1 - 2 / 4) * 0.5) / 2,
      15,
    );
  });
});
