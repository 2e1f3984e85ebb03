import { fsum } from "../core/sum.js";
import {
  assertUnreachable,
  checkChoice,
  checkNumber,
  checkOptions,
  fail,
  failType,
  optionKeys,
  toFloat64Array,
} from "../core/validate.js";
import { inclusionProbabilities } from "../design/inclusionProbabilities.js";
import { readLevel } from "../estimate/_internal.js";
import { INTERVAL_DEFAULTS, readInterval } from "../estimate/_interval.js";
import { type IntervalMethod, proportionInterval } from "../estimate/proportionInterval.js";
import { RISK_FLOOR_HINT } from "./_checks.js";
import { quantileStrata, type Strata } from "./_strata.js";
import { allocateAtLeastTwo, stratumSds } from "./_stratified.js";

/** The designs {@link planSampleSize} can plan for, named by their strategy keys. */
export type PlannedDesign = "srs" | "sups" | "ssrs" | "systematicPps" | "balanced" | "pivotal";

const PLANNED_DESIGNS: readonly PlannedDesign[] = [
  "srs",
  "sups",
  "ssrs",
  "systematicPps",
  "balanced",
  "pivotal",
];

/** Arguments of {@link planSampleSize}. */
export type PlanSampleSizeOptions = {
  /** One non-negative finite risk per unit (its length is N). */
  readonly risk: ArrayLike<number>;
  /** The strategy whose variance formula is used. */
  readonly design: PlannedDesign;
  /** Wanted half-width of the confidence interval for the failure rate, > 0. */
  readonly targetHalfWidth: number;
  /** Confidence level in (0, 1). @defaultValue `intervalDefaults.level` (0.95) */
  readonly level?: number;
  /** Anticipated failure rate in (0, 1), e.g. from a pilot or a previous release. */
  readonly anticipatedRate: number;
  /**
   * The interval method whose half-width is planned (see `intervalMethods`); the SRS-only
   * methods need `design: "srs"`. @defaultValue the strategy's default: `"hypergeometric"` for
   * `srs`, `"beta"` otherwise
   */
  readonly interval?: IntervalMethod;
};

/** What {@link planSampleSize} returns. */
export type PlanSampleSizeResult = {
  /** The smallest number of labels whose anticipated half-width is at most the target. */
  readonly n: number;
  /** The anticipated half-width (upper - lower) / 2 of the `interval` at that n. */
  readonly halfWidth: number;
  /** The interval method planned for. */
  readonly interval: IntervalMethod;
  /** The anticipated variance V(n) of the estimate at that n. */
  readonly variance: number;
};

const ARG_KEYS = optionKeys<PlanSampleSizeOptions>()(
  "risk",
  "design",
  "targetHalfWidth",
  "level",
  "anticipatedRate",
  "interval",
);

