import {
  assertUnreachable,
  checkChoice,
  checkOptions,
  checkSameLength,
  fail,
  optionKeys,
  toFloat64Array,
} from "../core/validate.js";

/** The calibration maps {@link fitCalibration} fits: `"isotonic"` (PAV) or `"logistic"` (Platt). */
export type CalibrationMethod = "isotonic" | "logistic";

const METHODS: readonly CalibrationMethod[] = ["isotonic", "logistic"];

/**
 * A fitted calibration map from a raw score to a probability (plain data; use
 * {@link predictCalibration}).
 *
 * - `"isotonic"`: a non-decreasing step function. `thresholds[b]` is the
 *   smallest score of block b (increasing), `values[b]` the block's mean label;
 *   a score gets the value of the last block whose threshold it reaches (the
 *   first block's below every threshold).
 * - `"logistic"`: `p(s) = 1 / (1 + exp(-(intercept + slope s)))`.
 */
export type CalibrationModel =
  | {
      readonly method: "isotonic";
      readonly thresholds: Float64Array;
      readonly values: Float64Array;
    }
  | { readonly method: "logistic"; readonly intercept: number; readonly slope: number };

/** Options of {@link fitCalibration}. */
export type FitCalibrationOptions = {
  /** The calibration map. @defaultValue fitCalibrationDefaults.method (`"isotonic"`) */
  readonly method?: CalibrationMethod;
};

/**
 * The defaults of {@link fitCalibration}.
 *
 * @example
 * ```ts
 * fitCalibrationDefaults.method; // "isotonic"
 * ```
 */
export const fitCalibrationDefaults: Readonly<{ method: CalibrationMethod }> = Object.freeze({
  method: "isotonic",
});

const KEYS = optionKeys<FitCalibrationOptions>()("method");

/**
 * Fits a calibration map that turns a raw score (e.g. `1 - confidence`, an LLM
 * judge's score) into the probability of the label, from labelled units.
 *
 * `"isotonic"`: the non-decreasing step function closest to the labels in least
 * squares, by pool-adjacent-violators (PAV) over the units sorted by score (equal
 * scores pooled first, so they always share a value); each block's value is
 * its mean label. Assumes a larger score means a larger probability.
 * `"logistic"`: Platt scaling, `p(s) = 1 / (1 + exp(-(a + b s)))` by maximum
 * likelihood (Newton's method with step halving, on the standardised score),
 * with Platt's targets `(n1 + 1) / (n1 + 2)` for a label 1 and `1 / (n0 + 2)` for
 * a 0 (a label y in (0, 1) mixes the two), so the fit stays finite when the
 * labels are separable; a constant score gives slope 0.
 *
 * A calibration map fitted on some labels is a fixed function for units whose
 * labels it did not see: that is what keeps a difference estimator that uses it
 * unbiased (see `extraStrategies.active`).
 *
 * @param scores - One finite score per labelled unit.
 * @param labels - The labels of the same units, each in [0, 1] (1 = failure, or the positive class).
 * @param options - See {@link FitCalibrationOptions} and {@link fitCalibrationDefaults}.
 * @returns The fitted {@link CalibrationModel}.
 * @throws {TypeError} If `scores` or `labels` is not a `Float64Array` or an array of numbers, or `options` is
 *   not an object or has an unknown key.
 * @throws {RangeError} If `scores` is empty or not finite, a label is outside [0, 1] or not finite,
 *   the lengths differ, or `method` is unknown.
 * @see Ayer, M. et al. (1955). An empirical distribution function for sampling with incomplete
 *   information. Ann. Math. Statist. 26, 641-647 (PAV); Zadrozny, B. & Elkan, C. (2002).
 *   Transforming classifier scores into accurate multiclass probability estimates. KDD;
 *   Platt, J. (1999). Probabilistic outputs for support vector machines. Advances in Large Margin Classifiers.
 * @example
 * ```ts
 * const scores = new Float64Array([0.1, 0.2, 0.3, 0.4, 0.5, 0.6]);
 * const labels = new Float64Array([0, 1, 0, 0, 1, 1]);
 * const m = fitCalibration(scores, labels);
 * m.values; // Float64Array [0, 0.3333333333333333, 1]
 * predictCalibration(m, new Float64Array([0.05, 0.35, 0.9])); // Float64Array [0, 0.3333333333333333, 1]
 * ```
 */
export function fitCalibration(
  scores: ArrayLike<number>,
  labels: ArrayLike<number | boolean>,
  options: FitCalibrationOptions = {},
): CalibrationModel {
  const fn = "fitCalibration";
  const scores64 = toFloat64Array(fn, "scores", scores, { allowEmpty: false });
  const labels64 = toFloat64Array(fn, "labels", labels, { booleans: true, min: 0, max: 1 });
  checkSameLength(fn, "scores", scores64, "labels", labels64);
  checkOptions(fn, options, KEYS);
  const method = options.method ?? fitCalibrationDefaults.method;
  checkChoice(fn, "options.method", method, METHODS);
  switch (method) {
    case "isotonic":
      return isotonic(scores64, labels64);
    case "logistic":
      return platt(fn, scores64, labels64);
    default:
      return assertUnreachable(fn, method);
  }
}

