import { betaQuantile } from "../core/beta.js";
import { hypergeometricInterval } from "../core/hypergeometricInterval.js";
import { normalQuantile } from "../core/normal.js";
import { studentTQuantile } from "../core/studentT.js";
import {
  assertUnreachable,
  checkChoice,
  checkInteger,
  checkLevel,
  checkNumber,
  checkOptions,
  fail,
  failType,
  optionKeys,
} from "../core/validate.js";
import { klBounds } from "./_klBounds.js";

/**
 * A confidence-interval method of {@link proportionInterval}.
 *
 * - `"wald"`, `"t"`: a real-valued y (not clipped).
 * - `"wilson"`, `"clopperPearson"`, `"hypergeometric"`, `"jeffreys"`,
 *   `"agrestiCoull"`: simple random sampling of a binary y (x successes in n).
 * - `"beta"`, `"logit"`, `"likelihood"`, `"xlogit"`, `"asin"`, `"mean"`: every
 *   design, y in [0, 1], from the design's estimate and variance (R
 *   `survey::svyciprop`); `"betaCapped"`: `"beta"` with its effective sample
 *   size never above n (the default of the `twoUps`, `d2Strat`, `rhc`, `deepEst`,
 *   `systematicPps` and `mcucb` strategies).
 */
export type IntervalMethod =
  | "wald"
  | "t"
  | "wilson"
  | "clopperPearson"
  | "hypergeometric"
  | "jeffreys"
  | "agrestiCoull"
  | "beta"
  | "betaCapped"
  | "logit"
  | "likelihood"
  | "xlogit"
  | "asin"
  | "mean";

/**
 * Every {@link IntervalMethod}, in the order of its declaration: the two
 * that take any y, the five SRS-binary ones, the six `svyciprop` ones with `"betaCapped"` after `"beta"`.
 */
export const intervalMethods: readonly IntervalMethod[] = Object.freeze([
  "wald",
  "t",
  "wilson",
  "clopperPearson",
  "hypergeometric",
  "jeffreys",
  "agrestiCoull",
  "beta",
  "betaCapped",
  "logit",
  "likelihood",
  "xlogit",
  "asin",
  "mean",
] as const);

/** What {@link proportionInterval} needs to know about an estimate. */
export type ProportionIntervalInput = {
  /** Point estimate of the mean (the proportion, for the binary and design methods). */
  readonly estimate: number;
  /** Design-based variance estimate of `estimate`, >= 0 (the estimators report a negative one as the whole line without calling this). */
  readonly variance: number;
  /** Sample size: the number of labels, an integer >= 1. */
  readonly n: number;
  /**
   * Design degrees of freedom (R `survey::degf`: n - 1, or n - H stratified), >= 0, may be
   * non-integer or Infinity; default n - 1. The t-based methods use it as given; Korn–Graubard's
   * factor (t_{n-1} / t_df)² takes it at most n - 1 (R's `degf` never exceeds that), so the factor
   * only shrinks n*. A df so near 0 that t_df overflows counts as 0.
   */
  readonly df?: number;
  /** Population size, an integer >= n; required by `"hypergeometric"`. */
  readonly N?: number;
  /** Number of y = 1 among the n, for the SRS-binary methods; default `Math.round(estimate * n)`. */
  readonly successes?: number;
  /** Effective sample size used in place of p(1-p)/variance when the variance is 0 (see {@link proportionInterval}); > 0, Infinity for a census; default n. */
  readonly nEffective?: number;
  /**
   * The quasibinomial dispersion that R's `"likelihood"` method divides the
   * deviance by (`summary(svyglm(y ~ 1, design, family = quasibinomial))$dispersion`,
   * the design-weighted variance of the Pearson residuals); > 0; default
   * n / (n - 1), its value for equal weights (SRS, proportional stratified).
   */
  readonly dispersion?: number;
};

/**
 * The methods that assume a simple random sample of 0/1 labels (x successes
 * in n). Internal: not re-exported from the package entry point.
 * @internal
 */
