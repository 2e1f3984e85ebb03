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

/**
 * The prior weight of a band floor's shrunk rate, as a share of an average
 * band's labels: m = 0.1 n / H pseudo-labels (H = 8 bands). Chosen for the
 * weighted strategies' risk-band floor (see `tcs/_riskBands.ts`) and kept for
 * {@link agreeingBandVariance}'s other users.
 */
export const BAND_PRIOR_SHARE = 0.1;

/**
 * The variance a band (stratum) of N_h of the N units adds when its n_h 0/1
 * labels all agree (x_h = 0 or n_h; a band with units but no label counts as
 * one agreeing label): `W_h^2 (1 - n_h / N_h) q_h (1 - q_h) / max(d_h, 1)`,
 * W_h = N_h / N, q_h = {@link shrunkRate}(x_h, n_h, pooled, m), d_h the band's
 * label count (`divisor`, default n_h; a design with unequal weights passes
 * their Kish size). 0 when the labels are mixed or the band is a census.
 */
export function agreeingBandVariance(
  Nh: number,
  N: number,
  nh: number,
  xh: number,
  pooled: number,
  m: number,
  divisor: number = nh,
): number {
  if (nh >= Nh || (xh > 0 && xh < nh)) return 0;
  const q = shrunkRate(xh, nh, pooled, m);
  const W = Nh / N;
  return (W * W * (1 - nh / Nh) * q * (1 - q)) / Math.max(divisor, 1);
}

/**
 * The label rate x_g / n_g of the nearest band (stratum) g with labels after
 * band h in direction `dir` (+1: higher risk, -1: lower), or undefined when
 * there is none: the neighbour rule of the weighted strategies' risk-band
 * floor and of SSRS's stratum floor.
 */
export function neighbourRate(
  count: Float64Array,
  fails: Float64Array,
  h: number,
  dir: 1 | -1,
): number | undefined {
  for (let g = h + dir; g >= 0 && g < count.length; g += dir) {
    const ng = count[g] as number;
    if (ng > 0) return (fails[g] as number) / ng;
  }
  return undefined;
}
