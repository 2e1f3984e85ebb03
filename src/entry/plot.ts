/**
 * `evalsift/plot`: Vega-Lite specifications (plain JSON) of the reports' figures.
 * @module evalsift/plot
 */
export * from "../plot/index.js";
