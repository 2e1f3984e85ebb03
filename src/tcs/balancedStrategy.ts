import type { Rng } from "../core/rng.js";
import { asFloat64Array } from "../core/validate.js";
import type { Estimate } from "../estimate/confidenceInterval.js";
import type { PreparedStrategy } from "./_askTell.js";
import { checkCommon } from "./_checks.js";
import { preparePpsFixed } from "./_engines.js";
import {
  SYSTEMATIC_KEYS,
  type SystematicPpsOptions,
  systematicDesign,
  systematicOrder,
} from "./systematicPpsStrategy.js";

/**
 * Balanced: the PPSsys design (systematic PPS with capped `pik` proportional
 * to risk) with the Hájek estimator instead of Horvitz–Thompson
 * (strategy key `balanced`).
 *
 * Design: as `strategies.systematicPps`: `pik = inclusionProbabilities(risk, n)`,
 * Madow's systematic PPS, by default in a new random order of the units every
 * run (`options.order` "random"; "given" keeps the index order, the
 * fixed-order design DeepSample runs); drawn when called, yielded in
 * increasing index order.
 *
 * Estimator: Hájek `sum_k (y_k / pik_k) / sum_k (1 / pik_k)` with the
 * linearised variance (Deville's form on the residuals, `hajek` with
 * `variance: "deville"`). The ratio makes it slightly biased (order 1/n);
 * the exact bias on small populations is measured in the tests.
 *
 * Interval floor: with 0/1 labels of both values, every risk band (8 bands of equal total risk, each cut further wherever its risks spread more than 4-fold, so its labels come from units drawn at similar rates) whose labels all agree adds the variance of its rate shrunk towards the pooled one, or, when larger, moved a third of the way towards the label rate of the nearest riskier band with labels (safer, for a band that is all failures), so a sample that drew no failure among the low-risk, large-weight units does not claim a short interval, also when the risk does not predict failures (measured in docs/replication/coverage.md).
 * @param risk - One non-negative finite risk per unit, with at least `budget` positive values.
 * @param budget - Sample size n, an integer in [2, N].
 * @param rng - Uniform source in [0, 1), e.g. `createRng(seed)`.
 * @param options - `order` (default `"random"`), `level` (default 0.95), `interval`.
 * @returns An ask/tell generator (see {@link Strategy}) returning the {@link Estimate} of the mean of y.
 *   With 0/1 labels and the default interval the estimate says `reliable: false` (with a `warning`)
 *   when a single sampled failure carries it (effective number of failures, Kish's formula on the
 *   failures' weights, below 2).
 *   Whatever the labels and interval, it also says `reliable: false` when at least 1 % of the
 *   units are drawn at less than 1/21 of the uniform rate (weights above 21 N / n), where the
 *   intervals were measured to under-cover (docs/replication/deepsample.md, "CI coverage");
 *   never with a risk from `toRisk`'s default floor.
 * @throws {TypeError} On the common strategy errors (see {@link Strategy}).
 * @throws {RangeError} On the common strategy errors (see {@link Strategy}); also if `options.order` is not
 *   "random" or "given"; if `risk` is all zero, has fewer than `budget` positive values or a positive value
 *   below 1e-200 of its total, whose weight could overflow (the message points at `toRisk`'s floor) or values whose total overflows the double range (the message says to rescale); `budget`
 *   leaves exactly one sampled unit with pik < 1.
 * @see Hájek, J. (1971), comment in Foundations of Statistical Inference, 236; Tillé (2006), Sampling Algorithms; R `survey::svymean`.
 * @example
 * ```ts
 * const risk = new Float64Array([0.1, 0.9, 0.2, 0.8, 0.5, 0.3]);
 * const y = [0, 1, 0, 1, 1, 0];
 * const run = runStrategy(strategies.balanced(risk, 3, createRng(1)), (i) => y[i]);
 * run.indices;           // Int32Array [1, 3, 4]
 * run.estimate.estimate; // 1
 * ```
 */
export function balancedStrategy(
  risk: ArrayLike<number>,
  budget: number,
  rng: Rng,
  options?: SystematicPpsOptions,
): Generator<number, Estimate, number> {
  return prepareBalanced(
    asFloat64Array("strategies.balanced", "risk", risk),
    budget,
    rng,
    options,
  ).start(rng);
}

/**
 * `strategies.balanced` with its checks and inclusion probabilities computed
 * once; `rng` is only checked (`UNCHECKED_RNG` when preparing ahead).
 * @internal
 */
export function prepareBalanced(
  risk: Float64Array,
  budget: number,
  rng: unknown,
  options?: SystematicPpsOptions,
): PreparedStrategy {
  const fn = "strategies.balanced";
  const { est } = checkCommon(fn, risk, budget, rng, options, SYSTEMATIC_KEYS);
  const order = systematicOrder(fn, options);
  const method = `balanced (systematic PPS in ${order} order, hajek, deville variance)`;
  return preparePpsFixed(fn, risk, budget, est, systematicDesign(order), "hajek", method);
}
