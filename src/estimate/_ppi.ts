/**
 * Kernels shared by the prediction-powered estimators (`ppiMean`,
 * `crossPpiMean`, `stratifiedPpiMean`): the option readers, the moments of
 * the labelled and unlabelled predictions, PPI++'s power-tuned lambda and the
 * normal / t / Korn–Graubard interval with a one-sided alternative.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import { normalQuantile } from "../core/normal.js";
import { studentTQuantile } from "../core/studentT.js";
import { checkChoice, checkFloat64Array, checkNumber, fail, nearestKey } from "../core/validate.js";
import {
  agreeingLabelsHull,
  agreeingNote,
  fewMinorityWarning,
  labelsAgree,
  outsideUnitWarning,
  sameUpToRounding,
} from "./_interval.js";
import { bandVariance, mixedLabels, predictionBands } from "./_predictionBands.js";
import type { Estimate } from "./confidenceInterval.js";
import type { PpiAlternative, PpiIntervalMethod as PpiInterval } from "./ppiMean.js";
import { proportionInterval } from "./proportionInterval.js";

const ALTERNATIVES: readonly PpiAlternative[] = ["two-sided", "larger", "smaller"];
const INTERVALS: readonly PpiInterval[] = ["wald", "t", "beta", "betaCapped"];

/** Reads `options.alternative`. */
export function readAlternative(
  fn: string,
  value: unknown,
  fallback: PpiAlternative,
): PpiAlternative {
  if (value === undefined) return fallback;
  checkChoice(fn, "options.alternative", value, ALTERNATIVES);
  return value;
}

/** Whether `interval` is one of the proportion (Korn–Graubard) methods. */
export function isProportionInterval(interval: PpiInterval): interval is "beta" | "betaCapped" {
  return interval === "beta" || interval === "betaCapped";
}

/**
 * Reads `options.interval`: `defaults.interval` when absent and the labels `y`
 * are all 0/1 (and there are some), else `defaults.realInterval`; a
 * proportion method (`"beta"`, `"betaCapped"`) asked for real labels throws.
 */
export function readPpiInterval(
  fn: string,
  value: unknown,
  y: Float64Array,
  defaults: { readonly interval: PpiInterval; readonly realInterval: PpiInterval },
): PpiInterval {
  const bad = y.findIndex((v) => v !== 0 && v !== 1);
  if (value === undefined) {
    return bad < 0 && y.length > 0 ? defaults.interval : defaults.realInterval;
  }
  checkChoice(fn, "options.interval", value, INTERVALS);
  if (isProportionInterval(value) && bad >= 0) {
    fail(
      fn,
      `options.interval "${value}" is for 0/1 labels but y[${bad}] is ${y[bad]}; use "wald" or "t"`,
    );
  }
  return value;
}

/** Reads `options.ddof` (0 or 1). */
export function readDdof(fn: string, value: unknown, fallback: 0 | 1): 0 | 1 {
  if (value === undefined) return fallback;
  if (value !== 0 && value !== 1) fail(fn, "options.ddof must be 0 or 1", value);
  return value;
}

/** Reads `options.lambda`: `"tuned"` or a number in [0, 1]. */
export function readLambda(
  fn: string,
  value: unknown,
  fallback: number | "tuned",
): number | "tuned" {
  if (value === undefined) return fallback;
  if (value === "tuned") return value;
  if (typeof value === "string") {
    const hint = nearestKey(value, ["tuned"]) === undefined ? "" : `; did you mean "tuned"?`;
    fail(
      fn,
      `options.lambda must be "tuned" or a number in [0, 1] (got ${JSON.stringify(value)})${hint}`,
    );
  }
  checkNumber(fn, "options.lambda", value, 0, 1);
  return value;
}

/** Mean and sum of squared deviations of an array. */
export type Moments = {
  readonly n: number;
  readonly mean: number;
  /** sum (x - mean)^2; exactly 0 when the values are the same up to rounding (`constant`). */
  readonly ss: number;
  /**
   * Every value is equal (to `first`) up to rounding (`sameUpToRounding` in
   * `_interval.ts`): decided from the values, so that no spread gives a
   * variance of exactly 0 whether or not rounding left ~1e-33 in `ss`.
   */
  readonly constant: boolean;
  /** The first value. */
  readonly first: number;
};

