import type { RowMatrix } from "../core/rowMatrix.js";
import {
  asFloat64Array,
  asInt32Array,
  asRowMatrix,
  assertUnreachable,
  checkChoice,
  checkInt32Array,
  checkOptions,
  checkSameLength,
  fail,
  optionKeys,
  toFloat64Array,
} from "../core/validate.js";
import { checkProbabilities, PROBABILITY_TOLERANCE, readLevel } from "./_internal.js";
import {
  agreeingLabelsHull,
  agreeingNote,
  fewEffectiveWarning,
  fewMinorityWarning,
  type IntervalRequest,
  intervalEstimate,
  labelsAgree,
  MIN_EFFECTIVE_SIZE,
  outsideUnitWarning,
  ZERO_WIDTH_WARNING,
} from "./_interval.js";
import {
  cutToUnit,
  isProportionInterval,
  moments,
  PAST_A_BOUND,
  readLambda,
  readPpiInterval,
  short,
  verdictFloor,
} from "./_ppi.js";
import { predictionBandVariance } from "./_predictionBands.js";
import type { Estimate } from "./confidenceInterval.js";
import { hajekRequest } from "./hajek.js";
import { hansenHurwitzRequest } from "./hansenHurwitz.js";
import { horvitzThompsonRequest, type VarianceMethod } from "./horvitzThompson.js";
import { intervalDefaults } from "./intervalDefaults.js";
import type { PpiIntervalMethod } from "./ppiMean.js";
import { proportionInterval } from "./proportionInterval.js";
import { raoHartleyCochranRequest } from "./raoHartleyCochran.js";
import { stratifiedMeanRequest } from "./stratifiedMean.js";

/**
 * The design estimator {@link modelAssisted} applies to the residuals, named
 * after the function (its design): `"horvitzThompson"` or `"hajek"` for any
 * without-replacement design with inclusion probabilities `pik` (SRS, Poisson,
 * systematic PPS, pivotal, ...), `"hansenHurwitz"` for with-replacement draws
 * (`pik` holds the draw probabilities `p`), `"stratifiedMean"` for stratified SRS,
 * `"raoHartleyCochran"` for Rao–Hartley–Cochran (`pik` holds the group shares).
 */
export type ModelAssistedEstimator =
  | "horvitzThompson"
  | "hajek"
  | "hansenHurwitz"
  | "stratifiedMean"
  | "raoHartleyCochran";

const ESTIMATORS: readonly ModelAssistedEstimator[] = [
  "horvitzThompson",
  "hajek",
  "hansenHurwitz",
  "stratifiedMean",
  "raoHartleyCochran",
];

/** Options of {@link modelAssisted}. */
export type ModelAssistedOptions = {
  /** The design estimator of the residual mean. @defaultValue modelAssistedDefaults.estimator (`"horvitzThompson"`) */
  readonly estimator?: ModelAssistedEstimator;
  /**
   * A fixed lambda in [0, 1] (1: the difference estimator; 0: the design
   * estimator of y alone) or `"tuned"` (estimated from the sample to minimise the
   * design variance). @defaultValue modelAssistedDefaults.lambda (1)
   */
  readonly lambda?: number | "tuned";
  /** `"horvitzThompson"`, `"hajek"`: joint inclusion probabilities of the sampled units (see `horvitzThompson`). */
  readonly pi2?: RowMatrix | readonly ArrayLike<number>[];
  /** `"horvitzThompson"`, `"hajek"`: variance form (see `horvitzThompson`). */
  readonly variance?: VarianceMethod;
  /** `"stratifiedMean"`: 0-based stratum of each sampled unit. */
  readonly strata?: ArrayLike<number>;
  /** `"stratifiedMean"`: N_h of every stratum (summing to `yhatPopulation.length`). */
  readonly stratumSizes?: ArrayLike<number>;
  /** `"raoHartleyCochran"`: `Z_g / Z` of each drawn unit's group (see `raoHartleyCochran`). */
  readonly groupTotal?: ArrayLike<number>;
  /** Confidence level of the interval. @defaultValue modelAssistedDefaults.level (0.95) */
  readonly level?: number;
  /**
   * `"t"` (the design's df) or `"wald"` on the residuals, or, for 0/1 labels,
   * Korn–Graubard's `"beta"` / `"betaCapped"` on the estimate and its variance.
   * @defaultValue modelAssistedDefaults.interval (`"beta"`) for 0/1 labels,
   * modelAssistedDefaults.realInterval (`"t"`) for real-valued ones
   */
  readonly interval?: PpiIntervalMethod;
};

