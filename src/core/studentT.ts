/**
 * Student t distribution: CDF and quantile for any real df > 0 (df =
 * Infinity is the standard normal).
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import { betaQuantile, logBeta, regularizedBeta } from "./beta.js";
import { normalCdf, normalQuantile } from "./normal.js";

/** Above this df the Cornish–Fisher expansion in 1/df is used (its error is O(df^-5)). */
const LARGE_DF = 1e5;

/**
 * The Cornish–Fisher expansion of the t quantile in powers of 1/df
 * (Abramowitz & Stegun 26.7.5): t = z + g1/df + g2/df^2 + g3/df^3 + g4/df^4.
 */
function cornishFisherT(z: number, df: number): number {
  const z2 = z * z;
  const g1 = (z * (z2 + 1)) / 4;
  const g2 = (z * ((5 * z2 + 16) * z2 + 3)) / 96;
  const g3 = (z * (((3 * z2 + 19) * z2 + 17) * z2 - 15)) / 384;
  const g4 = (z * ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945)) / 92160;
  return z + (g1 + (g2 + (g3 + g4 / df) / df) / df) / df;
}

/**
 * P(T <= t) for T ~ Student t with `df` degrees of freedom.
 *
 * Algorithm: P(T <= -|t|) = I_x(df/2, 1/2) / 2 with x = df / (df + t^2), the
 * complement 1 - x = t^2 / (df + t^2) passed exactly to the incomplete beta
 * (A&S 26.7.1); df = Infinity gives the normal CDF; for df > 1e5 the
 * Cornish–Fisher expansion (A&S 26.7.5) is inverted by Newton's method and
 * the normal CDF taken at the resulting z.
 *
 * Callers validate: t not NaN, df > 0 (Infinity allowed).
 */
export function studentTCdf(t: number, df: number): number {
  if (t === Number.POSITIVE_INFINITY) return 1;
  if (t === Number.NEGATIVE_INFINITY) return 0;
  if (df === Number.POSITIVE_INFINITY) return normalCdf(t);
  if (df > LARGE_DF) {
    let z = t;
    for (let i = 0; i < 20; i++) {
      const h = 1e-6 * Math.max(1, Math.abs(z));
      const f = cornishFisherT(z, df) - t;
      const d = (cornishFisherT(z + h, df) - cornishFisherT(z - h, df)) / (2 * h);
      const dz = f / d;
      z -= dz;
      if (Math.abs(dz) <= 1e-16 * Math.max(1, Math.abs(z))) break;
    }
    return normalCdf(z);
  }
  const t2 = t * t;
  const x = df / (df + t2);
  const y = t2 / (df + t2);
  const tail = 0.5 * regularizedBeta(x, df / 2, 0.5, false, y);
  return t > 0 ? 1 - tail : tail;
}

/**
 * The p-quantile of the Student t distribution with `df` degrees of freedom.
 *
 * Algorithm: with q = 2 min(p, 1 - p) and x the Beta(df/2, 1/2) q-quantile,
 * |t| = sqrt(df y / (1 - y)) with y = 1 - x found directly as the point whose
 * Beta(1/2, df/2) upper tail is q (so small |t| keeps its relative accuracy);
 * when y > 1/2 (huge |t|), x itself is solved and |t| = sqrt(df (1 - x) / x),
 * with x below 1e-250 from its power-law tail in logarithms,
 * log x = (log q + log a + log B(a, 1/2)) / a, a = df / 2 (Infinity only where
 * |t| itself overflows). df = Infinity gives the normal quantile; df > 1e5 the
 * Cornish–Fisher expansion (A&S 26.7.5).
 *
 * Callers validate: 0 < p < 1, df > 0 (Infinity allowed).
 */
export function studentTQuantile(p: number, df: number): number {
  // interval methods ask for the same few (level, df) over and over: memoise
  const key = `${p},${df}`;
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  if (memo.size >= 256) memo.clear();
  const t = computeTQuantile(p, df);
  memo.set(key, t);
  return t;
}

const memo = new Map<string, number>();

function computeTQuantile(p: number, df: number): number {
  if (df === Number.POSITIVE_INFINITY) return normalQuantile(p);
  if (df > LARGE_DF) return cornishFisherT(normalQuantile(p), df);
  if (p === 0.5) return 0;
  const lowerHalf = p < 0.5;
  const q = 2 * (lowerHalf ? p : 1 - p);
  // y = 1 - x = t^2 / (df + t^2) solved directly (it is the small one unless |t| is huge)
  const y = betaQuantile(q, 0.5, df / 2, true);
  let abs: number;
  if (y <= 0.5) abs = Math.sqrt((df * y) / (1 - y));
  else {
    const a = df / 2;
    // x ~ (q a B(a, 1/2))^(1/a) in its power-law tail, exact to O(x): taken
    // in logarithms below 1e-250, since x itself underflows long before |t|
    // overflows (|t| stuck near 1e120 for t(1e-200; df = 1) = -3.2e199)
    const logX = (Math.log(q) + Math.log(a) + logBeta(a, 0.5)) / a;
    // (sqrt(df) inside the exponential: exp(-logX / 2) alone can overflow where |t| does not)
    if (logX < -575) abs = Math.exp(0.5 * Math.log(df) - logX / 2);
    else {
      const x = betaQuantile(q, a, 0.5);
      abs = Math.sqrt((df * (1 - x)) / x);
    }
  }
  return lowerHalf ? -abs : abs;
}
