/**
 * The log-gamma and log-beta functions, the regularised incomplete beta
 * function I_x(a, b) and its inverse (the beta quantile).
 *
 * Accuracy (measured against 34-digit references and scipy in
 * test/core/specialFunctions.fixture.test.ts, a and b from 1e-10 to 1e6;
 * 2.4e-10 relative at a = 1e7 with x near 1, where the fraction is long):
 * I_x and its complement to 1e-11 relative, except that the tail opposite
 * the continued fraction's side is one minus it and so has 1e-16 absolute
 * accuracy only (it matters when the fraction's side is near 1, i.e. a tiny
 * shape parameter; callers in this package never need that tail); the
 * quantile to about 1e-11 relative times its condition number p / (x f(x)).
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

const HALF_LOG_2PI = 0.5 * Math.log(2 * Math.PI);
/** log of the smallest positive double (about -744.4). */
const LOG_MIN_VALUE = Math.log(Number.MIN_VALUE);
const EPS = 2.220446049250313e-16;
const TINY = 1e-300;

/**
 * Stirling's series remainder delta(z) = lgamma(z) - [(z - 1/2) log z - z + log(2 pi) / 2]
 * for z >= 10 (seven terms of the asymptotic series; the next term is below 3e-17 there).
 */
function stirlingDelta(z: number): number {
  const r = 1 / z;
  const r2 = r * r;
  return (
    r *
    (1 / 12 -
      r2 *
        (1 / 360 -
          r2 * (1 / 1260 - r2 * (1 / 1680 - r2 * (1 / 1188 - r2 * (691 / 360360 - r2 / 156))))))
  );
}

/**
 * log Gamma(z) for z > 0.
 *
 * Algorithm: Stirling's series with seven correction terms for z >= 10; below
 * that the recurrence Gamma(z) = Gamma(z + k) / (z (z + 1) ... (z + k - 1)).
 * Absolute error about 1e-15 * max(1, z log z).
 */
export function logGamma(z: number): number {
  if (z >= 10) return (z - 0.5) * Math.log(z) - z + HALF_LOG_2PI + stirlingDelta(z);
  let prod = 1;
  let w = z;
  while (w < 10) {
    prod *= w;
    w += 1;
  }
  return (w - 0.5) * Math.log(w) - w + HALF_LOG_2PI + stirlingDelta(w) - Math.log(prod);
}

/**
 * log B(a, b) = log Gamma(a) + log Gamma(b) - log Gamma(a + b) for a, b > 0,
 * written so that large arguments do not cancel: when b >= 10 the difference
 * log Gamma(b) - log Gamma(a + b) is formed from Stirling's series with log1p.
 */
export function logBeta(a: number, b: number): number {
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  if (hi < 10) return logGamma(lo) + logGamma(hi) - logGamma(lo + hi);
  const s = lo + hi;
  // log Gamma(hi) - log Gamma(s) = -(hi - 1/2) log1p(lo / hi) - lo log(s) + lo + delta(hi) - delta(s)
  const diff =
    -(hi - 0.5) * Math.log1p(lo / hi) -
    lo * Math.log(s) +
    lo +
    stirlingDelta(hi) -
    stirlingDelta(s);
  if (lo < 10) return logGamma(lo) + diff;
  return (lo - 0.5) * Math.log(lo) - lo + HALF_LOG_2PI + stirlingDelta(lo) + diff;
}

/**
 * log of x^a y^b / B(a, b) with y = 1 - x (both passed, so the caller keeps
 * whichever it knows exactly). For a, b >= 10 it uses the deviation form
 * a log1p(d / a) + b log1p(-d / b) + log(ab / (a + b)) / 2 - log(2 pi) / 2 - Delta,
 * d = (a + b) x - a, which keeps full accuracy for a, b up to 1e7 and beyond,
 * while |d| is under half of a (resp. b); beyond, a log(s x / a) (resp.
 * b log(s y / b)) from log x (log y), which has no cancellation there.
 */