/** PAV over the units sorted by score, ties pooled. */
function isotonic(scores: Float64Array, labels: Float64Array): CalibrationModel {
  const n = scores.length;
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => (scores[a] as number) - (scores[b] as number) || a - b,
  );
  // blocks as a stack: start score, weight, label sum
  const start: number[] = [];
  const weight: number[] = [];
  const sum: number[] = [];
  for (let k = 0; k < n; ) {
    const s = scores[order[k] as number] as number;
    let w = 0;
    let t = 0;
    while (k < n && (scores[order[k] as number] as number) === s) {
      t += labels[order[k] as number] as number;
      w++;
      k++;
    }
    start.push(s);
    weight.push(w);
    sum.push(t);
    // merge while the previous block's mean is not below this one's (equal means too, so no two
    // blocks share a value; cross-multiplied: exact for counts)
    while (start.length > 1) {
      const j = start.length - 1;
      if (
        (sum[j - 1] as number) * (weight[j] as number) <
        (sum[j] as number) * (weight[j - 1] as number)
      )
        break;
      weight[j - 1] = (weight[j - 1] as number) + (weight[j] as number);
      sum[j - 1] = (sum[j - 1] as number) + (sum[j] as number);
      start.pop();
      weight.pop();
      sum.pop();
    }
  }
  return {
    method: "isotonic",
    thresholds: Float64Array.from(start),
    values: Float64Array.from(sum, (t, b) => t / (weight[b] as number)),
  };
}

/** Platt scaling by Newton's method on the standardised score. */
function platt(fn: string, scores: Float64Array, labels: Float64Array): CalibrationModel {
  const n = scores.length;
  let mean = 0;
  let positives = 0;
  for (let k = 0; k < n; k++) {
    mean += scores[k] as number;
    positives += labels[k] as number;
  }
  mean /= n;
  let ss = 0;
  for (let k = 0; k < n; k++) ss += ((scores[k] as number) - mean) ** 2;
  let sd = Math.sqrt(ss / n);
  if (!(sd > 0 && Number.isFinite(sd))) {
    // the squares underflowed (scores about 1e-170 apart) or overflowed (1e160):
    // summed again in units of the largest deviation, a non-constant score keeps its spread
    let m = 0;
    for (let k = 0; k < n; k++) m = Math.max(m, Math.abs((scores[k] as number) - mean));
    if (m > 0 && Number.isFinite(m)) {
      let sc = 0;
      for (let k = 0; k < n; k++) sc += (((scores[k] as number) - mean) / m) ** 2;
      sd = m * Math.sqrt(sc / n);
    }
  }
  const hi = (positives + 1) / (positives + 2);
  const lo = 1 / (n - positives + 2);
  const t = Float64Array.from(labels, (y) => y * hi + (1 - y) * lo);
  const z = Float64Array.from(scores, (s) => (sd > 0 ? (s - mean) / sd : 0));
  const loss = (a: number, b: number): number => {
    let l = 0;
    for (let k = 0; k < n; k++) {
      const eta = a + b * (z[k] as number);
      // log(1 + exp(eta)) - t eta, written so neither branch overflows
      l +=
        (eta > 0 ? eta + Math.log1p(Math.exp(-eta)) : Math.log1p(Math.exp(eta))) -
        (t[k] as number) * eta;
    }
    return l;
  };
  let tbar = 0;
  for (let k = 0; k < n; k++) tbar += t[k] as number;
  tbar /= n;
  let a = Math.log(tbar / (1 - tbar));
  let b = 0;
  let current = loss(a, b);
  for (let iter = 0; iter < 100 && sd > 0; iter++) {
    let ga = 0;
    let gb = 0;
    let haa = 0;
    let hab = 0;
    let hbb = 0;
    for (let k = 0; k < n; k++) {
      const zk = z[k] as number;
      const p = 1 / (1 + Math.exp(-(a + b * zk)));
      const r = p - (t[k] as number);
      const w = p * (1 - p);
      ga += r;
      gb += r * zk;
      haa += w;
      hab += w * zk;
      hbb += w * zk * zk;
    }
    const det = haa * hbb - hab * hab;
    if (!(det > 0)) break;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    let step = 1;
    let next = loss(a - da, b - db);
    while (next > current && step > 1e-10) {
      step /= 2;
      next = loss(a - step * da, b - step * db);
    }
    if (!(next <= current)) break;
    a -= step * da;
    b -= step * db;
    const gain = current - next;
    current = next;
    if (gain <= 1e-14 * Math.max(1, Math.abs(current))) break;
  }
  const slope = sd > 0 ? b / sd : 0;
  const intercept = a - slope * mean;
  if (!Number.isFinite(intercept) || !Number.isFinite(slope)) {
    fail(fn, "the logistic fit did not converge to finite coefficients; rescale scores");
  }
  return { method: "logistic", intercept, slope };
}
