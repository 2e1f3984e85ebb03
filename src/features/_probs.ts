/**
 * Shared validation and option handling of the output-based features.
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import { checkChoice, checkOptions, checkRowMatrix, fail, failType } from "../core/validate.js";

/** How rows of a multi-label `probs` matrix are scored. */
export type MultiLabelMode = "proxy" | "bernoulli";

/** Options shared by the output-based features. */
export type ProbsOptions = {
  /**
   * Rows are independent per-label probabilities (multi-label task) rather than
   * one distribution over `K` classes: rows need not sum to 1.
   * @defaultValue `false`
   */
  readonly multiLabel?: boolean;
  /**
   * How multi-label rows are scored (ignored unless `multiLabel` is true).
   * `"proxy"` applies the single-label formula to the row as it is, as the
   * paper does with its argmax proxy label; `"bernoulli"` scores the joint
   * distribution over the 2^K label vectors with independent labels.
   * @defaultValue `"proxy"`
   */
  readonly multiLabelMode?: MultiLabelMode;
};

/** Largest tolerated |row sum - 1| of a single-label probability row. */
export const SUM_TOLERANCE = 1e-6;

/**
 * Validates a probability matrix and the options, returning the scoring mode:
 * `"single"`, `"proxy"` or `"bernoulli"`.
 */
export function checkProbs(
  fn: string,
  probs: unknown,
  options: unknown,
  known: readonly string[],
): "single" | MultiLabelMode {
  checkRowMatrix(fn, "probs", probs);
  checkOptions(fn, options, known);
  const { multiLabel = false, multiLabelMode = "proxy" } = (options ?? {}) as ProbsOptions;
  if (typeof multiLabel !== "boolean")
    failType(fn, `options.multiLabel must be a boolean (got ${typeof multiLabel})`);
  // checked whether or not multiLabel is set: a misspelt mode is never silently ignored
  if (typeof multiLabelMode !== "string")
    failType(fn, `options.multiLabelMode must be a string (got ${typeof multiLabelMode})`);
  checkChoice(fn, "options.multiLabelMode", multiLabelMode, ["proxy", "bernoulli"] as const);
  const mode: "single" | MultiLabelMode = multiLabel ? multiLabelMode : "single";
  const { data, rows, cols } = probs;
  if (rows === 0) fail(fn, "probs has no rows");
  if (cols < 2) fail(fn, `probs must have at least 2 columns (classes or labels)`, cols);
  for (let i = 0; i < rows; i++) {
    let s = 0;
    const o = i * cols;
    for (let k = 0; k < cols; k++) {
      const p = data[o + k] as number;
      if (!(p >= 0)) fail(fn, `probs row ${i} has a negative value in column ${k}`, p);
      if (!(p <= 1)) fail(fn, `probs row ${i} has a value above 1 in column ${k}`, p);
      s += p;
    }
    if (mode === "single" && !(Math.abs(s - 1) <= SUM_TOLERANCE)) {
      fail(fn, `probs row ${i} sums to ${s}, not 1 within ${SUM_TOLERANCE}`);
    }
  }
  return mode;
}
