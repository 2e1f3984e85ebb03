import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { toPlain } from "../../src/core/toPlain.js";
import { fitCalibration } from "../../src/features/fitCalibration.js";
import { predictCalibration } from "../../src/features/predictCalibration.js";

type Case = { scores: number[]; labels: number[]; isotonic: number[]; platt: number[] };
const fixture = JSON.parse(readFileSync("test/fixtures/calibration.json", "utf8")) as {
  cases: Case[];
};

describe("fitCalibration / predictCalibration against sklearn (scripts/fixtures/calibration.py)", () => {
  fixture.cases.forEach((c, k) => {
    const s = Float64Array.from(c.scores);
    const y = Float64Array.from(c.labels);
    it(`case ${k}: isotonic equals IsotonicRegression's fitted values to 1e-12`, () => {
      const p = predictCalibration(fitCalibration(s, y), s);
      for (let i = 0; i < c.isotonic.length; i++) {
        expect(Math.abs((p[i] as number) - (c.isotonic[i] as number))).toBeLessThan(1e-12);
      }
    });
    it(`case ${k}: logistic equals _sigmoid_calibration (Platt targets) to 1e-5`, () => {
      const p = predictCalibration(fitCalibration(s, y, { method: "logistic" }), s);
      // sklearn stops BFGS at its default gradient tolerance, hence 1e-5
      for (let i = 0; i < c.platt.length; i++) {
        expect(Math.abs((p[i] as number) - (c.platt[i] as number))).toBeLessThan(1e-5);
      }
    });
  });
});