/**
 * Two-pass moments of `x` (the mean first, then the squared deviations, as
 * numpy's `var`); `scale`: the size of the operands of a difference that
 * cancels in x (a residual's y and lambda yhat), for the rounding tolerance.
 */
export function moments(x: ArrayLike<number>, scale = 0): Moments {
  const n = x.length;
  const mean = sumOf(x) / n;
  let ss = squaredDeviations(x, mean);
  // values the same up to rounding leave only rounding in ss (far below
  // n (1e-8 max(|mean|, scale))^2): only then scan
  let constant = false;
  if (n > 0 && ss <= 1e-16 * n * Math.max(mean * mean, scale * scale)) {
    constant = sameUpToRounding(x, scale);
    if (constant) ss = 0;
  }
  return { n, mean, ss, constant, first: n > 0 ? (x[0] as number) : Number.NaN };
}

/**
 * The sum of `x` in index order. (The passes of {@link moments} are small
 * functions of their own: V8 then optimizes each whole, where a loop inside
 * a larger function called a few times runs as on-stack-replaced code that
 * deoptimizes on reaching the code after it.)
 */
function sumOf(x: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i] as number;
  return s;
}

/** `sum (x_i - mean)^2` in index order. */
function squaredDeviations(x: ArrayLike<number>, mean: number): number {
  let ss = 0;
  for (let i = 0; i < x.length; i++) {
    const d = (x[i] as number) - mean;
    ss += d * d;
  }
  return ss;
}

/**
 * Checks a non-empty `Float64Array` of finite values and returns its moments,
 * in the two passes the moments need: a NaN or an infinity makes the sum
 * non-finite, and only then is the array scanned again to name the element.
 * (The fast path for the large unlabelled arrays.)
 */
export function checkedMoments(fn: string, arg: string, x: unknown): Moments {
  if (!(x instanceof Float64Array) || x.length === 0) {
    checkFloat64Array(fn, arg, x, { allowEmpty: false });
  }
  const m = moments(x as Float64Array);
  if (!(Number.isFinite(m.mean) && Number.isFinite(m.ss))) {
    checkFloat64Array(fn, arg, x);
    fail(
      fn,
      Number.isFinite(m.mean)
        ? `${arg} spreads too widely for its variance (the sum of squares overflows); rescale it`
        : `${arg} is too large to average (the sum overflows); rescale it`,
    );
  }
  return m;
}

/** Moments of the labelled sample: y, yhat, their cross-product and the residual y - lambda yhat follow from these. */
export type PairMoments = {
  readonly y: Moments;
  readonly yhat: Moments;
  /** sum (y - ybar)(yhat - yhatbar) */
  readonly sp: number;
};

/** Moments of y, yhat and their cross-product over the labelled units. */
export function pairMoments(y: ArrayLike<number>, yhat: ArrayLike<number>): PairMoments {
  const my = moments(y);
  const mf = moments(yhat);
  // a side without spread has no covariance (its deviations are rounding)
  const sp = my.constant || mf.constant ? 0 : crossDeviations(y, my.mean, yhat, mf.mean);
  return { y: my, yhat: mf, sp };
}

/** `sum (x_i - mx)(y_i - my)` in index order (a loop of its own, as {@link sumOf}). */
function crossDeviations(
  x: ArrayLike<number>,
  mx: number,
  y: ArrayLike<number>,
  my: number,
): number {
  let sp = 0;
  for (let i = 0; i < x.length; i++) sp += ((x[i] as number) - mx) * ((y[i] as number) - my);
  return sp;
}

