/**
 * k-means++ (D²) seeding and nearest-centre strata on the risk sorted once, so
 * that each run costs O(H² + H log N) instead of O(H N).
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import type { Rng } from "../core/rng.js";
import { draw } from "../core/validate.js";

/**
 * The risk sorted once (ties by index) with double-double prefix sums of
 * x = (v - ref) * scale and of x², v the sorted risks: `ref` is the smallest
 * risk when the largest is at most twice it (then v - ref is exact, Sterbenz)
 * and 0 otherwise; `scale` is a power of two putting every |x| in [0, 1], so
 * every x is exact and no square overflows.
 */
export type SortedRisk = {
  /** `order[k]`: the unit at sorted position k (by risk, ties by index). */
  readonly order: Int32Array;
  /** `rank[i]`: the sorted position of unit i. */
  readonly rank: Int32Array;
  /** `value[k] = risk[order[k]]`. */
  readonly value: Float64Array;
  /** `x[k] = (value[k] - ref) * scale`, exact. */
  readonly x: Float64Array;
  readonly ref: number;
  readonly scale: number;
  /** Prefix sums over positions [0, k) of x (hi + lo) and of x² (hi + lo). */
  readonly s1Hi: Float64Array;
  readonly s1Lo: Float64Array;
  readonly s2Hi: Float64Array;
  readonly s2Lo: Float64Array;
  /** Absolute error bound of one range's D² mass computed from the prefix sums. */
  readonly bound: number;
  /** Absolute error bound of the same mass computed in doubles from the high parts only. */
  readonly coarse: number;
};

/** Sorts the risk (ties by index) and builds the prefix sums of {@link SortedRisk}: O(N log N), once. */
export function sortRisk(risk: Float64Array): SortedRisk {
  const N = risk.length;
  const order = argsortNonNegative(risk);
  const rank = new Int32Array(N);
  const value = new Float64Array(N);
  for (let k = 0; k < N; k++) {
    rank[order[k] as number] = k;
    value[k] = risk[order[k] as number] as number;
  }
  const lo = N > 0 ? (value[0] as number) : 0;
  const hi = N > 0 ? (value[N - 1] as number) : 0;
  const ref = hi <= 2 * lo ? lo : 0;
  const span = hi - ref;
  // a power of two with span * scale in (1/2, 1] (at most 2^1000 for tiny spans)
  let scale = 1;
  if (span > 0) {
    scale = 2 ** Math.min(1000, -Math.ceil(Math.log2(span)));
    while (span * scale > 1) scale /= 2;
    while (span * scale <= 0.5 && scale < 2 ** 1000) scale *= 2;
  }
  const x = new Float64Array(N);
  const s1Hi = new Float64Array(N + 1);
  const s1Lo = new Float64Array(N + 1);
  const s2Hi = new Float64Array(N + 1);
  const s2Lo = new Float64Array(N + 1);
  let h1 = 0;
  let l1 = 0;
  let h2 = 0;
  let l2 = 0;
  const dd: DD = { hi: 0, lo: 0 };
  for (let k = 0; k < N; k++) {
    const v = ((value[k] as number) - ref) * scale;
    x[k] = v;
    ddAdd(dd, h1, l1, v, 0);
    h1 = dd.hi;
    l1 = dd.lo;
    const p = v * v;
    ddAdd(dd, h2, l2, p, twoProdErr(v, v, p));
    h2 = dd.hi;
    l2 = dd.lo;
    s1Hi[k + 1] = h1;
    s1Lo[k + 1] = l1;
    s2Hi[k + 1] = h2;
    s2Lo[k + 1] = l2;
  }
  // |x|, |centre| <= 1: each prefix sum of N terms of size <= 1 is within 3 N^2 u^2
  // (u = 2^-53; double-double additions, relative error <= 3 u^2 each), the
  // range's S2 - 2 c S1 + m c^2 within 18 N^2 u^2 + 20 N u^2 of the exact value
  const bound = 32 * N * (N + 1) * 2 ** -106;
  // in doubles from the high parts: each prefix within u N, the range's mass within 20 u N
  const coarse = 64 * N * 2 ** -53;
  return { order, rank, value, x, ref, scale, s1Hi, s1Lo, s2Hi, s2Lo, bound, coarse };
}

/**
 * The units sorted by risk, ties by index: for N >= 4,096 a stable LSD radix sort on the
 * 64-bit patterns of the risks (for non-negative doubles, with -0 read as 0,
 * the pattern's order is the value's), four passes of 16 bits, a pass skipped
 * when every unit has the same digit.
 */