/**
 * Number of labels a strategy needs for a confidence interval of a given
 * half-width on the failure rate, from the design's variance formula.
 *
 * Model: the labels are anticipated as independent Bernoulli(theta_i) with
 * `theta_i = min(1, c r_i)`, c chosen (by bisection) so that mean(theta) =
 * `anticipatedRate`: failures are assumed as likely as the risk says, up to
 * scale. The design variance V(n) is then replaced by its expectation under
 * this model (for a product `y_i y_j`, `theta_i theta_j`; for `y_i^2`, `theta_i`):
 * - `srs`: `(1 - n/N) S^2 / n` with `S^2 = theta (1 - theta) N / (N - 1)`
 *   (the risk is ignored).
 * - `sups` (Hansen–Hurwitz, `p_i = r_i / sum r`): exactly
 *   `(sum_i theta_i / p_i - T^2 - sum_i theta_i (1 - theta_i)) / (n N^2)`, T = sum theta_i.
 * - `ssrs`: the stratified variance `sum_h W_h^2 (1 - n_h/N_h) S_h^2 / n_h`
 *   with the strategy's own quantile strata and allocation at that n, and the
 *   expected within-stratum variance
 *   `S_h^2 = (sum_h theta_i (1 - theta_i) (1 - 1/N_h) + sum_h (theta_i - mean_h theta)^2) / (N_h - 1)`.
 * - `systematicPps` (Horvitz–Thompson) and `balanced` / `pivotal` (Hájek):
 *   Hájek's (1964) high-entropy approximation for `pik = inclusionProbabilities(r, n)`,
 *   `V = (1/N^2) [sum_i (1 - pik_i) e_i^2 / pik_i - (sum_i (1 - pik_i) e_i)^2 / sum_i pik_i (1 - pik_i)]`,
 *   with `e_i = y_i` (HT) or `y_i - theta` (Hájek, linearised), in expectation
 *   under the model. Systematic and ordered pivotal sampling are not
 *   high-entropy when the units are sorted by risk (they then stratify
 *   implicitly): for such data the plan is conservative (measured: the Hájek
 *   strategies' variance was about half the plan on a risk-sorted population,
 *   within 10% of it on a shuffled one).
 *
 * The anticipated interval at n is the `interval` method's for the estimate
 * `anticipatedRate` with variance V(n) (df n - 1, or n - H for `ssrs`, and
 * `round(anticipatedRate * n)` successes for the SRS methods); its half-width
 * is (upper - lower) / 2. The smallest n in [2, N] whose half-width is at most
 * `targetHalfWidth` is found by bisection (V decreases in n; for `ssrs` the
 * allocation's rounding, and for the exact methods the integer successes, can
 * make it wiggle by a unit or two). With the default interval, every design
 * but `srs` (exact already) and `sups` (with replacement) takes the half-width
 * at most `(N - n) / (2 N)`: the strategies cut that interval to the bounds
 * the labels prove (`finitePopulationBounds`), so a census needs no more and
 * a high sampling fraction is not refused. A PPS plan whose `pik` would leave
 * a single uncertain unit (which those strategies refuse) moves to the next
 * n. The plans are checked against the mean
 * widths measured in docs/replication/coverage.md. The plan is as good as the anticipated rate and
 * the calibration model: a risk that tracks the failures less well than
 * assumed makes the PPS designs need more labels.
 *
 * @param args - `{ risk, design, targetHalfWidth, level, anticipatedRate, interval }`, see {@link PlanSampleSizeOptions}.
 * @returns `{ n, halfWidth, interval, variance }`, see {@link PlanSampleSizeResult}.
 * @throws {TypeError} If `args` is not an object, `risk` is not a `Float64Array` or a number argument is not
 *   a number.
 * @throws {RangeError} If `risk` is empty or holds a negative or non-finite value; if `design` is unknown; if
 *   `targetHalfWidth` is not positive and finite; if `level` or `anticipatedRate` is not in (0, 1); if
 *   `interval` is unknown or SRS-only with another design; if a PPS design gets an all-zero risk (the message
 *   points at `toRisk`'s floor) or a rate that the risk's positive units cannot carry; or if no n <= N (or <=
 *   the number of positive risks, for PPS designs) reaches the target.
 * @see Cochran, W. G. (1977). Sampling Techniques, 3rd ed., §4.4 (sample size for proportions), §5.5, §9A;
 *   Hájek, J. (1964). Ann. Math. Statist. 35, 1491-1523; Tillé (2006), Sampling Algorithms, §7.
 * @example
 * ```ts
 * const risk = Float64Array.from({ length: 1000 }, (_, i) => 0.02 + (i / 1000) ** 2);
 * planSampleSize({ risk, design: "srs", targetHalfWidth: 0.05, anticipatedRate: 0.2 }).n;  // 206
 * planSampleSize({ risk, design: "ssrs", targetHalfWidth: 0.05, anticipatedRate: 0.2 }).n; // 158
 * // the normal (Wald) interval is narrower, and at small n or rare failures covers less
 * planSampleSize({ risk, design: "srs", targetHalfWidth: 0.05, anticipatedRate: 0.2, interval: "wald" }).n; // 198
 * ```
 */
