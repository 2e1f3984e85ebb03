/**
 * How the estimators of this folder turn an estimate and its design variance
 * into an interval: reading `options.interval`, telling a proportion (0/1 y)
 * from a real-valued mean, the per-design default, clipping, and the
 * `reliable` / `warning` fields of an `Estimate`.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import { checkChoice, fail } from "../core/validate.js";
import type { Estimate } from "./confidenceInterval.js";
import { intervalDefaults } from "./intervalDefaults.js";
import {
  type IntervalMethod,
  intervalMethods,
  proportionInterval,
  SRS_BINARY_METHODS,
} from "./proportionInterval.js";

/** The methods of R `survey::svyciprop`: every design, y a proportion. */
const DESIGN_PROPORTION: ReadonlySet<IntervalMethod> = new Set([
  "beta",
  "betaCapped",
  "logit",
  "likelihood",
  "xlogit",
  "asin",
  "mean",
]);

/** The default interval method of each kind of estimate (see `intervalDefaults`). */
export const INTERVAL_DEFAULTS = intervalDefaults;

/** What an estimator knows about its design that the interval needs. */
export type IntervalDesign = {
  /** The sample is a simple random sample without replacement (the SRS-binary methods apply). */
  readonly srs: boolean;
  /** Design degrees of freedom (R `survey::degf`): n - 1, or n - H for H strata. */
  readonly df: number;
  /** Population size, when the estimator knows it (required by `"hypergeometric"`). */
  readonly N?: number;
  /** Every population unit is in the sample: the estimate is exact. */
  readonly census: boolean;
  /**
   * Kish's effective sample size `(sum w)^2 / sum w^2` of the sampling weights,
   * used in place of `p(1 - p) / variance` when the variance is 0 (all labels
   * equal); defaults to n.
   */
  readonly nEffective?: number;
};

/**
 * Reads `options.interval`: `undefined` (the default for the design and the
 * labels, decided once the labels are known) or one of `intervalMethods`.
 * A method that needs a simple random sample throws for other designs.
 */
export function readInterval(fn: string, value: unknown, srs: boolean): IntervalMethod | undefined {
  if (value === undefined) return undefined;
  checkChoice(fn, "options.interval", value, intervalMethods);
  if (SRS_BINARY_METHODS.has(value) && !srs) {
    fail(
      fn,
      `options.interval "${value}" assumes a simple random sample and does not apply to this design; use one of ${[...DESIGN_PROPORTION].join(", ")} (or "t", "wald")`,
    );
  }
  return value;
}

/** Whether `method` is a design proportion method (`"beta"`, ...): it takes labels in [0, 1]. */
export function takesUnitLabels(method: IntervalMethod | undefined): boolean {
  return method !== undefined && DESIGN_PROPORTION.has(method);
}

/** Whether an interval method needs 0/1 labels (the SRS proportion methods: they count successes). */
export function needsBinary(method: IntervalMethod | undefined): boolean {
  return method !== undefined && SRS_BINARY_METHODS.has(method);
}

/** Index of the first value of `y` that is not 0 or 1, or -1 when y holds 0/1 labels only. */
export function firstNonBinary(y: ArrayLike<number>): number {
  for (let k = 0; k < y.length; k++) {
    const v = y[k] as number;
    if (v !== 0 && v !== 1) return k;
  }
  return -1;
}

/** The input of {@link intervalEstimate}. */
export type IntervalRequest = {
  /** Name of the estimator and variance form, e.g. "horvitzThompson (deville)". */
  readonly method: string;
  readonly estimate: number;
  readonly variance: number;
  readonly level: number;
  readonly n: number;
  /** The labels (to tell a proportion from a real-valued mean and count successes). */
  readonly y: ArrayLike<number>;
  readonly design: IntervalDesign;
  /** The user's `options.interval`, already read by {@link readInterval}. */
  readonly interval: IntervalMethod | undefined;
  /**
   * `y` holds real values even when they are all 0 or 1 (e.g. the residuals
   * `y - yhat` of a difference estimator): never read as a proportion, so no
   * proportion default, no proportion method and no clipping to [0, 1].
   */
  readonly real?: boolean;
};

