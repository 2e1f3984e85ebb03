/**
 * Group sizes of the Rao–Hartley–Cochran design: `N` units split into `n`
 * random groups whose sizes are as equal as possible.
 *
 * Rule: with `q = floor(N / n)` and `r = N mod n`, the first `r` groups hold
 * `q + 1` units and the other `n - r` hold `q`. Both the `rhc` design and
 * `raoHartleyCochran` read the sizes from here, because the RHC variance factor
 * `(sum N_g^2 - N) / (N^2 - sum N_g^2)` depends on them: a design and an
 * estimator that disagreed on the split would give a biased variance.
 *
 * Callers validate inputs; this helper assumes integers `1 <= n <= N`.
 *
 * @see Rao, J. N. K., Hartley, H. O. & Cochran, W. G. (1962). On a simple procedure of
 *   unequal probability sampling without replacement. JRSS B 24, 482-491.
 * @internal
 */
export function rhcGroupSizes(N: number, n: number): Int32Array {
  const q = Math.floor(N / n);
  const r = N - q * n;
  const sizes = new Int32Array(n);
  for (let g = 0; g < n; g++) sizes[g] = g < r ? q + 1 : q;
  return sizes;
}
