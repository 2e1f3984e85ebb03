import type { Rng } from "../core/rng.js";
import { asFloat64Array, checkChoice, checkNumber, optionKeys } from "../core/validate.js";
import type { Estimate } from "../estimate/confidenceInterval.js";
import type { PreparedStrategy } from "./_askTell.js";
import { checkCommon, positiveRiskTotal } from "./_checks.js";
import { preparePpsFixed } from "./_engines.js";
import type { StrategyOptions } from "./types.js";

/** Options of `extraStrategies.mixture`. */
export type MixtureOptions = StrategyOptions & {
  /**
   * Weight lambda in [0, 1] of the risk in the size measure: 0 gives equal
   * probabilities (SRS-like), 1 pure PPS on the risk.
   * @defaultValue 0.5
   */
  readonly lambda?: number;
  /**
   * `"hajek"` (ratio, slightly biased, usually lower RMSE for 0/1 labels) or
   * `"ht"` (Horvitz–Thompson, unbiased).
   * @defaultValue "hajek"
   */
  readonly estimator?: "hajek" | "ht";
};

const MIXTURE_KEYS = optionKeys<MixtureOptions>()("level", "interval", "lambda", "estimator");

/**
 * Defensive-mixture PPS: pivotal sampling with inclusion probabilities
 * proportional to a mixture of the uniform and the risk distributions
 * (beyond the paper; registered in `extraStrategies`, not among the 13).
 *
 * Design: size `s_i = (1 - lambda) / N + lambda r_i / sum(r)`, then
 * `pik = inclusionProbabilities(s, n)` (capped at 1, summing to n) and the
 * ordered pivotal design (`pivotal` with `eps: 0`, no unit dropped); drawn when called, yielded in increasing
 * index order. With lambda < 1 every unit has `pik >= n (1 - lambda) / N`
 * (capping only raises the others), so the Horvitz–Thompson weights stay bounded by
 * `N / (n (1 - lambda))`: the defensive mixture of Hesterberg (1995) keeps the
 * failure-seeking tilt of PPS without its variance blow-up when the risk
 * misses some failures.
 *
 * Estimator: `"hajek"` (default) or `"ht"`, both with the Deville variance
 * approximation (`hajek` / `horvitzThompson` with `variance: "deville"`).
 *
 * Interval floor: with 0/1 labels of both values, every risk band (8 bands of equal total risk, each cut further wherever its risks spread more than 4-fold, so its labels come from units drawn at similar rates) whose labels all agree adds the variance of its rate shrunk towards the pooled one, or, when larger, moved a third of the way towards the label rate of the nearest riskier band with labels (safer, for a band that is all failures), so a sample that drew no failure among the low-risk, large-weight units does not claim a short interval, also when the risk does not predict failures (measured in docs/replication/coverage.md).
 * @param risk - One non-negative finite risk per unit (not all zero when lambda > 0).
 * @param budget - Sample size n, an integer in [2, N].
 * @param rng - Uniform source in [0, 1), e.g. `createRng(seed)`.
 * @param options - `lambda` (default 0.5), `estimator` (default "hajek"), `level` (default 0.95).
 * @returns An ask/tell generator (see {@link Strategy}) returning the {@link Estimate} of the mean of y.
 *   With 0/1 labels and the default interval the estimate says `reliable: false` (with a `warning`)
 *   when a single sampled failure carries it (effective number of failures, Kish's formula on the
 *   failures' weights, below 2).
 *   Whatever the labels and interval, it also says `reliable: false` when at least 1 % of the
 *   units are drawn at less than 1/21 of the uniform rate (weights above 21 N / n), where the
 *   intervals were measured to under-cover (docs/replication/deepsample.md, "CI coverage");
 *   never with `lambda` <= 20/21, whose uniform part keeps every unit above that rate.
 * @throws {TypeError} On the common strategy errors (see {@link Strategy}).
 * @throws {RangeError} On the common strategy errors (see {@link Strategy}); also if `risk` is all zero while
 *   lambda > 0 or has a positive value below 1e-200 of its total, whose weight could overflow (the message
 *   points at `toRisk`'s floor) or values whose total overflows the double range (the message says to rescale); `budget` leaves exactly one sampled unit with pik < 1; `lambda` is not in
 *   [0, 1] or `estimator` is unknown.
 * @see Hesterberg, T. (1995). Weighted average importance sampling and defensive mixture distributions. Technometrics 37, 185-194; Deville & Tillé (1998); R `sampling::UPpivotal`.
 * @example
 * ```ts
 * const risk = new Float64Array([0.1, 0.9, 0.2, 0.8, 0.5, 0.3]);
 * const y = [0, 1, 0, 1, 1, 0];
 * const run = runStrategy(extraStrategies.mixture(risk, 3, createRng(1), { lambda: 0.5 }), (i) => y[i]);
 * run.indices;           // Int32Array [1, 3, 4]
 * run.estimate.estimate; // 1
 * ```
 */
export function mixtureStrategy(
  risk: ArrayLike<number>,
  budget: number,
  rng: Rng,
  options?: MixtureOptions,
): Generator<number, Estimate, number> {
  return prepareMixture(
    asFloat64Array("extraStrategies.mixture", "risk", risk),
    budget,
    rng,
    options,
  ).start(rng);
}

/**
 * `extraStrategies.mixture` with its checks and inclusion probabilities done
 * once; `rng` is only checked (`UNCHECKED_RNG` when preparing ahead).
 * @internal
 */
export function prepareMixture(
  risk: Float64Array,
  budget: number,
  rng: unknown,
  options?: MixtureOptions,
): PreparedStrategy {
  const fn = "extraStrategies.mixture";
  const { N, est } = checkCommon(fn, risk, budget, rng, options, MIXTURE_KEYS);
  const { lambda = 0.5, estimator = "hajek" } = options ?? {};
  checkNumber(fn, "options.lambda", lambda, 0, 1);
  checkChoice(fn, "options.estimator", estimator, ["hajek", "ht"] as const);
  const total = lambda > 0 ? positiveRiskTotal(fn, risk) : 1;
  const size = risk.map((r) => (1 - lambda) / N + (lambda * r) / total);
  const method = `mixture (lambda ${lambda}, pivotal, ${estimator}, deville variance)`;
  return preparePpsFixed(fn, size, budget, est, "pivotal", estimator, method);
}
