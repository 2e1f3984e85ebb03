/**
 * `evalsift/stats`: error metrics (rmse, maxError, recallAtK, aucRecallAtK, failuresFound) and the tests of the replication reports (friedman, nemenyi, wilcoxonSignedRank, holm, cliffsDelta, kruskalWallis, dunn).
 * @module evalsift/stats
 */
export * from "../stats/index.js";