/** Moments of the residual `y - lambda yhat` (computed directly, not expanded from the pair moments, which cancel when the predictor is good). */
export function residualMoments(
  y: ArrayLike<number>,
  yhat: ArrayLike<number>,
  lambda: number,
): Moments {
  const r = new Float64Array(y.length);
  let scale = 0;
  for (let i = 0; i < y.length; i++) {
    const f = lambda * (yhat[i] as number);
    r[i] = (y[i] as number) - f;
    scale = Math.max(scale, Math.abs(y[i] as number), Math.abs(f));
  }
  return moments(r, scale);
}

/** What PPI++'s tuning chose. */
export type TunedLambda = {
  readonly lambda: number;
  /** The unclipped value (NaN when the predictions have no variance). */
  readonly raw: number;
};

/**
 * PPI++'s power-tuned lambda for a mean (Angelopoulos, Duchi & Zrnic 2023;
 * ppi_py `_calc_lam_glm` with an identity Hessian):
 * `cov(y, yhat) / ((1 + n / N) var(yhat pooled with yhatUnlabeled))`, clipped
 * to [0, 1]. The pooled variance has divisor n + N - 1 (numpy's `np.cov`), the
 * covariance divisor n - ddof (ppi_py: n). Predictions that are all equal give
 * lambda 0 (the classical mean) with `raw` NaN.
 */
export function tuneLambda(p: PairMoments, u: Moments, ddof: 0 | 1): TunedLambda {
  const n = p.y.n;
  const N = u.n;
  if (p.yhat.constant && u.constant && sameUpToRounding([p.yhat.first, u.first])) {
    return { lambda: 0, raw: Number.NaN };
  }
  const d = p.yhat.mean - u.mean;
  const pooledSs = p.yhat.ss + u.ss + (d * d * n * N) / (n + N);
  const pooledVar = pooledSs / (n + N - 1);
  const cov = p.sp / (n - ddof);
  const raw = cov / ((1 + n / N) * pooledVar);
  return { lambda: Math.min(1, Math.max(0, raw)), raw };
}

/** A short decimal for `method` strings (4 significant digits, no trailing zeros). */
export function short(x: number): string {
  return String(Number(x.toPrecision(4)));
}

/** The `method` text of a PPI estimate with lambda chosen by `lambdaOption`. */
export function lambdaText(prefix: string, lambdaOption: number | "tuned", t: TunedLambda): string {
  if (lambdaOption !== "tuned") return `${prefix} (lambda=${short(t.lambda)}, fixed)`;
  if (Number.isNaN(t.raw)) {
    return `${prefix}++ (lambda=0: the predictions have zero variance, so this is the classical mean)`;
  }
  if (t.raw !== t.lambda)
    return `${prefix}++ (lambda=${short(t.lambda)}, clipped from ${short(t.raw)})`;
  return `${prefix}++ (lambda=${short(t.lambda)})`;
}

/**
 * The variance a prediction-powered estimate's residuals cannot show, for 0/1
 * labels holding both values and lambda > 0 (0 otherwise):
 *
 * - Hard 0/1 predictions (verdicts, e.g. an LLM judge's): where the verdict
 *   is right on every labelled unit that got it, the residuals there are
 *   exactly 0 and the PPI variance takes that verdict's error rate as known
 *   to be 0. Each such verdict v (n_v labels, all agreeing with it) adds the
 *   variance whose normal half-width is its share times the Clopper–Pearson
 *   bound on its error rate: `W_v^2 (1 - t^(1/n_v))^2 / z^2`, W_v the
 *   verdict's share of the unlabelled predictions, t the interval's tail
 *   probability (`(1 - level) / 2` two-sided, `1 - level` one-sided), z the
 *   normal quantile at 1 - t (a verdict no labelled unit got: `W_v^2 / z^2`).
 *   So the interval reaches at least as far as the verdict's exact bound,
 *   which shrinks as 1 / n_v (a floor from a shrunk rate shrinks as
 *   1 / sqrt(n_v): measured 1.6 times as wide at n = 200). Measured:
 *   docs/replication/model-assisted.md (section "`modelAssisted`'s interval
 *   for 0/1 labels", hard predictions).
 * - Soft predictions: `modelAssisted`'s prediction-band floor
 *   (`predictionBandVariance` in `_predictionBands.ts`) with equal weights,
 *   the bands cut on the labelled and unlabelled predictions together and
 *   the rarer value read from `estimate`: a band of predictions whose labels
 *   all agree adds the variance of a shrunk rate. Why: a predictor that
 *   scores about 0 on the failures it misses leaves residuals of about 0 on
 *   every labelled unit of the low band when no missed failure was drawn,
 *   and the variance took that band's failure rate as known; ppiMean,
 *   crossPpiMean and stratifiedPpiMean covered 73-92 % at n = 10-100 with
 *   such predictors (a review's 2,000-run cells; test/estimate/ppiFloor.test.ts
 *   keeps one). Units predicted exactly 0 or 1 among soft predictions are
 *   also a verdict, and the floor is the larger of the bands' and that
 *   verdict's Clopper–Pearson one: with scores {0, 0.9} at n = 10 the band
 *   floor's shrunk rate alone left 75-80 % coverage.
 *
 * The soft-prediction floor is a variance ppi_py does not have: with
 * `soft` false (the callers pass it for `interval: "wald"`, ppi_py's own
 * interval) it is left out, so that interval keeps ppi_py's numbers (to
 * 1e-10) for soft predictions.
 *
 * @see Clopper, C. J. & Pearson, E. S. (1934). Biometrika 26, 404-413.
 */
