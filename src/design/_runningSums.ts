/**
 * Running sums V_k of `pik` for Madow's systematic design, shared by
 * `systematicPps` and `systematicPi2` so that both see the same breakpoints.
 *
 * Units with pik = 1 are set aside (contribute 0): rounding in a running sum
 * could otherwise make a length-1 interval hold zero or two points. The sums
 * use Neumaier compensation, are clamped to at most `n - ones`, and the last
 * is pinned to `n - ones` exactly, so that exactly that many points u,
 * u + 1, ... fall in (0, V_{N-1}] for every start u in [0, 1).
 *
 * @internal
 */
export function runningSums(pik: Float64Array, n: number): Float64Array {
  const N = pik.length;
  let ones = 0;
  for (let i = 0; i < N; i++) if ((pik[i] as number) === 1) ones++;
  const total = n - ones;
  const out = new Float64Array(N);
  let s = 0;
  let c = 0;
  for (let k = 0; k < N; k++) {
    const p = pik[k] as number;
    const v = p === 1 ? 0 : p;
    const t = s + v;
    c += Math.abs(s) >= Math.abs(v) ? s - t + v : v - t + s;
    s = t;
    const vk = s + c;
    out[k] = Math.min(vk, total);
  }
  if (N > 0) out[N - 1] = total;
  return out;
}
