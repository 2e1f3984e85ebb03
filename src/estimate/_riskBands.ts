/**
 * Risk bands: a population split into bands of equal total risk (cut further
 * where a band's draw rates spread more than 4-fold). The weighted strategies'
 * variance floor (`tcs/_riskBands.ts`) and `modelAssisted`'s
 * prediction-band floor build on them.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import { powerOfTwoScale, scaled, sumLimit } from "../core/_scale.js";

/**
 * The risk bands of a population: `band[i]` in 0..H-1 (0 = lowest risk);
 * `sizes[h]` its unit count; `cuts` the H - 1 equal-risk cuts (before any
 * split), so an unsplit band is the number of cuts strictly below the risk.
 */
export type RiskBands = {
  readonly band: Uint8Array;
  readonly sizes: readonly number[];
  readonly cuts: Float64Array;
};

/**
 * The number of risk bands H of {@link riskBands}: 8, so a band expects
 * n / 8 labels (about 4 at n = 30).
 */
export const RISK_BANDS = 8;

/** The most histogram bins {@link riskBands} uses (fewer when N is smaller). */
const MAX_BINS = 4096;

/**
 * Splits the population into {@link RISK_BANDS} bands of equal total risk:
 * the cut c_j (j = 1..H-1) is the smallest risk value with
 * `sum_{r_i <= c_j} r_i >= j total / H`, and unit i's band is the number of
 * cuts below its risk, so a design drawing proportionally to risk expects
 * about n / H labels in every band and the low bands are where the weights
 * are large. Ties stay together (a band may be empty). Algorithm: a
 * histogram of the risk mass over min(4096, N) equal-width bins locates the
 * bin of every cut; only those bins' values are sorted to place the cut
 * exactly, so it costs three passes over N; `risk` is not modified. Returns
 * `undefined` when fewer than two bands hold units (e.g. a constant risk).
 * A risk whose total would overflow the cut targets (past 2^1000) is cut as
 * its copy rescaled by a power of two, which gives the same bands exactly.
 *
 * With `options.split` (for designs that draw in proportion to `risk`: the
 * PPS engines on their capped `pik` or per-draw probabilities, RHC on the
 * risk), a band whose risks spread more than {@link BAND_SPREAD} is then cut
 * into parts of at most that spread ({@link splitByWeight}), so a band's few
 * labels come from units drawn at similar rates. Why: with a low floor
 * (CIFAR-10 model F at `toRisk` floor 0.01) the lowest equal-risk band
 * holds units whose weights differ many times over; its ~n / 8 draws come
 * almost all from its light end, so its labels are mixed and it adds
 * nothing, while the heavy end, which holds many confident failures, is
 * drawn a few times per sample and often shows none of them: the interval
 * missed from below with no flag raised (test/tcs/coverage.weighted.test.ts
 * reproduces it on a synthetic population; docs/replication/deepsample.md,
 * "The weight-tail flag", measures it per model). Without it
 * (deepEst and active, whose draw rates mix the risk with uniform draws and
 * are not proportional to it) the equal-risk bands are returned as they are.
 */
export function riskBands(
  risk: Float64Array,
  options?: { readonly split?: boolean },
): RiskBands | undefined {
  const N = risk.length;
  const { total, lo, hi } = sumMinMax(risk);
  if (!(total > 0) || N < 2 || !(hi > lo)) return undefined;
  // a total past 2^1000 (every risk finite) would overflow in the cut targets:
  // the bands of the risk rescaled by a power of two are exactly the same bands
  // (half the limit per unit, so the rescaled total is below it and this runs once)
  if (total > sumLimit(1)) {
    const scale = powerOfTwoScale(risk, sumLimit(N) / 2);
    const b = riskBands(scaled(risk, scale), options);
    return b === undefined ? undefined : { ...b, cuts: b.cuts.map((c) => c / scale) };
  }
  const band = new Uint8Array(N);
  const equal = equalRiskCuts(risk, total, lo, hi, band);
  const sizes = options?.split === true ? splitByWeight(risk, band, RISK_BANDS) : equal.sizes;
  return held(sizes) < 2 ? undefined : { band, sizes: Array.from(sizes), cuts: equal.cuts };
}