export function predictionFloor(
  y: Float64Array,
  yhat: Float64Array,
  yhatUnlabeled: Float64Array,
  lambda: number,
  level: number,
  alternative: PpiAlternative,
  estimate: number,
  soft: boolean,
): number {
  if (!(lambda > 0)) return 0;
  const tail = alternative === "two-sided" ? (1 - level) / 2 : 1 - level;
  const verdict = verdictFloor(y, yhat, undefined, yhatUnlabeled, tail);
  if (verdict !== undefined) return verdict;
  // neither floor below applies unless the labels are 0/1 of both values
  if (!soft || !mixedLabels(y)) return 0;
  // the bands of the labelled and unlabelled predictions together (in parts:
  // no copy), whose pass also counts the unlabelled ones exactly 0 and 1
  const p = Math.min(1, Math.max(0, estimate));
  const bands = predictionBands([yhat, yhatUnlabeled], p <= 0.5);
  const banded = bandVariance(y, yhat, new Float64Array(y.length).fill(1), bands, estimate);
  // units predicted exactly 0 (or 1) among soft ones are a verdict: at small
  // n the shrunk rate of their band (0.1 n / 8 pseudo-labels) bounds their
  // error rate far too tightly (80 % coverage at n = 10 with scores {0, 0.9}),
  // the verdict's Clopper-Pearson bound does not
  const N = yhatUnlabeled.length;
  const zeros = bands.zeros[1] as number;
  const ones = bands.ones[1] as number;
  const certain = verdictFloorOfCounts(y, yhat, undefined, zeros, ones, N, tail);
  return Math.max(banded, certain);
}

/**
 * The `method` note of a verdict floor (hard 0/1 predictions, see
 * {@link predictionFloor}) that added `added` (> 0) to the variance:
 * `"; verdict floor (+v to the variance)"`, so that a comparison with ppi_py
 * under `"wald"` (which has no floor; the soft predictions' floors do not
 * apply there) can tell why the interval is wider; "" otherwise.
 */
export function floorNote(yhat: Float64Array, yhatUnlabeled: Float64Array, added: number): string {
  if (!(added > 0) || !isHard(yhat) || !isHard(yhatUnlabeled)) return "";
  return `; verdict floor (+${short(added)} to the variance)`;
}

/** Whether every value is 0 or 1 (hard predictions: verdicts). */
export function isHard(a: Float64Array): boolean {
  for (let i = 0; i < a.length; i++) {
    const v = a[i] as number;
    if (v !== 0 && v !== 1) return false;
  }
  return true;
}

