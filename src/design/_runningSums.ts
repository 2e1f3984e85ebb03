/**
 * Running sums V_k of `pik` for Madow's systematic design: the breakpoints
 * that `systematicPi2` uses and that `systematicPps` falls back to.
 *
 * Units with pik = 1 are set aside (contribute 0): rounding in a running sum
 * could otherwise make a length-1 interval hold zero or two points. The sums
 * are plain left-to-right sums (as R's `cumsum`), clamped to at most the
 * fractional total `n - ones`, and pinned to it exactly from the last unit
 * with 0 < pik < 1 on, so that exactly `n - ones` points u, u + 1, ... fall in
 * (0, V_{N-1}] for every start u in [0, 1).
 *
 * @internal
 */
export function runningSums(pik: Float64Array, n: number): Float64Array {
  const N = pik.length;
  let ones = 0;
  let last = -1;
  for (let i = 0; i < N; i++) {
    const p = pik[i] as number;
    if (p === 1) ones++;
    else if (p > 0) last = i;
  }
  const total = n - ones;
  const out = new Float64Array(N);
  let s = 0;
  for (let k = 0; k < N; k++) {
    const p = pik[k] as number;
    if (p < 1) s += p;
    out[k] = k >= last ? total : Math.min(s, total);
  }
  return out;
}
