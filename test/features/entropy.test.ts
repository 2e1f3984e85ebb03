import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { entropy } from "../../src/features/entropy.js";
import { badProbsCases, expectInputUnchanged } from "./_probsCases.js";

describe("entropy(probs)", () => {
  it("is -sum p log p in nats (K = 2, K = 3, ties, one-hot, uniform)", () => {
    // rows of different K, so one matrix each
    const out = Float64Array.from(
      [
        [0.5, 0.5],
        [0.9, 0.1],
        [0.4, 0.4, 0.2],
        [0, 1, 0],
        [0.25, 0.25, 0.25, 0.25],
      ].map((r) => entropy(rowMatrix([r]))[0] as number),
    );
    expect(out[0]).toBeCloseTo(Math.log(2), 15); // uniform over 2: log 2
    expect(out[1]).toBeCloseTo(-(0.9 * Math.log(0.9) + 0.1 * Math.log(0.1)), 15); // 0.3250829733914482
    expect(out[2]).toBeCloseTo(-(2 * 0.4 * Math.log(0.4) + 0.2 * Math.log(0.2)), 15);
    expect(out[3]).toBe(0); // one-hot: 0 log 0 = 0
    expect(out[4]).toBeCloseTo(Math.log(4), 15); // uniform over 4: log 4
  });
  it("multiLabel proxy applies the formula to the row as it is", () => {
    const out = entropy(rowMatrix([[0.5, 0.5, 0.5]]), { multiLabel: true });
    expect(out[0]).toBeCloseTo(-3 * 0.5 * Math.log(0.5), 15);
  });
  it("multiLabel bernoulli sums the per-label binary entropies", () => {
    const hb = (p: number) => -(p * Math.log(p) + (1 - p) * Math.log(1 - p));
    const out = entropy(
      rowMatrix([
        [0.9, 0.4],
        [1, 0],
      ]),
      {
        multiLabel: true,
        multiLabelMode: "bernoulli",
      },
    );
    expect(out[0]).toBeCloseTo(hb(0.9) + hb(0.4), 15);
    expect(out[1]).toBe(0); // certain labels carry no entropy
  });
  badProbsCases("entropy", entropy);
  it("leaves its input unchanged and is deterministic", () => {
    expectInputUnchanged(entropy);
    const p = rowMatrix([[0.3, 0.7]]);
    expect(entropy(p)).toEqual(entropy(p));
  });
});
