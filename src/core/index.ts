export { normalCdf, normalQuantile } from "./normal.js";
export type { Rng } from "./rng.js";
export { createRng } from "./rng.js";
export type { RowMatrix } from "./rowMatrix.js";
export { getRow, rowMatrix } from "./rowMatrix.js";
export { fsum } from "./sum.js";
export type { NonFiniteMethod, Plain, ToPlainOptions } from "./toPlain.js";
export { toPlain, toPlainDefaults } from "./toPlain.js";
