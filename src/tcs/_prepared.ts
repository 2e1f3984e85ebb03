/**
 * The prepared form of every registered strategy, by its registry key, for
 * harnesses that run one strategy many times on one population.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import type { PreparedStrategy } from "./_askTell.js";
import { prepareActive } from "./activeStrategy.js";
import { prepareBalanced } from "./balancedStrategy.js";
import { prepareD2Strat } from "./d2StratStrategy.js";
import { prepareDeepEst } from "./deepEstStrategy.js";
import { prepareGbs } from "./gbsStrategy.js";
import { prepareKCenterStrat } from "./kCenterStratStrategy.js";
import { prepareMcucb } from "./mcucbStrategy.js";
import { prepareMixture } from "./mixtureStrategy.js";
import { preparePivotal } from "./pivotalStrategy.js";
import { prepareRhc } from "./rhcStrategy.js";
import { prepareSequentialPps } from "./sequentialPpsStrategy.js";
import { prepareSrs } from "./srsStrategy.js";
import { prepareSsrs } from "./ssrsStrategy.js";
import { prepareSups } from "./supsStrategy.js";
import { prepareSystematicPps } from "./systematicPpsStrategy.js";
import { prepareTwoUps } from "./twoUpsStrategy.js";
import type { StrategyName } from "./types.js";

/**
 * Prepares a strategy with its default options: `prepare(risk, budget,
 * UNCHECKED_RNG).start(rng)` runs exactly as `strategies[name](risk, budget, rng)`.
 */
export type Preparer = (risk: Float64Array, budget: number, rng: unknown) => PreparedStrategy;

/** The preparer of every key of `strategies` and `extraStrategies`. */
export const preparers: Readonly<
  Record<StrategyName | "mixture" | "sequentialPps" | "active", Preparer>
> = Object.freeze({
  srs: prepareSrs,
  sups: prepareSups,
  rhc: prepareRhc,
  ssrs: prepareSsrs,
  gbs: prepareGbs,
  twoUps: prepareTwoUps,
  deepEst: prepareDeepEst,
  systematicPps: prepareSystematicPps,
  balanced: prepareBalanced,
  pivotal: preparePivotal,
  mcucb: prepareMcucb,
  d2Strat: prepareD2Strat,
  kCenterStrat: prepareKCenterStrat,
  mixture: prepareMixture,
  // its design depends on the pilot's labels: only what does not is kept across runs
  active: prepareActive,
  sequentialPps: prepareSequentialPps,
});
