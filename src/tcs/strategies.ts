import { balancedStrategy } from "./balancedStrategy.js";
import { d2StratStrategy } from "./d2StratStrategy.js";
import type { DeepEstOptions } from "./deepEstStrategy.js";
import { deepEstStrategy } from "./deepEstStrategy.js";
import { gbsStrategy } from "./gbsStrategy.js";
import { kCenterStratStrategy } from "./kCenterStratStrategy.js";
import type { McucbOptions } from "./mcucbStrategy.js";
import { mcucbStrategy } from "./mcucbStrategy.js";
import { pivotalStrategy } from "./pivotalStrategy.js";
import { rhcStrategy } from "./rhcStrategy.js";
import type { SequentialOptions } from "./sequentialOptions.js";
import { srsStrategy } from "./srsStrategy.js";
import { ssrsStrategy } from "./ssrsStrategy.js";
import { supsStrategy } from "./supsStrategy.js";
import { type SystematicPpsOptions, systematicPpsStrategy } from "./systematicPpsStrategy.js";
import { twoUpsStrategy } from "./twoUpsStrategy.js";
import type { RiskStrataOptions, StrataOptions, Strategy, StrategyName } from "./types.js";

/**
 * The 13 strategies of the replicated paper as the {@link strategies}
 * registry holds them, each with the options it accepts. Every value follows
 * the {@link Strategy} protocol; the algorithms, estimators and references are
 * in `docs/choosing-a-strategy.md`.
 */
export type Strategies = {
  /** SRS: simple random sampling without replacement, the feature-agnostic baseline; mean of the labels, optionally a confidence sequence (`sequential`). */
  readonly srs: Strategy<SequentialOptions>;
  /** SUPS: `budget` independent draws with probability proportional to risk, with replacement; Hansen–Hurwitz estimator. */
  readonly sups: Strategy<SequentialOptions>;
  /** RHC-S: Rao–Hartley–Cochran sampling on the risk, without replacement; the RHC estimator (the `rhc` design of `evalsift/estimate`). */
  readonly rhc: Strategy;
  /** SSRS: stratified simple random sampling on strata of the risk, Neyman allocation with the risk as the SD proxy. */
  readonly ssrs: Strategy<RiskStrataOptions>;
  /** GBS: gradient-based adaptive stratified sampling; each label goes to the stratum whose variance term drops the most. */
  readonly gbs: Strategy<RiskStrataOptions>;
  /** 2-UPS: a stratum drawn with probability proportional to its total risk, then a unit uniformly within it, with replacement. */
  readonly twoUps: Strategy<RiskStrataOptions>;
  /** DeepEST: adaptive web sampling over the risk (Guerriero et al. 2021) with its design-based estimator. */
  readonly deepEst: Strategy<DeepEstOptions>;
  /** PPSsys: fixed-size systematic PPS on the risk (the `systematicPps` design, by default in a random order per run) with the Horvitz–Thompson estimator. */
  readonly systematicPps: Strategy<SystematicPpsOptions>;
  /** Balanced: the systematic PPS design with the Hájek estimator instead of Horvitz–Thompson. */
  readonly balanced: Strategy<SystematicPpsOptions>;
  /** Pivotal: the Deville–Tillé ordered pivotal design (the `pivotal` design) on `pik` proportional to risk, Hájek estimator. */
  readonly pivotal: Strategy;
  /** MC-UCB: Carpentier & Munos' adaptive stratified sampling over fixed risk strata. */
  readonly mcucb: Strategy<McucbOptions>;
  /** D2Strat: stratified SRS on strata seeded by k-means++ (D²) on the 1-D risk. */
  readonly d2Strat: Strategy<StrataOptions>;
  /** KCenterStrat: stratified SRS on strata from Gonzalez farthest-first k-centres on the 1-D risk. */
  readonly kCenterStrat: Strategy<StrataOptions>;
};

/**
 * The 13 test-case-selection strategies of the replicated paper, by their
 * short names: `strategies.pivotal(risk, budget, rng, options)` runs the
 * `pivotal` design as an ask/tell strategy, and `--strategy pivotal` is the
 * same in the CLI (see {@link Strategies} for each one's options). A grid
 * iterates `Object.keys(strategies)`; strategies beyond the paper are in
 * {@link extraStrategies}.
 *
 * @example
 * ```ts
 * Object.keys(strategies).length; // 13
 * const y = [0, 1, 0, 0, 1, 0, 0, 0, 1, 0];
 * runStrategy(strategies.srs(new Float64Array(10), 4, createRng(1)), (i) => y[i]).estimate.estimate; // 0.5
 * ```
 */
export const strategies: Strategies = Object.freeze({
  srs: srsStrategy,
  sups: supsStrategy,
  rhc: rhcStrategy,
  ssrs: ssrsStrategy,
  gbs: gbsStrategy,
  twoUps: twoUpsStrategy,
  deepEst: deepEstStrategy,
  systematicPps: systematicPpsStrategy,
  balanced: balancedStrategy,
  pivotal: pivotalStrategy,
  mcucb: mcucbStrategy,
  d2Strat: d2StratStrategy,
  kCenterStrat: kCenterStratStrategy,
} satisfies Record<StrategyName, Strategy>);
