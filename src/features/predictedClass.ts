import type { RowMatrix } from "../core/rowMatrix.js";
import { asRowMatrix, optionKeys } from "../core/validate.js";
import { checkProbs, type ProbsOptions } from "./_probs.js";

const KEYS = optionKeys<PredictedClassOptions>()("multiLabel");

/** Options of {@link predictedClass}. */
export type PredictedClassOptions = Pick<ProbsOptions, "multiLabel">;

/**
 * Predicted (proxy) class of every input: the argmax of its probability row.
 *
 * Algorithm: `ŷ(x) = argmax_k p_k(x)`, ties broken towards the lowest class
 * index (as `numpy.argmax`). For multi-label rows this is the paper's proxy
 * label, used only to pick the class whose training statistics the surprise
 * features ({@link lsa}, {@link dsa}, {@link mdsa}) compare against.
 *
 * @param probs - N x K matrix, one row of class (or label) probabilities per input, K >= 2.
 * @param options - `multiLabel` (default `false`): rows need not sum to 1.
 * @returns 0-based class index per input.
 * @throws {RangeError} If `probs` has no rows, fewer than 2 columns, a value outside
 *   [0, 1] or NaN, or (single-label) a row whose sum differs from 1 by more than 1e-6;
 *   the message names the row.
 * @throws {TypeError} If `probs` is not a `RowMatrix` or a `number[][]` or an option has the wrong type.
 * @see numpy.argmax
 * @example
 * ```ts
 * predictedClass(rowMatrix([[0.2, 0.8], [0.5, 0.5]])); // Int32Array [1, 0]
 * ```
 */
export function predictedClass(
  probs: RowMatrix | readonly ArrayLike<number>[],
  options?: PredictedClassOptions,
): Int32Array {
  const probsMatrix = asRowMatrix("predictedClass", "probs", probs);
  checkProbs("predictedClass", probsMatrix, options, KEYS);
  const { data, rows, cols } = probsMatrix;
  const out = new Int32Array(rows);
  for (let i = 0; i < rows; i++) {
    const o = i * cols;
    let best = data[o] as number;
    let arg = 0;
    for (let k = 1; k < cols; k++) {
      const p = data[o + k] as number;
      if (p > best) {
        best = p;
        arg = k;
      }
    }
    out[i] = arg;
  }
  return out;
}
