import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { confidence } from "../../src/features/confidence.js";
import { badProbsCases, expectInputUnchanged } from "./_probsCases.js";

describe("confidence(probs)", () => {
  it("is the largest probability (K = 2, K = 3, ties, one-hot, uniform)", () => {
    // rows of different K, so one matrix each
    const out = Float64Array.from(
      [
        [0.9, 0.1], // K = 2
        [0.2, 0.5, 0.3],
        [0.4, 0.4, 0.2], // tie for the top: still 0.4
        [0, 0, 1], // one-hot
        [0.25, 0.25, 0.25, 0.25], // uniform, K = 4
      ].map((r) => confidence(rowMatrix([r]))[0] as number),
    );
    expect(out).toBeInstanceOf(Float64Array);
    expect(Array.from(out)).toEqual([0.9, 0.5, 0.4, 1, 0.25]);
  });
  it("multiLabel proxy: the largest per-label probability, rows need not sum to 1", () => {
    expect(
      Array.from(
        confidence(
          rowMatrix([
            [0.9, 0.8],
            [0.1, 0.2],
          ]),
          { multiLabel: true },
        ),
      ),
    ).toEqual([0.9, 0.2]);
  });
  it("multiLabel bernoulli: probability of the predicted label vector", () => {
    // [0.9, 0.4]: predicted vector (1, 0) has probability 0.9 * (1 - 0.4) = 0.54
    // [0.5, 0.5]: every vector has probability 0.25
    const out = confidence(
      rowMatrix([
        [0.9, 0.4],
        [0.5, 0.5],
      ]),
      {
        multiLabel: true,
        multiLabelMode: "bernoulli",
      },
    );
    expect(out[0]).toBeCloseTo(0.54, 15);
    expect(out[1]).toBe(0.25);
  });
  it("rejects an unknown multiLabelMode", () => {
    expect(() =>
      confidence(rowMatrix([[0.5, 0.5]]), { multiLabel: true, multiLabelMode: "max" as "proxy" }),
    ).toThrow(
      /^confidence: options.multiLabelMode must be one of "proxy", "bernoulli" \(got "max"\)/,
    );
    expect(() =>
      confidence(rowMatrix([[0.5, 0.5]]), {
        multiLabel: true,
        multiLabelMode: "bernouli" as "proxy",
      }),
    ).toThrow(/did you mean "bernoulli"\?/);
    // checked without multiLabel too (it was silently ignored), and a number is a TypeError
    expect(() => confidence(rowMatrix([[0.6, 0.4]]), { multiLabelMode: "xyz" as "proxy" })).toThrow(
      RangeError,
    );
    expect(() =>
      confidence(rowMatrix([[0.5, 0.5]]), { multiLabel: true, multiLabelMode: 3 as never }),
    ).toThrow(TypeError);
  });
  badProbsCases("confidence", confidence);
  it("leaves its input unchanged and is deterministic", () => {
    expectInputUnchanged(confidence);
    const p = rowMatrix([[0.3, 0.7]]);
    expect(confidence(p)).toEqual(confidence(p));
  });
});
