import type { Plain } from "../core/toPlain.js";
import { fail, failType, toFloat64Array } from "../core/validate.js";
import type { CalibrationModel } from "./fitCalibration.js";

/**
 * Applies a calibration map fitted by {@link fitCalibration} to raw scores: the
 * probability of the label for every score.
 *
 * `"isotonic"`: the value of the last block whose threshold the score reaches
 * (binary search; the first block's value below every threshold), so the map
 * is a non-decreasing step function, constant beyond the labelled range.
 * `"logistic"`: `1 / (1 + exp(-(intercept + slope s)))`.
 *
 * @param model - A {@link CalibrationModel}, or one read back from JSON (`thresholds` and `values` as
 *   arrays of numbers, e.g. from `toPlain`).
 * @param scores - Finite scores to calibrate (any length, e.g. every unit of the population).
 * @returns The probabilities, each in [0, 1], aligned with `scores`.
 * @throws {TypeError} If `model` is not a calibration model (its `thresholds` / `values` not Float64Arrays
 *   or arrays of numbers) or `scores` is not a `Float64Array` or an array of numbers.
 * @throws {RangeError} If a score is not finite, or the model's arrays are empty or of different lengths, its
 *   thresholds do not ascend strictly, or its values are not non-decreasing probabilities in [0, 1].
 * @example
 * ```ts
 * const m = fitCalibration(new Float64Array([0, 1, 2, 3]), new Float64Array([0, 0, 1, 1]), { method: "logistic" });
 * const p = predictCalibration(m, new Float64Array([0, 3]));
 * p[0] < 0.5 && p[1] > 0.5; // true
 * ```
 */
export function predictCalibration(
  model: CalibrationModel | Plain<CalibrationModel>,
  scores: ArrayLike<number>,
): Float64Array {
  const fn = "predictCalibration";
  if (typeof model !== "object" || model === null) {
    failType(fn, "model must be a CalibrationModel from fitCalibration");
  }
  const scores64 = toFloat64Array(fn, "scores", scores);
  if (model.method === "logistic") {
    const { intercept, slope } = model;
    if (typeof intercept !== "number" || typeof slope !== "number") {
      failType(fn, "model.intercept and model.slope must be numbers");
    }
    if (!Number.isFinite(intercept) || !Number.isFinite(slope)) {
      fail(fn, "model.intercept and model.slope must be finite");
    }
    const p = new Float64Array(scores64.length);
    for (let i = 0; i < scores64.length; i++) {
      p[i] = 1 / (1 + Math.exp(-(intercept + slope * (scores64[i] as number))));
    }
    return p;
  }
  if (model.method !== "isotonic") {
    failType(fn, `model.method must be "isotonic" or "logistic"`);
  }
  if (!(typeof model.thresholds === "object" && typeof model.values === "object")) {
    failType(fn, "model.thresholds and model.values must be Float64Arrays or arrays of numbers");
  }
  const thresholds = toFloat64Array(fn, "model.thresholds", model.thresholds);
  const values = toFloat64Array(fn, "model.values", model.values);
  if (thresholds.length === 0 || thresholds.length !== values.length) {
    fail(fn, "model.thresholds and model.values must be non-empty and of the same length");
  }
  // what fitCalibration makes: thresholds ascending, values non-decreasing probabilities
  // (a hand-edited model out of order gave arbitrary blocks, values above 1 came back as such)
  for (let k = 0; k < values.length; k++) {
    const v = values[k] as number;
    if (!(v >= 0 && v <= 1)) fail(fn, `model.values[${k}] must lie in [0, 1]`, v);
    if (k > 0 && !((thresholds[k] as number) > (thresholds[k - 1] as number))) {
      fail(
        fn,
        `model.thresholds must ascend (thresholds[${k}] is not above thresholds[${k - 1}])`,
        thresholds[k],
      );
    }
    if (k > 0 && v < (values[k - 1] as number)) {
      fail(fn, `model.values must not decrease (values[${k}] is below values[${k - 1}])`, v);
    }
  }
  const out = new Float64Array(scores64.length);
  for (let i = 0; i < scores64.length; i++) {
    const s = scores64[i] as number;
    let lo = 0;
    let hi = thresholds.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((thresholds[mid] as number) <= s) lo = mid;
      else hi = mid - 1;
    }
    out[i] = values[lo] as number;
  }
  return out;
}