/** The result of {@link modelAssisted}: an `Estimate` and the lambda it used. */
export type ModelAssistedResult = Estimate & {
  /** The lambda of the estimate (the fixed one, or the tuned and clipped one). */
  readonly lambda: number;
};

/**
 * Defaults of {@link modelAssisted}'s options: `interval` for 0/1 labels (the
 * library's design default, `intervalDefaults.design`), `realInterval` for
 * real-valued labels (`intervalDefaults.real`).
 *
 * @example
 * ```ts
 * modelAssistedDefaults.interval; // "beta"
 * modelAssistedDefaults.realInterval; // "t"
 * ```
 */
export const modelAssistedDefaults: Readonly<{
  estimator: ModelAssistedEstimator;
  lambda: number | "tuned";
  level: number;
  interval: PpiIntervalMethod;
  realInterval: PpiIntervalMethod;
}> = Object.freeze({
  estimator: "horvitzThompson",
  lambda: 1,
  level: intervalDefaults.level,
  interval: "beta",
  realInterval: "t",
});

const KEYS = optionKeys<ModelAssistedOptions>()(
  "estimator",
  "lambda",
  "pi2",
  "variance",
  "strata",
  "stratumSizes",
  "groupTotal",
  "level",
  "interval",
);

/** Which design options each estimator takes. */
const USES: Record<ModelAssistedEstimator, readonly string[]> = {
  horvitzThompson: ["pi2", "variance"],
  hajek: ["pi2", "variance"],
  hansenHurwitz: [],
  stratifiedMean: ["strata", "stratumSizes"],
  raoHartleyCochran: ["groupTotal"],
};

/**
 * Phase 1: the options with plain arrays converted (once, for every estimator
 * below) and the estimator, checked against the options that apply to it.
 */
function readEstimatorOptions(
  fn: string,
  given: ModelAssistedOptions,
): { options: ModelAssistedOptions; estimator: ModelAssistedEstimator } {
  const { pi2, strata, stratumSizes, groupTotal } = given;
  const options: ModelAssistedOptions = {
    ...given,
    ...(pi2 === undefined ? {} : { pi2: asRowMatrix(fn, "options.pi2", pi2) }),
    ...(strata === undefined ? {} : { strata: asInt32Array(fn, "options.strata", strata) }),
    ...(stratumSizes === undefined
      ? {}
      : { stratumSizes: asInt32Array(fn, "options.stratumSizes", stratumSizes) }),
    ...(groupTotal === undefined
      ? {}
      : { groupTotal: asFloat64Array(fn, "options.groupTotal", groupTotal) }),
  };
  const estimator =
    options.estimator === undefined ? modelAssistedDefaults.estimator : options.estimator;
  checkChoice(fn, "options.estimator", estimator, ESTIMATORS);
  for (const key of ["pi2", "variance", "strata", "stratumSizes", "groupTotal"] as const) {
    if (options[key] !== undefined && !USES[estimator].includes(key)) {
      fail(fn, `options.${key} does not apply to estimator "${estimator}"`);
    }
  }
  return { options, estimator };
}

/**
 * Phase 2: the tuned lambda = (V(y + f) - V(y - f)) / (4 V(f)) under the
 * design's variance `run`, clipped to [0, 1]; 0 when V(f) is not positive.
 */
