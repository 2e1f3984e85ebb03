/**
 * `evalsift/core`: the seeded random number generator (`createRng`, `Rng`), row-major matrices (`RowMatrix`, `rowMatrix`, `getRow`) and the numeric helpers every job uses (`fsum`, `normalCdf`, `normalQuantile`).
 * @module evalsift/core
 */
export * from "../core/index.js";
