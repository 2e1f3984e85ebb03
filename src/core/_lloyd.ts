/**
 * Lloyd's k-means iterations: the one core of every k-means in the library
 * (the risk strata of `src/tcs`, `kmeansSlices`, `irtAnchors`,
 * `kmeansStrata`). Seeding is the caller's; this module only iterates.
 *
 * Internal module: callers validate their inputs.
 * @internal
 */

import type { RowMatrix } from "./types.js";

/** What differs between the k-means of the library (see {@link lloyd}). */
export type LloydOptions = {
  /** Most assignment rounds (>= 1). */
  readonly maxRounds: number;
  /**
   * Stop rule. Absent: stop as soon as a round moves no unit (the centres are
   * then not moved again). A number: every round moves the centres, and the
   * loop stops once every centre moved a squared Euclidean distance of at
   * most `tolerance` (ml-kmeans' rule).
   */
  readonly tolerance?: number;
  /**
   * A centre that gets no unit: `"keep"` it where it was (its id stays
   * unused), or `"drop"` it (the other centres and labels are renumbered,
   * order kept).
   */
  readonly empty: "keep" | "drop";
  /**
   * One-dimensional sorted rule (d = 1 only): before every assignment the
   * centres are sorted ascending and equal ones merged, each unit joins the
   * nearest by a binary search, a tie going to the lower centre. Default: scan
   * every centre in id order, squared Euclidean, a tie going to the lowest id.
   */
  readonly line?: boolean;
  /** Labels the first round is compared with (default: none, so the first round always moves). Not mutated. */
  readonly start?: Int32Array;
};

/** Result of {@link lloyd}. */
export type LloydResult = {
  /** Centre id of every unit, from the last assignment round. */
  readonly labels: Int32Array;
  /** The k final centres, row-major k x d (moved after the last round unless it moved no unit). */
  readonly centres: Float64Array;
  /** Number of centres (the initial count, less any dropped or merged). */
  readonly k: number;
  /** Units per centre in `labels`. */
  readonly sizes: Int32Array;
  /** Sum of the squared distances of the units to their centres in the last assignment round. */
  readonly sse: number;
  /** Assignment rounds run. */
  readonly rounds: number;
};

/**
 * Lloyd's algorithm from the caller's initial centres. Each round has three
 * phases: assign every unit to its nearest centre; move every centre to the
 * mean of its units (summed in unit order, then divided by the count; an
 * empty centre is kept or dropped per `empty`); stop when no unit moved or,
 * with `tolerance`, when no centre moved more than it; at most `maxRounds`
 * rounds. Distances are squared Euclidean summed coordinate by coordinate in
 * order, `(x_t - c_t) * (x_t - c_t)`, the summation of ml-kmeans 7, so its
 * clusterings are reproduced bit for bit.
 *
 * @param points - The n units, one row of d coordinates each.
 * @param init - The k initial centres, k x d (not mutated).
 * @param options - The stop, empty-centre and nearest-centre rules.
 * @returns Labels, centres, sizes, last-round SSE and round count.
 * @see Lloyd, S. P. (1982). Least squares quantization in PCM. IEEE Trans. Inf. Theory 28(2), 129-137.
 */
export function lloyd(points: RowMatrix, init: RowMatrix, options: LloydOptions): LloydResult {
  const { maxRounds, tolerance, empty, line = false, start } = options;
  const { data, rows: n, cols: d } = points;
  let k = init.rows;
  let centres: Float64Array = init.data.slice();
  let labels: Int32Array = start === undefined ? new Int32Array(n).fill(-1) : start.slice();
  let next: Int32Array = new Int32Array(n);
  let sse = 0;
  let rounds = 0;
  while (rounds < maxRounds) {
    rounds++;
    const kBefore = k;
    if (line) {
      centres = Float64Array.from(Array.from(new Set(centres)).sort((a, b) => a - b));
      k = centres.length;
    }
    sse = line ? assignLine(data, centres, next) : assignScan(data, d, centres, k, labels, next);
    if (empty === "drop") {
      const kept = dropEmpty(next, centres, d, k);
      centres = kept.centres;
      k = kept.k;
    }
    let moved = k !== kBefore;
    for (let i = 0; i < n && !moved; i++) moved = next[i] !== labels[i];
    [labels, next] = [next, labels];
    if (tolerance === undefined && !moved) break;
    const old = centres;
    centres = means(data, d, labels, old, k);
    if (tolerance !== undefined && converged(centres, old, d, k, tolerance)) break;
  }
  const sizes = new Int32Array(k);
  for (let i = 0; i < n; i++)
    sizes[labels[i] as number] = (sizes[labels[i] as number] as number) + 1;
  return { labels, centres, k, sizes, sse, rounds };
}