/**
 * Values within `NO_SPREAD_ULPS` machine epsilons of the largest |value| of
 * each other are the same value, rounded: every input carries up to half an
 * ulp of decimal rounding (0.3 / 0.1 is 2.9999999999999996), and a quotient
 * or a difference adds half an ulp of its operands' size, so values equal in
 * exact arithmetic come out within a few ulps; Deville's form of a constant
 * y with equal pik, for one, came out near 1e-33 instead of 0, a zero-width
 * interval marked reliable. 64 ulps (1.4e-14 relative) leaves room for a few
 * such steps and lies far below any difference a label or a prediction
 * measures (its fourteenth significant digit); a spread that small would
 * give a variance near 1e-28 relative, which no interval can use. The same
 * bound on a variance, `(NO_SPREAD_ULPS eps max|y|)^2`, tells rounding from
 * spread where only the variance is known.
 */
export const NO_SPREAD_ULPS = 64;

/**
 * Whether the values `x[k]` (those with `include(k)`, all by default) are the
 * same up to rounding (see {@link NO_SPREAD_ULPS}): their range is at most
 * `NO_SPREAD_ULPS eps` times the larger of their largest |value| and `scale`
 * (the size of the operands of a difference that cancels, e.g. y and
 * lambda yhat of a residual). True for no or one value. The estimators
 * decide "no spread" with it from the data, so that a variance computed as
 * rounding noise (1e-33) and one computed as exactly 0 give the same answer.
 */
export function sameUpToRounding(
  x: ArrayLike<number>,
  scale = 0,
  include?: (k: number) => boolean,
): boolean {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < x.length; k++) {
    if (include !== undefined && !include(k)) continue;
    const v = x[k] as number;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (!(hi > lo)) return true;
  const big = Math.max(scale, Math.abs(lo), Math.abs(hi));
  return hi - lo <= NO_SPREAD_ULPS * Number.EPSILON * big;
}

/** How the warning of a `"t"` / `"wald"` interval of zero width (0/1 labels without spread) begins. */
export const ZERO_WIDTH_WARNING = "the variance estimate is 0 (the sampled labels show no spread)";

/**
 * The warning of an estimate of a proportion outside [0, 1] whose interval was
 * built for the estimate clipped to [0, 1] (so it may exclude the estimate):
 * `cause` says how the estimator got there.
 */
export function outsideUnitWarning(estimate: number, cause: string): string {
  return `the estimate ${estimate} of a proportion lies outside [0, 1] (${cause}), so the interval, built for the estimate clipped to [0, 1], may miss`;
}

/** Index of the first value of y outside [0, 1], or -1. */
function firstOutsideUnit(y: ArrayLike<number>): number {
  for (let k = 0; k < y.length; k++) {
    const v = y[k] as number;
    if (!(v >= 0 && v <= 1)) return k;
  }
  return -1;
}

/** Whether every value of y is the same. */
function allEqual(y: ArrayLike<number>): boolean {
  for (let k = 1; k < y.length; k++) if (y[k] !== y[0]) return false;
  return true;
}

/**
 * Whether `variance` is zero up to the rounding of values as large as y's
 * (either sign: the unbiased forms' rounding can leave -1e-33).
 */
function noSpread(variance: number, y: ArrayLike<number>): boolean {
  if (variance === 0) return true;
  let big = 0;
  for (let k = 0; k < y.length; k++) big = Math.max(big, Math.abs(y[k] as number));
  const tol = NO_SPREAD_ULPS * Number.EPSILON * big;
  return Math.abs(variance) <= tol * tol;
}