function tunedLambda(
  y64: Float64Array,
  yhat64: Float64Array,
  run: (z: Float64Array) => IntervalRequest,
): { lambda: number; lambdaNote: string } {
  const n = y64.length;
  const plus = new Float64Array(n);
  const minus = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    plus[k] = (y64[k] as number) + (yhat64[k] as number);
    minus[k] = (y64[k] as number) - (yhat64[k] as number);
  }
  const vf = run(yhat64).variance;
  // rounding leaves ~(1e-16 |yhat|)^2 in the variance of constant predictions under equal pik
  let big = 0;
  for (let k = 0; k < n; k++) big = Math.max(big, Math.abs(yhat64[k] as number));
  if (!(vf > 1e-20 * big * big)) {
    return { lambda: 0, lambdaNote: "lambda=0: the predictions' design variance is not positive" };
  }
  const raw = (run(plus).variance - run(minus).variance) / (4 * vf);
  const lambda = Math.min(1, Math.max(0, raw));
  const lambdaNote =
    raw === lambda
      ? `tuned lambda=${short(lambda)}`
      : `tuned lambda=${short(lambda)}, clipped from ${short(raw)}`;
  return { lambda, lambdaNote };
}

/**
 * Model-assisted (generalised difference) estimator of a population mean under
 * any design of the library: the population mean of the predictions plus the
 * design estimate of the mean residual `y - lambda yhat`, with that design's own
 * variance.
 *
 * Formula: `theta = lambda mean(yhatPopulation) + B(y - lambda yhat)` where B is the
 * estimator named by `options.estimator` (Horvitz–Thompson, Hájek, Hansen–Hurwitz,
 * stratified or RHC), applied to the residuals of the sampled units with the
 * design arguments given here (`pik`, and `pi2` / `variance`, `strata` /
 * `stratumSizes` or `groupTotal`); its variance and degrees of freedom are B's
 * variance of those residuals (the predictions' population mean is known, so adds
 * none). Interval: for 0/1 labels, by default, Korn–Graubard's `"beta"` (see
 * {@link proportionInterval}) on the estimate (clipped to [0, 1]) and that
 * variance, with B's degrees of freedom and the sample size n, as the
 * strategies' intervals; for real labels, or on request, B's `"t"` (or
 * `"wald"`) interval of the residuals shifted by `lambda mean(yhatPopulation)`,
 * never clipped to [0, 1]. Why beta: with rare failures the residual mean is
 * skewed, and a sample that drew fewer failures than its share is low with a
 * small variance, so the symmetric `"t"` interval misses high. Measured in
 * docs/replication/model-assisted.md (section "`modelAssisted`'s interval for
 * 0/1 labels", by bench/model-assisted-intervals.ts: synthetic populations
 * with 2-35 % failures, SRS and pivotal sampling): the
 * `"t"` interval's worst cells cover below 93 %, `"beta"`'s above, at up to
 * a fifth more width; test/estimate/modelAssistedBeta.test.ts keeps one such
 * population. A residual variance of 0 without a census (the predictions
 * right on every sampled unit) bounds nothing whichever the method: `ci` is
 * the whole line, `reliable` false, as in {@link ppiMean} — except with hard
 * 0/1 predictions, where the verdict floor below bounds it. When the labels
 * are 0/1 and all agree (no failure labelled), the residuals show only the
 * predictions' spread, not the failures the sample missed: the interval is
 * widened to contain the labels-alone Clopper-Pearson bound at the design's
 * effective size (Kish's for unequal probabilities), noted in `method`, cut
 * to the smallest range holding [0, 1] and the estimate and, where `"beta"`
 * was asked, named `"t"` in `interval` (the residuals' interval it widens;
 * with lambda 0 the labels themselves are estimated, as B does, and the
 * requested interval is kept). An estimate outside [0, 1] whose interval is
 * a proportion's (built for the estimate clipped to [0, 1]) comes back
 * `reliable: false` with a warning, as Horvitz–Thompson's does. With
 * a `"t"` or `"wald"` interval, when the rarer label value occurs only once
 * or twice, the interval is returned with `reliable` false (its variance
 * rests on one or two residuals; the same report measures both intervals
 * given such a sample). When the 0/1 labels hold both values but a block of
 * the population is predicted so well that its sampled residuals all come
 * out alike (`yhat` exactly 0 on units whose few failures the sample
 * missed), B's variance treats that block as known; so, for lambda > 0, the
 * population is split into prediction bands (the units predicted certain,
 * and 8 bands of equal predicted mass of the rarer value) and every band
 * whose labels all agree adds the variance of a shrunk rate,
 * `W_h^2 (1 - n_h / N_h) q_h (1 - q_h) / n'_h` with `q_h` the band's rate
 * shrunk towards the pooled rate and `n'_h` the Kish size of its design
 * weights (the strategies' risk-band floor, on the predictions; only when
 * the residual variance is above 0). Hard 0/1 predictions (a judge's
 * verdicts) take the verdict floor of {@link ppiMean} instead: each verdict
 * right on every sampled unit that got it adds `W_v^2 (1 - t^(1/n'_v))^2 /
 * z^2`, its share times the Clopper–Pearson bound on its error rate as a
 * normal half-width, with n'_v the Kish size of its weights (measured in the
 * report's hard-predictions table). The estimate is unchanged; the interval
 * is B's from the larger variance.
 * test/estimate/modelAssistedFloor.test.ts measures it on a 300-unit
 * population with 60 % certain predictions under pivotal sampling, where B's
 * own variance covers well below 80 %.
 *
 * Exact and asymptotic: with a fixed lambda and B = Horvitz–Thompson, Hansen–Hurwitz,
 * stratified or RHC, the estimator is design-unbiased exactly, whatever the
 * predictions, as long as they were fixed before the sample was drawn (a model not
 * trained on the sampled labels); tested by enumerating every sample of small
 * populations under SRS, Poisson, systematic PPS, pivotal, PPS with replacement,
 * stratified SRS and RHC. Its variance estimator is B's (unbiased where B's is).
 * Hájek is a ratio: bias O(1/n). `lambda: "tuned"` estimates from the sample the
 * lambda that minimises B's variance, `C(y, yhat) / V(yhat)` with V the quadratic form
 * of B's variance estimator and C its bilinear form (by polarisation,
 * `(V(y + yhat) - V(y - yhat)) / 4`), clipped to [0, 1], or 0 when `V(yhat)` is not
 * positive (below `1e-20 max yhat^2`: rounding), and `method` says so. That is a
 * regression (GREG-type) estimator: asymptotically unbiased and as efficient as the
 * best fixed lambda, with a bias of order 1/n, and its variance ignores the
 * estimation of lambda (a term of order 1/n^2). PPI++'s penalty factor `1 + n / N`
 * does not appear: it is the variance of the unlabelled mean, known exactly here.
 *
 * Against {@link ppiMean}: under SRS (`pik = n / N`, Deville's variance, which is
 * then `(1 - n/N) s^2 / n`) with `yhatUnlabeled = yhatPopulation`, `modelAssisted` with
 * lambda 1 has the same estimate as `ppiMean(y, yhat, yhatPopulation, { lambda: 1 })`,
 * and ppiMean's variance (ddof 1) is larger by exactly
 * `(s^2(yhatPopulation) + s^2(y - yhat)) / N`:
 * PPI treats the unlabelled predictions as a random draw (the first term) and the
 * labels as drawn with replacement (no finite-population correction, the second).
 *
 * `nEffective = n V_B(y) / variance`: the labels B alone would need for this variance
 * (n when either variance is not positive: labels that all agree have V_B(y) = 0,
 * which says nothing of what the labels alone would need).
 *
 * @param y - Labels of the sampled units (draws, for with-replacement designs).
 * @param yhat - Predictions on the same units, in the same order.
 * @param pik - Inclusion probabilities of the sampled units (`"hansenHurwitz"`: draw probabilities;
 *   `"raoHartleyCochran"`: group shares; `"stratifiedMean"`: `n_h / N_h`, checked), each in (0, 1].
 * @param yhatPopulation - Predictions on all N population units, sampled ones included; N is its length.
 * @param options - See {@link ModelAssistedOptions} and {@link modelAssistedDefaults}.
 * @returns The estimate, B's variance of it, the interval, and the lambda used
 *   (`method` e.g. `"modelAssisted (horvitzThompson (deville), lambda=1)"`).
 * @throws {TypeError} If an array is not a `Float64Array` or an array of numbers (`strata`, `stratumSizes`:
 *   `Int32Array`), or `options` is not an object or has an unknown key.
 * @throws {RangeError} If a value is not finite, lengths differ, `yhatPopulation` is empty, `pik` is
 *   outside (0, 1], `lambda` is neither `"tuned"` nor in [0, 1], `estimator` or `interval` is unknown,
 *   an option of another estimator is given or a required one is missing, `stratumSizes` do not sum
 *   to N or `pik` is not `n_h / N_h`, a result overflows (values near 1e308: rescale); or B rejects its input (the message then quotes B's).
 * @see Särndal, C.-E., Swensson, B. & Wretman, J. (1992). Model Assisted Survey Sampling, §6.3
 *   (difference estimator), §6.4-6.5 (GREG).
 * @see Breidt, F. J. & Opsomer, J. D. (2017). Model-assisted survey estimation with modern prediction
 *   techniques. Statistical Science 32(2), 190-205.
 * @example
 * ```ts
 * const yhatPopulation = new Float64Array([0.9, 0.1, 0.8, 0.3, 0.7, 0.2, 0.6, 0.4]);
 * // SRS of units 0, 3, 4, 6 (pik = 4 / 8), labels 1, 0, 1, 1
 * const y = new Float64Array([1, 0, 1, 1]);
 * const yhat = new Float64Array([0.9, 0.3, 0.7, 0.6]);
 * const pik = new Float64Array([0.5, 0.5, 0.5, 0.5]);
 * const e = modelAssisted(y, yhat, pik, yhatPopulation);
 * e.estimate; // 0.625  (0.5 + mean residual 0.125)
 * e.method;   // "modelAssisted (horvitzThompson (deville), lambda=1)"
 * ```
 */