export function planSampleSize(args: PlanSampleSizeOptions): PlanSampleSizeResult {
  const fn = "planSampleSize";
  if (typeof args !== "object" || args === null) failType(fn, "args must be an object");
  checkOptions(fn, args, ARG_KEYS, "input field");
  const { design, targetHalfWidth, anticipatedRate } = args;
  const risk = toFloat64Array(fn, "risk", args.risk, { min: 0, allowEmpty: false });
  const N = risk.length;
  checkNumber(fn, "targetHalfWidth", targetHalfWidth, 0, Number.POSITIVE_INFINITY, { lower: true });
  checkNumber(fn, "anticipatedRate", anticipatedRate, 0, 1, { lower: true, upper: true });
  checkChoice(fn, "design", design, PLANNED_DESIGNS);
  const level = readLevel(fn, args.level, "args.level");
  const chosen = readInterval(fn, args.interval, design === "srs");
  const interval: IntervalMethod =
    chosen ?? (design === "srs" ? INTERVAL_DEFAULTS.srs : INTERVAL_DEFAULTS.design);
  let variance: (n: number) => number;
  let strataAt = (_n: number): number => 1;
  let nMax = N;
  // the default interval of every design but srs (beta) gets finitePopulationBounds
  const bounded = chosen === undefined && design !== "srs" && design !== "sups";
  const pps = design === "systematicPps" || design === "balanced" || design === "pivotal";
  switch (design) {
    case "srs": {
      const S2 = (anticipatedRate * (1 - anticipatedRate) * N) / Math.max(1, N - 1);
      variance = (n) => ((1 - n / N) * S2) / n;
      break;
    }
    case "sups": {
      const theta = calibrate(fn, risk, anticipatedRate);
      const total = fsum(risk);
      let a = 0;
      let T = 0;
      let bern = 0;
      for (let i = 0; i < N; i++) {
        const t = theta[i] as number;
        if (t > 0) a += (t * total) / (risk[i] as number);
        T += t;
        bern += t * (1 - t);
      }
      const K = Math.max(0, a - T * T - bern) / (N * N);
      variance = (n) => K / n;
      break;
    }
    case "ssrs": {
      const theta = calibrate(fn, risk, anticipatedRate);
      variance = (n) => stratifiedVariance(risk, theta, n);
      strataAt = (n) => quantileStrata(risk, Math.min(10, Math.floor(n / 2), N)).sizes.length;
      break;
    }
    case "systematicPps":
    case "balanced":
    case "pivotal": {
      const theta = calibrate(fn, risk, anticipatedRate);
      let positive = 0;
      for (let i = 0; i < N; i++) if ((risk[i] as number) > 0) positive++;
      nMax = positive;
      const hajek = design !== "systematicPps";
      variance = (n) => highEntropyVariance(inclusionProbabilities(risk, n), theta, hajek);
      break;
    }
    default:
      return assertUnreachable(fn, design);
  }
  const half = (n: number): number => {
    const v = variance(n);
    if (!(v < Number.POSITIVE_INFINITY)) return Number.POSITIVE_INFINITY;
    const [lo, hi] = proportionInterval(
      {
        estimate: anticipatedRate,
        variance: Math.max(0, v),
        n,
        df: Math.max(1, n - strataAt(n)),
        N,
        successes: Math.round(anticipatedRate * n),
      },
      interval,
      level,
    );
    const h = (Math.min(1, hi) - Math.max(0, lo)) / 2;
    // the strategies cut a default beta interval to the bounds the labels prove
    // (finitePopulationBounds): at most (N - n) / N wide, 0 at a census
    return bounded ? Math.min(h, (N - n) / (2 * N)) : h;
  };
  // n whose pik leave a single uncertain unit are refused by the fixed-size PPS strategies
  const refused = (n: number): boolean => {
    if (!pps || n >= nMax) return false;
    let certain = 0;
    for (const p of inclusionProbabilities(risk, n)) if (p >= 1 - 1e-12) certain++;
    return n - certain === 1;
  };
  if (nMax < 2 || half(nMax) > targetHalfWidth) {
    fail(
      fn,
      `targetHalfWidth ${targetHalfWidth} cannot be reached with at most ${nMax} labels (anticipated half-width ${half(Math.max(nMax, 2))} there)`,
    );
  }
  let lo = 2;
  let hi = nMax;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (half(mid) <= targetHalfWidth) hi = mid;
    else lo = mid + 1;
  }
  while (refused(lo)) lo++;
  const v = Math.max(0, variance(lo));
  return { n: lo, halfWidth: half(lo), interval, variance: v };
}