/**
 * Packs a point estimate and its variance into an `Estimate` whose interval
 * is the requested (or default) method's.
 *
 * - A negative variance (the unbiased SYG/HT forms can give one) says
 *   nothing usable about the error: `se` is NaN, `ci` the whole line,
 *   `reliable` false.
 * - A census (every unit labelled) is exact: zero width.
 * - A variance of rounding size (see `NO_SPREAD_ULPS`; the estimators of this
 *   folder set it to exactly 0 themselves when their data show no spread,
 *   see {@link sameUpToRounding}) is 0: reported as 0, and its interval is
 *   that of a variance of 0 below.
 * - 0/1 labels (unless `real`) are a proportion: the interval comes from
 *   `proportionInterval` and is clipped to [0, 1] (a variance of 0 takes
 *   Kish's effective size in place of `p(1 - p) / variance`). With `"t"` or
 *   `"wald"` and a variance of 0 (every label the same) that interval has
 *   zero width: it is returned as asked but `reliable` false, with a warning
 *   naming the proportion intervals that do not collapse.
 * - Labels in [0, 1] that are not all 0/1 (graded scores) get
 *   `intervalDefaults.bounded` (`"beta"`) and may ask for any design
 *   proportion method, clipped to [0, 1] as a proportion; the SRS proportion
 *   methods need 0/1 labels.
 * - Other real-valued labels get the `"t"` interval (df of the design); when their
 *   variance is 0 (up to rounding) without a census, nothing bounds the
 *   error: whole line, `reliable` false.
 * - Without a census, a design df below 1 (one sampled unit) or an effective
 *   sample size below {@link MIN_EFFECTIVE_SIZE} (one weight outweighing all
 *   the others) keeps its interval but comes back `reliable` false with a
 *   warning saying why.
 */
export function intervalEstimate(fn: string, r: IntervalRequest): Estimate {
  const { method, estimate, level, n, y, design } = r;
  if (!Number.isFinite(estimate) || !Number.isFinite(r.variance)) {
    fail(
      fn,
      `result is not finite (estimate ${estimate}, variance ${r.variance}): the values, or their weights, overflow a double; rescale y`,
    );
  }
  // no spread (every estimator zeroes the variance of a sample without spread
  // from its data; a caller's variance of rounding size counts too)
  const flat = noSpread(r.variance, y);
  const bad = r.real === true ? -1 : firstNonBinary(y);
  const binary = r.real !== true && bad < 0;
  // labels in [0, 1], not all 0/1: the design's proportion methods hold for their mean
  const outside = binary || r.real === true ? -1 : firstOutsideUnit(y);
  const unit = !binary && r.real !== true && outside < 0;
  if (!binary && (needsBinary(r.interval) || (takesUnitLabels(r.interval) && !unit))) {
    fail(
      fn,
      r.real === true
        ? `options.interval "${r.interval}" is for a proportion, not for real values; use "t" or "wald"`
        : unit
          ? `options.interval "${r.interval}" is for 0/1 labels but y[${bad}] is ${y[bad]}; for labels in [0, 1] use one of ${[...DESIGN_PROPORTION].join(", ")}, "t" or "wald"`
          : `options.interval "${r.interval}" is for a proportion (labels in [0, 1]) but y[${outside}] is ${y[outside]}; use "t" or "wald"`,
    );
  }
  const interval: IntervalMethod =
    r.interval ??
    (binary
      ? design.srs
        ? INTERVAL_DEFAULTS.srs
        : INTERVAL_DEFAULTS.design
      : unit
        ? INTERVAL_DEFAULTS.bounded
        : INTERVAL_DEFAULTS.real);
  // a mean of values in [0, 1] under a proportion method: clipped to [0, 1] as a proportion is
  const proportion = binary || (unit && DESIGN_PROPORTION.has(interval));
  // a variance of rounding size is 0 for a proportion (its interval then takes
  // Kish's size, not p(1 - p) / 1e-33) and for labels the same up to rounding;
  // real labels that differ (in their 13th digit, or strata 1e13 apart) keep
  // the variance computed, flagged below as too small to bound the error
  const variance = flat && (proportion || sameUpToRounding(y)) ? 0 : r.variance;
  const nEffective = design.nEffective ?? n;
  const base = { estimate, variance, level, n, method, df: design.df, nEffective, interval };
  if (variance < 0) {
    return {
      ...base,
      se: Number.NaN,
      ci: [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY],
      reliable: false,
      warning:
        "the variance estimate is negative, so the sample does not bound the error; use a variance form that is never negative (e.g. deville)",
    };
  }
  const se = Math.sqrt(variance);
  if (n === 0) {
    return {
      ...base,
      se,
      ci: [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY],
      reliable: false,
      warning: "the sample is empty, so it says nothing about the mean",
    };
  }
  if (design.census) {
    return { ...base, se, ci: [estimate, estimate], reliable: true, warning: "" };
  }
  if (!proportion && flat) {
    return {
      ...base,
      se,
      ci: [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY],
      reliable: false,
      warning: allEqual(y)
        ? r.real === true
          ? "every sampled unit gives the same value, so the sample cannot bound the error"
          : "every sampled unit gives the same value, so a real-valued sample cannot bound the error (0/1 labels get a proportion interval)"
        : "the design's variance estimate is 0 or of rounding size (the values differ, but not within the design's strata or beyond its certainty units, or only in their last digits), so the sample cannot bound the error",
    };
  }
  let successes: number | undefined;
  if (binary) {
    successes = 0;
    for (let k = 0; k < y.length; k++) successes += y[k] as number;
  }
  const raw = proportionInterval(
    {
      estimate,
      variance,
      n,
      df: design.df,
      ...(design.N === undefined ? {} : { N: design.N }),
      ...(successes === undefined ? {} : { successes }),
      nEffective,
    },
    interval,
    level,
  );
  const ci: [number, number] = proportion
    ? [Math.max(0, Math.min(1, raw[0])), Math.max(0, Math.min(1, raw[1]))]
    : raw;
  if (proportion && !(estimate >= 0 && estimate <= 1)) {
    return {
      ...base,
      se,
      ci,
      reliable: false,
      warning: outsideUnitWarning(
        estimate,
        "the sample's weights add up to more than the population",
      ),
    };
  }
  if (binary && flat && (interval === "t" || interval === "wald")) {
    return {
      ...base,
      se,
      ci,
      reliable: false,
      warning: `${ZERO_WIDTH_WARNING}, so the "${interval}" interval has zero width and does not bound the error; "beta" (the design default), "betaCapped" or, under SRS, "wilson" or "clopperPearson" do not collapse`,
    };
  }
  if (design.df < 1) {
    return {
      ...base,
      se,
      ci,
      reliable: false,
      warning: `the variance estimate has no degrees of freedom (df ${design.df}: one sampled unit), so the sample does not bound the error`,
    };
  }
  if (nEffective < MIN_EFFECTIVE_SIZE) {
    return { ...base, se, ci, reliable: false, warning: fewEffectiveWarning(nEffective) };
  }
  return { ...base, se, ci, reliable: true, warning: "" };
}