export function logBetaPowerTerms(x: number, y: number, a: number, b: number): number {
  const lx = x < 0.5 ? Math.log(x) : Math.log1p(-y);
  const ly = y < 0.5 ? Math.log(y) : Math.log1p(-x);
  if (a < 10 || b < 10) return a * lx + b * ly - logBeta(a, b);
  const s = a + b;
  const d = x <= y ? s * x - a : b - s * y;
  const delta = stirlingDelta(a) + stirlingDelta(b) - stirlingDelta(s);
  // a log1p(d / a) = a log(s x / a): the deviation form only while d is small
  // next to a (d = s x - a cancels as x -> 0, and log1p(-1) gave 0 for
  // I_1e-17(10, 10) = 9.2e-166); the logarithm of x itself beyond
  const ta = Math.abs(d) < 0.5 * a ? a * Math.log1p(d / a) : a * (lx + Math.log(s / a));
  const tb = Math.abs(d) < 0.5 * b ? b * Math.log1p(-d / b) : b * (ly + Math.log(s / b));
  return ta + tb + 0.5 * Math.log((a * b) / s) - HALF_LOG_2PI - delta;
}

/**
 * The continued fraction of I_x(a, b) (Abramowitz & Stegun 26.5.8) evaluated
 * by the modified Lentz method: I_x(a, b) = x^a y^b / (a B(a, b)) * cf.
 * Converges fast for x < (a + 1) / (a + b + 2).
 */
function betaContinuedFraction(x: number, a: number, b: number): number {
  const s = a + b;
  let c = 1;
  let d = 1 - (s * x) / (a + 1);
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 100000; m++) {
    const m2 = 2 * m;
    // even step: d_{2m} = m (b - m) x / ((a + 2m - 1) (a + 2m))
    let num = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + num * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + num / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    // odd step: d_{2m+1} = -(a + m) (a + b + m) x / ((a + 2m) (a + 2m + 1))
    num = (-(a + m) * (s + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + num * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + num / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < EPS) return h;
  }
  return h;
}

/**
 * Regularised incomplete beta function: the lower tail I_x(a, b) = P(X <= x)
 * of X ~ Beta(a, b), or with `upper` the upper tail 1 - I_x(a, b) computed
 * without cancellation.
 *
 * Algorithm: the continued fraction A&S 26.5.8 by the modified Lentz method
 * (Press et al., Numerical Recipes, 3rd ed., 6.4), applied to whichever of
 * I_x(a, b) and I_{1-x}(b, a) converges fast; the other tail is 1 minus it.
 * The prefactor x^a (1-x)^b / B(a, b) comes from {@link logBetaPowerTerms}.
 *
 * Callers validate: 0 <= x <= 1, a > 0, b > 0 (finite). `y` = 1 - x may be
 * passed when the caller knows it more exactly than 1 - x.
 */
export function regularizedBeta(x: number, a: number, b: number, upper = false, y = 1 - x): number {
  if (x <= 0) return upper ? 1 : 0;
  if (y <= 0) return upper ? 0 : 1;
  return tailFromFront(x, y, a, b, upper, logBetaPowerTerms(x, y, a, b));
}

/** I_x(a, b) or its complement, given logFront = log(x^a y^b / B(a, b)). */
function tailFromFront(
  x: number,
  y: number,
  a: number,
  b: number,
  upper: boolean,
  logFront: number,
): number {
  if (x < (a + 1) / (a + b + 2)) {
    const lower = (Math.exp(logFront) * betaContinuedFraction(x, a, b)) / a;
    return upper ? 1 - lower : lower;
  }
  const up = (Math.exp(logFront) * betaContinuedFraction(y, b, a)) / b;
  return upper ? up : 1 - up;
}

/**
 * Quantile of the Beta(a, b) distribution: x with I_x(a, b) = p, or with
 * `upper` the x whose upper tail 1 - I_x(a, b) equals p.
 *
 * Algorithm: a starting value from the normal approximation A&S 26.5.22 (a,
 * b >= 1) or the power-law tails x^a / (a B) and (1-x)^b / (b B) (Numerical
 * Recipes 6.14.1), then Halley steps on the requested tail (computed
 * directly, so tiny tail probabilities keep full relative accuracy), kept
 * inside a bracket that every evaluation shrinks; a step that would leave
 * the bracket is replaced by bisection (geometric when the bracket spans
 * orders of magnitude). Stops when the step is below 1e-15 of x or the
 * bracket has shrunk to adjacent doubles.
 *
 * Callers validate: 0 <= p <= 1, a > 0, b > 0 (finite).
 */
