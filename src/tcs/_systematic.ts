/**
 * Madow's systematic PPS with its running sums computed once, for repeated draws on one `pik`.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import { checkPikSum } from "../core/checkIntegerSum.js";
import type { Rng } from "../core/rng.js";
import { draw, fail } from "../core/validate.js";
import { systematicPps } from "../design/systematicPps.js";

/**
 * Systematic PPS on a checked `pik` (summing to an integer n): the returned
 * draw gives, for the same rng, exactly the sample of `systematicPps(pik, rng)`
 * in O(n log N) per call instead of O(N). The running sums of the pik in (0, 1)
 * are accumulated once in the same order as the design's single pass, so they
 * are the same floating-point numbers; the point `start + m` then goes to the
 * first unit after the previous pick whose running sum reaches it (a binary
 * search where the design scans), and the certain units (pik = 1) are always
 * in. When rounding hands out a point too many or too few, the draw is
 * replayed through `systematicPps` itself with the same start, which owns the
 * pinned-sums repair.
 */
export function preparedSystematicPps(pik: Float64Array): (rng: Rng) => Int32Array {
  const n = checkPikSum("systematicPps", "pik", pik);
  const certain: number[] = [];
  const units: number[] = [];
  const sums: number[] = [];
  let s = 0;
  for (let i = 0; i < pik.length; i++) {
    const p = pik[i] as number;
    if (p === 1) certain.push(i);
    else if (p > 0) {
      s += p;
      units.push(i);
      sums.push(s);
    }
  }
  const V = Float64Array.from(sums);
  const L = V.length;
  return (rng) => {
    const u = draw("systematicPps", rng);
    const start = u > 0 ? u : 1;
    const out: number[] = certain.slice();
    let lo = 0;
    for (let m = 0; lo < L; m++) {
      const next = start + m;
      // first j >= lo with V[j] >= next
      let a = lo;
      let b = L;
      while (a < b) {
        const mid = (a + b) >>> 1;
        if ((V[mid] as number) < next) a = mid + 1;
        else b = mid;
      }
      if (a === L) break;
      out.push(units[a] as number);
      lo = a + 1;
    }
    if (out.length !== n) return systematicPps(pik, () => u);
    return Int32Array.from(out).sort();
  };
}

/**
 * Randomised systematic PPS (Goodman & Kish 1950; Hartley & Rao 1962) on a
 * checked `pik`: every draw first puts the units with 0 < pik < 1 in a
 * uniformly random order (Fisher–Yates, L - 1 rng values for L such units),
 * then runs Madow's systematic PPS in that order with one more rng value as
 * the start; certain units (pik = 1) are always in. The first-order inclusion
 * probabilities stay `pik`; the joint ones are positive for every pair (unlike
 * the fixed-order design, whose samples are a handful of fixed sets for a
 * given order), so the design has high entropy and Deville's variance
 * approximation applies. O(N) per draw; every rng value is checked, errors
 * named by `fn` (the strategy). When rounding hands out a point too
 * many or too few, the draw is replayed through `systematicPps` on the
 * permuted `pik` with the same start.
 */
export function randomOrderSystematicPps(pik: Float64Array, fn: string): (rng: Rng) => Int32Array {
  const n = checkPikSum("systematicPps", "pik", pik);
  const certain: number[] = [];
  const units: number[] = [];
  for (let i = 0; i < pik.length; i++) {
    const p = pik[i] as number;
    if (p === 1) certain.push(i);
    else if (p > 0) units.push(i);
  }
  const base = Int32Array.from(units);
  const L = base.length;
  // one shuffle buffer per prepared design: each draw refills it from `base` and is done with it
  // before it returns (draws never interleave), so the result stays a function of the rng alone
  const perm = new Int32Array(L);
  return (rng) => {
    perm.set(base);
    // every value checked here, as `checkedRng(fn, rng)` would, without its wrapper
    for (let k = L - 1; k > 0; k--) {
      const v = rng();
      if (!(v >= 0 && v < 1)) fail(fn, "rng returned a value outside [0, 1)", v);
      const j = Math.floor(v * (k + 1));
      const t = perm[k] as number;
      perm[k] = perm[j] as number;
      perm[j] = t;
    }
    const u = draw(fn, rng);
    const start = u > 0 ? u : 1;
    const out: number[] = certain.slice();
    let s = 0;
    let next = start;
    for (let k = 0; k < L; k++) {
      const i = perm[k] as number;
      s += pik[i] as number;
      if (s >= next) {
        out.push(i);
        next += 1;
      }
    }
    if (out.length !== n) {
      const permPik = Float64Array.from(perm, (i) => pik[i] as number);
      const picked = systematicPps(permPik, () => u);
      out.length = certain.length;
      for (let k = 0; k < picked.length; k++) out.push(perm[picked[k] as number] as number);
    }
    return Int32Array.from(out).sort();
  };
}
