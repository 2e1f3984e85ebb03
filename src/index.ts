/**
 * evalsift — cheap evaluation of ML and LLM systems without wrong answers.
 *
 * The root entry holds the task-level names of the three jobs; every job has
 * its own entry with all of its names: `evalsift/estimate` (designs,
 * estimators, intervals), `evalsift/features`, `evalsift/tcs`,
 * `evalsift/subset`, `evalsift/trajectory`, `evalsift/slices`,
 * `evalsift/moea`, `evalsift/stats`, `evalsift/plot` and `evalsift/core`.
 * @module evalsift
 */
export type { Plain, Rng, RowMatrix, ToPlainOptions } from "./core/index.js";
export { createRng, getRow, rowMatrix, toPlain } from "./core/index.js";
export { inclusionProbabilities, pivotal, srs } from "./design/index.js";
export type { Estimate, IntervalMethod } from "./estimate/index.js";
export {
  hajek,
  horvitzThompson,
  intervalMethods,
  modelAssisted,
  ppiMean,
  proportionInterval,
} from "./estimate/index.js";
export type { EvaluateSubsetResult } from "./evaluate/index.js";
export { evaluateSubset } from "./evaluate/index.js";
export { toRisk } from "./features/index.js";
export type { IdentifySlicesResult } from "./slices/index.js";
export { identifySlices, rankSlices } from "./slices/index.js";
export type { Outcomes, RecommendSubsetResult } from "./subset/index.js";
export {
  baselineMethod,
  estimateSubset,
  outcomes,
  recommendSubset,
  stratifiedSubset,
  trajectoryVectors,
} from "./subset/index.js";
export type { Strategy, StrategyName, StrategyOptions } from "./tcs/index.js";
export { extraStrategies, planSampleSize, runStrategy, strategies } from "./tcs/index.js";
