import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { deepGini } from "../../src/features/deepGini.js";
import { badProbsCases, expectInputUnchanged } from "./_probsCases.js";

describe("deepGini(probs)", () => {
  it("is 1 - sum p^2 (K = 2, K = 3, ties, one-hot, uniform)", () => {
    // rows of different K, so one matrix each
    const out = Float64Array.from(
      [
        [0.5, 0.5], // 1 - 0.5 = 0.5
        [0.2, 0.5, 0.3], // 1 - (0.04 + 0.25 + 0.09) = 0.62
        [0.4, 0.4, 0.2], // 1 - (0.16 + 0.16 + 0.04) = 0.64
        [1, 0, 0], // one-hot: 0
        [0.25, 0.25, 0.25, 0.25], // uniform: 1 - 1/4
      ].map((r) => deepGini(rowMatrix([r]))[0] as number),
    );
    expect(out[0]).toBe(0.5);
    expect(out[1]).toBeCloseTo(0.62, 15);
    expect(out[2]).toBeCloseTo(0.64, 15);
    expect(out[3]).toBe(0);
    expect(out[4]).toBe(0.75);
  });
  it("multiLabel bernoulli: Gini impurity of the joint label-vector distribution", () => {
    // [0.9, 0.4]: 1 - (0.81 + 0.01) * (0.16 + 0.36) = 1 - 0.82 * 0.52 = 0.5736
    const out = deepGini(rowMatrix([[0.9, 0.4]]), {
      multiLabel: true,
      multiLabelMode: "bernoulli",
    });
    expect(out[0]).toBeCloseTo(0.5736, 15);
  });
  it("multiLabel proxy can go below 0 (documented)", () => {
    expect(deepGini(rowMatrix([[1, 1]]), { multiLabel: true })[0]).toBe(-1);
  });
  badProbsCases("deepGini", deepGini);
  it("leaves its input unchanged and is deterministic", () => {
    expectInputUnchanged(deepGini);
    const p = rowMatrix([[0.3, 0.7]]);
    expect(deepGini(p)).toEqual(deepGini(p));
  });
});