/**
 * A {@link predictionFloor} held to the `room` left below the labels-alone
 * variance (the classical mean's, from the same labels): a floor never makes
 * a prediction-powered interval wider than the labels alone would give (the
 * verdict floor of units predicted exactly 0 at 99 % of a population, with
 * every one of 100 labels agreeing, made ppiMean's mean width 0.091 at
 * p = 0.01 against 0.059 with the cap and 0.039 without any floor: a
 * development measurement of 1,000 samples, not a bench). 0 when there is
 * no room (the predictions already cost variance).
 */
export function capFloor(floor: number, room: number): number {
  return Math.min(floor, Math.max(0, room));
}

/**
 * {@link predictionFloor}'s sum over the verdicts, with tail probability
 * `tail`, for a sample with inclusion probabilities `pik` (a verdict's n_v
 * is then the Kish size `(sum w)^2 / sum w^2` of its weights w = 1 / pik;
 * undefined: equal weights). Undefined when it does not apply (labels not
 * 0/1 of both values, or predictions not all 0 or 1), so that a caller can
 * use another floor instead. With `certainOnly`, soft predictions are
 * allowed and belong to neither verdict: the floor of the units predicted
 * exactly 0 or exactly 1 (certain) among soft ones.
 */
export function verdictFloor(
  y: Float64Array,
  yhat: Float64Array,
  pik: Float64Array | undefined,
  yhatPopulation: Float64Array,
  tail: number,
  certainOnly = false,
): number | undefined {
  if (!isHard(y) || (!certainOnly && (!isHard(yhat) || !isHard(yhatPopulation)))) return undefined;
  if (!mixedLabels(y)) return undefined;
  const N = yhatPopulation.length;
  const { zeros, ones } = verdictCounts(yhatPopulation);
  return verdictFloorOfCounts(y, yhat, pik, zeros, ones, N, tail);
}

/** The number of elements of `x` exactly 0 and exactly 1 (a loop of its own, as {@link sumOf}). */
function verdictCounts(x: Float64Array): { zeros: number; ones: number } {
  let zeros = 0;
  let ones = 0;
  for (let i = 0; i < x.length; i++) {
    const v = x[i] as number;
    if (v === 0) zeros++;
    else if (v === 1) ones++;
  }
  return { zeros, ones };
}

/**
 * {@link verdictFloor} for 0/1 labels of both values ({@link mixedLabels})
 * from the counts of the population's predictions exactly 0 (`zeros`) and
 * exactly 1 (`ones`) among its N; a labelled prediction that is neither
 * belongs to no verdict.
 */
function verdictFloorOfCounts(
  y: Float64Array,
  yhat: Float64Array,
  pik: Float64Array | undefined,
  zeros: number,
  ones: number,
  N: number,
  tail: number,
): number {
  const n = y.length;
  const sw = [0, 0];
  const sw2 = [0, 0];
  const disagree = [0, 0];
  for (let k = 0; k < n; k++) {
    const v = yhat[k] as number;
    // (certainOnly) a soft prediction belongs to neither verdict
    if (v !== 0 && v !== 1) continue;
    const w = pik === undefined ? 1 : 1 / (pik[k] as number);
    sw[v] = (sw[v] as number) + w;
    sw2[v] = (sw2[v] as number) + w * w;
    if (y[k] !== v) disagree[v] = (disagree[v] as number) + 1;
  }
  const W = [zeros / N, ones / N];
  const z = normalQuantile(1 - tail);
  let added = 0;
  for (const v of [0, 1]) {
    if ((W[v] as number) === 0 || (disagree[v] as number) > 0) continue;
    const size = (sw[v] as number) > 0 ? (sw[v] as number) ** 2 / (sw2[v] as number) : 0;
    const bound = size > 0 ? 1 - tail ** (1 / size) : 1;
    added += ((W[v] as number) * bound) ** 2 / (z * z);
  }
  return added;
}

/** One independent part of a PPI variance: its value and degrees of freedom. */
export type VariancePart = { readonly v: number; readonly df: number };

