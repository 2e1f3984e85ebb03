import {
  asFloat64Array,
  checkInteger,
  checkOptions,
  checkSameLength,
  fail,
  optionKeys,
  toFloat64Array,
} from "../core/validate.js";
import { checkProbabilities, readLevel } from "./_internal.js";
import {
  type IntervalRequest,
  intervalEstimate,
  kishFromProbabilities,
  readInterval,
  sameUpToRounding,
} from "./_interval.js";
import type { Estimate } from "./confidenceInterval.js";
import type { IntervalMethod } from "./proportionInterval.js";

/** Options of {@link hansenHurwitz}. */
export type HansenHurwitzOptions = {
  /** Confidence level of the interval. @defaultValue `intervalDefaults.level` (0.95) */
  readonly level?: number;
  /**
   * Interval method (one of `intervalMethods`). Default: `"beta"` (Korn–Graubard) for 0/1 labels,
   * `"beta"` for labels in [0, 1] that are not all 0/1 (`intervalDefaults.bounded`); `"t"` for other real-valued y. The SRS-only methods (`"wilson"`, `"clopperPearson"`,
   * `"hypergeometric"`, `"jeffreys"`, `"agrestiCoull"`) do not apply here.
   */
  readonly interval?: IntervalMethod;
};

const KEYS = optionKeys<HansenHurwitzOptions>()("level", "interval");

/**
 * Hansen–Hurwitz estimator of a population mean from n independent
 * with-replacement draws, with its unbiased variance estimate.
 *
 * Each draw selects unit i with probability `p_i` (the `p` of `ppsWithReplacement`,
 * summing to 1 over the population). A unit drawn twice appears twice in `y`
 * and `p`: every draw counts.
 *
 * Formula: with `t_k = y_k / p_k` for draw k, `T = (1/n) sum_k t_k` estimates the total
 * and `v(T) = sum_k (t_k - T)^2 / (n (n - 1))` its variance; the mean is `T / N`
 * with variance `v(T) / N^2`. Both are unbiased for every `p` with `p_i > 0` on every
 * population unit. `N` may be smaller than n, since draws repeat. The variance is a
 * sum of squares, never negative.
 *
 * For 0/1 labels drawn with probabilities proportional to a skewed size that
 * does not predict them, the interval covers well short of its level and no
 * flag can tell (the estimator sees only the sampled units' probabilities):
 * measured in docs/replication/coverage.md, section "The estimators called
 * directly under a skewed size"; draw through a strategy, whose risk-band
 * floor knows the whole population, to get an honest interval there. Only a
 * sample whose weights leave a Kish effective size below 2 (one weight
 * outweighing all the others: its variance rests on about one unit) comes
 * back `reliable: false`, its interval kept, with a warning.
 *
 * @param y - Values of the drawn units, one per draw (at least two draws).
 * @param p - Draw probability of each drawn unit, each in (0, 1].
 * @param N - Population size (positive integer).
 * @param options - `level` (default 0.95).
 * @returns The estimate of the mean, its variance, SE and confidence interval.
 * @throws {TypeError} If `y` or `p` is not a `Float64Array` or an array of numbers, `N` is not a number, or
 *   `options` is not an object.
 * @throws {RangeError} If a value is not finite, `p` is outside (0, 1], lengths differ, there are fewer than
 *   two draws (no variance estimate), `N` is not a positive integer, or `level` is not in (0, 1);
 *   or if `options.interval` is not one of `intervalMethods`, is SRS-only (for this design), or is a
 *   proportion method while y is not 0/1.
 * @see Hansen, M. H. & Hurwitz, W. N. (1943). On the theory of sampling from finite populations. Ann. Math. Stat. 14, 333-362.
 * @see Cochran, W. G. (1977). Sampling Techniques, 3rd ed., §9A.6. R `survey::svytotal(~y,
 *   svydesign(ids = ~1, probs = ~pn, data = d))` with `pn = n * p` and no fpc gives the same total and variance
 *   (divide both by N, N^2 for the mean).
 * @example
 * ```ts
 * const y = new Float64Array([2, 6, 4]);
 * const p = new Float64Array([0.1, 0.3, 0.3]);
 * const e = hansenHurwitz(y, p, 10); // draws give y/p = 20, 20, 13.33
 * e.estimate; // 1.777777777777778
 * e.se;       // 0.2222222222222222
 * ```
 */
export function hansenHurwitz(
  y: ArrayLike<number | boolean>,
  p: ArrayLike<number>,
  N: number,
  options: HansenHurwitzOptions = {},
): Estimate {
  return intervalEstimate("hansenHurwitz", hansenHurwitzRequest(y, p, N, options));
}

/**
 * Everything {@link hansenHurwitz} computes before its interval: checks the input
 * and returns the request `intervalEstimate` turns into an `Estimate` (also used
 * by `modelAssisted`, which builds the interval of its residuals itself).
 * @internal
 */
export function hansenHurwitzRequest(
  y: ArrayLike<number | boolean>,
  p: ArrayLike<number>,
  N: number,
  options: HansenHurwitzOptions = {},
): IntervalRequest {
  const fn = "hansenHurwitz";
  const p64 = asFloat64Array(fn, "p", p);
  const y64 = toFloat64Array(fn, "y", y, { booleans: true });
  checkProbabilities(fn, "p", p64);
  checkSameLength(fn, "y", y64, "p", p64);
  const n = y64.length;
  if (n < 2) fail(fn, `y needs at least two draws for a variance estimate (got ${n})`);
  checkInteger(fn, "N", N, 1);
  checkOptions(fn, options, KEYS);
  const lev = readLevel(fn, options.level);
  const interval = readInterval(fn, options.interval, false);
  const t = new Float64Array(n);
  let total = 0;
  for (let k = 0; k < n; k++) {
    t[k] = (y64[k] as number) / (p64[k] as number);
    total += t[k] as number;
  }
  total /= n;
  let ss = 0;
  for (let k = 0; k < n; k++) {
    const d = (t[k] as number) - total;
    ss += d * d;
  }
  // draws without spread in y / p: 0 whatever rounding left in ss
  const v = sameUpToRounding(t) ? 0 : ss / (n * (n - 1));
  return {
    method: "hansenHurwitz",
    estimate: total / N,
    variance: v / (N * N),
    level: lev,
    n,
    y: y64,
    design: { srs: false, df: n - 1, census: false, nEffective: kishFromProbabilities(p64) },
    interval,
  };
}
