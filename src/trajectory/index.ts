export type { Embedder } from "./embedder.js";
export type { HashingTfidfOptions } from "./hashingTfidf.js";
export { hashingTfidf } from "./hashingTfidf.js";
export type { KeynessOptions, KeynessRow } from "./keyness.js";
export { keyness } from "./keyness.js";
export type { LeakageProbeOptions, LeakageProbeResult, WeightedWord } from "./leakageProbe.js";
export { leakageProbe } from "./leakageProbe.js";
export { parseMiniSweAgent } from "./parseMiniSweAgent.js";
export { parseOpenHandsCompletion } from "./parseOpenHandsCompletion.js";
export { parseSweAgent } from "./parseSweAgent.js";
export { parseTrajectory } from "./parseTrajectory.js";
export type {
  IdentifierPatternStat,
  SanitizeOptions,
  SanitizeReport,
  SanitizeResult,
  SanitizeRuleCount,
  SanitizeRules,
  StopWordStat,
} from "./sanitize.js";
export { sanitize } from "./sanitize.js";
export type { Framework, ParseTrajectoryOptions, Step, Trajectory } from "./schema.js";
export { stepTexts } from "./stepTexts.js";
