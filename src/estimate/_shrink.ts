/**
 * The rate a stratum (or risk band) floor uses when its 0/1 labels all agree:
 * the pooled rate of all the labels under a Beta(a, a) prior, and the
 * stratum's rate shrunk towards it with m pseudo-labels. Shared by the
 * stratified strategies, the weighted strategies' risk-band floor and
 * `stratifiedPpiMean`.
 *
 * @see Jeffreys, H. (1946). Proc. R. Soc. A 186, 453-461 (a = 1/2).
 */

/** Jeffreys' pseudo-count a = 1/2 of the pooled rate. */
export const JEFFREYS_PSEUDO_COUNT = 0.5;

/** The pooled rate `(x + a) / (n + 2 a)` of x failures in n labels. */
export function pooledRate(x: number, n: number, a: number = JEFFREYS_PSEUDO_COUNT): number {
  return (x + a) / (n + 2 * a);
}

/** A stratum's rate `(x_h + m pooled) / (n_h + m)`: x_h failures in n_h labels, shrunk with m pseudo-labels. */
export function shrunkRate(xh: number, nh: number, pooled: number, m: number): number {
  return (xh + m * pooled) / (nh + m);
}
