import type { Plain } from "../../core/toPlain.js";
import { asInt32Array, checkNumber, fail, optionKeys } from "../../core/validate.js";
import { cholesky, cholSolve } from "../../features/_linalg.js";
import { asOutcomes, trainingRuns } from "../_internal.js";
import type { Outcomes } from "../outcomes.js";
import { checkItemIndices } from "./_internal.js";

const KEYS = optionKeys<FitRateRegressionOptions>()("runs", "ridge");

/** Options of {@link fitRateRegression}. */
export type FitRateRegressionOptions = {
  /**
   * Indices of the runs of `history` to fit on, distinct (e.g. only runs
   * dated before the test window).
   * @defaultValue every run of `history`.
   */
  readonly runs?: readonly number[] | Int32Array;
  /** Ridge penalty lambda >= 0 on the item weights (the intercept is not penalised). @defaultValue 20 */
  readonly ridge?: number;
};

/**
 * A fitted linear predictor of a run's full-benchmark resolve rate from its
 * outcomes on a fixed subset of items (see {@link fitRateRegression}).
 */
export type RateRegressionModel = {
  /** The subset's item indices, in the order the weights and responses use. */
  readonly observed: Int32Array;
  /** Mean outcome of each observed item over the fitted runs (the centring). */
  readonly itemMean: Float64Array;
  /** Ridge weight beta_j of each observed item. */
  readonly weights: Float64Array;
  /** Mean full-benchmark rate of the fitted runs (the intercept at the centre). */
  readonly rateMean: number;
  /** Leave-one-out mean squared prediction error over the fitted runs (by the hat-matrix identity); `Infinity` when a run has leverage 1 (possible only with ridge 0). */
  readonly looMse: number;
  /** Number of runs fitted on. */
  readonly runs: number;
};

/**
 * Fits a ridge regression of a run's full-benchmark resolve rate on its 0/1
 * outcomes on a fixed item subset, over past runs: the learnt weighting that
 * {@link predictRateRegression} applies to a new run's subset outcomes.
 *
 * Model: f_r = (1/N) sum_i y_ri (all N items) is regressed on the centred
 * outcomes x_r = y_rS - m of the observed items S, m the items' mean outcome:
 * beta = (X'X + lambda I)^-1 X'(f - f_bar), prediction f_hat = f_bar +
 * (y_S - m) . beta. With lambda = 0 this is ordinary least squares (then
 * X'X must be non-singular). Leave-one-out error by the hat-matrix identity
 * e_(r) = e_r / (1 - h_r), h_r = 1/R + x_r' (X'X + lambda I)^-1 x_r, and
 * looMse = mean e_(r)^2 — an estimate of the prediction error for runs like
 * the fitted ones. It is optimistic when S itself was chosen on the same runs
 * (e.g. by {@link stepwiseSubset}); cross-validate the whole procedure for an
 * honest error ({@link fitStepwiseRate} does, as `cvMse`) and pass it to
 * {@link predictRateRegression}.
 * The system is solved by Cholesky factorisation.
 *
 * Unlike p-IRT (see {@link predictIrt}) nothing is assumed about how items
 * relate to each other: the weights are whatever linear combination of the
 * subset tracked the total on past runs, so structure that a one-dimensional
 * item model misses (runs strong on some repositories, weak on others) is
 * used, and no ability scale is extrapolated.
 *
 * @param history - Past runs' outcomes (runs x items, 1 = resolved), all N items.
 * @param observed - The subset's item indices, distinct, at least one.
 * @param options - `runs` (default all), `ridge` (20).
 * @returns The fitted predictor (see {@link RateRegressionModel}).
 * @throws {TypeError} If `history` is not a well-formed Outcomes, `observed` is not an `Int32Array` or an
 *   array of integers, or an option has the wrong type.
 * @throws {RangeError} If `history` holds a value other than 0/1 or duplicate ids; `observed` is empty,
 *   repeats or leaves [0, items); `runs` has fewer than 2 runs, repeats a run or is out of range; `ridge` is
 *   negative or not finite; or (lambda = 0) X'X is singular.
 * @see Hoerl, A. E. & Kennard, R. W. (1970). Ridge regression: biased estimation for nonorthogonal problems. Technometrics 12(1), 55-67.
 * @see R `MASS::lm.ridge`; scikit-learn `Ridge` (same estimator with an unpenalised, centred intercept).
 * @example
 * ```ts
 * const h = outcomes([
 *   { run: "a", item: "x", resolved: 1 }, { run: "a", item: "y", resolved: 1 },
 *   { run: "b", item: "x", resolved: 1 }, { run: "b", item: "y", resolved: 0 },
 *   { run: "c", item: "x", resolved: 0 }, { run: "c", item: "y", resolved: 0 },
 * ]);
 * const m = fitRateRegression(h, Int32Array.of(0), { ridge: 0 });
 * // rates (1, 0.5, 0) on x = (1, 1, 0): least squares gives beta = 0.75
 * m.weights; // Float64Array [0.7499999999999999]
 * m.looMse; // Infinity (run c has leverage 1 without a penalty)
 * m.rateMean; // 0.5
 * ```
 */