/**
 * The smallest effective sample size (Kish's `(sum w)^2 / sum w^2` of the
 * design weights) whose interval is trusted: below 2 one weight outweighs all
 * the others together and the variance rests on about one unit, however many
 * were sampled (four labels with weights 1e6, 2, 1.1 and 3.3 gave an interval
 * of width 5e-5 around 0.99999; R survey 4.1.1's svyciprop gives the same
 * interval, so the number stays and only the flag says so).
 */
export const MIN_EFFECTIVE_SIZE = 2;

/** The warning of an estimate whose effective sample size is below {@link MIN_EFFECTIVE_SIZE}. */
export function fewEffectiveWarning(nEffective: number): string {
  return `the sampling weights leave an effective sample size of ${Number(nEffective.toPrecision(4))} (Kish's (sum w)^2 / sum w^2, below ${MIN_EFFECTIVE_SIZE}): the variance rests on about one unit, so the interval does not bound the error`;
}

/**
 * With 0/1 labels that all agree (no failure labelled, or no pass), a
 * model-assisted or prediction-powered interval measures only the spread of
 * the predictions on the labelled units: the failures the sample missed leave
 * no trace in it (with rare failures such intervals missed in most all-pass
 * samples; test/estimate/agreeingLabels.test.ts measures coverage). This widens `ci` to contain what the labels
 * alone give for such a sample: the Clopper-Pearson bound of 0 (or
 * `nEffective`) successes in `nEffective` draws, `[0, 1 - t^(1/n')]` (or
 * `[t^(1/n'), 1]`) with t = (1 - level) / 2 two-sided, 1 - level on the one
 * side of a one-sided interval. So the interval covers whenever the
 * labels-alone interval would: under simple random sampling at least
 * `level`. The estimate is not changed. Returns `undefined` when the labels
 * are not all 0 or all 1 (or there are none), else the widened interval.
 *
 * @see Clopper, C. J. & Pearson, E. S. (1934). Biometrika 26, 404-413.
 */
