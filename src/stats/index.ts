export { auc } from "./auc.js";
export { aucRecallAtK } from "./aucRecallAtK.js";
export type { AverageRanksOptions } from "./averageRanks.js";
export { averageRanks } from "./averageRanks.js";
export type { CliffsDeltaResult, CliffsMagnitude } from "./cliffsDelta.js";
export { cliffsDelta } from "./cliffsDelta.js";
export type { DunnAdjust, DunnOptions, DunnResult } from "./dunn.js";
export { dunn } from "./dunn.js";
export { failuresFound } from "./failuresFound.js";
export type { FriedmanResult } from "./friedman.js";
export { friedman } from "./friedman.js";
export { holm } from "./holm.js";
export type { KruskalWallisResult } from "./kruskalWallis.js";
export { kruskalWallis } from "./kruskalWallis.js";
export { maxError } from "./maxError.js";
export type { NemenyiOptions, NemenyiResult } from "./nemenyi.js";
export { nemenyi } from "./nemenyi.js";
export { recallAtK } from "./recallAtK.js";
export { rmse } from "./rmse.js";
export type {
  WilcoxonAlternative,
  WilcoxonSignedRankOptions,
  WilcoxonSignedRankResult,
  WilcoxonZeroMethod,
} from "./wilcoxonSignedRank.js";
export { wilcoxonSignedRank } from "./wilcoxonSignedRank.js";
