/**
 * The hedged betting capital of Waudby-Smith & Ramdas on a grid of candidate
 * means, updated one observation at a time (the shared core of `bettingCs`,
 * `weightedBettingCs` and the sequential strategies).
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

/** Running state of a hedged betting confidence sequence over the grid `mu_j = j / G`, j = 0..G. */
export type BettingEngine = {
  /**
   * Adds observation `x`, whose conditional mean under candidate mu is `a mu + b`
   * (a > 0) and whose value is known beforehand to lie in `[xLo, xHi]`.
   */
  step(x: number, a: number, b: number, xLo: number, xHi: number): void;
  /** Lower bound: the largest grid point rejected from below so far (0 if none). */
  lower(): number;
  /** Upper bound: the smallest grid point rejected from above so far (1 if none). */
  upper(): number;
};

/**
 * Hedged capital `max(K+ / 2, K- / 2)` with `K+ = prod (1 + l+_i (x_i - c_i))`,
 * `K- = prod (1 - l-_i (x_i - c_i))`, `c_i = a_i mu + b_i`, and the predictable
 * plug-in bets of WSR (2024, eq. 26 and section 4.2):
 * `l_i = sqrt(2 log(2 / alpha) / (s2_{i-1} i log(1 + i)))`, truncated to
 * `l+_i = min(l_i, c / (c_i - xLo_i))` and `l-_i = min(l_i, c / (xHi_i - c_i))`
 * so every factor stays at least `1 - c > 0`; `s2_i = (1/4 + sum_{k <= i} (x_k - m_k)^2) / (i + 1)`,
 * `m_k = (1/2 + sum_{j <= k} x_j) / (k + 1)`. A candidate is rejected once
 * `K+ >= 2 / alpha` or `K- >= 2 / alpha` (Ville's inequality on the mixture
 * `(K+ + K-) / 2` bounds the chance that the true mean is ever rejected by alpha),
 * or as soon as `c_i` leaves `[xLo_i, xHi_i]` (the candidate is impossible).
 *
 * K+ is non-increasing and K- non-decreasing in mu (each factor is), so the
 * rejections at any time form a prefix and a suffix of the grid; they are
 * tracked as two indices, which also makes the sequence a running intersection.
 * Only the live grid points are updated. The capital is kept on the linear
 * scale: a product that underflows to 0 only makes the sequence wider.
 */
export function bettingEngine(alpha: number, G: number, truncation: number): BettingEngine {
  const plus = new Float64Array(G + 1).fill(1);
  const minus = new Float64Array(G + 1).fill(1);
  const reject = 2 / alpha;
  const logTerm = 2 * Math.log(2 / alpha);
  let lo = 0;
  let hi = G;
  let t = 0;
  let sum = 0;
  let ss = 0.25;
  return {
    step(x, a, b, xLo, xHi) {
      t++;
      // ss / t is s2_{t-1}: the 1/4 pseudo-observation keeps it positive
      const bet = Math.sqrt(logTerm / ((ss / t) * t * Math.log(1 + t)));
      for (let j = lo; j <= hi; j++) {
        const c = a * (j / G) + b;
        if (c < xLo) {
          plus[j] = Number.POSITIVE_INFINITY;
          continue;
        }
        if (c > xHi) {
          minus[j] = Number.POSITIVE_INFINITY;
          continue;
        }
        const d = x - c;
        // min(bet, truncation / gap), without the division when bet is the smaller
        const below = c - xLo;
        const above = xHi - c;
        const lp = below * bet > truncation ? truncation / below : bet;
        const lm = above * bet > truncation ? truncation / above : bet;
        plus[j] = (plus[j] as number) * (1 + lp * d);
        minus[j] = (minus[j] as number) * (1 - lm * d);
      }
      sum += x;
      const m = (0.5 + sum) / (t + 1);
      ss += (x - m) * (x - m);
      while (lo <= hi && (plus[lo] as number) >= reject) lo++;
      while (hi >= lo && (minus[hi] as number) >= reject) hi--;
    },
    lower() {
      return lo === 0 ? 0 : (lo - 1) / G;
    },
    upper() {
      return hi === G ? 1 : (hi + 1) / G;
    },
  };
}
