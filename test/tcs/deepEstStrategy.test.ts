import { describe, expect, it } from "vitest";
import { deepEstStrategy } from "../../src/tcs/deepEstStrategy.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";
import { fixedRng } from "../design/_helpers.js";

describe("deepEstStrategy(risk, budget, rng, options)", () => {
  it("follows adaptive web sampling and its z_k estimator step by step", () => {
    // risk [1, 0, 3, 0] -> weights w = [1, 0, 3, 0], d = 0.8, y = [1, 0, 1, 0] (mean 0.5).
    // step 1: uniform, u = 0.3 -> floor(0.3 * 4) = 1 -> unit 1, q = 1/4, z1 = (0 + 0 / q) / 4 = 0
    // step 2: u = 0.5 < 0.8 -> by weight, u = 0.5 -> target 2 of W = 4 -> unit 2 (prefix 1, 1, 4),
    //         q = 0.8 * 3/4 + 0.2 / 3 = 2/3, z2 = (0 + 1 / q) / 4 = 0.375
    // step 3: u = 0.9 >= 0.8 -> uniform over {0, 3}, u = 0.2 -> unit 0,
    //         q = 0.8 * 1/1 + 0.2 / 2 = 0.9, z3 = (1 + 1 / 0.9) / 4 = 0.5277...
    const y = [1, 0, 1, 0];
    const run = runStrategy(
      deepEstStrategy(new Float64Array([1, 0, 3, 0]), 3, fixedRng(0.3, 0.5, 0.5, 0.9, 0.2)),
      (i) => y[i] as number,
    );
    expect(Array.from(run.indices)).toEqual([1, 2, 0]);
    const z = [0, 0.375, (1 + 1 / 0.9) / 4];
    const zbar = (z[0] + z[1] + z[2]) / 3;
    const v = z.reduce((s, zk) => s + (zk - zbar) ** 2, 0) / (3 * 2);
    expect(run.estimate.estimate).toBeCloseTo(zbar, 14);
    expect(run.estimate.variance).toBeCloseTo(v, 14);
    expect(run.estimate.n).toBe(3);
  });

  it("falls back to uniform draws once every weighted unit is taken", () => {
    // only unit 3 has weight; after it is taken every draw is uniform with q = 1 / left
    const run = runStrategy(
      deepEstStrategy(new Float64Array([0, 0, 0, 5]), 4, fixedRng(0.99, 0.1, 0, 0)),
      () => 1,
    );
    // step 1: floor(0.99 * 4) = 3; then no weight left: uniform picks of the first remaining unit
    expect(Array.from(run.indices)).toEqual([3, 0, 1, 2]);
    // y = 1 everywhere: every z_k = (k - 1 + left) / N = 1, so the estimate is exactly 1
    expect(run.estimate.estimate).toBeCloseTo(1, 14);
    expect(run.estimate.variance).toBeCloseTo(0, 14);
  });

  it("rejects bad options", () => {
    const risk = new Float64Array([1, 2, 3]);
    expect(() => deepEstStrategy(risk, 2, fixedRng(0.5), { exploit: 1 })).toThrow(
      /^strategies.deepEst: options.exploit must be less than 1/,
    );
    expect(() => deepEstStrategy(risk, 2, fixedRng(0.5), { exploit: 0 })).toThrow(
      /options.exploit must be greater than 0/,
    );
    expect(() => deepEstStrategy(risk, 2, fixedRng(0.5), { threshold: Number.NaN })).toThrow(
      /options.threshold must be finite/,
    );
  });
});
