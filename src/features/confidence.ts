import type { RowMatrix } from "../core/rowMatrix.js";
import { asRowMatrix, optionKeys } from "../core/validate.js";
import { checkProbs, type ProbsOptions } from "./_probs.js";

const KEYS = optionKeys<ConfidenceOptions>()("multiLabel", "multiLabelMode");

/** Options of {@link confidence}. */
export type ConfidenceOptions = ProbsOptions;

/**
 * Prediction confidence of every input: the probability of the predicted class.
 *
 * Formula (paper section 3.3.1): `Conf(x) = p_ŷ(x) = max_k p_k(x)`, with the
 * proxy label `ŷ = argmax_k p_k`. Confidence is safety-like: low confidence
 * means high risk, so pass it to {@link toRisk} with `"lower"`.
 *
 * Multi-label rows (`multiLabel: true`): the default `"proxy"` mode keeps the
 * paper's semantics (the largest per-label probability). The `"bernoulli"` mode
 * returns the probability of the predicted label vector when labels are
 * independent Bernoulli variables, `prod_k max(p_k, 1 - p_k)`, in [2^-K, 1].
 * Recommended: `"bernoulli"` for new multi-label work (a label at 0.5 is
 * uncertain whatever the other labels say, which the proxy ignores);
 * `"proxy"` to replicate the paper.
 *
 * @param probs - N x K matrix, one row of class (or label) probabilities per input, K >= 2.
 * @param options - {@link ConfidenceOptions}; by default rows must be distributions.
 * @returns Confidence per input, in [1/K, 1] for distributions.
 * @throws {RangeError} If `probs` has no rows, fewer than 2 columns, a value outside
 *   [0, 1] or NaN, or (single-label) a row whose sum differs from 1 by more than 1e-6;
 *   the message names the row.
 * @throws {TypeError} If `probs` is not a `RowMatrix` or a `number[][]` or an option has the wrong type.
 * @see Hendrycks, D., Gimpel, K. (2017). A baseline for detecting misclassified and
 *   out-of-distribution examples in neural networks. ICLR.
 * @example
 * ```ts
 * confidence(rowMatrix([[0.7, 0.2, 0.1], [0.5, 0.5, 0]])); // Float64Array [0.7, 0.5]
 * confidence(rowMatrix([[0.9, 0.4]]), { multiLabel: true, multiLabelMode: "bernoulli" });
 * // Float64Array [0.54]  (0.9 * 0.6)
 * ```
 */
export function confidence(
  probs: RowMatrix | readonly ArrayLike<number>[],
  options?: ConfidenceOptions,
): Float64Array {
  const probsMatrix = asRowMatrix("confidence", "probs", probs);
  const mode = checkProbs("confidence", probsMatrix, options, KEYS);
  const { data, rows, cols } = probsMatrix;
  const out = new Float64Array(rows);
  for (let i = 0; i < rows; i++) {
    const o = i * cols;
    if (mode === "bernoulli") {
      let prod = 1;
      for (let k = 0; k < cols; k++) {
        const p = data[o + k] as number;
        prod *= p >= 0.5 ? p : 1 - p;
      }
      out[i] = prod;
    } else {
      let best = data[o] as number;
      for (let k = 1; k < cols; k++) {
        const p = data[o + k] as number;
        if (p > best) best = p;
      }
      out[i] = best;
    }
  }
  return out;
}
