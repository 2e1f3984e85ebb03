/**
 * Compensated (Neumaier) sum of a numeric array: the rounding error of a
 * naive left-to-right sum is tracked and added back, so sums of many
 * probabilities (e.g. inclusion probabilities that must add to an integer)
 * are accurate to about one ulp.
 *
 * @param x - The values.
 * @returns Their sum.
 * @see Neumaier, A. (1974). Rundungsfehleranalyse einiger Verfahren zur Summation endlicher Summen. ZAMM 54, 39-51.
 * @example
 * ```ts
 * fsum(new Float64Array([0.1, 0.2, 0.3, 0.4])); // 1
 * ```
 */
export function fsum(x: ArrayLike<number>): number {
  let s = 0;
  let c = 0;
  for (let i = 0; i < x.length; i++) {
    const v = x[i] as number;
    const t = s + v;
    c += Math.abs(s) >= Math.abs(v) ? s - t + v : v - t + s;
    s = t;
  }
  return s + c;
}