export function fitRateRegression(
  history: Outcomes | Plain<Outcomes>,
  observed: ArrayLike<number>,
  options: FitRateRegressionOptions = {},
): RateRegressionModel {
  const fn = "fitRateRegression";
  const observed32 = asInt32Array(fn, "observed", observed);
  history = asOutcomes(fn, "history", history);
  const runList = trainingRuns(fn, history, options, KEYS);
  const N = history.items.length;
  checkItemIndices(fn, N, observed32);
  if (observed32.length === 0) fail(fn, "observed is empty");
  const { ridge = 20 } = options ?? {};
  checkNumber(fn, "options.ridge", ridge, 0);
  const R = runList.length;
  if (R < 2) fail(fn, "needs at least 2 runs", R);
  const k = observed32.length;
  const x = new Float64Array(R * k);
  const f = new Float64Array(R);
  const itemMean = new Float64Array(k);
  let rateMean = 0;
  runList.forEach((r, t) => {
    let s = 0;
    for (let i = 0; i < N; i++) s += history.data[r * N + i] as number;
    f[t] = s / N;
    rateMean += s / N;
    for (let j = 0; j < k; j++) {
      const v = history.data[r * N + (observed32[j] as number)] as number;
      x[t * k + j] = v;
      itemMean[j] = (itemMean[j] as number) + v;
    }
  });
  rateMean /= R;
  for (let j = 0; j < k; j++) itemMean[j] = (itemMean[j] as number) / R;
  for (let t = 0; t < R; t++) {
    f[t] = (f[t] as number) - rateMean;
    for (let j = 0; j < k; j++) x[t * k + j] = (x[t * k + j] as number) - (itemMean[j] as number);
  }
  // Gram matrix X'X + lambda I and right-hand side X'f.
  const g = new Float64Array(k * k);
  const rhs = new Float64Array(k);
  for (let t = 0; t < R; t++) {
    const ft = f[t] as number;
    for (let j = 0; j < k; j++) {
      const xj = x[t * k + j] as number;
      if (xj === 0) continue;
      rhs[j] = (rhs[j] as number) + xj * ft;
      for (let l = 0; l <= j; l++)
        g[j * k + l] = (g[j * k + l] as number) + xj * (x[t * k + l] as number);
    }
  }
  for (let j = 0; j < k; j++) {
    g[j * k + j] = (g[j * k + j] as number) + ridge;
    for (let l = 0; l < j; l++) g[l * k + j] = g[j * k + l] as number;
  }
  const chol = cholesky(g, k);
  if (chol === undefined) {
    fail(fn, "X'X is singular for these runs and items: use options.ridge > 0");
  }
  const weights = cholSolve(chol, k, rhs);
  let loo = 0;
  const z = new Float64Array(k);
  for (let t = 0; t < R; t++) {
    let pred = 0;
    for (let j = 0; j < k; j++) {
      const xj = x[t * k + j] as number;
      z[j] = xj;
      pred += xj * (weights[j] as number);
    }
    const sol = cholSolve(chol, k, z);
    let h = 1 / R;
    for (let j = 0; j < k; j++) h += (z[j] as number) * (sol[j] as number);
    // A run with leverage 1 is fitted exactly whatever its rate: its held-out error is unbounded.
    if (!(1 - h > 1e-12)) {
      loo = Number.POSITIVE_INFINITY;
      break;
    }
    const res = ((f[t] as number) - pred) / (1 - h);
    loo += res * res;
  }
  return {
    observed: Int32Array.from(observed32),
    itemMean,
    weights,
    rateMean,
    looMse: loo / R,
    runs: R,
  };
}