export const SRS_BINARY_METHODS: ReadonlySet<IntervalMethod> = new Set([
  "wilson",
  "clopperPearson",
  "hypergeometric",
  "jeffreys",
  "agrestiCoull",
]);

const clip01 = (v: number): number => Math.min(1, Math.max(0, v));
/** Above this effective size `"beta"` takes the beta quantiles' normal limit (see `bounds`). */
const BETA_NORMAL_LIMIT = 1e15;
const expit = (v: number): number => 1 / (1 + Math.exp(-v));

const INPUT_KEYS = optionKeys<ProportionIntervalInput>()(
  "estimate",
  "variance",
  "n",
  "df",
  "N",
  "successes",
  "nEffective",
  "dispersion",
);

/**
 * Confidence interval for a mean or proportion by one of fourteen methods.
 *
 * Methods (alpha = 1 - level, z = the 1 - alpha/2 normal quantile, t = the
 * 1 - alpha/2 Student t quantile with `df` degrees of freedom, se = sqrt(variance)):
 *
 * - `"wald"`: estimate ± z se. `"t"`: estimate ± t se. Any real y, not clipped.
 * - SRS, binary y, from x = `successes` out of n, clipped to [0, 1]:
 *   `"wilson"` (Wilson 1927; R `prop.test(correct = FALSE)`):
 *   (p + z²/2n ± z sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n), p = x/n;
 *   `"clopperPearson"` (1934; R `binom.test`): [qbeta(alpha/2; x, n-x+1), qbeta(1-alpha/2; x+1, n-x)],
 *   0 at x = 0 and 1 at x = n;
 *   `"jeffreys"`: the Beta(x + 1/2, n - x + 1/2) alpha/2 and 1 - alpha/2
 *   quantiles, with Brown, Cai & DasGupta's (2001) convention lower = 0 at
 *   x = 0 and upper = 1 at x = n;
 *   `"agrestiCoull"` (1998): p̃ ± z sqrt(p̃(1-p̃)/ñ), ñ = n + z², p̃ = (x + z²/2)/ñ;
 *   `"hypergeometric"`: the exact interval for SRS without replacement from a
 *   population of N (Buonaccorsi 1987; Wright 1991; Wendell & Schmee 2001):
 *   [M_L / N, M_U / N] with M_L the smallest integer M with
 *   P(X >= x | M) >= alpha/2 and M_U the largest with P(X <= x | M) >= alpha/2
 *   (1e-12 relative slack for rounding at exact ties), X ~ Hypergeometric(N, M, n);
 *   its coverage is >= level for every M.
 * - Any design, from the estimate p and variance v, matching R survey 4.x
 *   `svyciprop(~y, design, method, level)` given `svymean`'s estimate and
 *   variance, `degf(design)` as `df` and `nrow(design)` as n:
 *   `"beta"` (Korn & Graubard 1998): n* = p(1-p)/v · (t_{n-1}/t_df)², then
 *   [qbeta(alpha/2; n* p, n*(1-p) + 1), qbeta(1 - alpha/2; n* p + 1, n*(1-p))];
 *   `"betaCapped"`: the same with n* = min(n, p(1-p)/v · (t_{n-1}/t_df)²), so
 *   the interval is never shorter than Clopper–Pearson's for n p successes in n
 *   trials. Why: a design variance estimate below the binomial p(1-p)/n (a
 *   design effect below 1) is often an underestimate at small n — a weighted
 *   sample that drew few of the low-risk, large-weight units gets a low
 *   estimate and a low variance together — and then n* > n claimed more
 *   information than the sample holds (docs/replication/coverage.md: with
 *   `"beta"`, 90.8 % for `twoUps` and 91.6 % for `d2Strat` at n = 30 on
 *   CIFAR-100 model G). Capping the effective sample size at n is the
 *   truncation of the design effect at 1 in Korn & Graubard's effective
 *   sample size (used by NCHS's presentation standards for proportions,
 *   Parker et al. 2017); the cap is applied after the degrees-of-freedom
 *   factor, not before it as there: on the coverage grid the two gave the
 *   same worst-cell coverage, and capping first made `d2Strat`'s intervals
 *   (few strata, small Satterthwaite df) 29 % wider on average instead of 5 %
 *   (a one-off probe with a variant of bench/coverage.ts, not kept; the 5 %
 *   is in the committed report);
 *   `"xlogit"`: expit(logit p ± t sqrt(v)/(p(1-p))); `"logit"`: the same
 *   number — R fits svyglm(y ~ 1, family = quasibinomial), whose intercept is
 *   logit p and whose sandwich variance is exactly v/(p(1-p))², and takes a
 *   Wald interval with ddf = df (R's numbers differ by < 1e-6 relative, from
 *   glm's convergence tolerance); `"asin"`: sin²(asin sqrt p ± t sqrt(v)/(2 sqrt(p(1-p)))),
 *   the angle clipped to [0, pi/2] (R does not clip it, so its sin² folds
 *   back above 0, sometimes above p);
 *   `"mean"`: p ± t sqrt(v), clipped (R does not clip); `"likelihood"` (Rao–Scott scaled
 *   profile likelihood): {q : 2 n* KL(p || q) <= dispersion · t²}, n* = p(1-p)/v,
 *   KL the Bernoulli Kullback–Leibler divergence — R profiles the
 *   quasibinomial deviance 2n KL(p || q) divided by `dispersion` against
 *   the cut-off λ t², λ = n v/(p(1-p)) the design effect; R interpolates a
 *   spline through a few profile points (up to 0.3 % off its own exact root
 *   in the fixtures), this solves the equation exactly.
 *
 * Rules where the formulas break down (design methods), so that a sample
 * that is not a census never gets a zero-width interval:
 * - An estimate outside [0, 1] (Horvitz–Thompson can give one) is clipped
 *   into [0, 1] first, and one within 1e-12 of 0 or 1 (the rounding of an
 *   all-0 or all-1 sample's weighted mean) is taken as 0 or 1.
 * - variance = 0 with p in (0, 1) (e.g. every stratum homogeneous): v is
 *   replaced by p(1-p)/nEffective, so n* = nEffective.
 * - p = 0 or 1 (R gives NaN for all six): every design method returns the
 *   Korn–Graubard interval at n* = nEffective · (t_{n-1}/t_df)² (df at most
 *   n - 1; n* at most n for `"betaCapped"`), i.e.
 *   Clopper–Pearson's [0, 1 - (alpha/2)^(1/n*)] at p = 0 and
 *   [(alpha/2)^(1/n*), 1] at p = 1; when the estimate (an out-of-range one
 *   as given, before the clip) had a positive variance, the interval is
 *   widened to contain its t interval `estimate ± t se`, clipped to [0, 1].
 * - nEffective = Infinity (a census) gives [p, p]; df = 0 or n = 1 (no
 *   information about the variance) gives [0, 1], and `"t"` [-Infinity, Infinity].
 * - A negative variance is an error (the estimators return the whole line
 *   for one, flagged unreliable, without calling this function).
 *
 * @param input - The estimate, its variance and sample size, see {@link ProportionIntervalInput}.
 * @param method - One of {@link intervalMethods}.
 * @param level - Confidence level in the open interval (0, 1), e.g. 0.95.
 * @returns The interval `[lo, hi]`.
 * @throws {TypeError} If `input` is not an object or a field is not a number.
 * @throws {RangeError} If `level` is not in (0, 1); `method` is unknown (the
 *   message lists the methods and suggests the nearest); `estimate` or
 *   `variance` is not finite or is negative; `n` is not an integer >= 1; `df` is negative or
 *   NaN; `N` is not an integer >= n, or is missing for `"hypergeometric"`;
 *   `successes` is not an integer in [0, n]; `estimate` is outside [0, 1] for
 *   a binary method; `nEffective` or `dispersion` is not positive.
 * @see R `survey::svyciprop`, `binom.test`, `prop.test`.
 * @see Korn, E. L. & Graubard, B. I. (1998). Confidence intervals for proportions with small expected number of positive counts estimated from survey data. Survey Methodology 24, 193-201.
 * @see Brown, L. D., Cai, T. T. & DasGupta, A. (2001). Interval estimation for a binomial proportion. Statistical Science 16, 101-133.
 * @see Wright, T. (1991). Exact confidence bounds when sampling from small finite universes. Springer LNS 66.
 * @example
 * ```ts
 * const srs = { estimate: 0.2, variance: 0.016, n: 10 };
 * proportionInterval(srs, "wald", 0.95);           // [-0.04791801292182454, 0.44791801292182454]
 * proportionInterval(srs, "wilson", 0.95);         // [0.056682151454375274, 0.5098375284633582]
 * proportionInterval(srs, "clopperPearson", 0.95); // [0.025210726326833386, 0.5560954623076415]
 * proportionInterval({ ...srs, N: 40 }, "hypergeometric", 0.95); // [0.05, 0.5]
 * // no failure seen: Clopper–Pearson's upper bound 1 - 0.025^(1/10), never [0, 0]
 * proportionInterval({ estimate: 0, variance: 0, n: 10 }, "beta", 0.95); // [0, 0.3084971078187607]
 * proportionInterval(srs, "wilsn" as never, 0.95); // throws RangeError: proportionInterval: method must be one of ...
 * ```
 */
