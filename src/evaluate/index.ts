export type {
  CostShareSummary,
  EvaluateSubsetOptions,
  EvaluateSubsetResult,
  MaxErrSummary,
} from "./evaluateSubset.js";
export { evaluateSubset } from "./evaluateSubset.js";
export { iterateTemporalSplits } from "./iterateTemporalSplits.js";
export type { RunGridCell, RunGridOptions, RunGridResult, RunGridRow } from "./runGrid.js";
export { runGrid } from "./runGrid.js";
export type { TemporalSplit, TemporalSplitsOptions } from "./temporalSplits.js";
export { temporalSplitCount, temporalSplits, temporalSplitsDefaults } from "./temporalSplits.js";