/**
 * The sum (in index order), least and largest of `x`. (Each pass over the
 * units is a small function of its own, here and below: V8 then optimizes
 * it whole, where a loop inside a larger function called a few times runs
 * as on-stack-replaced code that deoptimizes on reaching the code after it.)
 */
function sumMinMax(x: Float64Array): { total: number; lo: number; hi: number } {
  let total = 0;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < x.length; i++) {
    const r = x[i] as number;
    total += r;
    if (r < lo) lo = r;
    if (r > hi) hi = r;
  }
  return { total, lo, hi };
}

/** The number of non-empty bands. */
function held(sizes: Int32Array): number {
  let k = 0;
  for (let h = 0; h < sizes.length; h++) if ((sizes[h] as number) > 0) k++;
  return k;
}

/**
 * The unsplit bands of {@link riskBands} without the band of every unit:
 * the H - 1 cuts and the H sizes, for a caller that needs only those
 * (`predictionBandVariance`), from the risk's `total`, `lo` and `hi`, summed
 * and found in index order by the caller's own pass (so they are
 * `riskBands`' own, bit for bit). Undefined where `riskBands(risk)` is.
 */
export function riskBandSizes(
  risk: Float64Array,
  total: number,
  lo: number,
  hi: number,
): { readonly sizes: Int32Array; readonly cuts: Float64Array } | undefined {
  if (!(total > 0) || risk.length < 2 || !(hi > lo)) return undefined;
  if (total > sumLimit(1)) {
    const b = riskBands(risk);
    return b === undefined ? undefined : { sizes: Int32Array.from(b.sizes), cuts: b.cuts };
  }
  const equal = equalRiskCuts(risk, total, lo, hi, undefined);
  return held(equal.sizes) < 2 ? undefined : equal;
}

/**
 * The core of {@link riskBands} for N >= 2 risks of total `total` in
 * (0, 2^1000], least `lo` and largest `hi > lo`: the cuts, the sizes of the
 * unsplit bands and, when `band` is given, the band of every unit written
 * into it. A histogram of the risk mass (and of the unit count) over
 * min(4096, N) equal-width bins locates the bin of every cut; a second pass
 * takes every unit outside those boundary bins to its bin's band and
 * collects the boundary bins' values, which alone are sorted to place the
 * cuts exactly. A unit's bin is computed the same way in both passes
 * (cheaper than storing it), and nothing of size N is allocated.
 */