/** theta_i = min(1, c r_i) with mean(theta) = rate (bisection on c). */
function calibrate(fn: string, risk: Float64Array, rate: number): Float64Array {
  const N = risk.length;
  let positive = 0;
  let max = 0;
  for (let i = 0; i < N; i++) {
    const r = risk[i] as number;
    if (r > 0) positive++;
    if (r > max) max = r;
  }
  if (positive === 0) fail(fn, `risk is all zeros, so no PPS design can draw; ${RISK_FLOOR_HINT}`);
  if (!(rate < positive / N)) {
    fail(
      fn,
      `anticipatedRate ${rate} needs failures among the zero-risk units (only ${positive} of ${N} have positive risk); ${RISK_FLOOR_HINT}`,
    );
  }
  const meanAt = (c: number): number => {
    let s = 0;
    for (let i = 0; i < N; i++) s += Math.min(1, c * (risk[i] as number));
    return s / N;
  };
  let lo = 0;
  let hi = 1 / max;
  while (meanAt(hi) < rate) hi *= 2;
  for (let it = 0; it < 100; it++) {
    const mid = (lo + hi) / 2;
    if (meanAt(mid) < rate) lo = mid;
    else hi = mid;
  }
  const c = (lo + hi) / 2;
  return risk.map((r) => Math.min(1, c * r));
}

/** Expected stratified variance of the ssrs strategy at budget n. */
function stratifiedVariance(risk: Float64Array, theta: Float64Array, n: number): number {
  const N = risk.length;
  const s: Strata = quantileStrata(risk, Math.min(10, Math.floor(n / 2), N));
  let need = 0;
  for (const Nh of s.sizes) need += Math.min(2, Nh);
  if (n < need) return Number.POSITIVE_INFINITY;
  const allocation = allocateAtLeastTwo(s, stratumSds(risk, s), n);
  const H = s.sizes.length;
  const sum = new Float64Array(H);
  for (let i = 0; i < N; i++) sum[s.strata[i] as number] += theta[i] as number;
  const ss = new Float64Array(H);
  for (let i = 0; i < N; i++) {
    const h = s.strata[i] as number;
    const Nh = s.sizes[h] as number;
    const t = theta[i] as number;
    const d = t - (sum[h] as number) / Nh;
    ss[h] += t * (1 - t) * (1 - 1 / Nh) + d * d;
  }
  let v = 0;
  for (let h = 0; h < H; h++) {
    const Nh = s.sizes[h] as number;
    const nh = allocation[h] as number;
    if (nh >= Nh || Nh < 2) continue;
    const W = Nh / N;
    v += (W * W * (1 - nh / Nh) * ((ss[h] as number) / (Nh - 1))) / nh;
  }
  return v;
}

/** Expected Hájek (1964) high-entropy variance of HT (or linearised Hájek) under the Bernoulli model. */
function highEntropyVariance(pik: Float64Array, theta: Float64Array, hajek: boolean): number {
  const N = pik.length;
  const tbar = hajek ? fsum(theta) / N : 0;
  let a = 0;
  let m = 0;
  let bern = 0;
  let d = 0;
  for (let i = 0; i < N; i++) {
    const p = pik[i] as number;
    if (p <= 0 || p >= 1) continue;
    const t = theta[i] as number;
    const q = 1 - p;
    // e_i = y_i - tbar: E[e_i^2] = t (1 - 2 tbar) + tbar^2, E[e_i] = t - tbar, Var[e_i] = t (1 - t)
    a += (q * (t * (1 - 2 * tbar) + tbar * tbar)) / p;
    m += q * (t - tbar);
    bern += q * q * t * (1 - t);
    d += p * q;
  }
  const v = d > 0 ? a - (m * m + bern) / d : a;
  return v / (N * N);
}
