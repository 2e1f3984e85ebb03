import { powerOfTwoScale, sumLimit } from "./_scale.js";

/**
 * Integer allocation of `n` units over groups, proportional to `weights`,
 * capped at `caps`, by the largest-remainder (Hamilton) method.
 *
 * Algorithm: repeat { give every open group the real quota
 * n_open * w_h / sum(w_open); groups whose quota reaches their cap are fixed
 * at the cap and closed } until no quota exceeds its cap. Then floor the
 * quotas and hand the remaining units one at a time to the open groups with
 * the largest fractional parts (ties to the lowest index), skipping groups
 * already at their cap. Zero-weight groups receive units only when the
 * positive-weight groups cannot absorb `n` (then by the same rule with equal
 * weights among the zero-weight groups).
 *
 * The result sums to `n` exactly and never exceeds a cap. Callers validate
 * inputs; this helper assumes finite non-negative weights, integer caps and
 * `0 <= n <= sum(caps)`.
 *
 * @internal
 */
export function largestRemainder(
  weights: ArrayLike<number>,
  caps: ArrayLike<number>,
  n: number,
): Int32Array {
  const H = weights.length;
  // weights whose total overflows (each finite, e.g. 1e308 twice) are taken in units of the
  // largest: the proportions are the same, and the quotas are no longer NaN
  let top = 0;
  let total = 0;
  for (let h = 0; h < H; h++) {
    top = Math.max(top, weights[h] as number);
    total += weights[h] as number;
  }
  if (!Number.isFinite(total) && Number.isFinite(top) && top > 0) {
    weights = Float64Array.from(weights, (w) => w / top);
  } else {
    // the total is finite but a quota's numerator n_open * w_h may not be (1e306 with n = 500):
    // weights above 2^1000 / n are scaled by a power of two, which is exact (short of underflow)
    // and so leaves every quota n_open * w_h / sum(w_open) as it would be without overflow
    const scale = powerOfTwoScale(weights, sumLimit(n));
    if (scale !== 1) weights = Float64Array.from(weights, (w) => w * scale);
  }
  const out = new Int32Array(H);
  const positive: number[] = [];
  const zero: number[] = [];
  for (let h = 0; h < H; h++) {
    if ((caps[h] as number) <= 0) continue;
    if ((weights[h] as number) > 0) positive.push(h);
    else zero.push(h);
  }
  let left = allocateAmong(positive, weights, caps, n, out);
  if (left > 0) {
    const ones = new Float64Array(H).fill(1);
    left = allocateAmong(zero, ones, caps, left, out);
  }
  return out;
}

/** Allocates `n` over `groups` into `out`; returns how many units could not be placed. */
function allocateAmong(
  groups: number[],
  weights: ArrayLike<number>,
  caps: ArrayLike<number>,
  n: number,
  out: Int32Array,
): number {
  let capTotal = 0;
  for (const h of groups) capTotal += caps[h] as number;
  if (capTotal <= n) {
    for (const h of groups) out[h] = caps[h] as number;
    return n - capTotal;
  }
  let open = groups.slice();
  let nOpen = n;
  const quota = new Map<number, number>();
  for (;;) {
    let wSum = 0;
    for (const h of open) wSum += weights[h] as number;
    const capped: number[] = [];
    for (const h of open) {
      const q = (nOpen * (weights[h] as number)) / wSum;
      quota.set(h, q);
      if (q >= (caps[h] as number)) capped.push(h);
    }
    if (capped.length === 0) break;
    for (const h of capped) {
      out[h] = caps[h] as number;
      nOpen -= caps[h] as number;
    }
    const closed = new Set(capped);
    open = open.filter((h) => !closed.has(h));
    if (open.length === 0 || nOpen <= 0) return 0;
  }
  let given = 0;
  for (const h of open) {
    const f = Math.floor(quota.get(h) as number);
    out[h] = f;
    given += f;
  }
  let rest = nOpen - given;
  const order = open
    .map((h) => ({ h, frac: (quota.get(h) as number) - (out[h] as number) }))
    .sort((a, b) => b.frac - a.frac || a.h - b.h);
  while (rest > 0) {
    let placed = false;
    for (const { h } of order) {
      if (rest === 0) break;
      if ((out[h] as number) < (caps[h] as number)) {
        out[h] = (out[h] as number) + 1;
        rest--;
        placed = true;
      }
    }
    if (!placed) break;
  }
  return rest;
}