function equalRiskCuts(
  risk: Float64Array,
  total: number,
  lo: number,
  hi: number,
  band: Uint8Array | undefined,
): { readonly sizes: Int32Array; readonly cuts: Float64Array } {
  const N = risk.length;
  const H = RISK_BANDS;
  const BINS = Math.min(MAX_BINS, Math.max(16, N));
  // a histogram of the risk mass and the unit count over BINS equal-width
  // bins (monotone in the risk)
  const scale = BINS / (hi - lo);
  const mass = new Float64Array(BINS);
  const count = new Int32Array(BINS);
  const hist = { lo, scale, mass, count };
  // (a scale of 0 or infinity, from a spread past the double range or below
  // 2^-1000, gives NaN bins: the careful pass)
  if (scale > 0 && scale < Number.POSITIVE_INFINITY) histogram(risk, hist);
  else nanHistogram(risk, hist);
  // the bin holding cut j: where the cumulative mass reaches j total / H
  const cutBin = new Int32Array(H - 1);
  const before = new Float64Array(H - 1);
  let acc = 0;
  let j = 1;
  for (let b = 0; b < BINS && j < H; b++) {
    const after = acc + (mass[b] as number);
    while (j < H && after >= (j * total) / H) {
      cutBin[j - 1] = b;
      before[j - 1] = acc;
      j++;
    }
    acc = after;
  }
  for (; j < H; j++) {
    cutBin[j - 1] = BINS - 1;
    before[j - 1] = acc - (mass[BINS - 1] as number);
  }
  // a unit outside the boundary bins takes its bin's band (the cuts in lower
  // bins); the values of boundary bin slotBin[s] go to start[s]..start[s + 1]
  // of vals, and wait for their exact cuts
  const slot = new Int32Array(BINS).fill(-1);
  const slotBin = new Int32Array(H - 1);
  let nSlots = 0;
  for (let k = 0; k < H - 1; k++) {
    const b = cutBin[k] as number;
    if (slot[b] === -1) {
      slotBin[nSlots] = b;
      slot[b] = nSlots++;
    }
  }
  const base = new Uint8Array(BINS);
  for (let k = 0; k < H - 1; k++)
    if ((cutBin[k] as number) + 1 < BINS) base[(cutBin[k] as number) + 1]++;
  for (let b = 1; b < BINS; b++) base[b] = (base[b] as number) + (base[b - 1] as number);
  const sizes = new Int32Array(H);
  for (let b = 0; b < BINS; b++)
    if ((slot[b] as number) < 0) sizes[base[b] as number] += count[b] as number;
  const start = new Int32Array(nSlots + 1);
  for (let s = 0; s < nSlots; s++)
    start[s + 1] = (start[s] as number) + (count[slotBin[s] as number] as number);
  const vals = new Float64Array(start[nSlots] as number);
  // (with band) the units whose values are in vals, in the same order
  const waiting = new Int32Array(band === undefined ? 0 : vals.length);
  const bins = { lo, scale, slot, next: start.slice(0, nSlots), vals };
  if (band !== undefined) assign(risk, bins, base, band, waiting);
  else collect(risk, bins);
  for (let s = 0; s < nSlots; s++) vals.subarray(start[s], start[s + 1]).sort();
  // the exact cut: the smallest value of its bin whose mass with everything
  // below reaches the target (equal values summed together, so their order
  // in the sorted values does not matter)
  const cuts = new Float64Array(H - 1);
  for (let k = 0; k < H - 1; k++) {
    const s = slot[cutBin[k] as number] as number;
    const target = ((k + 1) * total) / H;
    cuts[k] = cutIn(vals, start[s] as number, start[s + 1] as number, before[k] as number, target);
  }
  // a boundary bin's unit: its bin's band plus the cuts of the bin below its
  // value (vals is sorted now: with band, a unit's value is read from the risk)
  for (let s = 0; s < nSlots; s++) {
    const b = slotBin[s] as number;
    const from = start[s] as number;
    const to = start[s + 1] as number;
    const edge = { cutBin, cuts, b, base: base[b] as number };
    if (band === undefined) placeValues(vals, from, to, edge, sizes);
    else placeUnits(risk, waiting, from, to, edge, sizes, band);
  }
  return { sizes, cuts };
}

/**
 * The bin of a value: `min(BINS - 1, floor((r - lo) scale))`, where
 * `scale = BINS / (hi - lo)`; a NaN (only when `scale` or `hi - lo` is not
 * finite: 0 times infinity) is bin 0. (`f | 0` truncates, which is the floor
 * for the f >= 0 here, and NaN | 0 is 0.)
 */
function binOf(r: number, lo: number, scale: number, top: number): number {
  const f = (r - lo) * scale;
  return f >= top ? top : f | 0;
}

/** A histogram: every bin's risk mass and unit count, bins as {@link binOf} says. */
type Histogram = {
  readonly lo: number;
  readonly scale: number;
  readonly mass: Float64Array;
  readonly count: Int32Array;
};

/**
 * Adds every risk of `x` to its bin's mass and count, for a finite positive
 * `scale` (then `(r - lo) scale` is finite, in [0, ~BINS]).
 */
function histogram(x: Float64Array, hist: Histogram): void {
  const { lo, scale, mass, count } = hist;
  const top = mass.length - 1;
  for (let i = 0; i < x.length; i++) {
    const r = x[i] as number;
    const b = binOf(r, lo, scale, top);
    mass[b] = (mass[b] as number) + r;
    count[b] = (count[b] as number) + 1;
  }
}