export function proportionInterval(
  input: ProportionIntervalInput,
  method: IntervalMethod,
  level: number,
): [number, number] {
  const fn = "proportionInterval";
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    failType(fn, `input must be an object (got ${input === null ? "null" : typeof input})`);
  }
  checkOptions(fn, input, INPUT_KEYS, "input field");
  checkLevel(fn, level);
  checkChoice(fn, "method", method, intervalMethods);
  const { estimate, variance, n } = input;
  checkNumber(fn, "input.estimate", estimate);
  checkNumber(fn, "input.variance", variance);
  if (variance < 0) {
    fail(
      fn,
      "input.variance must be at least 0 (a negative variance estimate bounds nothing; the estimators return the whole line for it)",
      variance,
    );
  }
  checkInteger(fn, "input.n", n, 1);
  const df = input.df ?? n - 1;
  if (typeof df !== "number") failType(fn, `input.df must be a number (got ${typeof df})`);
  if (!(df >= 0)) fail(fn, "input.df must be at least 0", df);
  const N = input.N;
  if (N !== undefined) {
    checkInteger(fn, "input.N", N, 1);
    if (N < n) fail(fn, `input.N must be at least input.n (${n})`, N);
  }
  const nEffective = input.nEffective ?? n;
  if (typeof nEffective !== "number")
    failType(fn, `input.nEffective must be a number (got ${typeof nEffective})`);
  if (!(nEffective > 0)) fail(fn, "input.nEffective must be greater than 0", nEffective);
  const dispersion = input.dispersion ?? n / (n - 1);
  if (typeof dispersion !== "number")
    failType(fn, `input.dispersion must be a number (got ${typeof dispersion})`);
  if (!(dispersion > 0)) fail(fn, "input.dispersion must be greater than 0", dispersion);
  const alpha = 1 - level;

  if (SRS_BINARY_METHODS.has(method)) {
    if (!(estimate >= 0 && estimate <= 1))
      fail(fn, `input.estimate must lie in [0, 1] for method "${method}"`, estimate);
    const x = input.successes ?? Math.round(estimate * n);
    checkInteger(fn, "input.successes", x, 0, n);
    return binaryInterval(fn, method, x, n, N, alpha);
  }
  const se = Math.sqrt(variance);
  if (method === "wald") {
    const half = upperNormal(alpha / 2) * se;
    return [estimate - half, estimate + half];
  }
  const t = df === 0 ? Number.POSITIVE_INFINITY : upperT(alpha / 2, df);
  // df = 0, or so near 0 that t overflows: the variance estimate bounds nothing
  // (t * 0 was NaN, and a zero effective size gave "beta" [0.5, 0.667] for 0.3)
  // (at a subnormal df studentTQuantile gives 0, which is no quantile either)
  if (!Number.isFinite(t) || !(t > 0)) {
    return method === "t" ? [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY] : [0, 1];
  }
  if (method === "t") return [estimate - t * se, estimate + t * se];
  if (n === 1) return [0, 1];
  return designInterval(method, estimate, variance, n, df, t, nEffective, dispersion, alpha);
}