export function modelAssisted(
  y: ArrayLike<number | boolean>,
  yhat: ArrayLike<number>,
  pik: ArrayLike<number>,
  yhatPopulation: ArrayLike<number>,
  options: ModelAssistedOptions = {},
): ModelAssistedResult {
  const fn = "modelAssisted";
  const pik64 = asFloat64Array(fn, "pik", pik);
  const y64 = toFloat64Array(fn, "y", y, { booleans: true });
  const yhat64 = toFloat64Array(fn, "yhat", yhat);
  checkSameLength(fn, "y", y64, "yhat", yhat64);
  checkProbabilities(fn, "pik", pik64);
  checkSameLength(fn, "y", y64, "pik", pik64);
  const yhatPopulation64 = toFloat64Array(fn, "yhatPopulation", yhatPopulation, {
    allowEmpty: false,
  });
  checkOptions(fn, options, KEYS);
  const { options: o, estimator } = readEstimatorOptions(fn, options);
  const d = modelAssistedDefaults;
  const lambdaOption = readLambda(fn, o.lambda, d.lambda);
  const level = readLevel(fn, o.level === undefined ? d.level : o.level);
  const interval = readPpiInterval(fn, o.interval, y64, d);
  const proportion = isProportionInterval(interval);
  const residualInterval = proportion ? "t" : interval;
  const N = yhatPopulation64.length;
  if (estimator === "stratifiedMean") checkStrata(fn, o, pik64, N);
  if (estimator === "raoHartleyCochran" && o.groupTotal === undefined) {
    fail(fn, `options.groupTotal is required by estimator "raoHartleyCochran"`);
  }
  const run = (z: Float64Array): IntervalRequest => {
    let req: IntervalRequest;
    try {
      req = base(estimator, z, pik64, N, o, level, residualInterval);
    } catch (e) {
      if (e instanceof RangeError) throw new RangeError(`${fn}: ${e.message}`);
      if (e instanceof TypeError) throw new TypeError(`${fn}: ${e.message}`);
      throw e;
    }
    if (!Number.isFinite(req.estimate) || !Number.isFinite(req.variance)) {
      fail(
        fn,
        `result is not finite (estimate ${req.estimate}, variance ${req.variance}); rescale y`,
      );
    }
    return req;
  };
  const n = y64.length;
  const classical = run(y64);
  const { lambda, lambdaNote } =
    lambdaOption === "tuned"
      ? tunedLambda(y64, yhat64, run)
      : { lambda: lambdaOption, lambdaNote: `lambda=${short(lambdaOption)}` };
  const r = new Float64Array(n);
  for (let k = 0; k < n; k++) r[k] = (y64[k] as number) - lambda * (yhat64[k] as number);
  // the residuals are real values even when they are all 0 or 1 (hard 0/1
  // predictions): never a proportion, so never clipped to [0, 1]; with lambda
  // 0 the labels themselves are estimated, as the design estimator does
  // (0/1 labels that all agree then get its labels-alone bound, not the whole line)
  const req = lambda === 0 ? { ...classical, interval } : run(r);
  const shift = lambda * moments(yhatPopulation64).mean;
  const res = withPredictionFloor(
    fn,
    intervalEstimate(fn, lambda === 0 ? req : { ...req, real: true }),
    req,
    lambda,
    { y: y64, yhat: yhat64, pik: pik64, yhatPopulation: yhatPopulation64 },
    shift,
    level,
  );
  if (!Number.isFinite(res.estimate + shift)) {
    fail(
      fn,
      `result is not finite (lambda mean(yhatPopulation) ${shift}, estimate ${res.estimate + shift}); rescale y and the predictions`,
    );
  }
  const variance = res.variance;
  const nEffective =
    variance > 0 && classical.variance > 0 ? (n * classical.variance) / variance : n;
  // labels that all agree keep the residual interval and the labels-alone hull below
  const asProportion =
    proportion &&
    !labelsAgree(y64) &&
    res.variance > 0 &&
    Number.isFinite(res.ci[0]) &&
    Number.isFinite(res.ci[1]);
  const ci: [number, number] = asProportion
    ? proportionInterval(
        {
          estimate: Math.min(1, Math.max(0, res.estimate + shift)),
          variance,
          n,
          df: res.df,
          nEffective: classical.design.nEffective ?? n,
        },
        interval,
        level,
      )
    : [res.ci[0] + shift, res.ci[1] + shift];
  // 0/1 labels that all agree: the residuals show only the predictions' spread
  // (with lambda 0 and a zero-width "t" or "wald" interval of labels that all
  // agree, the bound alone, as ppiMean gives; a flag the design raised for
  // another reason, such as an estimate outside [0, 1], stands)
  const bounded =
    lambda === 0 &&
    res.variance === 0 &&
    labelsAgree(y64) &&
    res.warning.startsWith(ZERO_WIDTH_WARNING);
  const hull =
    (res.reliable || bounded) && !classical.design.census
      ? agreeingLabelsHull(ci, y64, classical.design.nEffective ?? n, level)
      : undefined;
  // one or two labels of the rarer value are too few for a normal interval of
  // the residuals (Korn–Graubard's needs no such rule)
  const few =
    res.reliable && !classical.design.census && !proportion ? fewMinorityWarning(y64) : undefined;
  // the labels-alone bound of a sample whose weights leave about one unit
  // (intervalEstimate flags every other interval of such a sample)
  const kish = classical.design.nEffective ?? n;
  const fewEffective =
    hull !== undefined && kish < MIN_EFFECTIVE_SIZE ? fewEffectiveWarning(kish) : undefined;
  const estimate = res.estimate + shift;
  // an interval built for the estimate clipped to [0, 1]
  const outside =
    asProportion && res.reliable && !(estimate >= 0 && estimate <= 1)
      ? outsideUnitWarning(estimate, PAST_A_BOUND)
      : undefined;
  return {
    ...res,
    ...(hull === undefined ? {} : { reliable: true, warning: "" }),
    ...(few === undefined ? {} : { reliable: false, warning: few }),
    ...(fewEffective === undefined ? {} : { reliable: false, warning: fewEffective }),
    ...(outside === undefined ? {} : { reliable: false, warning: outside }),
    estimate,
    ci: hull === undefined ? ci : cutToUnit(hull, estimate),
    // the residuals' interval where a proportion method was asked for but not used
    interval: asProportion || lambda === 0 ? interval : residualInterval,
    method: `modelAssisted (${res.method}, ${lambdaNote})${hull === undefined ? "" : agreeingNote(y64)}`,
    nEffective,
    lambda,
  };
}

