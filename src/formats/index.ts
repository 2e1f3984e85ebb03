export { combineRuns } from "./combineRuns.js";
export type { FailureLabelsOptions } from "./failureLabels.js";
export { failureLabels } from "./failureLabels.js";
export { parseInspectEval } from "./parseInspectEval.js";
export type {
  InspectReducer,
  InspectUnscored,
  InspectUnscoredSample,
  ParseInspectLogOptions,
  ParseInspectLogResult,
} from "./parseInspectLog.js";
export { parseInspectLog, parseInspectLogDefaults } from "./parseInspectLog.js";
export type {
  ParseLmEvalSamplesOptions,
  ParseLmEvalSamplesResult,
} from "./parseLmEvalSamples.js";
export { parseLmEvalSamples, parseLmEvalSamplesDefaults } from "./parseLmEvalSamples.js";
export type {
  ParsePromptfooResultsOptions,
  ParsePromptfooResultsResult,
} from "./parsePromptfooResults.js";
export { parsePromptfooResults } from "./parsePromptfooResults.js";
export type {
  ParseSwebenchReportsOptions,
  ParseSwebenchReportsResult,
} from "./parseSwebenchReports.js";
export { parseSwebenchReports } from "./parseSwebenchReports.js";
export type {
  ParseSwebenchResultsOptions,
  ParseSwebenchResultsResult,
} from "./parseSwebenchResults.js";
export { parseSwebenchResults } from "./parseSwebenchResults.js";
export type { HarnessRuns } from "./types.js";
