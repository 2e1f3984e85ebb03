export type { AgentState, AgentStateRule, AgentStatesOptions } from "./agentStates.js";
export { agentStates } from "./agentStates.js";
export type { BehavioralSignalsOptions } from "./behavioralSignals.js";
export { behavioralSignals } from "./behavioralSignals.js";
export type { FitLogisticOptions, LogisticModel } from "./fitLogistic.js";
export { fitLogistic } from "./fitLogistic.js";
export type { StandardizerModel } from "./fitStandardizer.js";
export { fitStandardizer } from "./fitStandardizer.js";
export type { TedBaselineModel } from "./fitTedBaseline.js";
export { fitTedBaseline } from "./fitTedBaseline.js";
export type { GmmCovariance, GmmSlicesOptions, GmmSlicesResult } from "./gmmSlices.js";
export { gmmSlices, gmmSlicesDefaults } from "./gmmSlices.js";
export { huxCrossover } from "./huxCrossover.js";
export type {
  IdentifySlicesOptions,
  IdentifySlicesResult,
  SliceSolution,
} from "./identifySlices.js";
export { identifySlices, identifySlicesDefaults } from "./identifySlices.js";
export type { KmeansSlicesOptions } from "./kmeansSlices.js";
export { kmeansSlices } from "./kmeansSlices.js";
export type { MutateSlicesOptions } from "./mutateSlices.js";
export { mutateSlices } from "./mutateSlices.js";
export type { OutputConsistencyResult } from "./outputConsistency.js";
export { outputConsistency } from "./outputConsistency.js";
export { predictLogistic } from "./predictLogistic.js";
export { randomRanking } from "./randomRanking.js";
export type { SliceBounds } from "./randomSlices.js";
export { randomSlices } from "./randomSlices.js";
export type {
  ChangeCategory,
  ChangeClassifier,
  RankSlicesInput,
  RankSlicesOptions,
  RankSlicesResult,
} from "./rankSlices.js";
export { rankSlices } from "./rankSlices.js";
export type {
  RegressionPosteriorOptions,
  RegressionPosteriorResult,
} from "./regressionPosterior.js";
export { regressionPosterior } from "./regressionPosterior.js";
export { repairSlices } from "./repairSlices.js";
export { representatives } from "./representatives.js";
export { sliceCoherence } from "./sliceCoherence.js";
export { sliceObjectives } from "./sliceObjectives.js";
export { transformStandardizer } from "./standardize.js";
