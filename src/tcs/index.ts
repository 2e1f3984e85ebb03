export type {
  ActiveCalibration,
  ActiveOptions,
  ActivePhaseSizes,
  ActivePhaseSizesOptions,
  ActivePilotDraw,
  ActiveSize,
  ActiveWeights,
} from "./activeStrategy.js";
export { activeDefaults, activePhaseSizes } from "./activeStrategy.js";
export type { DeepEstOptions } from "./deepEstStrategy.js";
export type { ExtraStrategies } from "./extraStrategies.js";
export { extraStrategies } from "./extraStrategies.js";
export type { McucbOptions } from "./mcucbStrategy.js";
export type { MixtureOptions } from "./mixtureStrategy.js";
export type {
  PlannedDesign,
  PlanSampleSizeOptions,
  PlanSampleSizeResult,
} from "./planSampleSize.js";
export { planSampleSize } from "./planSampleSize.js";
export type { RunStrategyResult } from "./runStrategy.js";
export { runStrategy } from "./runStrategy.js";
export type { SequentialOptions, SequentialRule } from "./sequentialOptions.js";
export type { SequentialPpsOptions } from "./sequentialPpsStrategy.js";
export type { Strategies } from "./strategies.js";
export { strategies } from "./strategies.js";
export type { SystematicPpsOptions } from "./systematicPpsStrategy.js";
export type {
  RiskStrataOptions,
  StrataOptions,
  Strategy,
  StrategyName,
  StrategyOptions,
} from "./types.js";