/**
 * The residual interval `res` of request `req`, recomputed with the variance of
 * {@link predictionBandVariance} added when lambda > 0, the design is no census
 * and the residuals have spread (a residual variance of 0 keeps its whole-line
 * interval). A flag the design raised stands.
 */
function withPredictionFloor(
  fn: string,
  res: Estimate,
  req: IntervalRequest,
  lambda: number,
  s: { y: Float64Array; yhat: Float64Array; pik: Float64Array; yhatPopulation: Float64Array },
  shift: number,
  level: number,
): Estimate {
  if (lambda === 0 || req.design.census || res.variance < 0) return res;
  // hard 0/1 predictions: the verdict floor, which also bounds a sample whose
  // verdicts are all right (residual variance 0, else the whole line)
  const verdict = verdictFloor(s.y, s.yhat, s.pik, s.yhatPopulation, (1 - level) / 2);
  if (verdict === undefined && !(res.variance > 0)) return res;
  const added =
    verdict ?? predictionBandVariance(s.y, s.yhat, s.pik, s.yhatPopulation, res.estimate + shift);
  if (!(added > 0)) return res;
  const floored = intervalEstimate(fn, { ...req, variance: req.variance + added, real: true });
  return res.reliable || !(res.variance > 0)
    ? floored
    : { ...floored, reliable: false, warning: res.warning };
}