export function argsortNonNegative(risk: Float64Array): Int32Array {
  const N = risk.length;
  // below a few thousand units the radix passes' fixed 4 x 65,536 counts cost more than a
  // comparison sort with the same order (risk, then index; -0 equals 0 in both)
  if (N < 4096) {
    const order = new Int32Array(N);
    for (let i = 0; i < N; i++) order[i] = i;
    return order.sort((a, b) => (risk[a] as number) - (risk[b] as number) || a - b);
  }
  const bits = new Float64Array(N);
  for (let i = 0; i < N; i++) bits[i] = (risk[i] as number) + 0;
  const words = new Uint32Array(bits.buffer);
  // the low word of a double comes first on a little-endian platform
  const low = new Uint8Array(Float64Array.of(1).buffer)[7] === 0x3f ? 0 : 1;
  let order = new Int32Array(N);
  for (let i = 0; i < N; i++) order[i] = i;
  let next = new Int32Array(N);
  const count = new Int32Array(65537);
  for (let pass = 0; pass < 4; pass++) {
    const word = pass < 2 ? low : 1 - low;
    const shift = (pass & 1) === 0 ? 0 : 16;
    count.fill(0);
    for (let i = 0; i < N; i++) {
      const d = ((words[2 * i + word] as number) >>> shift) & 0xffff;
      count[d + 1] = (count[d + 1] as number) + 1;
    }
    let one = false;
    for (let d = 1; d <= 65536; d++) {
      if (count[d] === N) one = true;
      count[d] = (count[d] as number) + (count[d - 1] as number);
    }
    if (one) continue;
    for (let k = 0; k < N; k++) {
      const i = order[k] as number;
      const d = ((words[2 * i + word] as number) >>> shift) & 0xffff;
      next[count[d] as number] = i;
      count[d] = (count[d] as number) + 1;
    }
    const t = order;
    order = next;
    next = t;
  }
  return order;
}

/** A double-double result register: each caller owns one (no module state). */
type DD = { hi: number; lo: number };

/** The rounding error of `p = a * b` (Dekker's product with Veltkamp's split; |a|, |b| <= 2^996). */
function twoProdErr(a: number, b: number, p: number): number {
  const ca = 134217729 * a;
  const ah = ca - (ca - a);
  const al = a - ah;
  const cb = 134217729 * b;
  const bh = cb - (cb - b);
  const bl = b - bh;
  return ah * bh - p + ah * bl + al * bh + al * bl;
}

/** (ah + al) + (bh + bl) in double-double (the accurate sum of Li et al.), into `out`. */
function ddAdd(out: DD, ah: number, al: number, bh: number, bl: number): void {
  const s = ah + bh;
  const sb = s - ah;
  let e = ah - (s - sb) + (bh - sb);
  const t = al + bl;
  const tb = t - al;
  const f = al - (t - tb) + (bl - tb);
  e += t;
  const h = s + e;
  e -= h - s;
  e += f;
  out.hi = h + e;
  out.lo = e - (out.hi - h);
}

/** (hi + lo) * b in double-double, into `out`. */
function ddMul(out: DD, hi: number, lo: number, b: number): void {
  const p = hi * b;
  const e = twoProdErr(hi, b, p) + lo * b;
  out.hi = p + e;
  out.lo = e - (out.hi - p);
}

/**
 * sum over sorted positions [p, q) of (x - c)², c a scaled centre, from the
 * prefix sums: S2 - 2 c S1 + (q - p) c² in double-double, clamped at 0.
 */
function rangeMass(sr: SortedRisk, p: number, q: number, c: number): number {
  const { s1Hi, s1Lo, s2Hi, s2Lo } = sr;
  const dd: DD = { hi: 0, lo: 0 };
  ddAdd(dd, s2Hi[q] as number, s2Lo[q] as number, -(s2Hi[p] as number), -(s2Lo[p] as number));
  const s2h = dd.hi;
  const s2l = dd.lo;
  ddAdd(dd, s1Hi[q] as number, s1Lo[q] as number, -(s1Hi[p] as number), -(s1Lo[p] as number));
  // -2 c is exact
  ddMul(dd, dd.hi, dd.lo, -2 * c);
  ddAdd(dd, s2h, s2l, dd.hi, dd.lo);
  const th = dd.hi;
  const tl = dd.lo;
  const cc = c * c;
  ddMul(dd, cc, twoProdErr(c, c, cc), q - p);
  ddAdd(dd, th, tl, dd.hi, dd.lo);
  return Math.max(dd.hi + dd.lo, 0);
}

/** sum over sorted positions [p, q) of (x - c)² by a direct compensated (Neumaier) pass. */
function scanMass(x: Float64Array, p: number, q: number, c: number): number {
  let s = 0;
  let comp = 0;
  for (let k = p; k < q; k++) {
    const v = ((x[k] as number) - c) * ((x[k] as number) - c);
    const t = s + v;
    comp += Math.abs(s) >= Math.abs(v) ? s - t + v : v - t + s;
    s = t;
  }
  return s + comp;
}