/**
 * {@link histogram} for a `scale` of 0 or infinity (0 times infinity: a NaN
 * bin, {@link binOf}'s bin 0, which adds to the count but no mass, as
 * `mass[min(BINS - 1, floor(NaN))]` does not exist).
 */
function nanHistogram(x: Float64Array, hist: Histogram): void {
  const { lo, scale, mass, count } = hist;
  const top = mass.length - 1;
  for (let i = 0; i < x.length; i++) {
    const r = x[i] as number;
    const b = binOf(r, lo, scale, top);
    if (!Number.isNaN((r - lo) * scale)) mass[b] = (mass[b] as number) + r;
    count[b] = (count[b] as number) + 1;
  }
}

/**
 * The bins of {@link equalRiskCuts}' second pass: `slot[b]` the boundary
 * slot of bin b (-1: none), whose values go to `vals` from `next[slot]` on.
 */
type Bins = {
  readonly lo: number;
  readonly scale: number;
  readonly slot: Int32Array;
  readonly next: Int32Array;
  readonly vals: Float64Array;
};

/**
 * Writes every risk's bin's band (`base`) into `band` and puts the values
 * of the boundary bins' units into `vals`, their indices into `waiting`.
 */
function assign(
  risk: Float64Array,
  bins: Bins,
  base: Uint8Array,
  band: Uint8Array,
  waiting: Int32Array,
): void {
  const { lo, scale, slot, next, vals } = bins;
  const top = slot.length - 1;
  const n = risk.length;
  for (let i = 0; i < n; i++) {
    const r = risk[i] as number;
    const b = binOf(r, lo, scale, top);
    band[i] = base[b] as number;
    const s = slot[b] as number;
    if (s >= 0) {
      const at = next[s] as number;
      next[s] = at + 1;
      vals[at] = r;
      waiting[at] = i;
    }
  }
}

/** Puts the risks of `x` that fall in a boundary bin into `vals`. */
function collect(x: Float64Array, bins: Bins): void {
  const { lo, scale, slot, next, vals } = bins;
  const top = slot.length - 1;
  for (let i = 0; i < x.length; i++) {
    const r = x[i] as number;
    const s = slot[binOf(r, lo, scale, top)] as number;
    if (s >= 0) {
      const at = next[s] as number;
      next[s] = at + 1;
      vals[at] = r;
    }
  }
}

/**
 * The cut in the sorted `vals[from..to)` (one bin's values) of the target:
 * the smallest value whose mass with everything below (`before`, the lower
 * bins') reaches it, ties summed together; the bin's largest value when none
 * does (rounding).
 */
function cutIn(
  vals: Float64Array,
  from: number,
  to: number,
  before: number,
  target: number,
): number {
  let run = before;
  let m = from;
  while (m < to) {
    const v = vals[m] as number;
    while (m < to && vals[m] === v) run += vals[m++] as number;
    if (run >= target) return v;
  }
  return vals[to - 1] as number;
}

/** Boundary bin b, whose units' band is `base` plus the cuts in b below them. */
type Edge = {
  readonly cutBin: Int32Array;
  readonly cuts: Float64Array;
  readonly b: number;
  readonly base: number;
};

/** The band of a value r of boundary bin `e.b`. */
function edgeBand(r: number, e: Edge): number {
  let h = e.base;
  for (let k = 0; k < e.cuts.length; k++) if (e.cutBin[k] === e.b && r > (e.cuts[k] as number)) h++;
  return h;
}

/** Counts the values `vals[from..to)` of boundary bin `e.b` into their bands' `sizes`. */
function placeValues(
  vals: Float64Array,
  from: number,
  to: number,
  e: Edge,
  sizes: Int32Array,
): void {
  for (let at = from; at < to; at++) sizes[edgeBand(vals[at] as number, e)]++;
}