export function betaQuantile(p: number, a: number, b: number, upper = false): number {
  if (p <= 0) return upper ? 1 : 0;
  if (p >= 1) return upper ? 0 : 1;
  // pLow: the lower-tail probability, used only for the starting value.
  const pLow = upper ? 1 - p : p;
  const pUp = upper ? p : 1 - p;
  let x: number;
  if (a >= 1 && b >= 1) {
    const pp = pLow < 0.5 ? pLow : pUp;
    const t = Math.sqrt(-2 * Math.log(pp));
    let z = (2.30753 + t * 0.27061) / (1 + t * (0.99229 + t * 0.04481)) - t;
    if (pLow < 0.5) z = -z;
    const al = (z * z - 3) / 6;
    const h = 2 / (1 / (2 * a - 1) + 1 / (2 * b - 1));
    const w =
      (z * Math.sqrt(al + h)) / h -
      (1 / (2 * b - 1) - 1 / (2 * a - 1)) * (al + 5 / 6 - 2 / (3 * h));
    x = a / (a + b * Math.exp(2 * w));
  } else {
    const lb = logBeta(a, b);
    const logT = a * Math.log(a / (a + b)) - Math.log(a) - lb;
    const logU = b * Math.log(b / (a + b)) - Math.log(b) - lb;
    const logW = Math.max(logT, logU) + Math.log1p(Math.exp(-Math.abs(logT - logU)));
    // I_x ~ x^a / (a B) near 0 and 1 - I_x ~ (1 - x)^b / (b B) near 1
    if (Math.log(pLow) < logT - logW) {
      const logX = (Math.log(a) + lb + Math.log(pLow)) / a;
      // a root below the smallest double (a < 1 at a tiny p): 0, not a point
      // the search could only approach from far above
      if (logX < LOG_MIN_VALUE) return 0;
      x = Math.exp(logX);
    } else x = -Math.expm1((Math.log(b) + lb + Math.log(pUp)) / b);
  }
  if (!(x > 0 && x < 1)) x = 0.5;
  let lo = 0;
  let hi = 1;
  const sign = upper ? -1 : 1;
  // Far in a tail (p below 1e-30) Newton runs on log(tail) - log(p): the
  // tail is a power law there, and steps on the raw difference crept (x
  // moved (1 - x) / 150 a step and the 200 iterations ran out at p = 1e-200)
  const logP = Math.log(p);
  const inLogs = p < 1e-30;
  // the best point seen, returned if the iterations run out
  let best = x;
  let bestErr = Number.POSITIVE_INFINITY;
  for (let iter = 0; iter < 200; iter++) {
    const y = 1 - x;
    const logFront = logBetaPowerTerms(x, y, a, b);
    const tail = tailFromFront(x, y, a, b, upper, logFront);
    const f = tail - p;
    if (f === 0) return x;
    const err = inLogs ? Math.abs(Math.log(tail) - logP) : Math.abs(f);
    if (err < bestErr) {
      bestErr = err;
      best = x;
    }
    // lower tail rises with x, upper tail falls
    if (sign * f < 0) lo = x;
    else hi = x;
    const logDens = logFront - Math.log(x) - Math.log(y);
    let step = Number.NaN;
    let next: number;
    if (inLogs && tail > 0) {
      step = sign * (Math.log(tail) - logP) * Math.exp(Math.log(tail) - logDens);
      // the step taken in log x (log y near 1): a root many orders of
      // magnitude below x is reached in a few steps, not by halving x
      next = x < 0.5 ? x * Math.exp(-step / x) : 1 - y * Math.exp(step / y);
    } else {
      if (logDens > -700) {
        const u = (sign * f) / Math.exp(logDens);
        // Halley's correction with f''/f' = (a - 1) / x - (b - 1) / y
        const corr = 1 - 0.5 * Math.min(1, Math.max(-1, u * ((a - 1) / x - (b - 1) / y)));
        step = u / corr;
      }
      next = x - step;
    }
    // converged: a step below the resolution of x ends the search before
    // the bracket test can replace the root by a bisection point (it did, at
    // p = 1e-200: 0.995 for the root 0.99 of Beta(1, 100)'s upper tail)
    if (Math.abs(step) <= 1e-15 * Math.min(x, y)) return next > lo && next < hi ? next : x;
    if (!(next > lo && next < hi)) {
      if (lo > 0 && hi / lo > 8) next = Math.sqrt(lo * hi);
      else if (lo === 0) next = hi / 16 < x ? hi / 16 : x / 16;
      else next = 0.5 * (lo + hi);
      if (!(next > lo && next < hi)) return x;
    }
    if (Math.abs(next - x) <= 1e-15 * Math.min(next, 1 - next) || next === x) return next;
    if (hi - lo <= 2 * EPS * hi) return next;
    x = next;
  }
  return best;
}
