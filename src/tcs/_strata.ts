/**
 * Strata of the 1-D risk: quantile, nearest-centre and one-dimensional k-means strata.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import { lloyd, nearestOnLine } from "../core/_lloyd.js";
import { powerOfTwoScale, scaled } from "../core/_scale.js";
import { checkChoice } from "../core/validate.js";

/** Strata as ids per unit plus their sizes (every stratum non-empty). */
export type Strata = { readonly strata: Int32Array; readonly sizes: Int32Array };

/**
 * Quantile strata on the risk: units sorted by risk, position k goes to
 * stratum floor(k H / N), then every unit takes the stratum of the first unit
 * with the same risk (ties are never split), and empty strata are dropped.
 * Strata are numbered by increasing risk.
 */
export function quantileStrata(risk: Float64Array, H: number): Strata {
  const N = risk.length;
  // A unit's stratum is floor(lo H / N) with lo = #{j : risk_j < risk_i} (the
  // first sorted position of its risk). That is >= h exactly when
  // lo >= c_h = ceil(h N / H), i.e. when the c_h-th smallest risk is below
  // risk_i: so the stratum is the number of cut values sorted[c_h - 1] below
  // risk_i, found by a binary search over the H - 1 cuts.
  const cuts = new Float64Array(Math.max(0, H - 1));
  const ranks: number[] = [];
  for (let h = 1; h < H; h++) {
    const c = Math.floor((h * N + H - 1) / H);
    if (c >= 1) ranks.push(c - 1);
  }
  const work = risk.slice();
  selectRanks(work, 0, N, ranks, 0, ranks.length);
  for (let h = 1; h < H; h++) {
    const c = Math.floor((h * N + H - 1) / H);
    cuts[h - 1] = c >= 1 ? (work[c - 1] as number) : Number.NEGATIVE_INFINITY;
  }
  const raw = new Int32Array(N);
  for (let i = 0; i < N; i++) {
    const r = risk[i] as number;
    let lo = 0;
    let hi = cuts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cuts[mid] as number) < r) lo = mid + 1;
      else hi = mid;
    }
    raw[i] = lo;
  }
  return compact(raw, H);
}

/**
 * Rearranges `a[lo, hi)` so that `a[k]` holds the k-th smallest value (0-based
 * over the whole array) for every k in `ranks[r0, r1)` (increasing), by
 * quickselect on the middle rank, then recursing on each side: O(N log K).
 */
function selectRanks(
  a: Float64Array,
  lo: number,
  hi: number,
  ranks: readonly number[],
  r0: number,
  r1: number,
): void {
  if (r0 >= r1 || hi - lo <= 1) return;
  const mid = (r0 + r1) >> 1;
  const k = ranks[mid] as number;
  let l = lo;
  let r = hi - 1;
  while (l < r) {
    // median of three as pivot, then a Hoare partition
    const m = (l + r) >>> 1;
    const x = a[l] as number;
    const y = a[m] as number;
    const z = a[r] as number;
    // biome-ignore lint/complexity/useMathMinMax: the median of three by plain comparisons, as the sort compares
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    let i = l;
    let j = r;
    while (i <= j) {
      while ((a[i] as number) < pivot) i++;
      while ((a[j] as number) > pivot) j--;
      if (i <= j) {
        const t = a[i] as number;
        a[i] = a[j] as number;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) r = j;
    else if (k >= i) l = i;
    else break;
  }
  selectRanks(a, lo, k, ranks, r0, mid);
  selectRanks(a, k + 1, hi, ranks, mid + 1, r1);
}

/** Renumbers stratum ids 0..H-1 so that empty strata disappear (order kept). */
export function compact(raw: Int32Array, H: number): Strata {
  const count = new Int32Array(H);
  for (let i = 0; i < raw.length; i++)
    count[raw[i] as number] = (count[raw[i] as number] as number) + 1;
  const map = new Int32Array(H);
  let m = 0;
  for (let h = 0; h < H; h++) map[h] = (count[h] as number) > 0 ? m++ : -1;
  const strata = new Int32Array(raw.length);
  for (let i = 0; i < raw.length; i++) strata[i] = map[raw[i] as number] as number;
  const sizes = new Int32Array(m);
  for (let h = 0; h < H; h++)
    if ((count[h] as number) > 0) sizes[map[h] as number] = count[h] as number;
  return { strata, sizes };
}

/**
 * Nearest-centre strata on the 1-D risk: centres (risk values) sorted and
 * de-duplicated, every unit assigned to the nearest one (a tie goes to the
 * lower centre), strata numbered by increasing centre.
 */
export function nearestCentreStrata(risk: Float64Array, centres: readonly number[]): Strata {
  const c = Array.from(new Set(centres)).sort((a, b) => a - b);
  const raw = new Int32Array(risk.length);
  for (let i = 0; i < risk.length; i++) raw[i] = nearestOnLine(c, risk[i] as number);
  return compact(raw, c.length);
}

/**
 * The strata of the risk-stratified strategies (SSRS, GBS, 2-UPS, MC-UCB):
 * `options.partition` "quantile" (default, {@link quantileStrata}) or
 * "kmeans" ({@link kmeansStrata}).
 */
export function riskStrata(fn: string, risk: Float64Array, H: number, partition: unknown): Strata {
  if (partition === undefined || partition === "quantile") return quantileStrata(risk, H);
  if (partition === "kmeans") return kmeansStrata(risk, H);
  checkChoice(fn, "options.partition", partition, ["quantile", "kmeans"] as const);
  return kmeansStrata(risk, H);
}

/**
 * One-dimensional k-means (Lloyd) strata on the risk, as DeepSample builds
 * its partitions (Weka SimpleKMeans on the feature) but with a deterministic
 * start: the centres start at the means of the quantile strata, then units
 * join their nearest centre (ties to the lower one) and centres move to their
 * units' mean, until no unit moves (at most 100 rounds). Strata are numbered
 * by increasing centre; empty ones are dropped. The iterations are the
 * library's one Lloyd core (`lloyd` in `src/core/_lloyd.ts`, shared with
 * `kmeansSlices`, `irtAnchors` and the public `kmeansStrata`) in its sorted
 * one-dimensional mode with empty strata dropped; the deterministic quantile
 * start keeps the strata a function of the risk alone. A risk near the double
 * limit is clustered rescaled by a power of two (exact, the same strata).
 */
export function kmeansStrata(raw: Float64Array, H: number): Strata {
  // the centres' sums and squared distances of risks near the double limit
  // would overflow; k-means of the risk rescaled by a power of two (exact)
  // gives the same strata
  const risk = scaled(raw, powerOfTwoScale(raw, 2 ** 500 / raw.length));
  const start = quantileStrata(risk, H);
  const K = start.sizes.length;
  let centres = new Float64Array(K);
  for (let i = 0; i < risk.length; i++) centres[start.strata[i] as number] += risk[i] as number;
  centres = centres.map((c, h) => c / (start.sizes[h] as number));
  const run = lloyd(
    { data: risk, rows: risk.length, cols: 1 },
    { data: centres, rows: K, cols: 1 },
    {
      maxRounds: 100,
      empty: "drop",
      line: true,
      start: start.strata,
    },
  );
  return { strata: run.labels, sizes: run.sizes };
}