function binaryInterval(
  fn: string,
  method: IntervalMethod,
  x: number,
  n: number,
  N: number | undefined,
  alpha: number,
): [number, number] {
  switch (method) {
    case "wilson": {
      const z = upperNormal(alpha / 2);
      const p = x / n;
      const z2n = (z * z) / n;
      const center = p + z2n / 2;
      const half = z * Math.sqrt((p * (1 - p)) / n + z2n / (4 * n));
      return [
        x === 0 ? 0 : clip01((center - half) / (1 + z2n)),
        x === n ? 1 : clip01((center + half) / (1 + z2n)),
      ];
    }
    case "clopperPearson":
      return [
        x === 0 ? 0 : betaQuantile(alpha / 2, x, n - x + 1),
        x === n ? 1 : betaQuantile(alpha / 2, x + 1, n - x, true),
      ];
    case "jeffreys":
      return [
        x === 0 ? 0 : betaQuantile(alpha / 2, x + 0.5, n - x + 0.5),
        x === n ? 1 : betaQuantile(alpha / 2, x + 0.5, n - x + 0.5, true),
      ];
    case "agrestiCoull": {
      const z = upperNormal(alpha / 2);
      const nt = n + z * z;
      const pt = (x + (z * z) / 2) / nt;
      const half = z * Math.sqrt((pt * (1 - pt)) / nt);
      return [clip01(pt - half), clip01(pt + half)];
    }
    case "hypergeometric": {
      if (N === undefined) fail(fn, 'input.N is required by method "hypergeometric"');
      const [lo, hi] = hypergeometricInterval(x, n, N, alpha / 2);
      return [lo / N, hi / N];
    }
    default:
      return fail(fn, `method "${method}" is not a binary method`);
  }
}

