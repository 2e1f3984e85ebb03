export type { AgentState, AgentStateRule, AgentStatesOptions } from "./agentStates.js";
export { agentStates } from "./agentStates.js";
export type { BehavioralSignalsOptions } from "./behavioralSignals.js";
export { behavioralSignals } from "./behavioralSignals.js";
export type { FitLogisticOptions, LogisticModel } from "./fitLogistic.js";
export { fitLogistic } from "./fitLogistic.js";
export type { Standardizer } from "./fitStandardizer.js";
export { fitStandardizer } from "./fitStandardizer.js";
export type { TedBaseline } from "./fitTedBaseline.js";
export { fitTedBaseline } from "./fitTedBaseline.js";
export { huxCrossover } from "./huxCrossover.js";
export type {
  IdentifySlicesInput,
  IdentifySlicesResult,
  SliceSolution,
} from "./identifySlices.js";
export { identifySlices } from "./identifySlices.js";
export type { KmeansSlicesOptions } from "./kmeansSlices.js";
export { kmeansSlices } from "./kmeansSlices.js";
export type { MutateSlicesOptions } from "./mutateSlices.js";
export { mutateSlices } from "./mutateSlices.js";
export type { PerSlice } from "./outputConsistency.js";
export { outputConsistency } from "./outputConsistency.js";
export { predictLogistic } from "./predictLogistic.js";
export { randomRanking } from "./randomRanking.js";
export type { SliceBounds } from "./randomSlices.js";
export { randomSlices } from "./randomSlices.js";
export type {
  ChangeCategory,
  ChangeClassifier,
  RankedSlices,
  RankSlicesInput,
  RankSlicesOptions,
} from "./rankSlices.js";
export { rankSlices } from "./rankSlices.js";
export type { RegressionPosterior, RegressionPosteriorOptions } from "./regressionPosterior.js";
export { regressionPosterior } from "./regressionPosterior.js";
export { repairSlices } from "./repairSlices.js";
export { representatives } from "./representatives.js";
export { sliceCoherence } from "./sliceCoherence.js";
export { sliceObjectives } from "./sliceObjectives.js";
export { standardize } from "./standardize.js";
