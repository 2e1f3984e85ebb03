import { bd0, stirlerr } from "./_saddlePoint.js";
import { normalCdf } from "./normal.js";
import { fsum } from "./sum.js";

const LOG_2PI = Math.log(2 * Math.PI);
/** A side of the sum ends once a geometric bound on the rest of that side is below STOP times the sum. */
const STOP = 2 ** -60;

/**
 * Upper tail P(X >= x) of the chi-square distribution with an integer number
 * of degrees of freedom.
 *
 * Algorithm: the closed form of the regularised upper incomplete gamma
 * function Q(df/2, x/2) for integer and half-integer shape (Abramowitz &
 * Stegun 26.4.4-26.4.5). With y = x/2 and the Poisson-type terms
 * p(k) = exp(-y) y^k / Gamma(k + 1):
 * - even df = 2m: Q = sum_{j=0}^{m-1} p(j)
 * - odd df = 2m+1: Q = 2 * Phi(-sqrt(x)) + sum_{j=1}^{m} p(j - 1/2)
 *
 * Each term is computed on its own by Loader's saddle-point form
 * p(k) = exp(-stirlerr(k) - bd0(k, y)) / sqrt(2 pi k). Its relative error is
 * the rounding error of that exponent (a few ulps of a number at most about
 * 745 in size), whatever df: no error accumulates along the sum, and neither
 * exp(-y) underflowing nor y^k overflowing loses the tail. The terms
 * are unimodal in k with the mode near y, so the sum starts at the mode (or
 * at the end of the range nearest to it) and walks outward on each side until
 * a geometric bound on the rest of that side is below 2^-60 of the sum:
 * O(sqrt(y)) terms rather than df/2. The terms are added with a compensated
 * sum. Measured against mpmath (60 digits) for df from 1 to 1e7 and p-values
 * down to 1e-300, the relative error is below 3e-13, and below 1.5e-13 for
 * df <= 120 (scripts/fixtures/chiSquareSf.py, test/core/chiSquareSf.test.ts);
 * it grows with -log p (the exponent's rounding), not with df. Tiny p-values
 * keep full relative accuracy, unlike 1 - cdf.
 *
 * Callers validate: `x` finite and >= 0, `df` a positive integer.
 *
 * @see Loader, C. (2000). Fast and accurate computation of binomial probabilities.
 * @internal
 */
export function chiSquareSf(x: number, df: number): number {
  if (x <= 0) return 1;
  const y = x / 2;
  const odd = df % 2 === 1;
  // the terms are p(k0 + i) for i = 0 .. count - 1
  const k0 = odd ? 0.5 : 0;
  const count = odd ? (df - 1) / 2 : df / 2;
  const terms: number[] = [];
  if (count > 0) {
    // p(k) / p(k - 1) = y / k: the terms rise while k <= y
    const top = Math.min(count - 1, Math.max(0, Math.floor(y - k0)));
    let sum = 0;
    for (let i = top; i >= 0; i--) {
      const k = k0 + i;
      const t = poissonTerm(k, y);
      terms.push(t);
      sum += t;
      const r = k / y; // p(k - 1) / p(k), and smaller below
      if (r < 1 && t * r <= STOP * sum * (1 - r)) break;
    }
    for (let i = top + 1; i < count; i++) {
      const k = k0 + i;
      const t = poissonTerm(k, y);
      terms.push(t);
      sum += t;
      const r = y / (k + 1); // p(k + 1) / p(k), and smaller above
      if (t * r <= STOP * sum * (1 - r)) break;
    }
  }
  const tail = fsum(terms);
  return Math.min(1, odd ? 2 * normalCdf(-Math.sqrt(x)) + tail : tail);
}

/** exp(-y) y^k / Gamma(k + 1) for k >= 0 and y > 0, by Loader's saddle-point form. */
function poissonTerm(k: number, y: number): number {
  if (k === 0) return Math.exp(-y);
  return Math.exp(-stirlerr(k) - bd0(k, y) - 0.5 * (LOG_2PI + Math.log(k)));
}