function designInterval(
  method: IntervalMethod,
  estimate: number,
  variance: number,
  n: number,
  df: number,
  t: number,
  nEffective: number,
  dispersion: number,
  alpha: number,
): [number, number] {
  // within 1e-12 of 0 or 1 is the rounding of an all-0 or all-1 sample's weighted mean
  const p = estimate < 1e-12 ? 0 : estimate > 1 - 1e-12 ? 1 : estimate;
  if (p === 0 || p === 1) {
    if (nEffective === Number.POSITIVE_INFINITY) return [p, p];
    const nStar = cappedSize(method, n, nEffective * kornGraubardRatio(n, df, alpha));
    // an effective size that underflowed (df near 0): no trials, no bound
    if (!(nStar > 0)) return [0, 1];
    // Clopper–Pearson at x = 0 (or n) with n* trials: 1 - (alpha/2)^(1/n*)
    const edge = -Math.expm1(Math.log(alpha / 2) / nStar);
    let lo = p === 0 ? 0 : 1 - edge;
    let hi = p === 0 ? edge : 1;
    if (variance > 0) {
      // the t interval of the estimate as it is, clipped: an estimate beyond [0, 1] by
      // several se leaves only values near the bound it passed plausible (1.2 with se 0.1:
      // [0.964, 1], the Clopper–Pearson edge), where widening around the clipped estimate
      // would also keep 0.8, which such an estimate all but rules out
      const half = t * Math.sqrt(variance);
      lo = Math.min(lo, clip01(estimate - half));
      hi = Math.max(hi, clip01(estimate + half));
    }
    return [lo, hi];
  }
  const v = variance > 0 ? variance : (p * (1 - p)) / nEffective;
  if (v === 0) return [p, p];
  const se = Math.sqrt(v);
  switch (method) {
    case "beta":
    case "betaCapped": {
      const nStar = cappedSize(method, n, ((p * (1 - p)) / v) * kornGraubardRatio(n, df, alpha));
      if (!(nStar > 0)) return [0, 1];
      if (nStar > BETA_NORMAL_LIMIT) {
        // the beta quantiles' normal limit (their skewness, about 1 / sqrt(n*), is below
        // the rounding of p here; the quantile iteration fails near n* = 1e155)
        const half = upperNormal(alpha / 2) * Math.sqrt((p * (1 - p)) / nStar);
        return [clip01(p - half), clip01(p + half)];
      }
      return [
        betaQuantile(alpha / 2, nStar * p, nStar * (1 - p) + 1),
        betaQuantile(alpha / 2, nStar * p + 1, nStar * (1 - p), true),
      ];
    }
    case "logit":
    case "xlogit": {
      const eta = Math.log(p / (1 - p));
      const half = (t * se) / (p * (1 - p));
      return [expit(eta - half), expit(eta + half)];
    }
    case "asin": {
      const angle = Math.asin(Math.sqrt(p));
      const half = (t * se) / (2 * Math.sqrt(p * (1 - p)));
      const lo = Math.max(0, angle - half);
      const hi = Math.min(Math.PI / 2, angle + half);
      return [Math.sin(lo) ** 2, Math.sin(hi) ** 2];
    }
    case "mean":
      return [clip01(p - t * se), clip01(p + t * se)];
    case "likelihood":
      return klBounds(p, (dispersion * t * t * v) / (2 * p * (1 - p)));
    case "wald":
    case "t":
    case "wilson":
    case "clopperPearson":
    case "hypergeometric":
    case "jeffreys":
    case "agrestiCoull":
      return fail("proportionInterval", `method "${method}" is not a design method`);
    default:
      return assertUnreachable("proportionInterval", method);
  }
}

