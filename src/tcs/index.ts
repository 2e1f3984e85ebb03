export { balancedStrategy } from "./balancedStrategy.js";
export { d2StratStrategy } from "./d2StratStrategy.js";
export type { DeepEstOptions } from "./deepEstStrategy.js";
export { deepEstStrategy } from "./deepEstStrategy.js";
export { extraStrategies } from "./extraStrategies.js";
export { gbsStrategy } from "./gbsStrategy.js";
export { kCenterStratStrategy } from "./kCenterStratStrategy.js";
export type { McucbOptions } from "./mcucbStrategy.js";
export { mcucbStrategy } from "./mcucbStrategy.js";
export type { MixtureOptions } from "./mixtureStrategy.js";
export { mixtureStrategy } from "./mixtureStrategy.js";
export { pivotalSamplingStrategy } from "./pivotalSamplingStrategy.js";
export type { PlannedDesign, PlanSampleSizeArgs, SampleSizePlan } from "./planSampleSize.js";
export { planSampleSize } from "./planSampleSize.js";
export { ppsSysStrategy } from "./ppsSysStrategy.js";
export { rhcsStrategy } from "./rhcsStrategy.js";
export type { StrategyRun } from "./runStrategy.js";
export { runStrategy } from "./runStrategy.js";
export type { SequentialOptions, SequentialRule } from "./sequentialOptions.js";
export type { SequentialPpsOptions } from "./sequentialPpsStrategy.js";
export { sequentialPpsStrategy } from "./sequentialPpsStrategy.js";
export { srsStrategy } from "./srsStrategy.js";
export { ssrsStrategy } from "./ssrsStrategy.js";
export { strategies } from "./strategies.js";
export { supsStrategy } from "./supsStrategy.js";
export { twoUpsStrategy } from "./twoUpsStrategy.js";
export type {
  RiskStrataOptions,
  StrataOptions,
  Strategy,
  StrategyName,
  StrategyOptions,
} from "./types.js";
