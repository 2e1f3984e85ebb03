import type { RowMatrix } from "../core/rowMatrix.js";
import { asRowMatrix, optionKeys } from "../core/validate.js";
import { checkProbs, type ProbsOptions } from "./_probs.js";

const KEYS = optionKeys<EntropyOptions>()("multiLabel", "multiLabelMode");

/** Options of {@link entropy}. */
export type EntropyOptions = ProbsOptions;

/**
 * Predictive (Shannon) entropy of every input, in nats.
 *
 * Formula (paper section 3.3.1): `H(x) = -sum_k p_k log p_k` with the natural
 * logarithm and `0 log 0 = 0`; in [0, log K] for distributions. Larger is riskier.
 *
 * Multi-label rows (`multiLabel: true`): the default `"proxy"` mode applies the
 * formula to the row as it is (the paper's semantics; the value is then bounded
 * by K/e, not log K). The `"bernoulli"` mode returns the entropy of the joint
 * distribution of K independent Bernoulli labels,
 * `sum_k -(p_k log p_k + (1 - p_k) log(1 - p_k))`, in [0, K log 2] — the
 * recommended mode for new multi-label work.
 *
 * @param probs - N x K matrix, one row of class (or label) probabilities per input, K >= 2.
 * @param options - {@link EntropyOptions}; by default rows must be distributions.
 * @returns Entropy per input (nats).
 * @throws {RangeError} If `probs` has no rows, fewer than 2 columns, a value outside
 *   [0, 1] or NaN, or (single-label) a row whose sum differs from 1 by more than 1e-6;
 *   the message names the row.
 * @throws {TypeError} If `probs` is not a `RowMatrix` or a `number[][]` or an option has the wrong type.
 * @see scipy.stats.entropy (same value for distributions).
 * @see Shannon, C. E. (1948). A mathematical theory of communication. Bell Syst. Tech. J. 27.
 * @example
 * ```ts
 * entropy(rowMatrix([[0.5, 0.5], [1, 0]])); // Float64Array [0.6931471805599453, 0]
 * ```
 */
export function entropy(
  probs: RowMatrix | readonly ArrayLike<number>[],
  options?: EntropyOptions,
): Float64Array {
  const probsMatrix = asRowMatrix("entropy", "probs", probs);
  const mode = checkProbs("entropy", probsMatrix, options, KEYS);
  const { data, rows, cols } = probsMatrix;
  const out = new Float64Array(rows);
  for (let i = 0; i < rows; i++) {
    const o = i * cols;
    let h = 0;
    for (let k = 0; k < cols; k++) {
      const p = data[o + k] as number;
      if (p > 0) h -= p * Math.log(p);
      if (mode === "bernoulli") {
        const q = 1 - p;
        if (q > 0) h -= q * Math.log(q);
      }
    }
    out[i] = h;
  }
  return out;
}
