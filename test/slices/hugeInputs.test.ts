import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { fitStandardizer } from "../../src/slices/fitStandardizer.js";
import { identifySlices } from "../../src/slices/identifySlices.js";
import { sliceCoherence } from "../../src/slices/sliceCoherence.js";
import { sliceObjectives } from "../../src/slices/sliceObjectives.js";
import { transformStandardizer } from "../../src/slices/standardize.js";

// Huge (or tiny) but finite inputs pass the finiteness checks; what comes out
// must still be finite: computed in an exactly rescaled form, or refused with
// a RangeError naming the public function and the argument.
const scaled = (M: number[][], k: number) => M.map((r) => r.map((v) => v * 2 ** k));

describe("sliceObjectives on huge or tiny finite signals", () => {
  const X = [[0], [1], [4], [6]];
  const sliceOf = new Int32Array([0, 0, 1, 1]);
  const outcome = new Uint8Array([1, 1, 1, 0]);
  it("gives the objectives of the scaled-down signals, scaled back exactly", () => {
    const base = sliceObjectives(sliceOf, rowMatrix(X), outcome);
    for (const k of [1000, -1000]) {
      const f = sliceObjectives(sliceOf, rowMatrix(scaled(X, k)), outcome);
      expect(Array.from(f)).toEqual([
        base[0],
        (base[1] as number) * 2 ** k,
        (base[2] as number) * 2 ** k,
      ]);
    }
    // all equal at 1e308: the centroid sums used to overflow to Infinity - Infinity = NaN
    const same = sliceObjectives(sliceOf, rowMatrix([[1e308], [1e308], [1e308], [1e308]]), outcome);
    expect(Array.from(same)).toEqual([0.25, 0, -0]);
  });
  it("throws a RangeError naming sliceObjectives and signals when an objective overflows", () => {
    // a mean pairwise distance of 3.4e308 within each slice

    const call = () =>
      sliceObjectives(sliceOf, rowMatrix([[1.7e308], [-1.7e308], [1.7e308], [-1.7e308]]), outcome);
    expect(call).toThrow(RangeError);
    expect(call).toThrow(/^sliceObjectives: signals are too large: .*rescale signals/);
  });
});

describe("identifySlices on huge finite signals", () => {
  const outcome = new Uint8Array(12).map((_, i) => (i < 6 ? 1 : 0));
  const options = { minSize: 3, maxSize: 6, populationSize: 20, generations: 5 };
  it("runs on a 1e308 signal instead of failing inside the engine", () => {
    const X = Array.from({ length: 12 }, (_, i) => [
      i === 6 ? 1e308 : i < 6 ? i * 0.01 : 5 + i * 0.01,
    ]);
    const r = identifySlices(rowMatrix(X), outcome, createRng(1), options);
    for (const s of r.front) expect(s.objectives.every(Number.isFinite)).toBe(true);
  });
  it("names identifySlices and signals, not nsga2, when every partition overflows", () => {
    const X = [[1.7e308], [1.7e308], [-1.7e308], [-1.7e308]];
    const call = () =>
      identifySlices(rowMatrix(X), new Uint8Array([1, 1, 0, 0]), createRng(1), {
        minSize: 2,
        maxSize: 2,
        populationSize: 4,
        generations: 1,
      });
    expect(call).toThrow(RangeError);
    expect(call).toThrow(/^identifySlices: signals are too large: .*rescale signals/);
  });
});

describe("sliceCoherence on huge or tiny finite signals", () => {
  it("gives the cosines of the scaled rows (cosines are scale-free), never NaN", () => {
    const X = [
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 2],
    ];
    const sliceOf = new Int32Array([0, 0, 1, 1]);
    const base = sliceCoherence(sliceOf, rowMatrix(X));
    for (const k of [1000, -1060]) {
      const r = sliceCoherence(sliceOf, rowMatrix(scaled(X, k)));
      expect(Array.from(r.values)).toEqual(Array.from(base.values));
      expect(r.mean).toBe(base.mean);
    }
    const all = sliceCoherence(
      sliceOf,
      rowMatrix([
        [1e308, 1e308],
        [1e308, 1e308],
        [1e308, 1e308],
        [1e308, 1e308],
      ]),
    );
    expect(Array.from(all.values)).toEqual([1, 1]);
  });
});

describe("fitStandardizer / transformStandardizer on huge or tiny finite values", () => {
  it("fitStandardizer gives the moments of the scaled column, scaled back exactly", () => {
    const X = [
      [1, 5],
      [3, 5],
      [8, 5],
    ];
    const base = fitStandardizer(rowMatrix(X));
    for (const k of [1000, -1000]) {
      const m = fitStandardizer(rowMatrix(scaled(X, k)));
      expect(m.mean[0]).toBe((base.mean[0] as number) * 2 ** k);
      expect(m.sd[0]).toBe((base.sd[0] as number) * 2 ** k);
      expect(m.sd[1]).toBe(1); // constant column
    }
    expect(
      Array.from(
        fitStandardizer(
          rowMatrix([
            [1e308, 5],
            [-1e308, 5],
          ]),
        ).sd,
      ),
    ).toEqual([1e308, 1]);
    const all = fitStandardizer(rowMatrix([[1e308], [1e308], [1e308]]));
    expect([all.mean[0], all.sd[0]]).toEqual([1e308, 1]);
  });
  it("transformStandardizer standardises a huge value whose difference overflows, or throws", () => {
    expect(Array.from(transformStandardizer({ mean: [-1e308], sd: [10] }, [[1e308]]).data)).toEqual(
      [2e307],
    );
    const call = () => transformStandardizer({ mean: [0], sd: [5e-324] }, [[1]]);
    expect(call).toThrow(RangeError);
    expect(call).toThrow(
      /^transformStandardizer: X\[0\]\[0\] is too large for the scaler: .*scaler\.sd\[0\] \(got 5e-324\)$/,
    );
  });
});
