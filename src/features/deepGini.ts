import type { RowMatrix } from "../core/rowMatrix.js";
import { asRowMatrix, optionKeys } from "../core/validate.js";
import { checkProbs, type ProbsOptions } from "./_probs.js";

const KEYS = optionKeys<DeepGiniOptions>()("multiLabel", "multiLabelMode");

/** Options of {@link deepGini}. */
export type DeepGiniOptions = ProbsOptions;

/**
 * DeepGini impurity of every input's predictive distribution.
 *
 * Formula (Feng et al. 2020; paper section 3.3.1): `DeepGini(x) = 1 - sum_k p_k^2`,
 * in [0, 1 - 1/K] for distributions. Larger (flatter) is riskier.
 *
 * Multi-label rows (`multiLabel: true`): the default `"proxy"` mode applies the
 * formula to the row as it is (the paper's semantics; the value can then be
 * negative, down to 1 - K). The `"bernoulli"` mode returns the Gini impurity of
 * the joint distribution of K independent Bernoulli labels,
 * `1 - prod_k (p_k^2 + (1 - p_k)^2)`, in [0, 1 - 2^-K] — recommended for new
 * multi-label work.
 *
 * @param probs - N x K matrix, one row of class (or label) probabilities per input, K >= 2.
 * @param options - {@link DeepGiniOptions}; by default rows must be distributions.
 * @returns DeepGini per input.
 * @throws {RangeError} If `probs` has no rows, fewer than 2 columns, a value outside
 *   [0, 1] or NaN, or (single-label) a row whose sum differs from 1 by more than 1e-6;
 *   the message names the row.
 * @throws {TypeError} If `probs` is not a `RowMatrix` or a `number[][]` or an option has the wrong type.
 * @see Feng, Y., Shi, Q., Gao, X., Wan, J., Fang, C., Chen, Z. (2020). DeepGini:
 *   prioritizing massive tests to enhance the robustness of deep neural networks. ISSTA.
 * @example
 * ```ts
 * deepGini(rowMatrix([[0.5, 0.5], [1, 0]])); // Float64Array [0.5, 0]
 * ```
 */
export function deepGini(
  probs: RowMatrix | readonly ArrayLike<number>[],
  options?: DeepGiniOptions,
): Float64Array {
  const probsMatrix = asRowMatrix("deepGini", "probs", probs);
  const mode = checkProbs("deepGini", probsMatrix, options, KEYS);
  const { data, rows, cols } = probsMatrix;
  const out = new Float64Array(rows);
  for (let i = 0; i < rows; i++) {
    const o = i * cols;
    if (mode === "bernoulli") {
      let prod = 1;
      for (let k = 0; k < cols; k++) {
        const p = data[o + k] as number;
        const q = 1 - p;
        prod *= p * p + q * q;
      }
      out[i] = 1 - prod;
    } else {
      let s = 0;
      for (let k = 0; k < cols; k++) {
        const p = data[o + k] as number;
        s += p * p;
      }
      out[i] = 1 - s;
    }
  }
  return out;
}
