export { inclusionProbabilities } from "./inclusionProbabilities.js";
export type { NeymanAllocationOptions } from "./neymanAllocation.js";
export { neymanAllocation } from "./neymanAllocation.js";
export type { PivotalOptions } from "./pivotal.js";
export { pivotal } from "./pivotal.js";
export { poisson } from "./poisson.js";
export { poissonPi2 } from "./poissonPi2.js";
export { ppsWithReplacement } from "./ppsWithReplacement.js";
export { proportionalAllocation } from "./proportionalAllocation.js";
export type { RhcResult } from "./rhc.js";
export { rhc } from "./rhc.js";
export { samplePi2 } from "./samplePi2.js";
export { srs } from "./srs.js";
export { srsPi2 } from "./srsPi2.js";
export type { StratifiedPpiAllocationOptions } from "./stratifiedPpiAllocation.js";
export {
  stratifiedPpiAllocation,
  stratifiedPpiAllocationDefaults,
} from "./stratifiedPpiAllocation.js";
export { stratifiedSrs } from "./stratifiedSrs.js";
export { systematicPi2 } from "./systematicPi2.js";
export { systematicPps } from "./systematicPps.js";
