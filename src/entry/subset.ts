/**
 * `evalsift/subset`: benchmark subset selection — outcome tables and strata from past runs, geometric selectors within strata, item-response and regression estimates of the full-benchmark rate, trajectory pooling, and the temporal evaluation protocol (`temporalSplits`, `evaluateSubset`).
 * @module evalsift/subset
 */

export type {
  CostShareSummary,
  EvaluateSubsetOptions,
  EvaluateSubsetResult,
  MaxErrSummary,
  TemporalSplit,
  TemporalSplitsOptions,
} from "../evaluate/index.js";
export {
  evaluateSubset,
  iterateTemporalSplits,
  temporalSplitCount,
  temporalSplits,
  temporalSplitsDefaults,
} from "../evaluate/index.js";
export * from "../select/index.js";
export * from "../subset/index.js";