/**
 * The upper `a` quantile of the standard normal, `normalQuantile(1 - a)`,
 * taken from the lower tail when 1 - a rounds to 1 (level 0.9999999999999999
 * made normalQuantile throw with its own name).
 */
function upperNormal(a: number): number {
  return 1 - a < 1 ? normalQuantile(1 - a) : -normalQuantile(a);
}

/** The upper `a` quantile of Student's t with `df` degrees of freedom, as {@link upperNormal}. */
function upperT(a: number, df: number): number {
  return 1 - a < 1 ? studentTQuantile(1 - a, df) : -studentTQuantile(a, df);
}

/** Korn–Graubard's effective sample size n*, capped at n for `"betaCapped"`. */
function cappedSize(method: IntervalMethod, n: number, nStar: number): number {
  return method === "betaCapped" ? Math.min(n, nStar) : nStar;
}

/**
 * Korn–Graubard's degrees-of-freedom factor (t_{n-1} / t_df)² at alpha/2, with
 * df taken at most n - 1 (R's `degf` never exceeds it), so the factor only
 * ever shrinks n*: above n - 1 it grew with the level (at n = 2, df =
 * Infinity, 42-fold at 0.95: [0, 0.043] for 0 of 2, where df = n - 1 gives
 * [0, 0.842]). 0 when t_df is not finite (a df near 0: no effective size).
 */
function kornGraubardRatio(n: number, df: number, alpha: number): number {
  if (df >= n - 1) return 1;
  const tdf = studentTQuantile(alpha / 2, df);
  if (!Number.isFinite(tdf)) return 0;
  const r = studentTQuantile(alpha / 2, n - 1) / tdf;
  return r * r;
}
