export type { BettingCsOptions } from "./bettingCs.js";
export { bettingCs } from "./bettingCs.js";
export type { Estimate } from "./confidenceInterval.js";
export { confidenceInterval } from "./confidenceInterval.js";
export type { ConfidenceSequence } from "./confidenceSequence.js";
export type { CrossPpiMeanOptions } from "./crossPpiMean.js";
export { crossPpiMean, crossPpiMeanDefaults } from "./crossPpiMean.js";
export type { HajekOptions } from "./hajek.js";
export { hajek } from "./hajek.js";
export type { HansenHurwitzOptions } from "./hansenHurwitz.js";
export { hansenHurwitz } from "./hansenHurwitz.js";
export type { HorvitzThompsonOptions, VarianceMethod } from "./horvitzThompson.js";
export { horvitzThompson } from "./horvitzThompson.js";
export type { HypergeometricCsOptions } from "./hypergeometricCs.js";
export { hypergeometricCs } from "./hypergeometricCs.js";
export { intervalDefaults } from "./intervalDefaults.js";
export type {
  ModelAssistedEstimator,
  ModelAssistedOptions,
  ModelAssistedResult,
} from "./modelAssisted.js";
export { modelAssisted, modelAssistedDefaults } from "./modelAssisted.js";
export type {
  PpiAlternative,
  PpiIntervalMethod,
  PpiMeanOptions,
  PpiMeanResult,
} from "./ppiMean.js";
export { ppiMean, ppiMeanDefaults } from "./ppiMean.js";
export type { IntervalMethod, ProportionIntervalInput } from "./proportionInterval.js";
export { intervalMethods, proportionInterval } from "./proportionInterval.js";
export type { RaoHartleyCochranOptions } from "./raoHartleyCochran.js";
export { raoHartleyCochran } from "./raoHartleyCochran.js";
export type { StoppingDecision, StoppingRule } from "./stoppingTime.js";
export { stoppingTime } from "./stoppingTime.js";
export type { StratifiedMeanOptions } from "./stratifiedMean.js";
export { stratifiedMean } from "./stratifiedMean.js";
export type {
  StratifiedPpiMeanOptions,
  StratifiedPpiMeanResult,
} from "./stratifiedPpiMean.js";
export { stratifiedPpiMean, stratifiedPpiMeanDefaults } from "./stratifiedPpiMean.js";
export type { WeightedBettingCsOptions } from "./weightedBettingCs.js";
export { weightedBettingCs } from "./weightedBettingCs.js";