/** The input of {@link ppiEstimate}. */
export type PpiParts = {
  readonly method: string;
  readonly estimate: number;
  /**
   * The independent parts of the variance (the labelled rectifier mean with df n - 1,
   * the unlabelled imputed mean with df N - 1; one pair per stratum when stratified).
   */
  readonly parts: readonly VariancePart[];
  /** Variance of the classical estimator from the same labels, for `nEffective`. */
  readonly vClassical: number;
  readonly n: number;
  readonly level: number;
  readonly alternative: PpiAlternative;
  readonly interval: PpiInterval;
  /**
   * The labels, when the interval should contain the labels-alone bound if
   * they are 0/1 and all agree ({@link agreeingLabelsHull}).
   */
  readonly labels?: ArrayLike<number>;
};

/** The two parts of an unstratified PPI variance. */
export function twoParts(
  vLabelled: number,
  n: number,
  vUnlabelled: number,
  N: number,
): VariancePart[] {
  return [
    { v: vLabelled, df: n - 1 },
    { v: vUnlabelled, df: N - 1 },
  ];
}

/**
 * Packs a prediction-powered estimate into an `Estimate`: variance the sum of
 * the parts; interval `estimate -/+ q se` with q the normal quantile (`"wald"`,
 * df Infinity, as ppi_py) or the t quantile with Satterthwaite's df
 * `V^2 / sum v_i^2 / df_i` (`"t"`), or for 0/1 labels `proportionInterval`'s
 * `"beta"` / `"betaCapped"` of the estimate (clipped to [0, 1]) and the
 * variance with that df and n; a one-sided alternative puts all of
 * `1 - level` in one tail (`"larger"`: `[estimate - q se, Infinity]`; the
 * proportion methods take the lower end of their two-sided interval at level
 * `2 level - 1`, so they need a level above 0.5; labels that all agree get
 * the `"t"` interval and the hull below instead, see {@link labelsAgree}).
 * `nEffective = n vClassical / variance` (n when vClassical is 0: labels that
 * all agree tell nothing of what the labels alone would need). With `labels` that are 0/1 and all
 * agree, the interval is widened to contain the labels-alone
 * Clopper-Pearson bound at n ({@link agreeingLabelsHull}), noted in `method`;
 * when the variance is then 0 (lambda 0), that bound is the interval
 * (`reliable`), where other zero variances give the whole line, unreliable.
 * 0/1 labels whose rarer value occurs only once or twice give `reliable`
 * false under `"wald"` and `"t"` ({@link fewMinorityWarning}).
 */
