/**
 * Running sums V_k of `pik` for Madow's systematic design, the breakpoints
 * that `systematicPi2` uses; `systematicPps` computes the very same sums on
 * the fly (same order of operations), so both see the same design.
 *
 * Units with pik = 1 are set aside (contribute 0): rounding in a running sum
 * could otherwise make a length-1 interval hold zero or two points. The sums
 * use Neumaier compensation and are clamped to at most `n - ones`; from the
 * last unit with 0 < pik < 1 on they are pinned to `n - ones` exactly, so
 * that exactly that many points u, u + 1, ... fall in (0, V_{N-1}] for every
 * start u in [0, 1).
 *
 * @internal
 */
export function runningSums(pik: Float64Array, n: number): Float64Array {
  const N = pik.length;
  const { ones, last } = certainAndLast(pik);
  const total = n - ones;
  const out = new Float64Array(N);
  let s = 0;
  let c = 0;
  for (let k = 0; k < N; k++) {
    const p = pik[k] as number;
    if (p > 0 && p < 1) {
      const t = s + p;
      c += Math.abs(s) >= p ? s - t + p : p - t + s;
      s = t;
    }
    const vk = s + c;
    out[k] = k >= last ? total : Math.min(vk, total);
  }
  return out;
}

/**
 * The number of units with pik = 1 and the index of the last unit with
 * 0 < pik < 1 (-1 if none): where the running sums are pinned.
 *
 * @internal
 */
export function certainAndLast(pik: Float64Array): { ones: number; last: number } {
  let ones = 0;
  let last = -1;
  for (let i = 0; i < pik.length; i++) {
    const p = pik[i] as number;
    if (p === 1) ones++;
    else if (p > 0) last = i;
  }
  return { ones, last };
}
