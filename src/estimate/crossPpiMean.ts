import type { RowMatrix } from "../core/rowMatrix.js";
import {
  checkOptions,
  checkSameLength,
  fail,
  optionKeys,
  toFloat64Array,
  toRowMatrix,
} from "../core/validate.js";
import { readLevel } from "./_internal.js";
import {
  capFloor,
  floorNote,
  moments,
  ppiEstimate,
  predictionFloor,
  readAlternative,
  readDdof,
  readPpiInterval,
  residualMoments,
  twoParts,
} from "./_ppi.js";
import type { Estimate } from "./confidenceInterval.js";
import { intervalDefaults } from "./intervalDefaults.js";
import type { PpiAlternative, PpiIntervalMethod } from "./ppiMean.js";

/** Options of {@link crossPpiMean}. */
export type CrossPpiMeanOptions = {
  /** Confidence level of the interval. @defaultValue crossPpiMeanDefaults.level (0.95) */
  readonly level?: number;
  /** Side(s) of the interval. @defaultValue crossPpiMeanDefaults.alternative (`"two-sided"`) */
  readonly alternative?: PpiAlternative;
  /**
   * `"wald"` (normal, as ppi_py) or `"t"`; for 0/1 labels also `"beta"` or `"betaCapped"`.
   * @defaultValue crossPpiMeanDefaults.interval (`"beta"`) for 0/1 labels,
   * crossPpiMeanDefaults.realInterval (`"wald"`) for real-valued ones
   */
  readonly interval?: PpiIntervalMethod;
  /**
   * Divisor `n - ddof` of the sample variances: 1 (unbiased) or 0 (ppi_py's numpy default).
   * @defaultValue crossPpiMeanDefaults.ddof (1)
   */
  readonly ddof?: 0 | 1;
};

/** Defaults of {@link crossPpiMean}'s options. */
export const crossPpiMeanDefaults = Object.freeze({
  level: intervalDefaults.level,
  alternative: "two-sided",
  /** For 0/1 labels. */
  interval: "beta",
  /** For real-valued labels. */
  realInterval: "wald",
  ddof: 1,
} as const);

const KEYS = optionKeys<CrossPpiMeanOptions>()("level", "alternative", "interval", "ddof");

/**
 * Cross-prediction-powered estimate of a mean (Zrnic & Candès 2024): the
 * labelled data are split into K folds and K models are trained, model j
 * without fold j; each labelled unit is predicted by the model that did not
 * see it, each unlabelled unit by all K models.
 *
 * Formula (ppi_py `crossppi_mean_ci`): with `fbar_i` the mean of unlabelled unit
 * i's K predictions, `theta = mean(fbar) + mean(y - yhat)`, variance
 * `s^2(fbar) / N + s^2(yhat - y) / n` with divisors `N - ddof`, `n - ddof`, and a
 * normal (or t) interval, or for 0/1 labels by default Korn–Graubard's
 * `"beta"` (as {@link ppiMean}, whose floors apply too, on the averaged
 * unlabelled predictions: the Clopper–Pearson floor for hard 0/1 predictions
 * right on every labelled unit of a verdict, and for soft predictions except
 * under `"wald"` the prediction-band floor and the verdict floor of units
 * predicted exactly 0 or 1; every floor held below the labels-alone
 * variance). lambda is 1, as in ppi_py (no power tuning).
 * Matches ppi_py to 1e-10 with `ddof: 0` and `interval: "wald"`
 * (test/fixtures/ppi.json) unless a verdict floor applies (hard 0/1
 * predictions right on every labelled unit of a verdict, named in `method`,
 * as in {@link ppiMean}); the default `ddof` is 1 (see {@link ppiMean}).
 * ppi_py's `bootstrap_data` variance is not offered.
 * `nEffective = n s^2(y) / (n variance)` (n when s^2(y) is 0).
 *
 * The fold assignment itself is not an argument: the estimate needs only
 * which prediction each labelled unit got. Build `yhatUnlabeled` from K
 * per-model columns with `rowMatrix` (one row per unlabelled unit).
 *
 * @param y - The labels of the n labelled units (at least two).
 * @param yhat - Each labelled unit's prediction by the model not trained on its fold.
 * @param yhatUnlabeled - N x K matrix: row i holds unlabelled unit i's predictions by the K models (N >= 2, K >= 1).
 * @param options - See {@link CrossPpiMeanOptions} and {@link crossPpiMeanDefaults}.
 * @returns The estimate, its variance and interval (`method` `"crossPpi (K=5)"`).
 * @throws {TypeError} If `y` or `yhat` is not a `Float64Array` or an array of numbers, `yhatUnlabeled` is not
 *   a `RowMatrix` or a `number[][]`, or `options` is not an object or has an unknown key.
 * @throws {RangeError} If a value is not finite, `y` and `yhat` lengths differ, fewer than two units are
 *   labelled or unlabelled, `yhatUnlabeled` has no column, `level` is not in (0, 1), or
 *   `alternative`, `interval` or `ddof` is not one of its values.
 * @see Zrnic, T. & Candès, E. J. (2024). Cross-prediction-powered inference. PNAS 121(15), e2322083121.
 * @see ppi_py `crossppi_mean_ci`.
 * @example
 * ```ts
 * const y = new Float64Array([1, 0, 1, 1]);
 * const yhat = new Float64Array([0.8, 0.3, 0.6, 0.9]); // folds 0, 1, 0, 1
 * const yhatUnlabeled = rowMatrix([[0.7, 0.6], [0.2, 0.3], [0.9, 0.8]]); // models 0 and 1
 * const e = crossPpiMean(y, yhat, yhatUnlabeled);
 * e.estimate; // 0.6833333333333333  (mean of the row means 0.5833 + mean residual 0.1)
 * e.method;   // "crossPpi (K=2)"
 * ```
 */