/** First position k in [lo, hi) with value[k] > r (`strict`) or >= r; hi if none. */
function searchValue(
  value: Float64Array,
  lo: number,
  hi: number,
  r: number,
  strict: boolean,
): number {
  let a = lo;
  let b = hi;
  while (a < b) {
    const mid = (a + b) >>> 1;
    const v = value[mid] as number;
    if (strict ? v <= r : v < r) a = mid + 1;
    else b = mid;
  }
  return a;
}

/**
 * The D² strata of one run: the centres' risks in the order drawn and the
 * strata as sorted ranges, stratum h = sorted positions [bounds[h], bounds[h + 1]).
 */
export type SortedStrata = { readonly centres: number[]; readonly bounds: Int32Array };

/**
 * k-means++ (D²) seeding on the sorted risk, then nearest-centre strata, with
 * the law of seeding over all N units (Arthur & Vassilvitskii 2007): the first
 * centre is unit floor(u N) (u one draw), each next one is unit i with
 * probability D(i)² / sum_j D(j)², D = distance to the nearest chosen centre;
 * the seeding stops early when every unit sits on a centre (fewer distinct
 * risks than H). Strata: every unit joins its nearest centre, a tie to the
 * lower one, compared as `c_up - r < r - c_low` exactly as
 * `nearestCentreStrata`; strata numbered by increasing centre.
 *
 * Algorithm: in 1-D the units between two consecutive centres form a range of
 * the sorted order, split (by a binary search on the comparison above) into a
 * part nearer the lower centre and a part nearer the upper one; the units
 * equal to a centre belong to no part (distance 0). The D² mass of a part
 * [p, q) measured from centre c is S2 - 2 c S1 + (q - p) c² from the
 * double-double prefix sums of {@link sortRisk}, within `bound` of the exact
 * value. Each step draws u, walks the parts (in sorted order) to the one
 * where u times the total mass falls, then the unit inside it by a binary
 * search on the prefix-sum mass of [p, k) (in doubles where that is more than
 * its error bound away from the target, else in double-double). When the parts' error bounds add
 * up to more than 2^-60 of the total (squared distances tiny against the
 * risk's range), the parts' masses are recomputed and the unit is found by a
 * direct compensated scan of the part instead, as the O(N) seeding does.
 * Either way each unit's probability is within 2^-60 of D(i)² / sum_j D(j)²,
 * below the resolution of a double draw u. Only the two parts around the new
 * centre change per step: O(H + log N) per centre after the O(N log N) sort.
 *
 * The picks for a given rng differ from a seeding that scans the units in
 * index order (the target falls on the sorted order), the law does not.
 */
