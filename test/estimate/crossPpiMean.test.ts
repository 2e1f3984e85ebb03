import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { crossPpiMean, crossPpiMeanDefaults } from "../../src/estimate/crossPpiMean.js";

const y = Float64Array.of(1, 0, 1, 1);
const yhat = Float64Array.of(0.8, 0.3, 0.6, 0.9);
const yu = rowMatrix([
  [0.7, 0.6],
  [0.2, 0.3],
  [0.9, 0.8],
]);

describe("crossPpiMean(y, yhat, yhatUnlabeled, options)", () => {
  it("averages each unlabelled unit's K predictions, adds the mean residual; variance s^2(fbar)/N + s^2(yhat - y)/n", () => {
    const e = crossPpiMean(y, yhat, yu, { interval: "wald" });
    const fbar = [0.65, 0.25, 0.85];
    const mf = (0.65 + 0.25 + 0.85) / 3;
    const r = [0.2, -0.3, 0.4, 0.1];
    const mr = 0.1;
    const vf = fbar.reduce((s, v) => s + (v - mf) ** 2, 0) / 2 / 3;
    const vr = r.reduce((s, v) => s + (v - mr) ** 2, 0) / 3 / 4;
    expect(e.estimate).toBeCloseTo(mf + mr, 14);
    expect(e.variance).toBeCloseTo(vf + vr, 15);
    expect(e.df).toBe(Number.POSITIVE_INFINITY);
  });

  it("t interval is wider; one-sided bounds; inputs unchanged; defaults frozen", () => {
    const copy = yu.data.slice();
    const z = crossPpiMean(y, yhat, yu);
    const t = crossPpiMean(y, yhat, yu, { interval: "t" });
    expect(t.ci[1] - t.ci[0]).toBeGreaterThan(z.ci[1] - z.ci[0]);
    expect(crossPpiMean(y, yhat, yu, { alternative: "smaller" }).ci[0]).toBe(
      Number.NEGATIVE_INFINITY,
    );
    expect(yu.data).toEqual(copy);
    expect(Object.isFrozen(crossPpiMeanDefaults)).toBe(true);
  });

  const cases: [string, () => unknown, ErrorConstructor, RegExp][] = [
    [
      "NaN in the matrix",
      () =>
        crossPpiMean(y, yhat, {
          data: Float64Array.of(0.1, Number.NaN, 0.2, 0.3),
          rows: 2,
          cols: 2,
        }),
      RangeError,
      /^crossPpiMean: yhatUnlabeled has a non-finite value at row 0, column 1/,
    ],
    [
      "not a RowMatrix",
      () => crossPpiMean(y, yhat, Float64Array.of(0.1, 0.2) as never),
      TypeError,
      /^crossPpiMean: yhatUnlabeled.data must be a Float64Array/,
    ],
    [
      "no rows",
      () => crossPpiMean(y, yhat, { data: new Float64Array(0), rows: 0, cols: 2 }),
      RangeError,
      /^crossPpiMean: yhatUnlabeled has no rows/,
    ],
    [
      "one row",
      () => crossPpiMean(y, yhat, rowMatrix([[0.5, 0.4]])),
      RangeError,
      /^crossPpiMean: yhatUnlabeled needs at least two rows/,
    ],
    [
      "no column",
      () => crossPpiMean(y, yhat, { data: new Float64Array(0), rows: 3, cols: 0 }),
      RangeError,
      /^crossPpiMean: yhatUnlabeled has no column/,
    ],
    [
      "length mismatch",
      () => crossPpiMean(y, yhat.subarray(1), yu),
      RangeError,
      /^crossPpiMean: y and yhat lengths differ \(4 vs 3\)/,
    ],
    [
      "NaN in y",
      () => crossPpiMean(Float64Array.of(1, Number.NaN, 0, 1), yhat, yu),
      RangeError,
      /^crossPpiMean: y\[1\] is not finite/,
    ],
    [
      "ddof 2",
      () => crossPpiMean(y, yhat, yu, { ddof: 2 as 0 }),
      RangeError,
      /^crossPpiMean: options.ddof must be 0 or 1/,
    ],
    [
      "unknown option",
      () => crossPpiMean(y, yhat, yu, { lambda: 1 } as never),
      TypeError,
      /^crossPpiMean: unknown option "lambda"/,
    ],
  ];
  it.each(cases)("bad input: %s", (_label, call, type, message) => {
    expect(call).toThrow(type);
    expect(call).toThrow(message);
  });
});
