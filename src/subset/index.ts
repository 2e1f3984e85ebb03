export type { BaselineMethodOptions, BaselineName } from "./baselineMethod.js";
export { baselineMethod } from "./baselineMethod.js";
export type { StrataHistoryOptions } from "./consistencyStrata.js";
export { consistencyStrata } from "./consistencyStrata.js";
export { crossStrata } from "./crossStrata.js";
export { difficultyStrata } from "./difficultyStrata.js";
export type { DtwOptions } from "./dtw.js";
export { dtw } from "./dtw.js";
export type {
  EmbeddingGrouping,
  EmbeddingMethodOptions,
} from "./embeddingMethod.js";
export { embeddingMethod } from "./embeddingMethod.js";
export { estimateSubset } from "./estimateSubset.js";
export * from "./irt/index.js";
export type { KmeansStrataOptions, KmeansStrataResult } from "./kmeansStrata.js";
export { kmeansStrata } from "./kmeansStrata.js";
export type { OutcomeRecord, Outcomes } from "./outcomes.js";
export { outcomes } from "./outcomes.js";
export { poolSteps } from "./poolSteps.js";
export { poolTrajectories } from "./poolTrajectories.js";
export type {
  RecommendSubsetCandidate,
  RecommendSubsetChoiceRecord,
  RecommendSubsetCv,
  RecommendSubsetMethod,
  RecommendSubsetOptions,
  RecommendSubsetResult,
  RecommendSubsetSelection,
  SubsetEstimatorModel,
  SubsetEstimatorName,
} from "./recommendSubset.js";
export {
  recommendSubset,
  recommendSubsetCandidates,
  recommendSubsetDefaults,
} from "./recommendSubset.js";
export { repositoryStrata } from "./repositoryStrata.js";
export { silhouette } from "./silhouette.js";
export type { StratifiedSubsetOptions } from "./stratifiedSubset.js";
export { stratifiedSubset } from "./stratifiedSubset.js";
export type {
  TrajectoryMissing,
  TrajectoryPooling,
  TrajectoryVectorsOptions,
  TrajectoryVectorsResult,
} from "./trajectoryVectors.js";
export { trajectoryVectors, trajectoryVectorsDefaults } from "./trajectoryVectors.js";
export type { SubsetContext, SubsetMethod } from "./types.js";
