import { describe, expect, it } from "vitest";
import type { RateRegressionModel } from "../../../src/subset/irt/fitRateRegression.js";
import { predictRateRegression } from "../../../src/subset/irt/predictRateRegression.js";

const model: RateRegressionModel = {
  observed: Int32Array.of(0, 3),
  itemMean: new Float64Array([0.5, 0.25]),
  weights: new Float64Array([0.2, 0.4]),
  rateMean: 0.4,
  looMse: 0.0025,
  runs: 8,
};

describe("predictRateRegression(model, responses, options)", () => {
  it("a rate's interval stays in [0, 1] (was [0.90, 1.10] around a clamped 1)", () => {
    const e = predictRateRegression({ ...model, rateMean: 0.9 }, Uint8Array.of(1, 1));
    expect(e.estimate).toBe(1);
    expect(e.ci[1]).toBe(1);
    expect(e.ci[0]).toBeCloseTo(1 - 1.959963984540054 * 0.05, 12);
  });

  it("worked example: rateMean + sum (y - m) beta, se = sqrt(looMse)", () => {
    const e = predictRateRegression(model, Uint8Array.of(1, 0));
    // 0.4 + (1 - 0.5) 0.2 + (0 - 0.25) 0.4 = 0.4
    expect(e.estimate).toBeCloseTo(0.4, 15);
    expect(e.se).toBeCloseTo(0.05, 15);
    expect(e.ci[0]).toBeCloseTo(0.4 - 1.959963984540054 * 0.05, 12);
    expect(e.ci[1]).toBeCloseTo(0.4 + 1.959963984540054 * 0.05, 12);
    expect(e.n).toBe(2);
    expect(e.method).toBe("rate regression");
    // 0.4 + 0.5 * 0.2 + 0.75 * 0.4 = 0.8
    expect(predictRateRegression(model, Uint8Array.of(1, 1)).estimate).toBeCloseTo(0.8, 15);
  });

  it("options.mse and options.level set the interval", () => {
    const e = predictRateRegression(model, Uint8Array.of(0, 0), { mse: 0.01, level: 0.9 });
    expect(e.variance).toBe(0.01);
    expect(e.ci[1] - e.estimate).toBeCloseTo(1.6448536269514722 * 0.1, 12);
  });

  it("clamps the estimate to [0, 1]", () => {
    const big = { ...model, weights: new Float64Array([3, 3]) };
    expect(predictRateRegression(big, Uint8Array.of(1, 1)).estimate).toBe(1);
    expect(predictRateRegression(big, Uint8Array.of(0, 0)).estimate).toBe(0);
  });

  it("leaves its inputs unchanged", () => {
    const y = Uint8Array.of(1, 0);
    predictRateRegression(model, y);
    expect(Array.from(y)).toEqual([1, 0]);
    expect(Array.from(model.weights)).toEqual([0.2, 0.4]);
  });

  it("throws on bad input", () => {
    expect(() =>
      predictRateRegression(null as unknown as RateRegressionModel, Uint8Array.of(1, 0)),
    ).toThrow(TypeError);
    expect(() =>
      predictRateRegression(
        { ...model, observed: "03" } as unknown as RateRegressionModel,
        Uint8Array.of(1, 0),
      ),
    ).toThrow(/predictRateRegression: model.observed must be an Int32Array/);
    expect(() =>
      predictRateRegression({ ...model, weights: new Float64Array(1) }, Uint8Array.of(1, 0)),
    ).toThrow(/predictRateRegression: model.observed, itemMean and weights lengths differ/);
    expect(() =>
      predictRateRegression({ ...model, rateMean: Number.NaN }, Uint8Array.of(1, 0)),
    ).toThrow(/predictRateRegression: model.rateMean must be finite/);
    expect(() =>
      predictRateRegression(
        { ...model, weights: Float64Array.of(Number.NaN, 1) },
        Uint8Array.of(1, 0),
      ),
    ).toThrow(/predictRateRegression: model.weights\[0\] and model.itemMean\[0\] must be finite/);
    expect(() => predictRateRegression(model, "1, 0" as unknown as Uint8Array)).toThrow(TypeError);
    expect(() => predictRateRegression(model, Uint8Array.of(1))).toThrow(
      /responses and model.observed lengths differ \(1 vs 2\)/,
    );
    expect(() => predictRateRegression(model, Uint8Array.of(1, 2))).toThrow(
      /predictRateRegression: responses\[1\] must be 0 or 1/,
    );
    expect(() => predictRateRegression(model, Uint8Array.of(1, 0), { mse: -1 })).toThrow(
      /options.mse must be at least 0/,
    );
    expect(() =>
      predictRateRegression({ ...model, looMse: Number.POSITIVE_INFINITY }, Uint8Array.of(1, 0)),
    ).toThrow(/predictRateRegression: model.looMse must be finite/);
    expect(() => predictRateRegression(model, Uint8Array.of(1, 0), { level: 1 })).toThrow(
      /level must be less than 1/,
    );
    expect(() =>
      predictRateRegression(model, Uint8Array.of(1, 0), [] as unknown as object),
    ).toThrow(TypeError);
  });
});

describe("predictRateRegression: the model's fit numbers", () => {
  const y = Uint8Array.of(1, 0);
  it("refuses model.runs that is NaN, infinite or not an integer >= 1 (was taken)", () => {
    for (const runs of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0, 1.5]) {
      expect(
        () => predictRateRegression({ ...model, runs }, y, { mse: 0.01 }),
        String(runs),
      ).toThrow(/^predictRateRegression: model\.runs must be/);
    }
    expect(() => predictRateRegression({ ...model, runs: "8" as never }, y)).toThrow(
      new TypeError('predictRateRegression: model.runs must be a number (got "8")'),
    );
  });
  it("refuses a NaN or negative looMse even when options.mse replaces it (was taken)", () => {
    for (const looMse of [Number.NaN, Number.NEGATIVE_INFINITY, -1]) {
      expect(
        () => predictRateRegression({ ...model, looMse }, y, { mse: 0.01 }),
        String(looMse),
      ).toThrow(/^predictRateRegression: model\.looMse must be at least 0/);
    }
  });
  it("takes looMse Infinity (a run of leverage 1) when options.mse is given, and a model without runs", () => {
    const e = predictRateRegression({ ...model, looMse: Number.POSITIVE_INFINITY }, y, {
      mse: 0.01,
    });
    expect(e.se).toBeCloseTo(0.1, 15);
    const { runs: _, ...byHand } = model;
    expect(predictRateRegression(byHand as RateRegressionModel, y).estimate).toBeCloseTo(0.4, 15);
  });
});
