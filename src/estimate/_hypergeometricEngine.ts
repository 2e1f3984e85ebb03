/**
 * The prior-posterior-ratio confidence sequence of Waudby-Smith & Ramdas
 * (2020) for the number of ones M in a finite 0/1 population, updated one
 * draw at a time (the shared core of `hypergeometricCs` and `srsStrategy`'s
 * sequential mode).
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

/** Running state of the hypergeometric confidence sequence over M in {0..N}. */
export type HypergeometricEngine = {
  /** Adds one 0/1 draw. */
  step(x: number): void;
  /** Smallest M still in the running intersection. */
  lower(): number;
  /** Largest M still in the running intersection. */
  upper(): number;
};

/**
 * After t draws with S ones, the prior-posterior ratio of candidate m is
 * `R_t(m) = pi_0(m) / pi_t(m) = P(x_1..x_t) / L_t(m)`: the prior cancels
 * except through the marginal likelihood `P(x_1..x_t) = prod_i P(x_i | x_<i)`,
 * a Polya-urn product under the beta-binomial(N, a, b) prior
 * (`P(x_i = 1 | x_<i) = (a + S_{i-1}) / (a + b + i - 1)`), and
 * `L_t(m) = [m]_S [N - m]_(t - S) / [N]_t` (falling factorials) is the
 * probability of the observed sequence when M = m. `R_t(M)` is a non-negative
 * martingale with mean 1 under the true M, so by Ville's inequality
 * `{ m : R_t(m) < 1 / alpha }` misses M at some t with probability at most alpha.
 *
 * `log L_t` is concave in m with its maximum at `floor(S (N + 1) / t)`, so the
 * set is an integer interval around that mode, found by two binary searches
 * (O(log N) per draw after an O(N) table of log factorials). The running
 * intersection is kept; if it would become empty (possible only after the
 * truth was rejected) the bounds stay where they were.
 */
export function hypergeometricEngine(
  N: number,
  alpha: number,
  a: number,
  b: number,
): HypergeometricEngine {
  const lf = new Float64Array(N + 1);
  for (let k = 1; k <= N; k++) lf[k] = (lf[k - 1] as number) + Math.log(k);
  const logAlpha = Math.log(alpha);
  let t = 0;
  let S = 0;
  let logMarginal = 0;
  let mLo = 0;
  let mHi = N;
  const logL = (m: number): number =>
    (lf[m] as number) -
    (lf[m - S] as number) +
    (lf[N - m] as number) -
    (lf[N - m - (t - S)] as number) +
    (lf[N - t] as number) -
    (lf[N] as number);
  return {
    step(x) {
      const one = (a + S) / (a + b + t);
      logMarginal += Math.log(x === 1 ? one : (b + t - S) / (a + b + t));
      t++;
      S += x;
      const cut = logMarginal + logAlpha;
      const first = S;
      const last = N - t + S;
      const mode = Math.min(last, Math.max(first, Math.floor((S * (N + 1)) / t)));
      // smallest m in [first, mode] with logL(m) > cut (logL non-decreasing there)
      let l = first;
      let h = mode;
      while (l < h) {
        const mid = Math.floor((l + h) / 2);
        if (logL(mid) > cut) h = mid;
        else l = mid + 1;
      }
      const lowT = l;
      // largest m in [mode, last] with logL(m) > cut (logL non-increasing there)
      l = mode;
      h = last;
      while (l < h) {
        const mid = Math.ceil((l + h) / 2);
        if (logL(mid) > cut) l = mid;
        else h = mid - 1;
      }
      const highT = l;
      if (Math.max(mLo, lowT) <= Math.min(mHi, highT)) {
        mLo = Math.max(mLo, lowT);
        mHi = Math.min(mHi, highT);
      }
    },
    lower() {
      return mLo;
    },
    upper() {
      return mHi;
    },
  };
}
