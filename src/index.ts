/**
 * evalsift — cheap evaluation of ML and LLM systems without wrong answers.
 *
 * The public names, re-exported capability by capability. Each folder's
 * `index.ts` lists its public names explicitly; internal helpers are never
 * exported.
 * @packageDocumentation
 */
export * from "./core/index.js";
