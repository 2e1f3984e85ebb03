import type { Rng } from "../core/rng.js";
import { asFloat64Array } from "../core/validate.js";
import type { Estimate } from "../estimate/confidenceInterval.js";
import type { PreparedStrategy } from "./_askTell.js";
import { checkCommon, positiveRiskTotal, readStrataCount } from "./_checks.js";
import { preparePpsWithReplacement } from "./_engines.js";
import { riskStrata } from "./_strata.js";
import { RISK_STRATA_KEYS, type RiskStrataOptions } from "./types.js";

/**
 * 2-UPS: two-stage unequal probability sampling WITH replacement — a stratum
 * drawn with probability proportional to its total risk, then a unit uniformly
 * within it (strategy key `twoUps`).
 *
 * Strata: quantile strata of the risk, as in `strategies.ssrs`
 * (H = `options.strata`, default min(10, floor(budget / 2))). Each of the `budget` independent draws
 * picks stratum h with probability `Q_h = R_h / R` (`R_h` its risk total) and
 * then a uniform unit of it, so unit i in stratum h is drawn with probability
 * `p_i = Q_h / N_h`; the draws are made at once by `ppsWithReplacement(p)`,
 * which has exactly this distribution, and yielded in increasing index order.
 * A unit drawn twice is yielded twice and each draw counts once against the
 * budget (send the same label again). A stratum with zero total risk is never
 * drawn (use `toRisk`'s floor for unbiasedness).
 *
 * Estimator: Hansen–Hurwitz with `p_i = Q_h / N_h`, unbiased, with its
 * unbiased variance estimator. DeepSample's implementation draws units without
 * replacement inside the chosen stratum and rescales per-stratum failure rates
 * (its published 2-UPS results with the confidence feature have an RMSE of
 * 0.75); this follows the paper's description instead.
 *
 * Interval: by default (0/1 labels) `"betaCapped"`, Korn–Graubard with its effective sample size
 * capped at n, not the `"beta"` of the other weighted strategies: the Hansen–Hurwitz variance of a
 * small sample that drew few low-risk, large-weight units is low exactly when the estimate is, and
 * `"beta"` covered 90.8 % at n = 30 on CIFAR-100 model G (34 % failures); the cap costs about 5 %
 * of mean width over the coverage grid (measured in docs/replication/coverage.md).
 *
 * Interval floor: with 0/1 labels of both values, every risk band (8 bands of equal total risk, each cut further wherever its risks spread more than 4-fold, so its labels come from units drawn at similar rates) whose labels all agree adds the variance of its rate shrunk towards the pooled one, or, when larger, moved a third of the way towards the label rate of the nearest riskier band with labels (safer, for a band that is all failures), so a sample that drew no failure among the low-risk, large-weight units does not claim a short interval, also when the risk does not predict failures (measured in docs/replication/coverage.md).
 * @param risk - One non-negative finite risk per unit, not all zero.
 * @param budget - Number of draws (labels) n, an integer in [2, N].
 * @param rng - Uniform source in [0, 1), e.g. `createRng(seed)`.
 * @param options - `strata` (default min(10, floor(budget / 2), N)), `partition` (default "quantile"), `level` (default 0.95).
 * @returns An ask/tell generator (see {@link Strategy}) returning the {@link Estimate} of the mean of y.
 *   With 0/1 labels and the default interval the estimate says `reliable: false` (with a `warning`)
 *   when a single sampled failure carries it (effective number of failures, Kish's formula on the
 *   failures' weights, below 2).
 *   Whatever the labels and interval, it also says `reliable: false` when at least 1 % of the
 *   units are drawn at less than 1/21 of the uniform rate (weights above 21 N / n), where the
 *   intervals were measured to under-cover (docs/replication/deepsample.md, "CI coverage");
 *   never with a risk from `toRisk`'s default floor.
 * @throws {TypeError} On the common strategy errors (see {@link Strategy}).
 * @throws {RangeError} On the common strategy errors (see {@link Strategy}); also if `risk` is all zero or
 *   has a positive value below 1e-200 of its total, whose weight could overflow (the message points at
 *   `toRisk`'s floor) or values whose total overflows the double range (the message says to rescale); `options.strata` is not an integer in [1, N] or `options.partition` is unknown.
 * @see Guerriero, A., Pietrantuono, R. & Russo, S. (2024). DeepSample, ICSE; Hansen & Hurwitz (1943); Lohr (2021), §6.2.
 * @example
 * ```ts
 * const risk = new Float64Array([0.1, 0.9, 0.2, 0.8, 0.5, 0.3, 0.7, 0.4]);
 * const y = [0, 1, 0, 1, 1, 0, 1, 0];
 * const run = runStrategy(strategies.twoUps(risk, 4, createRng(1), { strata: 2 }), (i) => y[i]);
 * run.indices;           // Int32Array [0, 1, 4, 4]
 * run.estimate.estimate; // 0.5043103448275861
 * ```
 */
export function twoUpsStrategy(
  risk: ArrayLike<number>,
  budget: number,
  rng: Rng,
  options?: RiskStrataOptions,
): Generator<number, Estimate, number> {
  return prepareTwoUps(
    asFloat64Array("strategies.twoUps", "risk", risk),
    budget,
    rng,
    options,
  ).start(rng);
}

/**
 * `strategies.twoUps` with its checks, strata and draw probabilities done
 * once; `rng` is only checked (`UNCHECKED_RNG` when preparing ahead).
 * @internal
 */
export function prepareTwoUps(
  risk: Float64Array,
  budget: number,
  rng: unknown,
  options?: RiskStrataOptions,
): PreparedStrategy {
  const fn = "strategies.twoUps";
  const { N, est } = checkCommon(fn, risk, budget, rng, options, RISK_STRATA_KEYS);
  const H = readStrataCount(fn, options?.strata, N, budget);
  const total = positiveRiskTotal(fn, risk);
  const s = riskStrata(fn, risk, H, options?.partition);
  const riskOf = new Float64Array(s.sizes.length);
  for (let i = 0; i < N; i++) riskOf[s.strata[i] as number] += risk[i] as number;
  const p = Float64Array.from(
    s.strata,
    (h) => (riskOf[h] as number) / total / (s.sizes[h] as number),
  );
  return preparePpsWithReplacement(fn, p, budget, N, est, "twoUps (hansenHurwitz)", true);
}