export function d2SortedStrata(fn: string, sr: SortedRisk, H: number, rng: Rng): SortedStrata {
  const { value, x } = sr;
  const N = value.length;
  const i0 = Math.floor(draw(fn, rng) * N);
  const first = value[sr.rank[i0] as number] as number;
  const centres = [first];
  // centres sorted by value: risk, scaled risk, range of sorted positions equal to it
  const cv = [first];
  const cx = [(first - sr.ref) * sr.scale];
  const cLo = [searchValue(value, 0, N, first, false)];
  const cHi = [searchValue(value, 0, N, first, true)];
  // gap g lies between centres g - 1 and g: positions [a_g, b_g) (a_0 = 0, b_m = N),
  // split at s_g into a part nearer centre g - 1 (mass mL) and one nearer centre g (mR)
  const split = [0, N];
  const mL = [0, 0];
  const mR = [0, 0];
  const exact = [false, false];
  const gapStart = (g: number) => (g === 0 ? 0 : (cHi[g - 1] as number));
  const gapEnd = (g: number) => (g === cv.length ? N : (cLo[g] as number));
  const splitOf = (g: number): number => {
    const a = gapStart(g);
    const b = gapEnd(g);
    if (g === 0) return a;
    if (g === cv.length) return b;
    const low = cv[g - 1] as number;
    const up = cv[g] as number;
    // the predicate of nearestCentreStrata, monotone in r: first unit nearer the upper centre
    let lo = a;
    let hi = b;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const r = value[mid] as number;
      if (up - r < r - low) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  const massOf = (g: number, useScan: boolean): void => {
    const a = gapStart(g);
    const b = gapEnd(g);
    const s = split[g] as number;
    const low = cx[g - 1] as number;
    const up = cx[g] as number;
    if (useScan) {
      mL[g] = s > a ? scanMass(x, a, s, low) : 0;
      mR[g] = b > s ? scanMass(x, s, b, up) : 0;
    } else {
      mL[g] = s > a ? rangeMass(sr, a, s, low) : 0;
      mR[g] = b > s ? rangeMass(sr, s, b, up) : 0;
    }
    exact[g] = useScan;
  };
  massOf(0, false);
  massOf(1, false);
  while (centres.length < H) {
    // the parts that hold a unit off every centre, their masses and error bounds
    let parts = 0;
    let inexact = 0;
    for (let g = 0; g <= cv.length; g++) {
      const n =
        (gapEnd(g) > (split[g] as number) ? 1 : 0) + ((split[g] as number) > gapStart(g) ? 1 : 0);
      parts += n;
      if (!exact[g]) inexact += n;
    }
    if (parts === 0) break;
    let total = sumMasses(mL, mR);
    if (!(inexact * sr.bound <= 2 ** -60 * total)) {
      for (let g = 0; g <= cv.length; g++) if (!exact[g]) massOf(g, true);
      total = sumMasses(mL, mR);
    }
    if (!(total > 0)) break;
    const target = draw(fn, rng) * total;
    // the part where the target falls (rounding past the end: the last part with mass)
    let run = 0;
    let gap = -1;
    let upper = false;
    let rest = 0;
    let lastGap = -1;
    let lastUpper = false;
    for (let j = 0; j <= 2 * cv.length + 1 && gap < 0; j++) {
      // part j: the lower (even j) or upper (odd j) part of gap j >> 1
      const g = j >> 1;
      const u = (j & 1) === 1;
      const m = (u ? mR[g] : mL[g]) as number;
      if (!(m > 0)) continue;
      lastGap = g;
      lastUpper = u;
      if (target < run + m) {
        gap = g;
        upper = u;
        rest = target - run;
      } else run += m;
    }
    if (gap < 0) {
      gap = lastGap;
      upper = lastUpper;
      rest = Number.POSITIVE_INFINITY;
    }
    const p = upper ? (split[gap] as number) : gapStart(gap);
    const q = upper ? gapEnd(gap) : (split[gap] as number);
    const c = (upper ? cx[gap] : cx[gap - 1]) as number;
    let k = q - 1;
    if (exact[gap]) {
      let acc = 0;
      for (let j = p; j < q; j++) {
        acc += ((x[j] as number) - c) * ((x[j] as number) - c);
        if (rest < acc) {
          k = j;
          break;
        }
      }
    } else {
      // first k with mass([p, k + 1)) > rest: the prefix sums' high parts in
      // doubles decide unless they fall within `coarse` of rest, then double-double
      const { s1Hi, s2Hi, coarse } = sr;
      const p1 = s1Hi[p] as number;
      const p2 = s2Hi[p] as number;
      const cc = c * c;
      let lo = p;
      let hi = q - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const j = mid + 1;
        const v = (s2Hi[j] as number) - p2 - 2 * c * ((s1Hi[j] as number) - p1) + (j - p) * cc;
        const above =
          v > rest + coarse ? true : v <= rest - coarse ? false : rangeMass(sr, p, j, c) > rest;
        if (above) hi = mid;
        else lo = mid + 1;
      }
      k = lo;
    }
    const picked = value[k] as number;
    centres.push(picked);
    // the new centre splits gap `gap` into gaps `gap` (below it) and `gap + 1` (above it)
    const a = gapStart(gap);
    const b = gapEnd(gap);
    cv.splice(gap, 0, picked);
    cx.splice(gap, 0, (picked - sr.ref) * sr.scale);
    cLo.splice(gap, 0, searchValue(value, a, b, picked, false));
    cHi.splice(gap, 0, searchValue(value, a, b, picked, true));
    split.splice(gap, 1, 0, 0);
    mL.splice(gap, 1, 0, 0);
    mR.splice(gap, 1, 0, 0);
    exact.splice(gap, 1, false, false);
    split[gap] = splitOf(gap);
    split[gap + 1] = splitOf(gap + 1);
    massOf(gap, false);
    massOf(gap + 1, false);
  }
  return { centres, bounds: Int32Array.from(split) };
}

/** Neumaier sum of the parts' masses in sorted order. */
function sumMasses(mL: readonly number[], mR: readonly number[]): number {
  let s = 0;
  let comp = 0;
  for (let j = 0; j < 2 * mL.length; j++) {
    const v = ((j & 1) === 1 ? mR[j >> 1] : mL[j >> 1]) as number;
    const t = s + v;
    comp += Math.abs(s) >= Math.abs(v) ? s - t + v : v - t + s;
    s = t;
  }
  return s + comp;
}
