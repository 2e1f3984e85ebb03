import type { Rng } from "../core/rng.js";
import { asFloat64Array } from "../core/validate.js";
import type { Estimate } from "../estimate/confidenceInterval.js";
import type { PreparedStrategy } from "./_askTell.js";
import { checkCommon } from "./_checks.js";
import { preparePpsFixed } from "./_engines.js";
import { STRATEGY_KEYS, type StrategyOptions } from "./types.js";

/**
 * Pivotal: the Deville–Tillé ordered pivotal design on `pik` proportional to
 * risk, with the Hájek estimator (strategy key `pivotal`; the export
 * is not called `pivotal` because that name is the design in `src/design`).
 *
 * Design: `pik = inclusionProbabilities(risk, n)` (capped at 1, summing to
 * n), then `pivotal(pik, rng, { eps: 0 })`: duels in the units' given order;
 * drawn when called, yielded in increasing index order. `eps: 0` keeps every
 * unit with a positive pik selectable (R's default 1e-6 would drop units with a
 * tiny risk and bias the estimator).
 *
 * Estimator: Hájek `sum_k (y_k / pik_k) / sum_k (1 / pik_k)` with the
 * linearised Deville variance (`hajek` with `variance: "deville"`); slightly
 * biased (order 1/n), measured exactly in the tests.
 *
 * Interval floor: with 0/1 labels of both values, every risk band (8 bands of equal total risk, each cut further wherever its risks spread more than 4-fold, so its labels come from units drawn at similar rates) whose labels all agree adds the variance of its rate shrunk towards the pooled one, or, when larger, moved a third of the way towards the label rate of the nearest riskier band with labels (safer, for a band that is all failures), so a sample that drew no failure among the low-risk, large-weight units does not claim a short interval, also when the risk does not predict failures (measured in docs/replication/coverage.md).
 * @param risk - One non-negative finite risk per unit, with at least `budget` positive values.
 * @param budget - Sample size n, an integer in [2, N].
 * @param rng - Uniform source in [0, 1), e.g. `createRng(seed)`.
 * @param options - `level` (default 0.95).
 * @returns An ask/tell generator (see {@link Strategy}) returning the {@link Estimate} of the mean of y.
 *   With 0/1 labels and the default interval the estimate says `reliable: false` (with a `warning`)
 *   when a single sampled failure carries it (effective number of failures, Kish's formula on the
 *   failures' weights, below 2).
 *   Whatever the labels and interval, it also says `reliable: false` when at least 1 % of the
 *   units are drawn at less than 1/21 of the uniform rate (weights above 21 N / n), where the
 *   intervals were measured to under-cover (docs/replication/deepsample.md, "CI coverage");
 *   never with a risk from `toRisk`'s default floor.
 * @throws {TypeError} On the common strategy errors (see {@link Strategy}).
 * @throws {RangeError} On the common strategy errors (see {@link Strategy}); also if `risk` is all zero, has
 *   fewer than `budget` positive values or a positive value below 1e-200 of its total, whose weight could
 *   overflow (the message points at `toRisk`'s floor) or values whose total overflows the double range (the message says to rescale); `budget` leaves exactly one sampled unit with pik < 1.
 * @see Deville, J.-C. & Tillé, Y. (1998). Biometrika 85, 89-101; R `sampling::UPpivotal`; Hájek (1971).
 * @example
 * ```ts
 * const risk = new Float64Array([0.1, 0.9, 0.2, 0.8, 0.5, 0.3]);
 * const y = [0, 1, 0, 1, 1, 0];
 * const run = runStrategy(strategies.pivotal(risk, 3, createRng(1)), (i) => y[i]);
 * run.indices;           // Int32Array [1, 3, 5]
 * run.estimate.estimate; // 0.41463414634146334
 * ```
 */
export function pivotalStrategy(
  risk: ArrayLike<number>,
  budget: number,
  rng: Rng,
  options?: StrategyOptions,
): Generator<number, Estimate, number> {
  return preparePivotal(
    asFloat64Array("strategies.pivotal", "risk", risk),
    budget,
    rng,
    options,
  ).start(rng);
}

/**
 * `strategies.pivotal` with its checks and inclusion probabilities computed
 * once; `rng` is only checked (`UNCHECKED_RNG` when preparing ahead).
 * @internal
 */
export function preparePivotal(
  risk: Float64Array,
  budget: number,
  rng: unknown,
  options?: StrategyOptions,
): PreparedStrategy {
  const fn = "strategies.pivotal";
  const { est } = checkCommon(fn, risk, budget, rng, options, STRATEGY_KEYS);
  const method = "pivotal (hajek, deville variance)";
  return preparePpsFixed(fn, risk, budget, est, "pivotal", "hajek", method);
}
