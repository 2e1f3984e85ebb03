/**
 * The two roots of the Bernoulli Kullback–Leibler equation KL(p || q) = c,
 * the likelihood-ratio bounds of a proportion.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

/** KL(p || q) = p log(p / q) + (1 - p) log((1 - p) / (1 - q)), with 0 log 0 = 0. */
function kl(p: number, q: number): number {
  const a = p > 0 ? p * Math.log(p / q) : 0;
  const b = p < 1 ? (1 - p) * (Math.log1p(-p) - Math.log1p(-q)) : 0;
  return a + b;
}

/**
 * The root q < p of KL(p || q) = c for 0 < p < 1, c > 0.
 *
 * Algorithm: Newton's method in u = log q (KL is convex there on (0, p)),
 * kept inside a bracket [u_lo, log p]; u_lo comes from
 * KL(p || q) >= p log(p / q) + (1 - p) log(1 - p). Bisection replaces a
 * step that leaves the bracket. Returns 0 if the root is below the smallest double.
 */
function lowerRoot(p: number, c: number): number {
  let hiU = Math.log(p);
  let loU = hiU - (c - (1 - p) * Math.log1p(-p)) / p - 1;
  if (loU < -745) {
    if (kl(p, Math.exp(-745)) < c) return 0;
    loU = -745;
  }
  // starting value: the quadratic (Wald) approximation KL ~ (p - q)^2 / (2 p (1 - p))
  const q0 = p - Math.sqrt(2 * c * p * (1 - p));
  let u = q0 > 0 ? Math.log(q0) : 0.5 * (loU + hiU);
  for (let iter = 0; iter < 200; iter++) {
    const q = Math.exp(u);
    const f = kl(p, q) - c;
    if (f === 0) return q;
    if (f > 0) loU = u;
    else hiU = u;
    // d KL / du = q (-(p / q) + (1 - p) / (1 - q)) = -p + (1 - p) q / (1 - q)
    const d = -p + ((1 - p) * q) / (1 - q);
    let next = u - f / d;
    if (!(next > loU && next < hiU)) next = 0.5 * (loU + hiU);
    if (Math.abs(next - u) <= 1e-15 * Math.max(1, Math.abs(u)) || hiU - loU <= 1e-15 * Math.abs(u))
      return Math.exp(next);
    u = next;
  }
  return Math.exp(u);
}

/**
 * [q_lo, q_hi], the two solutions of KL(p || q) = c around 0 < p < 1 (c > 0);
 * the upper one by the symmetry KL(p || q) = KL(1 - p || 1 - q).
 */
export function klBounds(p: number, c: number): [number, number] {
  return [lowerRoot(p, c), 1 - lowerRoot(1 - p, c)];
}