export function ppiEstimate(fn: string, r: PpiParts): Estimate {
  if (isProportionInterval(r.interval) && r.alternative !== "two-sided" && !(r.level > 0.5)) {
    fail(
      fn,
      `a one-sided "${r.interval}" interval needs a level above 0.5 (got ${r.level}); use "wald" or "t"`,
    );
  }
  let variance = 0;
  let satterthwaite = 0;
  for (const { v, df } of r.parts) {
    variance += v;
    if (df > 0) satterthwaite += (v * v) / df;
  }
  if (!Number.isFinite(r.estimate) || !Number.isFinite(variance)) {
    fail(fn, `result is not finite (estimate ${r.estimate}, variance ${variance}); rescale y`);
  }
  // labels that all agree keep the normal interval and the labels-alone hull below
  const proportion =
    isProportionInterval(r.interval) && !(r.labels !== undefined && labelsAgree(r.labels));
  const se = Math.sqrt(variance);
  let df = Number.POSITIVE_INFINITY;
  if (r.interval !== "wald") {
    df = satterthwaite > 0 ? (variance * variance) / satterthwaite : Math.max(1, r.n - 1);
  }
  // labels that all agree have a classical variance of 0, which says nothing
  // of what the labels alone would need: no gain is claimed (n)
  const nEffective =
    r.vClassical > 0
      ? variance > 0
        ? (r.n * r.vClassical) / variance
        : Number.POSITIVE_INFINITY
      : r.n;
  const base = {
    estimate: r.estimate,
    variance,
    se,
    level: r.level,
    n: r.n,
    method: r.method,
    df,
    nEffective,
    interval: r.interval,
  };
  if (variance === 0) {
    // 0/1 labels that all agree and no predictions' spread (lambda 0): the
    // labels alone, as the classical estimator would bound them
    const exact =
      r.labels === undefined
        ? undefined
        : agreeingLabelsHull([r.estimate, r.estimate], r.labels, r.n, r.level, r.alternative);
    if (exact !== undefined && r.labels !== undefined) {
      const ci: [number, number] = [
        r.alternative === "smaller" ? Number.NEGATIVE_INFINITY : exact[0],
        r.alternative === "larger" ? Number.POSITIVE_INFINITY : exact[1],
      ];
      return {
        ...base,
        method: r.method + agreeingNote(r.labels),
        ci,
        reliable: true,
        warning: "",
      };
    }
    return {
      ...base,
      ci: [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY],
      reliable: false,
      warning:
        "the labelled residuals and the predictions have no spread, so the sample cannot bound the error",
    };
  }
  let [lo, hi] = proportion ? proportionBounds(r, variance, df) : normalBounds(r, se, df);
  if (r.alternative === "smaller") lo = Number.NEGATIVE_INFINITY;
  if (r.alternative === "larger") hi = Number.POSITIVE_INFINITY;
  const hull =
    r.labels === undefined
      ? undefined
      : agreeingLabelsHull([lo, hi], r.labels, r.n, r.level, r.alternative);
  if (hull !== undefined && r.labels !== undefined) {
    // a proportion method was replaced by the t interval (see labelsAgree above)
    return {
      ...base,
      interval: r.interval === "wald" ? r.interval : "t",
      method: r.method + agreeingNote(r.labels),
      ci: cutToUnit(hull, r.estimate),
      reliable: true,
      warning: "",
    };
  }
  if (proportion && !(r.estimate >= 0 && r.estimate <= 1)) {
    return {
      ...base,
      ci: [lo, hi],
      reliable: false,
      warning: outsideUnitWarning(r.estimate, PAST_A_BOUND),
    };
  }
  const few = r.labels === undefined || proportion ? undefined : fewMinorityWarning(r.labels);
  if (few !== undefined) return { ...base, ci: [lo, hi], reliable: false, warning: few };
  return { ...base, ci: [lo, hi], reliable: true, warning: "" };
}

/**
 * An interval of the mean of 0/1 labels cut to the smallest range that holds
 * [0, 1] and the estimate (the mean lies in [0, 1]; the estimate, which the
 * predictions' correction can carry outside, stays inside its interval):
 * infinite ends (one-sided) stay as they are.
 */
export function cutToUnit(ci: readonly [number, number], estimate: number): [number, number] {
  const lo = Number.isFinite(ci[0]) ? Math.max(ci[0], Math.min(0, estimate)) : ci[0];
  const hi = Number.isFinite(ci[1]) ? Math.min(ci[1], Math.max(1, estimate)) : ci[1];
  return [lo, hi];
}

/** How a prediction-powered estimate of a proportion gets outside [0, 1]. */
export const PAST_A_BOUND = "the predictions' correction carried it past a bound";

/** `estimate -/+ q se`, all of `1 - level` in one tail when one-sided (that side is then replaced by the caller). */
function normalBounds(r: PpiParts, se: number, df: number): [number, number] {
  const tail = r.alternative === "two-sided" ? (1 - r.level) / 2 : 1 - r.level;
  const q = r.interval === "wald" ? normalQuantile(1 - tail) : studentTQuantile(1 - tail, df);
  return [r.estimate - q * se, r.estimate + q * se];
}

/** Korn–Graubard's interval of the clipped estimate; at level `2 level - 1` when one-sided (checked above 0.5). */
function proportionBounds(r: PpiParts, variance: number, df: number): [number, number] {
  const level = r.alternative === "two-sided" ? r.level : 2 * r.level - 1;
  return proportionInterval(
    {
      estimate: Math.min(1, Math.max(0, r.estimate)),
      variance,
      n: r.n,
      df,
      nEffective: r.n,
    },
    r.interval,
    level,
  );
}