/** Writes the bands of boundary bin `e.b`'s units `waiting[from..to)` into `band`, and counts them. */
function placeUnits(
  risk: Float64Array,
  waiting: Int32Array,
  from: number,
  to: number,
  e: Edge,
  sizes: Int32Array,
  band: Uint8Array,
): void {
  for (let at = from; at < to; at++) {
    const i = waiting[at] as number;
    const h = edgeBand(risk[i] as number, e);
    band[i] = h;
    sizes[h]++;
  }
}

/**
 * The widest spread of risk, hence of draw probability and weight, that one
 * band of {@link riskBands} may hold: 4. A band whose largest risk is more
 * than 4 times its smallest is split at its largest risk / 4, / 16, ...
 * (at most {@link MAX_SPLIT} parts; risk 0 goes to the last), so the few
 * labels a band receives come from units drawn at rates within a factor 4 of
 * each other and can stand for all of its units.
 */
export const BAND_SPREAD = 4;

/**
 * The most parts {@link splitByWeight} cuts one band into: 16, so a band
 * splits down to its largest risk / 4^15 (about 1e-9 of it); with 8 bands at
 * most 128 ids, which fit the `Uint8Array`.
 */
const MAX_SPLIT = 16;

/**
 * Splits, in place, every band of `band` (ids 0..H-1) whose risks spread more
 * than {@link BAND_SPREAD}: part s of band h holds its units with
 * `top_h / 4^(s+1) < r <= top_h / 4^s` (top_h the band's largest risk; the
 * last part also everything smaller, risk 0 included). The parts are
 * renumbered in increasing risk (band by band, the lowest-risk part first);
 * part 0 of every band keeps an id even when empty, so an unsplit population
 * keeps its ids. Exact arithmetic: multiplications and divisions by 4 only.
 * Returns the size of every id.
 */
function splitByWeight(risk: Float64Array, band: Uint8Array, H: number): Int32Array {
  const top = bandTops(risk, band, H);
  // band h, part s held as h * MAX_SPLIT + s (at most 127: a byte) until renumbered
  const count = splitParts(risk, band, top);
  const id = new Int32Array(H * MAX_SPLIT).fill(-1);
  let next = 0;
  for (let h = 0; h < H; h++)
    for (let s = MAX_SPLIT - 1; s >= 0; s--)
      if (s === 0 || (count[h * MAX_SPLIT + s] as number) > 0) id[h * MAX_SPLIT + s] = next++;
  const sizes = new Int32Array(next);
  for (let p = 0; p < H * MAX_SPLIT; p++)
    if ((id[p] as number) >= 0) sizes[id[p] as number] = count[p] as number;
  renumber(band, id);
  return sizes;
}

/** The largest risk of every band (0 for an empty one, or one of risks below 0). */
function bandTops(risk: Float64Array, band: Uint8Array, H: number): Float64Array {
  const top = new Float64Array(H);
  for (let i = 0; i < risk.length; i++) {
    const h = band[i] as number;
    if ((risk[i] as number) > (top[h] as number)) top[h] = risk[i] as number;
  }
  return top;
}

/**
 * Replaces every unit's band h by h * MAX_SPLIT + s, s its part (see
 * {@link splitByWeight}), and returns the unit count of every such id.
 */
function splitParts(risk: Float64Array, band: Uint8Array, top: Float64Array): Int32Array {
  const count = new Int32Array(top.length * MAX_SPLIT);
  for (let i = 0; i < risk.length; i++) {
    const h = band[i] as number;
    const r = risk[i] as number;
    let s = 0;
    let bound = top[h] as number;
    while (s < MAX_SPLIT - 1 && r * BAND_SPREAD < bound) {
      s++;
      bound /= BAND_SPREAD;
    }
    const part = h * MAX_SPLIT + s;
    band[i] = part;
    count[part] = (count[part] as number) + 1;
  }
  return count;
}

/** `band[i] = id[band[i]]`. */
function renumber(band: Uint8Array, id: Int32Array): void {
  for (let i = 0; i < band.length; i++) band[i] = id[band[i] as number] as number;
}
