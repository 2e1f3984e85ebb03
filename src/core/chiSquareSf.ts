import { normalCdf } from "./normal.js";

/**
 * Upper tail P(X >= x) of the chi-square distribution with an integer number
 * of degrees of freedom.
 *
 * Algorithm: the closed form of the regularised upper incomplete gamma
 * function Q(df/2, x/2) for integer and half-integer shape (Abramowitz &
 * Stegun 26.4.4-26.4.5). With y = x/2:
 * - even df = 2m: Q = exp(-y) * sum_{j=0}^{m-1} y^j / j!
 * - odd df = 2m+1: Q = 2 * Phi(-sqrt(x)) + exp(-y) * sum_{j=1}^{m} y^{j-1/2} / Gamma(j + 1/2)
 *
 * Terms are accumulated in log space so that neither exp(-y) underflowing
 * nor y^j overflowing loses the tail; the result keeps full relative accuracy
 * for tiny p-values, unlike 1 - cdf.
 *
 * Callers validate: `x` finite and >= 0, `df` a positive integer.
 *
 * @internal
 */
export function chiSquareSf(x: number, df: number): number {
  if (x <= 0) return 1;
  const y = x / 2;
  const logY = Math.log(y);
  let sum = 0;
  if (df % 2 === 0) {
    const m = df / 2;
    let logTerm = -y;
    for (let j = 0; j < m; j++) {
      if (j > 0) logTerm += logY - Math.log(j);
      sum += Math.exp(logTerm);
    }
    return Math.min(1, sum);
  }
  const m = (df - 1) / 2;
  // log of y^{1/2} / Gamma(3/2) = 0.5 log y - log(sqrt(pi) / 2)
  let logTerm = -y + 0.5 * logY - Math.log(Math.sqrt(Math.PI) / 2);
  for (let j = 1; j <= m; j++) {
    if (j > 1) logTerm += logY - Math.log(j - 0.5);
    sum += Math.exp(logTerm);
  }
  return Math.min(1, 2 * normalCdf(-Math.sqrt(x)) + sum);
}
