import type { ActiveOptions } from "./activeStrategy.js";
import { activeStrategy } from "./activeStrategy.js";
import type { MixtureOptions } from "./mixtureStrategy.js";
import { mixtureStrategy } from "./mixtureStrategy.js";
import type { SequentialPpsOptions } from "./sequentialPpsStrategy.js";
import { sequentialPpsStrategy } from "./sequentialPpsStrategy.js";
import type { Strategy } from "./types.js";

/** The strategies beyond the paper as {@link extraStrategies} holds them, each with its options. */
export type ExtraStrategies = {
  /** Defensive-mixture PPS: pivotal sampling on `pik` proportional to a mixture of uniform and risk, Hájek estimator. */
  readonly mixture: Strategy<MixtureOptions>;
  /** Sequential PPS without replacement with the weighted-betting confidence sequence of Shekhar et al. (2023). */
  readonly sequentialPps: Strategy<SequentialPpsOptions>;
  /** Active inference: pivotal sampling on the calibrated predictor's SD, mixed with uniform; difference estimator. */
  readonly active: Strategy<ActiveOptions>;
};

/**
 * Strategies beyond the replicated paper, kept apart from the 13 of
 * `strategies` so that a grid over `strategies` reproduces the paper:
 * `mixture` (defensive-mixture PPS, default lambda 0.5 and Hájek
 * estimator; `extraStrategies.mixture(r, n, rng, { lambda: 0.8 })` for
 * others); `sequentialPps` (PPS without replacement,
 * drawn one at a time, with the weighted-betting confidence sequence as its
 * interval; without a `sequential` rule it uses the whole budget); `active`
 * (active inference: a pilot calibrates the score, then pivotal sampling on the
 * calibrated failure probability's SD, mixed with uniform; difference estimator).
 *
 * @example
 * ```ts
 * Object.keys(extraStrategies); // ["mixture", "sequentialPps", "active"]
 * ```
 */
export const extraStrategies: ExtraStrategies = Object.freeze({
  mixture: mixtureStrategy,
  sequentialPps: sequentialPpsStrategy,
  active: activeStrategy,
});
