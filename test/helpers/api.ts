/**
 * Every public name of the package, from all of its entries (the root holds
 * only a task-level subset): what the TSDoc examples, the guides and the fuzz
 * harness may use without an import.
 */
export * from "../../src/entry/core.js";
export * from "../../src/entry/estimate.js";
export * from "../../src/entry/features.js";
export * from "../../src/entry/formats.js";
export * from "../../src/entry/moea.js";
export * from "../../src/entry/plot.js";
export * from "../../src/entry/slices.js";
export * from "../../src/entry/stats.js";
export * from "../../src/entry/subset.js";
export * from "../../src/entry/tcs.js";
export * from "../../src/entry/trajectory.js";
export * from "../../src/index.js";
