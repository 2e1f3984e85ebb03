import type { RowMatrix } from "../core/rowMatrix.js";
import { asRowMatrix, optionKeys } from "../core/validate.js";
import { checkProbs, type ProbsOptions } from "./_probs.js";

const KEYS = optionKeys<MarginOptions>()("multiLabel", "multiLabelMode");

/** Options of {@link margin}. */
export type MarginOptions = ProbsOptions;

/**
 * Margin between the two most likely classes of every input.
 *
 * Formula (paper section 3.3.1): `Margin(x) = p_(1) - p_(2)`, the largest minus
 * the second-largest probability (equal if tied), in [0, 1]. Margin is
 * safety-like: a small margin means high risk, so pass it to {@link toRisk}
 * with `"lower"`.
 *
 * Multi-label rows (`multiLabel: true`): the default `"proxy"` mode applies the
 * formula to the row as it is (the paper's semantics). The `"bernoulli"` mode
 * returns the gap between the two most likely label vectors of K independent
 * Bernoulli labels: the best vector has probability `P = prod_k m_k` with
 * `m_k = max(p_k, 1 - p_k)`, the runner-up flips the least certain label, so the
 * margin is `P (2 m_min - 1) / m_min` — recommended for new multi-label work.
 *
 * @param probs - N x K matrix, one row of class (or label) probabilities per input, K >= 2.
 * @param options - {@link MarginOptions}; by default rows must be distributions.
 * @returns Margin per input, in [0, 1].
 * @throws {RangeError} If `probs` has no rows, fewer than 2 columns, a value outside
 *   [0, 1] or NaN, or (single-label) a row whose sum differs from 1 by more than 1e-6;
 *   the message names the row.
 * @throws {TypeError} If `probs` is not a `RowMatrix` or a `number[][]` or an option has the wrong type.
 * @see Scheffer, T., Decomain, C., Wrobel, S. (2001). Active hidden Markov models for
 *   information extraction. IDA (margin sampling).
 * @example
 * ```ts
 * margin(rowMatrix([[0.6, 0.3, 0.1], [0.4, 0.4, 0.2]])); // Float64Array [0.3, 0]
 * ```
 */
export function margin(
  probs: RowMatrix | readonly ArrayLike<number>[],
  options?: MarginOptions,
): Float64Array {
  const probsMatrix = asRowMatrix("margin", "probs", probs);
  const mode = checkProbs("margin", probsMatrix, options, KEYS);
  const { data, rows, cols } = probsMatrix;
  const out = new Float64Array(rows);
  for (let i = 0; i < rows; i++) {
    const o = i * cols;
    if (mode === "bernoulli") {
      let prod = 1;
      let mMin = 1;
      for (let k = 0; k < cols; k++) {
        const p = data[o + k] as number;
        const m = p >= 0.5 ? p : 1 - p;
        prod *= m;
        if (m < mMin) mMin = m;
      }
      out[i] = (prod * (2 * mMin - 1)) / mMin;
    } else {
      let first = Number.NEGATIVE_INFINITY;
      let second = Number.NEGATIVE_INFINITY;
      for (let k = 0; k < cols; k++) {
        const p = data[o + k] as number;
        if (p > first) {
          second = first;
          first = p;
        } else if (p > second) {
          second = p;
        }
      }
      out[i] = first - second;
    }
  }
  return out;
}