export function crossPpiMean(
  y: ArrayLike<number | boolean>,
  yhat: ArrayLike<number>,
  yhatUnlabeled: RowMatrix | readonly ArrayLike<number>[],
  options: CrossPpiMeanOptions = {},
): Estimate {
  const fn = "crossPpiMean";
  const y64 = toFloat64Array(fn, "y", y, { booleans: true });
  const yhat64 = toFloat64Array(fn, "yhat", yhat);
  checkSameLength(fn, "y", y64, "yhat", yhat64);
  const yhatUnlabeledMatrix = toRowMatrix(fn, "yhatUnlabeled", yhatUnlabeled, {
    allowEmpty: false,
  });
  const n = y64.length;
  const { rows: N, cols: K, data } = yhatUnlabeledMatrix;
  if (n < 2) fail(fn, `y needs at least two labelled units (got ${n})`);
  if (N < 2) fail(fn, `yhatUnlabeled needs at least two rows (unlabelled units) (got ${N})`);
  if (K < 1) fail(fn, "yhatUnlabeled has no column (one per fold model)");
  checkOptions(fn, options, KEYS);
  const d = crossPpiMeanDefaults;
  const level = readLevel(fn, options.level === undefined ? d.level : options.level);
  const alternative = readAlternative(fn, options.alternative, d.alternative);
  const interval = readPpiInterval(fn, options.interval, y64, d);
  const ddof = readDdof(fn, options.ddof, d.ddof);
  const fbar = new Float64Array(N);
  for (let i = 0; i < N; i++) {
    let s = 0;
    for (let j = 0; j < K; j++) s += data[i * K + j] as number;
    fbar[i] = s / K;
  }
  const u = moments(fbar);
  const r = residualMoments(y64, yhat64, 1);
  const my = moments(y64);
  const estimate = u.mean + r.mean;
  const vLabelled = r.ss / (n - ddof) / n;
  const vUnlabelled = u.ss / (N - ddof) / N;
  const vClassical = my.ss / (n - ddof) / n;
  const floor = predictionFloor(
    y64,
    yhat64,
    fbar,
    1,
    level,
    alternative,
    estimate,
    interval !== "wald",
  );
  const added = capFloor(floor, vClassical - vLabelled - vUnlabelled);
  return ppiEstimate(fn, {
    method: `crossPpi (K=${K})${floorNote(yhat64, fbar, added)}`,
    estimate,
    parts: twoParts(vLabelled + added, n, vUnlabelled, N),
    vClassical,
    n,
    level,
    alternative,
    interval,
    labels: y64,
  });
}
