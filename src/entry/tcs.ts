/**
 * `evalsift/tcs`: test-case selection — the strategies as ask/tell samplers (`strategies`, `extraStrategies`), `runStrategy`, `planSampleSize` and the experiment grid `runGrid`.
 * @module evalsift/tcs
 */

export type { Estimate } from "../estimate/index.js";
export type { RunGridCell, RunGridOptions, RunGridResult, RunGridRow } from "../evaluate/index.js";
export { runGrid } from "../evaluate/index.js";
export * from "../tcs/index.js";