/** The base estimator on the values z of the sampled units. */
function base(
  estimator: ModelAssistedEstimator,
  z: Float64Array,
  pik: Float64Array,
  N: number,
  o: ModelAssistedOptions,
  level: number,
  interval: PpiIntervalMethod,
): IntervalRequest {
  const common = { level, interval };
  switch (estimator) {
    case "horvitzThompson":
      return horvitzThompsonRequest(z, pik, N, { ...common, ...pi2Options(o) });
    case "hajek":
      return hajekRequest(z, pik, { ...common, ...pi2Options(o) });
    case "hansenHurwitz":
      return hansenHurwitzRequest(z, pik, N, common);
    case "stratifiedMean":
      return stratifiedMeanRequest(z, o.strata as Int32Array, o.stratumSizes as Int32Array, common);
    case "raoHartleyCochran":
      return raoHartleyCochranRequest(z, pik, o.groupTotal as Float64Array, N, common);
    default:
      return assertUnreachable("modelAssisted", estimator);
  }
}

function pi2Options(o: ModelAssistedOptions): {
  pi2?: RowMatrix | readonly ArrayLike<number>[];
  variance?: VarianceMethod;
} {
  return {
    ...(o.pi2 === undefined ? {} : { pi2: o.pi2 }),
    ...(o.variance === undefined ? {} : { variance: o.variance }),
  };
}

