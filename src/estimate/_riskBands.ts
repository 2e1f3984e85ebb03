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
  const H = RISK_BANDS;
  let total = 0;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < N; i++) {
    const r = risk[i] as number;
    total += r;
    if (r < lo) lo = r;
    if (r > hi) hi = r;
  }
  if (!(total > 0) || N < 2 || !(hi > lo)) return undefined;
  // a total past 2^1000 (every risk finite) would overflow in the cut targets:
  // the bands of the risk rescaled by a power of two are exactly the same bands
  // (half the limit per unit, so the rescaled total is below it and this runs once)
  if (total > sumLimit(1)) {
    const scale = powerOfTwoScale(risk, sumLimit(N) / 2);
    const b = riskBands(scaled(risk, scale), options);
    return b === undefined ? undefined : { ...b, cuts: b.cuts.map((c) => c / scale) };
  }
  const BINS = Math.min(MAX_BINS, Math.max(16, N));
  // a histogram of the risk mass over BINS equal-width bins (monotone in the risk)
  const scale = BINS / (hi - lo);
  const binOf = new Uint16Array(N);
  const mass = new Float64Array(BINS);
  for (let i = 0; i < N; i++) {
    const r = risk[i] as number;
    const b = Math.min(BINS - 1, Math.floor((r - lo) * scale));
    binOf[i] = b;
    mass[b] = (mass[b] as number) + r;
  }
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
  // one pass: a unit outside the boundary bins takes its bin's band (the cuts
  // in lower bins); the boundary bins' units wait for their exact cuts
  const slot = new Int32Array(BINS).fill(-1);
  let nSlots = 0;
  for (let k = 0; k < H - 1; k++)
    if (slot[cutBin[k] as number] === -1) slot[cutBin[k] as number] = nSlots++;
  const base = new Uint8Array(BINS);
  for (let k = 0; k < H - 1; k++)
    if ((cutBin[k] as number) + 1 < BINS) base[(cutBin[k] as number) + 1]++;
  for (let b = 1; b < BINS; b++) base[b] = (base[b] as number) + (base[b - 1] as number);
  const band = new Uint8Array(N);
  const waiting: number[] = [];
  const lists: number[][] = Array.from({ length: nSlots }, () => []);
  for (let i = 0; i < N; i++) {
    const b = binOf[i] as number;
    const s = slot[b] as number;
    if (s < 0) band[i] = base[b] as number;
    else {
      waiting.push(i);
      (lists[s] as number[]).push(risk[i] as number);
    }
  }
  for (const l of lists) l.sort((x, y) => x - y);
  // the exact cut: the smallest value of its bin whose mass with everything below reaches the target
  const cuts = new Float64Array(H - 1);
  for (let k = 0; k < H - 1; k++) {
    const vals = lists[slot[cutBin[k] as number] as number] as number[];
    const target = ((k + 1) * total) / H;
    let run = before[k] as number;
    let m = 0;
    let cut = vals[vals.length - 1] as number;
    while (m < vals.length) {
      const v = vals[m] as number;
      while (m < vals.length && vals[m] === v) run += vals[m++] as number;
      if (run >= target) {
        cut = v;
        break;
      }
    }
    cuts[k] = cut;
  }
  for (const i of waiting) {
    const b = binOf[i] as number;
    const r = risk[i] as number;
    let h = base[b] as number;
    for (let k = 0; k < H - 1; k++) if (cutBin[k] === b && r > (cuts[k] as number)) h++;
    band[i] = h;
  }
  const sizes = new Array<number>(options?.split === true ? splitByWeight(risk, band, H) : H).fill(
    0,
  );
  for (let i = 0; i < N; i++) sizes[band[i] as number] = (sizes[band[i] as number] as number) + 1;
  let held = 0;
  for (const c of sizes) if (c > 0) held++;
  return held < 2 ? undefined : { band, sizes, cuts };
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
 * Returns the number of ids.
 */
function splitByWeight(risk: Float64Array, band: Uint8Array, H: number): number {
  const N = risk.length;
  const top = new Float64Array(H);
  for (let i = 0; i < N; i++) {
    const h = band[i] as number;
    if ((risk[i] as number) > (top[h] as number)) top[h] = risk[i] as number;
  }
  const sub = new Uint8Array(N);
  const used = new Uint8Array(H * MAX_SPLIT);
  for (let i = 0; i < N; i++) {
    const h = band[i] as number;
    const r = risk[i] as number;
    let s = 0;
    let bound = top[h] as number;
    while (s < MAX_SPLIT - 1 && r * BAND_SPREAD < bound) {
      s++;
      bound /= BAND_SPREAD;
    }
    sub[i] = s;
    used[h * MAX_SPLIT + s] = 1;
  }
  for (let h = 0; h < H; h++) used[h * MAX_SPLIT] = 1;
  const id = new Int32Array(H * MAX_SPLIT).fill(-1);
  let next = 0;
  for (let h = 0; h < H; h++)
    for (let s = MAX_SPLIT - 1; s >= 0; s--)
      if (used[h * MAX_SPLIT + s] === 1) id[h * MAX_SPLIT + s] = next++;
  for (let i = 0; i < N; i++)
    band[i] = id[(band[i] as number) * MAX_SPLIT + (sub[i] as number)] as number;
  return next;
}
