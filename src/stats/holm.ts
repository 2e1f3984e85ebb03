import { toFloat64Array } from "../core/validate.js";

/**
 * Holm's step-down adjustment of p-values for multiple comparisons
 * (controls the family-wise error rate, uniformly more powerful than Bonferroni).
 *
 * With the m p-values sorted ascending, p_(1) <= ... <= p_(m),
 * adj_(i) = min(1, max_{j <= i} (m - j + 1) p_(j)),
 * returned in the original order. Reject hypothesis i at level alpha when
 * adj_i <= alpha. Matches statsmodels' `multipletests(p, method="holm")[1]`
 * and R's `p.adjust(p, "holm")`.
 *
 * @param pValues - Raw p-values in [0, 1] (may be empty).
 * @returns A new `Float64Array` of adjusted p-values, same order and length; each is >= its raw value.
 * @throws {TypeError} If `pValues` is not a `Float64Array` or an array of numbers.
 * @throws {RangeError} If a p-value is NaN or outside [0, 1].
 * @see Holm, S. (1979). A simple sequentially rejective multiple test procedure. Scand. J. Statist. 6, 65-70.
 * @see statsmodels.stats.multitest.multipletests; R `p.adjust`.
 * @example
 * ```ts
 * holm(new Float64Array([0.01, 0.04, 0.03, 0.005]));
 * // Float64Array [0.03, 0.06, 0.06, 0.02]
 * ```
 */
export function holm(pValues: ArrayLike<number>): Float64Array {
  const pValues64 = toFloat64Array("holm", "pValues", pValues, { min: 0, max: 1 });
  const m = pValues64.length;
  const order = Array.from({ length: m }, (_, i) => i).sort(
    (a, b) => (pValues64[a] as number) - (pValues64[b] as number),
  );
  const out = new Float64Array(m);
  let running = 0;
  for (let j = 0; j < m; j++) {
    const i = order[j] as number;
    running = Math.max(running, Math.min(1, (m - j) * (pValues64[i] as number)));
    out[i] = running;
  }
  return out;
}
