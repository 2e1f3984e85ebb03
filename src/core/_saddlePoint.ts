/**
 * Loader's saddle-point building blocks for binomial, Poisson and
 * hypergeometric probabilities in log space: Stirling's error and the
 * deviance term, each computed without cancellation.
 *
 * Internal module: not re-exported from the package entry point.
 * @see Loader, C. (2000). Fast and accurate computation of binomial probabilities.
 * @internal
 */

import { logGamma } from "./beta.js";

const HALF_LOG_2PI = 0.5 * Math.log(2 * Math.PI);

/**
 * Stirling's error stirlerr(k) = log Gamma(k + 1) - [(k + 1/2) log k - k + log(2 pi) / 2]
 * for a real k > 0 (the asymptotic series for k >= 10; its first omitted term is below 2e-14
 * there).
 */
export function stirlerr(k: number): number {
  if (k < 10) return logGamma(k + 1) - (k + 0.5) * Math.log(k) + k - HALF_LOG_2PI;
  const r = 1 / k;
  const r2 = r * r;
  return r * (1 / 12 - r2 * (1 / 360 - r2 * (1 / 1260 - r2 * (1 / 1680 - r2 / 1188))));
}

/**
 * The deviance term bd0(x, m) = x log(x / m) + m - x, by its series in
 * v = (x - m) / (x + m) when x is near m (Loader 2000), so no digits cancel.
 */
export function bd0(x: number, m: number): number {
  if (Math.abs(x - m) < 0.1 * (x + m)) {
    const v = (x - m) / (x + m);
    let s = (x - m) * v;
    let ej = 2 * x * v;
    const v2 = v * v;
    for (let j = 1; j < 1000; j++) {
      ej *= v2;
      const s1 = s + ej / (2 * j + 1);
      if (s1 === s) return s1;
      s = s1;
    }
    return s;
  }
  return x * Math.log(x / m) + m - x;
}