describe("fitCalibration(scores, labels, options)", () => {
  it("isotonic values are non-decreasing in the score and keep the label mean", () => {
    const s = Float64Array.from([5, 1, 3, 2, 4, 6, 0]);
    const y = Float64Array.from([0, 1, 1, 0, 1, 1, 0]);
    const m = fitCalibration(s, y);
    if (m.method !== "isotonic") throw new Error("expected isotonic");
    for (let b = 1; b < m.values.length; b++) {
      expect(m.values[b] as number).toBeGreaterThanOrEqual(m.values[b - 1] as number);
    }
    const p = predictCalibration(m, s);
    expect(p.reduce((a, v) => a + v, 0)).toBeCloseTo(4, 12);
  });
  it("predictCalibration takes the model read back from JSON and gives the same probabilities", () => {
    const s = Float64Array.from([5, 1, 3, 2, 4, 6, 0]);
    const y = Float64Array.from([0, 1, 1, 0, 1, 1, 0]);
    for (const method of ["isotonic", "logistic"] as const) {
      const m = fitCalibration(s, y, { method });
      const back = JSON.parse(JSON.stringify(toPlain(m)));
      expect(Array.from(predictCalibration(back, s))).toEqual(Array.from(predictCalibration(m, s)));
    }
    const bad = { method: "isotonic", thresholds: "0,1", values: [0, 1] } as never;
    expect(() => predictCalibration(bad, s)).toThrow(TypeError);
    const ragged = { method: "isotonic", thresholds: [0, 1], values: [0.5] } as never;
    expect(() => predictCalibration(ragged, s)).toThrow(/same length/);
  });
  it("tied scores share one value", () => {
    const m = fitCalibration(Float64Array.from([1, 1, 2]), Float64Array.from([0, 1, 1]));
    expect(Array.from(predictCalibration(m, Float64Array.from([1, 2])))).toEqual([0.5, 1]);
  });
  it("logistic stays finite on separable labels and orders them", () => {
    const m = fitCalibration(Float64Array.from([0, 1, 2, 3]), Float64Array.from([0, 0, 1, 1]), {
      method: "logistic",
    });
    const p = predictCalibration(m, Float64Array.from([0, 3]));
    expect(p[0] as number).toBeLessThan(0.5);
    expect(p[1] as number).toBeGreaterThan(0.5);
    expect(Number.isFinite(m.method === "logistic" ? m.slope : Number.NaN)).toBe(true);
  });
  it("logistic is scale-free down to 1e-170 and up to 1e160 (the squares under/overflowed to slope 0)", () => {
    const y = [0, 1, 0, 1, 1, 1];
    const at = (c: number) =>
      fitCalibration(
        [1, 2, 3, 4, 5, 6].map((v) => v * c),
        y,
        { method: "logistic" },
      ) as { intercept: number; slope: number };
    const one = at(1);
    for (const c of [1e-170, 1e160]) {
      const m = at(c);
      expect(m.slope * c).toBeCloseTo(one.slope, 8);
      expect(m.intercept).toBeCloseTo(one.intercept, 8);
    }
  });

  it("a constant score gives slope 0 and the Platt-smoothed rate", () => {
    const m = fitCalibration(Float64Array.from([2, 2, 2, 2]), Float64Array.from([1, 0, 0, 0]), {
      method: "logistic",
    });
    // targets: 1 -> 2/3, 0 -> 1/5; mean (2/3 + 3/5) / 4 = 19/60
    const p = predictCalibration(m, Float64Array.from([7]));
    expect(p[0] as number).toBeCloseTo(19 / 60, 12);
  });
  it("leaves its inputs unchanged", () => {
    const s = Float64Array.from([0.3, 0.1, 0.2]);
    const y = Float64Array.from([1, 0, 1]);
    fitCalibration(s, y);
    fitCalibration(s, y, { method: "logistic" });
    expect(Array.from(s)).toEqual([0.3, 0.1, 0.2]);
    expect(Array.from(y)).toEqual([1, 0, 1]);
  });
  it("rejects bad input naming the function and the argument", () => {
    const s = Float64Array.from([0.1, 0.2]);
    expect(() => fitCalibration(new Float64Array(0), new Float64Array(0))).toThrow(
      /^fitCalibration: scores is empty/,
    );
    expect(() => fitCalibration(s, Float64Array.from([0, 2]))).toThrow(
      /^fitCalibration: labels\[1\] is above 1/,
    );
    expect(() => fitCalibration(s, Float64Array.from([0, Number.NaN]))).toThrow(
      /^fitCalibration: labels\[1\] is not finite/,
    );
    expect(() => fitCalibration(s, Float64Array.from([0]))).toThrow(
      /^fitCalibration: scores and labels lengths differ/,
    );
    expect(() => fitCalibration(Float64Array.from([Number.NaN]), Float64Array.from([0]))).toThrow(
      RangeError,
    );
    expect(() => fitCalibration("0.1" as unknown as Float64Array, s)).toThrow(TypeError);
    expect(() => fitCalibration(s, s, { method: "platt" as unknown as "logistic" })).toThrow(
      /^fitCalibration: options.method/,
    );
    expect(() => fitCalibration(s, s, { foo: 1 } as never)).toThrow(TypeError);
  });
  it("predictCalibration rejects bad input", () => {
    const m = fitCalibration(Float64Array.from([0, 1]), Float64Array.from([0, 1]));
    expect(() => predictCalibration(m, Float64Array.from([Number.NaN]))).toThrow(
      /^predictCalibration: scores\[0\] is not finite/,
    );
    expect(() => predictCalibration(null as never, Float64Array.from([0]))).toThrow(TypeError);
    expect(() =>
      predictCalibration(
        { method: "isotonic", thresholds: new Float64Array(0), values: new Float64Array(0) },
        Float64Array.from([0]),
      ),
    ).toThrow(/^predictCalibration: model.thresholds/);
  });
  it("predictCalibration refuses a model fitCalibration cannot make (it returned arbitrary blocks, or 7)", () => {
    const iso = (thresholds: number[], values: number[]) =>
      ({ method: "isotonic", thresholds, values }) as never;
    expect(() => predictCalibration(iso([0.5, 0.1, 0.9], [0.2, 0.5, 0.9]), [0.3])).toThrow(
      /^predictCalibration: model.thresholds must ascend/,
    );
    expect(() => predictCalibration(iso([0], [7]), [1])).toThrow(
      /^predictCalibration: model.values\[0\] must lie in \[0, 1\]/,
    );
    expect(() => predictCalibration(iso([0, 1], [0.6, 0.4]), [1])).toThrow(/must not decrease/);
    expect(() =>
      predictCalibration({ method: "logistic", intercept: "0", slope: 1 } as never, [1]),
    ).toThrow(TypeError);
  });
});
