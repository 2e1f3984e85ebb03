/**
 * `evalsift/slices`: regression localisation — agent states and behavioural signals, CASPER slice identification (`identifySlices`), change-aware slice ranking (`rankSlices`) and their baselines.
 * @module evalsift/slices
 */
export * from "../slices/index.js";
