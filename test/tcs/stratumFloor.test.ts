import { describe, expect, it } from "vitest";
import { compact } from "../../src/tcs/_strata.js";
import { flooredStratifiedEstimate, stratifiedEstimate } from "../../src/tcs/_stratified.js";

// 10 units in two strata of 5; the sample is units 0-2 (stratum 0) and 5-8 (stratum 1)
const s = compact(Int32Array.from([0, 0, 0, 0, 0, 1, 1, 1, 1, 1]), 2);
const sample = Int32Array.from([0, 1, 2, 5, 6, 7, 8]);
const est = { level: 0.95, interval: undefined };

describe("flooredStratifiedEstimate(sample, y, s, est, method, a)", () => {
  it("gives an all-pass stratum the variance of its rate shrunk towards the pooled one, keeps the estimate", () => {
    const y = Float64Array.from([0, 0, 0, 0, 1, 0, 1]);
    const plain = stratifiedEstimate(sample, y, s, est, "m");
    const e = flooredStratifiedEstimate(sample, y, s, est, "m", 0.5);
    expect(e.estimate).toBe(plain.estimate);
    // pooled rate (2 + 0.5) / (7 + 1), prior weight m = 7 / 2 labels;
    // stratum 0: x = 0 of n = 3; stratum 1: x = 2 of 4, s^2 = 1/3 > q (1 - q)
    const pbar = 2.5 / 8;
    const q0 = (0 + 3.5 * pbar) / (3 + 3.5);
    const v0 = (0.25 * (1 - 3 / 5) * q0 * (1 - q0)) / 3;
    const v1 = (0.25 * (1 - 4 / 5) * (1 / 3)) / 4;
    expect(e.variance).toBeCloseTo(v0 + v1, 15);
    expect(plain.variance).toBeCloseTo(v1, 15);
    expect(e.ci[1]).toBeGreaterThan(plain.ci[1]);
    expect(e.method).toBe("m");
  });
  it("leaves strata whose variance is above the floor, and real-valued labels, alone", () => {
    const y = Float64Array.from([0, 1, 0, 1, 0, 1, 0]);
    expect(flooredStratifiedEstimate(sample, y, s, est, "m", 0.5)).toEqual(
      stratifiedEstimate(sample, y, s, est, "m"),
    );
    const real = Float64Array.from([0.5, 0, 0, 0, 0.2, 0, 0.7]);
    expect(flooredStratifiedEstimate(sample, real, s, est, "m", 0.5)).toEqual(
      stratifiedEstimate(sample, real, s, est, "m"),
    );
  });
});
