import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { margin } from "../../src/features/margin.js";
import { badProbsCases, expectInputUnchanged } from "./_probsCases.js";

describe("margin(probs)", () => {
  it("is the top probability minus the runner-up (K = 2, K = 3, ties, one-hot, uniform)", () => {
    // rows of different K, so one matrix each
    const out = Float64Array.from(
      [
        [0.9, 0.1], // 0.9 - 0.1
        [0.1, 0.3, 0.6], // 0.6 - 0.3
        [0.4, 0.2, 0.4], // tie for the top: 0
        [0, 0, 1], // one-hot: 1
        [0.25, 0.25, 0.25, 0.25], // uniform: 0
      ].map((r) => margin(rowMatrix([r]))[0] as number),
    );
    expect(Array.from(out)).toEqual([0.9 - 0.1, 0.6 - 0.3, 0, 1, 0]);
  });
  it("multiLabel bernoulli: gap between the two most likely label vectors", () => {
    // [0.9, 0.4]: best vector (1, 0) has 0.9 * 0.6 = 0.54; runner-up flips the
    // least certain label: (1, 1) has 0.9 * 0.4 = 0.36; margin 0.18.
    const out = margin(
      rowMatrix([
        [0.9, 0.4],
        [0.5, 0.9],
      ]),
      {
        multiLabel: true,
        multiLabelMode: "bernoulli",
      },
    );
    expect(out[0]).toBeCloseTo(0.18, 15);
    expect(out[1]).toBe(0); // a label at 0.5: two vectors tie
  });
  it("multiLabel proxy: top two per-label probabilities", () => {
    expect(margin(rowMatrix([[0.9, 0.8, 0.1]]), { multiLabel: true })[0]).toBeCloseTo(0.1, 15);
  });
  badProbsCases("margin", margin);
  it("leaves its input unchanged and is deterministic", () => {
    expectInputUnchanged(margin);
    const p = rowMatrix([[0.3, 0.7]]);
    expect(margin(p)).toEqual(margin(p));
  });
});