/** `strata`, `stratumSizes` given, sizes summing to N, and `pik = n_h / N_h` for every sampled unit. */
function checkStrata(fn: string, o: ModelAssistedOptions, pik: Float64Array, N: number): void {
  const { strata, stratumSizes } = o;
  if (strata === undefined || stratumSizes === undefined) {
    fail(fn, `options.strata and options.stratumSizes are required by estimator "stratifiedMean"`);
  }
  checkInt32Array(fn, "options.stratumSizes", stratumSizes, { min: 0, allowEmpty: false });
  const H = stratumSizes.length;
  checkInt32Array(fn, "options.strata", strata, { min: 0, max: H - 1 });
  checkSameLength(fn, "pik", pik, "options.strata", strata);
  let total = 0;
  for (let h = 0; h < H; h++) total += stratumSizes[h] as number;
  if (total !== N) {
    fail(fn, `options.stratumSizes sum to ${total}, not to N = yhatPopulation.length = ${N}`);
  }
  const count = new Float64Array(H);
  for (let k = 0; k < strata.length; k++) {
    const h = strata[k] as number;
    count[h] = (count[h] as number) + 1;
  }
  for (let k = 0; k < strata.length; k++) {
    const h = strata[k] as number;
    const want = (count[h] as number) / (stratumSizes[h] as number);
    if (!(Math.abs((pik[k] as number) - want) <= PROBABILITY_TOLERANCE)) {
      fail(fn, `pik[${k}] must be n_h / N_h = ${want} under stratified SRS (stratum ${h})`, pik[k]);
    }
  }
}
