import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { predictedClass } from "../../src/features/predictedClass.js";
import { badProbsCases, expectInputUnchanged } from "./_probsCases.js";

describe("predictedClass(probs)", () => {
  it("is the argmax, ties to the lowest index", () => {
    // rows of different K, so one matrix each
    const out = Int32Array.from(
      [
        [0.2, 0.8],
        [0.5, 0.5], // tie: 0
        [0.2, 0.4, 0.4], // tie: 1
        [0, 0, 1],
        [0.25, 0.25, 0.25, 0.25], // uniform: 0
      ].map((r) => predictedClass(rowMatrix([r]))[0] as number),
    );
    expect(out).toBeInstanceOf(Int32Array);
    expect(Array.from(out)).toEqual([1, 0, 1, 2, 0]);
  });
  it("accepts multi-label rows (proxy label)", () => {
    expect(Array.from(predictedClass(rowMatrix([[0.6, 0.9, 0.9]]), { multiLabel: true }))).toEqual([
      1,
    ]);
  });
  badProbsCases("predictedClass", predictedClass);
  it("leaves its input unchanged", () => {
    // predictedClass documents only multiLabel: { multiLabelMode } is an unknown option
    expectInputUnchanged(predictedClass, { multiLabel: true });
  });
});
