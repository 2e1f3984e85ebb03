import { balancedStrategy } from "./balancedStrategy.js";
import { d2StratStrategy } from "./d2StratStrategy.js";
import { deepEstStrategy } from "./deepEstStrategy.js";
import { gbsStrategy } from "./gbsStrategy.js";
import { kCenterStratStrategy } from "./kCenterStratStrategy.js";
import { mcucbStrategy } from "./mcucbStrategy.js";
import { pivotalSamplingStrategy } from "./pivotalSamplingStrategy.js";
import { ppsSysStrategy } from "./ppsSysStrategy.js";
import { rhcsStrategy } from "./rhcsStrategy.js";
import { srsStrategy } from "./srsStrategy.js";
import { ssrsStrategy } from "./ssrsStrategy.js";
import { supsStrategy } from "./supsStrategy.js";
import { twoUpsStrategy } from "./twoUpsStrategy.js";
import type { Strategy, StrategyName } from "./types.js";

/**
 * The 13 test-case-selection strategies of the replicated paper, by the names
 * the paper and issue use. Each value is the `...Strategy` export of the same
 * name (the suffix keeps them apart from the designs `srs`, `pivotal`, ... of
 * `src/design`): `srs` → {@link srsStrategy}, `sups` → {@link supsStrategy},
 * `rhcs` → {@link rhcsStrategy}, `ssrs` → {@link ssrsStrategy}, `gbs` →
 * {@link gbsStrategy}, `twoUps` → {@link twoUpsStrategy}, `deepEst` →
 * {@link deepEstStrategy}, `ppsSys` → {@link ppsSysStrategy}, `balanced` →
 * {@link balancedStrategy}, `pivotalSampling` → {@link pivotalSamplingStrategy},
 * `mcucb` → {@link mcucbStrategy}, `d2Strat` → {@link d2StratStrategy},
 * `kCenterStrat` → {@link kCenterStratStrategy}. All follow the {@link Strategy}
 * protocol; called through the record they take their default options (plus
 * `level`).
 *
 * @example
 * ```ts
 * Object.keys(strategies).length; // 13
 * const y = [0, 1, 0, 0, 1, 0, 0, 0, 1, 0];
 * runStrategy(strategies.srs(new Float64Array(10), 4, createRng(1)), (i) => y[i]).estimate.estimate; // 0.5
 * ```
 */
export const strategies: Readonly<Record<StrategyName, Strategy>> = Object.freeze({
  srs: srsStrategy,
  sups: supsStrategy,
  rhcs: rhcsStrategy,
  ssrs: ssrsStrategy,
  gbs: gbsStrategy,
  twoUps: twoUpsStrategy,
  deepEst: deepEstStrategy,
  ppsSys: ppsSysStrategy,
  balanced: balancedStrategy,
  pivotalSampling: pivotalSamplingStrategy,
  mcucb: mcucbStrategy,
  d2Strat: d2StratStrategy,
  kCenterStrat: kCenterStratStrategy,
});
