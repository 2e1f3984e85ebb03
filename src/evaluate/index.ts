export type {
  CostShareSummary,
  EvaluateSubsetInput,
  MaxErrSummary,
  SubsetEvaluation,
} from "./evaluateSubset.js";
export { evaluateSubset } from "./evaluateSubset.js";
export { iterateTemporalSplits } from "./iterateTemporalSplits.js";
export type { GridCell, GridResult, GridRow, RunGridInput } from "./runGrid.js";
export { runGrid } from "./runGrid.js";
export type { TemporalSplit, TemporalSplitsOptions } from "./temporalSplits.js";
export { temporalSplits } from "./temporalSplits.js";