/**
 * Nearest centre by scanning all k (ties to the lowest id); returns the SSE.
 * The unit's previous centre `prev[i]` is measured first, so most other
 * centres are dropped after a few coordinates (partial sums only grow); a
 * centre is taken when it is nearer, or as near with a lower id, which gives
 * exactly the plain scan's choice and distance.
 */
function assignScan(
  data: Float64Array,
  d: number,
  centres: Float64Array,
  k: number,
  prev: Int32Array,
  out: Int32Array,
): number {
  let sse = 0;
  for (let i = 0, o = 0; i < out.length; i++, o += d) {
    let p = prev[i] as number;
    let arg = 0;
    let dmin = Number.POSITIVE_INFINITY;
    if (p >= 0 && p < k) {
      let s = 0;
      for (let t = 0, q = p * d; t < d; t++) {
        const u = (data[o + t] as number) - (centres[q + t] as number);
        s += u * u;
      }
      // a non-finite distance (overflow) gives no bound: plain scan
      if (s < Number.POSITIVE_INFINITY) {
        arg = p;
        dmin = s;
      } else p = -1;
    }
    for (let c = 0, q = 0; c < k; c++, q += d) {
      if (c === p) continue;
      const tieWins = c < arg;
      let s = 0;
      for (let t = 0; t < d && (s < dmin || (tieWins && s === dmin)); t++) {
        const u = (data[o + t] as number) - (centres[q + t] as number);
        s += u * u;
      }
      if (s < dmin || (tieWins && s === dmin)) {
        dmin = s;
        arg = c;
      }
    }
    out[i] = arg;
    sse += dmin;
  }
  return sse;
}

/**
 * Index of the centre nearest to `r` among sorted distinct 1-D centres `c` (binary search; a tie
 * goes to the lower centre). Shared with the tcs strata (`nearestCentreStrata`).
 */
export function nearestOnLine(c: ArrayLike<number>, r: number): number {
  let lo = 0;
  let hi = c.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((c[mid] as number) <= r) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1 < c.length && (c[lo + 1] as number) - r < r - (c[lo] as number) ? lo + 1 : lo;
}

/** Nearest of the sorted distinct 1-D centres by binary search (ties to the lower); returns the SSE. */
function assignLine(data: Float64Array, c: Float64Array, out: Int32Array): number {
  let sse = 0;
  for (let i = 0; i < out.length; i++) {
    const r = data[i] as number;
    const h = nearestOnLine(c, r);
    out[i] = h;
    const u = r - (c[h] as number);
    sse += u * u;
  }
  return sse;
}

/** Removes the centres no unit joined and renumbers the labels in place, order kept. */
function dropEmpty(
  labels: Int32Array,
  centres: Float64Array,
  d: number,
  k: number,
): { centres: Float64Array; k: number } {
  const count = new Int32Array(k);
  for (let i = 0; i < labels.length; i++)
    count[labels[i] as number] = (count[labels[i] as number] as number) + 1;
  const map = new Int32Array(k);
  let m = 0;
  for (let c = 0; c < k; c++) map[c] = (count[c] as number) > 0 ? m++ : -1;
  if (m === k) return { centres, k };
  for (let i = 0; i < labels.length; i++) labels[i] = map[labels[i] as number] as number;
  const kept = new Float64Array(m * d);
  for (let c = 0; c < k; c++) {
    const h = map[c] as number;
    if (h >= 0) kept.set(centres.subarray(c * d, c * d + d), h * d);
  }
  return { centres: kept, k: m };
}

/** The mean of every centre's units (an empty centre stays where it was). */
function means(
  data: Float64Array,
  d: number,
  labels: Int32Array,
  centres: Float64Array,
  k: number,
): Float64Array {
  const sums = new Float64Array(k * d);
  const count = new Int32Array(k);
  for (let i = 0, o = 0; i < labels.length; i++, o += d) {
    const q = (labels[i] as number) * d;
    count[labels[i] as number] = (count[labels[i] as number] as number) + 1;
    for (let t = 0; t < d; t++) sums[q + t] = (sums[q + t] as number) + (data[o + t] as number);
  }
  for (let c = 0, q = 0; c < k; c++, q += d) {
    const m = count[c] as number;
    for (let t = 0; t < d; t++)
      sums[q + t] = m > 0 ? (sums[q + t] as number) / m : (centres[q + t] as number);
  }
  return sums;
}

/** Whether every centre moved a squared Euclidean distance of at most `tolerance`. */
function converged(
  centres: Float64Array,
  old: Float64Array,
  d: number,
  k: number,
  tolerance: number,
): boolean {
  for (let c = 0, q = 0; c < k; c++, q += d) {
    let s = 0;
    for (let t = 0; t < d; t++) {
      const u = (centres[q + t] as number) - (old[q + t] as number);
      s += u * u;
    }
    if (s > tolerance) return false;
  }
  return true;
}
