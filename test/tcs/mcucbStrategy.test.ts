import { describe, expect, it } from "vitest";
import { mcucbStrategy } from "../../src/tcs/mcucbStrategy.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";
import { fixedRng } from "../design/_helpers.js";

// risk 1..6 -> quantile strata {0, 1, 2} and {3, 4, 5}; y = [0, 0, 0, 1, 1, 0];
// rng always 0 -> each urn gives its first live member (then swaps it to the end).
const risk = new Float64Array([1, 2, 3, 4, 5, 6]);
const y = [0, 0, 0, 1, 1, 0];

describe("mcucbStrategy(risk, budget, rng, options)", () => {
  it("takes two per stratum, then the largest upper bound (W_h / n_h)(sigma_h + 2a / sqrt(n_h))", () => {
    // same first four picks; sigma_0 = 0, sigma_1 = 0.5 with n = 2 in both -> stratum 1 -> unit 4
    const run = runStrategy(
      mcucbStrategy(risk, 5, fixedRng(0), { strata: 2, delta: 0.1 }),
      (i) => y[i] as number,
    );
    expect(Array.from(run.indices)).toEqual([0, 2, 3, 5, 4]);
  });

  it("explores the larger stratum when its labels agree: the W_h / n_h factor", () => {
    // risk [1 x6, 2, 3, 4] -> strata {0..5} (ties kept together) and {6, 7, 8}: W = 2/3, 1/3.
    // picks 0, 5 (y = 0, 0) and 6, 8 (y = 1, 0): sigma_0 = 0, sigma_1 = 0.5, n = 2 each;
    // B_0 = (1/3)(0 + 2a / sqrt 2) > B_1 = (1/6)(0.5 + 2a / sqrt 2) whenever a > 0.354, and
    // a = sqrt(2 log(2 / 0.1)) = 2.45 -> stratum 0; its urn [4, 1, 2, 3] gives unit 4.
    const r = new Float64Array([1, 1, 1, 1, 1, 1, 2, 3, 4]);
    const labels = [0, 0, 0, 0, 0, 0, 1, 0, 0];
    const run = runStrategy(
      mcucbStrategy(r, 5, fixedRng(0), { strata: 2, delta: 0.1 }),
      (i) => labels[i] as number,
    );
    expect(Array.from(run.indices)).toEqual([0, 5, 6, 8, 4]);
    expect(() => mcucbStrategy(r, 5, fixedRng(0), { delta: 1 })).toThrow(
      /^strategies.mcucb: options.delta must be less than 1/,
    );
  });
});