export function agreeingLabelsHull(
  ci: readonly [number, number],
  y: ArrayLike<number>,
  nEffective: number,
  level: number,
  alternative: "two-sided" | "larger" | "smaller" = "two-sided",
): [number, number] | undefined {
  const n = y.length;
  if (n === 0 || !(nEffective > 0)) return undefined;
  const v = y[0] as number;
  if (v !== 0 && v !== 1) return undefined;
  for (let k = 1; k < n; k++) if (y[k] !== v) return undefined;
  const tail = alternative === "two-sided" ? (1 - level) / 2 : 1 - level;
  const edge = tail ** (1 / nEffective);
  const lo = alternative === "smaller" ? ci[0] : Math.min(ci[0], v === 0 ? 0 : edge);
  const hi = alternative === "larger" ? ci[1] : Math.max(ci[1], v === 0 ? 1 - edge : 1);
  return [lo, hi];
}

/**
 * The fewest labels of the rarer value (failures, when failures are rare) a
 * model-assisted or prediction-powered normal interval is trusted with: with 1
 * or 2 the residual variance rests on one or two terms, too few for a normal
 * (t or Wald) interval; the strategies' Korn–Graubard intervals need no such
 * rule.
 */
export const MIN_MINORITY_LABELS = 3;

/**
 * The warning for 0/1 labels whose rarer value occurs only 1 or 2 times
 * ({@link MIN_MINORITY_LABELS}), or `undefined` (real labels, labels that all
 * agree, or enough of both values).
 */
export function fewMinorityWarning(y: ArrayLike<number>): string | undefined {
  let ones = 0;
  for (let k = 0; k < y.length; k++) {
    const v = y[k] as number;
    if (v !== 0 && v !== 1) return undefined;
    ones += v;
  }
  const minority = Math.min(ones, y.length - ones);
  if (minority === 0 || minority >= MIN_MINORITY_LABELS) return undefined;
  const value = ones === minority ? 1 : 0;
  return `only ${minority} of the ${y.length} labels ${minority === 1 ? "is" : "are"} ${value}: the residual variance rests on ${minority === 1 ? "one term" : "two terms"}, so the normal interval is not reliable (fewer than ${MIN_MINORITY_LABELS}); label more units before quoting ci`;
}

/**
 * Whether the labels `y` are 0/1, at least one, and all equal: then a
 * Korn–Graubard interval gives way to {@link agreeingLabelsHull}'s rule (a
 * variance floored above p(1 - p) / n makes its effective size collapse).
 */
export function labelsAgree(y: ArrayLike<number>): boolean {
  const v = y[0];
  if (v !== 0 && v !== 1) return false;
  for (let k = 1; k < y.length; k++) if (y[k] !== v) return false;
  return true;
}

/** The method note of an interval {@link agreeingLabelsHull} widened. */
export function agreeingNote(y: ArrayLike<number>): string {
  return `; every label ${y[0] === 0 ? "0" : "1"}: interval widened to contain the labels-alone Clopper-Pearson bound`;
}

/**
 * Kish's effective sample size `(sum w)^2 / sum w^2` of weights `1 / p_k`,
 * computed on the weights relative to the largest (`min p / p_k`, in (0, 1]),
 * so that tiny probabilities cannot overflow it; 0 for no units.
 */
export function kishFromProbabilities(p: ArrayLike<number>): number {
  let least = Number.POSITIVE_INFINITY;
  for (let k = 0; k < p.length; k++) least = Math.min(least, p[k] as number);
  let s = 0;
  let s2 = 0;
  for (let k = 0; k < p.length; k++) {
    const w = least / (p[k] as number);
    s += w;
    s2 += w * w;
  }
  return s2 > 0 ? (s * s) / s2 : 0;
}
