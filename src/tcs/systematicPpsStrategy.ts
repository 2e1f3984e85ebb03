import type { Rng } from "../core/rng.js";
import { asFloat64Array, checkChoice, optionKeys } from "../core/validate.js";
import type { Estimate } from "../estimate/confidenceInterval.js";
import type { PreparedStrategy } from "./_askTell.js";
import { checkCommon } from "./_checks.js";
import { preparePpsFixed } from "./_engines.js";
import type { StrategyOptions } from "./types.js";

/** Options of `strategies.systematicPps` and `strategies.balanced` (the same design). */
export type SystematicPpsOptions = StrategyOptions & {
  /**
   * The order the systematic step runs through: `"random"` (a new uniformly
   * random order of the units in every run: randomised systematic PPS, whose
   * intervals are measured in docs/replication/coverage.md) or `"given"`
   * (the units' index order, Madow's fixed-order design as in DeepSample:
   * on a fixed population only about N / n distinct samples exist, so the
   * coverage of its interval depends on how the order meets y).
   * @defaultValue "random"
   */
  readonly order?: "random" | "given";
};

/** The keys of {@link SystematicPpsOptions} (also `strategies.balanced`'s). @internal */
export const SYSTEMATIC_KEYS = optionKeys<SystematicPpsOptions>()("level", "interval", "order");

/** `options.order`, checked: "random" (the default) or "given". @internal */
export function systematicOrder(
  fn: string,
  options: SystematicPpsOptions | undefined,
): "random" | "given" {
  const order = options?.order ?? "random";
  checkChoice(fn, "options.order", order, ["random", "given"]);
  return order;
}

/** The engine's name of the systematic design in that order. @internal */
export function systematicDesign(order: "random" | "given"): "randomSystematic" | "systematic" {
  return order === "random" ? "randomSystematic" : "systematic";
}

/**
 * PPSsys: fixed-size systematic PPS sampling on the risk with the
 * Horvitz–Thompson estimator (strategy key `systematicPps`).
 *
 * Design: `pik_i = min(1, n r_i / sum(r))` with iterated capping
 * (`inclusionProbabilities`: units reaching 1 are fixed at 1 and the others
 * rescaled until none exceeds 1, so `sum(pik) = n` exactly), then Madow's
 * systematic PPS (`systematicPps`) with one random start, by default in a new
 * random order of the units every run (randomised systematic PPS, Goodman &
 * Kish 1950; Hartley & Rao 1962: `options.order` "random"), or in the units'
 * given order (`order: "given"`, the fixed-order design DeepSample runs); drawn
 * when the strategy is called, yielded in increasing index order. The random
 * order was made the default because the fixed order undercovered on one
 * population of the coverage grid (docs/replication/coverage.md) while the
 * random one keeps the same pik and mean width.
 * Units with zero risk are never drawn (the estimate then ignores them; use
 * `toRisk`'s floor).
 *
 * Estimator: Horvitz–Thompson `(1/N) sum_k y_k / pik_k`, unbiased. Systematic
 * sampling has zero joint inclusion probabilities, so no unbiased variance
 * estimator exists; the variance is Deville's approximation for high-entropy
 * designs (`horvitzThompson` with `variance: "deville"`), which suits the
 * random order; in the given order it is conservative or anti-conservative
 * depending on how the data order interacts with the systematic step.
 *
 * Interval floor: with 0/1 labels of both values, every risk band (8 bands of equal total risk, each cut further wherever its risks spread more than 4-fold, so its labels come from units drawn at similar rates) whose labels all agree adds the variance of its rate shrunk towards the pooled one, or, when larger, moved a third of the way towards the label rate of the nearest riskier band with labels (safer, for a band that is all failures), so a sample that drew no failure among the low-risk, large-weight units does not claim a short interval, also when the risk does not predict failures (measured in docs/replication/coverage.md).
 *
 * Interval: by default (0/1 labels) `"betaCapped"`, Korn–Graubard with its effective sample size
 * capped at n, not `"beta"`: `"beta"`'s worst cell of the coverage grid was within two Monte Carlo
 * standard errors of the 93 % floor, the capped one's clears it by more (measured in
 * docs/replication/coverage.md); labels in [0, 1] that are not all 0/1 (graded scores) the uncapped `"beta"`, other real-valued labels a t interval.
 * @param risk - One non-negative finite risk per unit, with at least `budget` positive values.
 * @param budget - Sample size n, an integer in [2, N].
 * @param rng - Uniform source in [0, 1), e.g. `createRng(seed)`.
 * @param options - `order` (default `"random"`), `level` (default 0.95), `interval`.
 * @returns An ask/tell generator (see {@link Strategy}) returning the {@link Estimate} of the mean of y.
 *   With 0/1 labels and the default interval the estimate says `reliable: false` (with a `warning`)
 *   when a single sampled failure carries it (effective number of failures, Kish's formula on the
 *   failures' weights 1/pik, below 2): the variance then rests on one term.
 *   Whatever the labels and interval, it also says `reliable: false` when at least 1 % of the
 *   units are drawn at less than 1/21 of the uniform rate (weights above 21 N / n), where the
 *   intervals were measured to under-cover (docs/replication/deepsample.md, "CI coverage");
 *   never with a risk from `toRisk`'s default floor.
 * @throws {TypeError} On the common strategy errors (see {@link Strategy}).
 * @throws {RangeError} On the common strategy errors (see {@link Strategy}); also if `options.order` is not
 *   "random" or "given"; if `risk` is all zero, has fewer than `budget` positive values or a positive value
 *   below 1e-200 of its total, whose weight could overflow (the message points at `toRisk`'s floor) or values whose total overflows the double range (the message says to rescale); `budget`
 *   leaves exactly one sampled unit with pik < 1.
 * @see Madow, W. G. (1949). Ann. Math. Statist. 20, 333-354; Horvitz & Thompson (1952). JASA 47, 663-685; R `sampling::UPsystematic`, `sampling::HTestimator`.
 * @example
 * ```ts
 * const risk = new Float64Array([0.1, 0.9, 0.2, 0.8, 0.5, 0.3]);
 * const y = [0, 1, 0, 1, 1, 0];
 * const run = runStrategy(strategies.systematicPps(risk, 3, createRng(1)), (i) => y[i]);
 * run.indices;           // Int32Array [1, 3, 4]
 * run.estimate.estimate; // 0.6783950617283949
 * ```
 */
export function systematicPpsStrategy(
  risk: ArrayLike<number>,
  budget: number,
  rng: Rng,
  options?: SystematicPpsOptions,
): Generator<number, Estimate, number> {
  return prepareSystematicPps(
    asFloat64Array("strategies.systematicPps", "risk", risk),
    budget,
    rng,
    options,
  ).start(rng);
}

/**
 * `strategies.systematicPps` with its checks and inclusion probabilities computed
 * once; `rng` is only checked (`UNCHECKED_RNG` when preparing ahead).
 * @internal
 */
export function prepareSystematicPps(
  risk: Float64Array,
  budget: number,
  rng: unknown,
  options?: SystematicPpsOptions,
): PreparedStrategy {
  const fn = "strategies.systematicPps";
  const { est } = checkCommon(fn, risk, budget, rng, options, SYSTEMATIC_KEYS);
  const order = systematicOrder(fn, options);
  const method = `systematicPps (${order} order, horvitzThompson, deville variance)`;
  return preparePpsFixed(fn, risk, budget, est, systematicDesign(order), "ht", method, true);
}
