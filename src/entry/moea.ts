/**
 * `evalsift/moea`: a generic NSGA-II engine (ask/tell and loop), its operators and quality indicators (hypervolume, IGD, spread, knee point).
 * @module evalsift/moea
 */
export * from "../moea/index.js";
