/**
 * evalsift — cheap evaluation of ML and LLM systems without wrong answers.
 *
 * The public names, re-exported capability by capability. Each folder's
 * `index.ts` lists its public names explicitly; internal helpers are never
 * exported.
 * @packageDocumentation
 */
export * from "./core/index.js";
export * from "./design/index.js";
export * from "./estimate/index.js";
export * from "./evaluate/index.js";
export * from "./features/index.js";
export * from "./formats/index.js";
export * from "./moea/index.js";
export * from "./plot/index.js";
export * from "./select/index.js";
export * from "./slices/index.js";
export * from "./stats/index.js";
export * from "./subset/index.js";
export * from "./tcs/index.js";
export * from "./trajectory/index.js";
