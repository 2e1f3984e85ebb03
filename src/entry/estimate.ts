/**
 * `evalsift/estimate`: sampling designs (srs, poisson, systematicPps, pivotal, rhc, ...), design-based estimators with their variances (horvitzThompson, hajek, hansenHurwitz, raoHartleyCochran, stratifiedMean), interval methods for proportions and confidence sequences for sequential labelling.
 * @module evalsift/estimate
 */
export * from "../design/index.js";
export * from "../estimate/index.js";
