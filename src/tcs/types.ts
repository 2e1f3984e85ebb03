import type { Rng } from "../core/rng.js";
import { optionKeys } from "../core/validate.js";
import type { Estimate } from "../estimate/confidenceInterval.js";
import type { IntervalMethod } from "../estimate/proportionInterval.js";

/** Options every strategy accepts. */
export type StrategyOptions = {
  /** Confidence level of the returned interval, in (0, 1). @defaultValue `intervalDefaults.level` (0.95) */
  readonly level?: number;
  /**
   * Interval method of the returned estimate (one of `intervalMethods`). By default, for 0/1
   * labels, `"hypergeometric"` for `srs`, `"betaCapped"` (the same with the effective sample size
   * at most n) for `twoUps`, `d2Strat`, `rhc`, `deepEst`, `systematicPps` and `mcucb`, and
   * `"beta"` (Korn–Graubard on the design's effective
   * sample size) for every other strategy, also for labels in [0, 1] that are not all 0/1
   * (graded scores, partial credit: `intervalDefaults.bounded`); `"t"` for other real-valued labels. The SRS-only methods
   * (`"wilson"`, `"clopperPearson"`, `"hypergeometric"`, `"jeffreys"`, `"agrestiCoull"`) are
   * accepted by `srs` only; an SRS proportion method makes every label a 0 or 1, a design one (`"beta"`, ...)
   * a value in [0, 1] (checked at `next(y)`).
   * The default `"beta"`/`"betaCapped"` interval of 0/1 labels also gets finite-population
   * bounds: the hull with the unlabelled units' own beta interval, cut to what the labelled
   * units prove (x / N to 1 - z / N), so that a sample of most of a small population does not
   * claim a short interval on the side of the rarer value; `method` then ends in
   * "finite-population bounds (n_d of N units labelled)". An explicit `interval` is the formula
   * asked for, without them.
   * Measured coverage: docs/replication/coverage.md.
   */
  readonly interval?: IntervalMethod;
};

/**
 * A test-case-selection strategy as an ask/tell sampler.
 *
 * `strategy(risk, budget, rng, options)` checks its arguments at once and
 * returns a generator. The first `next()` yields the 0-based index of the
 * first unit to label; every later `next(y)` delivers the label of the last
 * yielded index (1 = failure, 0 = pass, or any finite real) and yields the next
 * index; after `budget` labels the generator returns the {@link Estimate} of
 * the population MEAN of y (the failure rate for 0/1 labels). A further `next`
 * throws. A non-finite or non-number label throws (and may be re-sent
 * corrected). The sequence of indices is a deterministic function of the
 * `rng` stream and the labels received, so a session can be resumed by
 * re-creating the strategy with the same seed and replaying the labels.
 *
 * `risk` holds one non-negative finite score per unit (larger = more likely to
 * fail, e.g. from `toRisk`); `budget` is the number of labels, an integer in
 * [2, N].
 *
 * The common strategy errors, thrown by every strategy (each strategy's
 * `@throws` adds only its own conditions):
 * - `TypeError` if `risk` is not a `Float64Array` or an array of numbers,
 *   `budget` is not a number, `rng` is not a function or `options` is not an
 *   object; later, if a label is not a number.
 * - `RangeError` if `risk` is empty or holds a negative or non-finite value,
 *   `budget` is not an integer in [2, N] or `options.level` is not in (0, 1);
 *   later, if a label is not finite or `next` is called after the budget is
 *   spent.
 */
export type Strategy<O extends StrategyOptions = StrategyOptions> = (
  risk: ArrayLike<number>,
  budget: number,
  rng: Rng,
  options?: O,
) => Generator<number, Estimate, number>;

/** The names of the 13 strategies of the replicated paper, the keys of `strategies`. */
export type StrategyName =
  | "srs"
  | "sups"
  | "rhc"
  | "ssrs"
  | "gbs"
  | "twoUps"
  | "deepEst"
  | "systematicPps"
  | "balanced"
  | "pivotal"
  | "mcucb"
  | "d2Strat"
  | "kCenterStrat";

/** Options of the stratified strategies that build their strata from the risk. */
export type StrataOptions = StrategyOptions & {
  /**
   * Number of strata H before empty strata are dropped (an integer in [1, N]).
   * DeepSample, whose results the replication compares with, uses 10
   * partitions; the default drops below 10 only when the budget cannot give
   * every stratum the two labels its variance needs.
   * @defaultValue min(10, floor(budget / 2), N)
   */
  readonly strata?: number;
};

/** Options of the strategies stratified on the risk (SSRS, GBS, 2-UPS, MC-UCB). */
export type RiskStrataOptions = StrataOptions & {
  /**
   * How the strata are cut: `"quantile"` (equal counts by sorted risk, ties
   * kept together) or `"kmeans"` (one-dimensional k-means started at the
   * quantile strata's means, as DeepSample's Weka k-means partitions but
   * deterministic; use it to compare like with like with DeepSample).
   * @defaultValue "quantile"
   */
  readonly partition?: "quantile" | "kmeans";
};

/** The keys of {@link StrategyOptions}, for the unknown-option check. */
export const STRATEGY_KEYS = optionKeys<StrategyOptions>()("level", "interval");
/** The keys of {@link StrataOptions}. */
export const STRATA_KEYS = optionKeys<StrataOptions>()("level", "interval", "strata");
/** The keys of {@link RiskStrataOptions}. */
export const RISK_STRATA_KEYS = optionKeys<RiskStrataOptions>()(
  "level",
  "interval",
  "strata",
  "partition",
);
