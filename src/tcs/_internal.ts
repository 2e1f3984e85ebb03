/**
 * Helpers shared by the test-case-selection strategies: the ask/tell protocol
 * wrapper, input checks, risk strata, stratum urns and a Fenwick tree.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import type { Rng } from "../core/rng.js";
import { fsum } from "../core/sum.js";
import {
  checkFloat64Array,
  checkInteger,
  checkOptions,
  checkRng,
  draw,
  fail,
  failType,
} from "../core/validate.js";
import { inclusionProbabilities } from "../design/inclusionProbabilities.js";
import { neymanAllocation } from "../design/neymanAllocation.js";
import { pivotal } from "../design/pivotal.js";
import { stratifiedSrs } from "../design/stratifiedSrs.js";
import { systematicPps } from "../design/systematicPps.js";
import { readLevel } from "../estimate/_internal.js";
import { needsBinary, readInterval } from "../estimate/_interval.js";
import type { Estimate } from "../estimate/confidenceInterval.js";
import { hajek } from "../estimate/hajek.js";
import { horvitzThompson } from "../estimate/horvitzThompson.js";
import type { IntervalMethod } from "../estimate/proportionInterval.js";
import { stratifiedMean } from "../estimate/stratifiedMean.js";
import { STRATA_KEYS, type StrataOptions } from "./types.js";

/** The message tail of every all-zero-risk error: where the fix lives. */
export const RISK_FLOOR_HINT =
  "give every unit a positive floor, e.g. toRisk(score, orientation, { floor: 0.05 })";

/** What a strategy passes to its estimator: the checked `level` and `interval` options. */
export type EstimatorChoice = {
  readonly level: number;
  readonly interval: IntervalMethod | undefined;
};

/**
 * Wraps a strategy's generator in the ask/tell contract: the first `next()`
 * ignores its argument; every later `next(y)` must carry a finite number (the
 * label of the last yielded index), checked before the strategy sees it, and
 * a 0 or 1 when the chosen interval is for a proportion; once
 * the Estimate has been returned, another `next` throws instead of returning
 * `{ done: true }` silently, so a harness that miscounts the budget hears it.
 */
export function askTell(
  fn: string,
  budget: number,
  core: Generator<number, Estimate, number>,
  est?: EstimatorChoice,
): Generator<number, Estimate, number> {
  const binary = needsBinary(est?.interval);
  let started = false;
  let finished = false;
  const step = (y: number | undefined): IteratorResult<number, Estimate> => {
    try {
      const r = y === undefined ? core.next() : core.next(y);
      if (r.done === true) finished = true;
      return r;
    } catch (e) {
      finished = true;
      throw e;
    }
  };
  const gen: Generator<number, Estimate, number> = {
    next(...args: [] | [number]): IteratorResult<number, Estimate> {
      if (finished) fail(fn, `next called after the budget of ${budget} labels was spent`);
      if (!started) {
        started = true;
        return step(undefined);
      }
      const y: unknown = args[0];
      if (typeof y !== "number") {
        failType(fn, `label sent through next(y) must be a finite number (got ${typeof y})`);
      }
      if (!Number.isFinite(y)) fail(fn, "label sent through next(y) must be finite", y);
      if (binary && y !== 0 && y !== 1) {
        fail(
          fn,
          `label sent through next(y) must be 0 or 1: options.interval "${est?.interval}" is for a proportion`,
          y,
        );
      }
      return step(y);
    },
    return(value: Estimate): IteratorResult<number, Estimate> {
      finished = true;
      return core.return(value);
    },
    throw(e: unknown): IteratorResult<number, Estimate> {
      finished = true;
      return core.throw(e);
    },
    [Symbol.iterator](): Generator<number, Estimate, number> {
      return gen;
    },
  };
  return gen;
}

/**
 * Marks the estimate of a strategy whose default interval measurably falls
 * short of its level somewhere in docs/replication/coverage.md: `reliable`
 * false and a warning naming the measured coverage (an existing warning is
 * kept). Applied to the default interval only; a method chosen with
 * `options.interval` is the caller's responsibility.
 */
export function* measuredShortfall(
  core: Generator<number, Estimate, number>,
  est: EstimatorChoice,
  warning: string,
): Generator<number, Estimate, number> {
  const e = yield* core;
  if (est.interval !== undefined || !e.reliable) return e;
  return { ...e, reliable: false, warning };
}

/** A generator that yields a fixed sample in order, collects its labels and returns `estimate(labels)`. */
export function* fixedSample(
  order: Int32Array,
  estimate: (y: Float64Array) => Estimate,
): Generator<number, Estimate, number> {
  const y = new Float64Array(order.length);
  for (let k = 0; k < order.length; k++) y[k] = yield order[k] as number;
  return estimate(y);
}

/**
 * Checks the shared arguments of a strategy and returns `{ N, est }`;
 * `srs` says whether the strategy draws a simple random sample (then the
 * SRS-only interval methods are allowed).
 */
export function checkCommon(
  fn: string,
  risk: unknown,
  budget: unknown,
  rng: unknown,
  options: unknown,
  known: readonly string[],
  srs = false,
): { N: number; est: EstimatorChoice } {
  checkFloat64Array(fn, "risk", risk, { min: 0, allowEmpty: false });
  const N = risk.length;
  checkInteger(fn, "budget", budget);
  if (budget < 2) {
    fail(fn, "budget must be at least 2 (one label gives no variance estimate)", budget);
  }
  if (budget > N) fail(fn, `budget must be at most the number of units (${N})`, budget);
  checkRng(fn, rng);
  checkOptions(fn, options, known);
  const o = options as { level?: unknown; interval?: unknown } | undefined;
  const level = readLevel(fn, o?.level);
  const interval = readInterval(fn, o?.interval, srs);
  return { N, est: { level, interval } };
}

/** Sum of the risk; throws when it is zero (no PPS design can draw from it) or when a weight would overflow. */
export function positiveRiskTotal(fn: string, risk: Float64Array): number {
  const total = fsum(risk);
  if (!(total > 0)) fail(fn, `risk is all zeros, so no unit can be drawn; ${RISK_FLOOR_HINT}`);
  checkRiskRatio(fn, risk, total);
  return total;
}

/**
 * Throws when a positive risk is below 1e-200 of the total: its estimator
 * weight (total / risk) would be so large that the estimate could overflow,
 * and that must fail now rather than after the labels were paid for.
 */
export function checkRiskRatio(fn: string, risk: Float64Array, total: number): void {
  for (let i = 0; i < risk.length; i++) {
    const r = risk[i] as number;
    if (r > 0 && r / total < 1e-200) {
      fail(
        fn,
        `risk[${i}] is ${r / total} of the total, so its weight would overflow; ${RISK_FLOOR_HINT}`,
      );
    }
  }
}

/** Throws unless `budget` is at most the number of units with positive risk. */
export function checkPositiveCount(fn: string, risk: Float64Array, budget: number): void {
  checkRiskRatio(fn, risk, fsum(risk));
  let positive = 0;
  for (let i = 0; i < risk.length; i++) if ((risk[i] as number) > 0) positive++;
  if (positive === 0) fail(fn, `risk is all zeros, so no unit can be drawn; ${RISK_FLOOR_HINT}`);
  if (budget > positive) {
    fail(
      fn,
      `budget ${budget} exceeds the ${positive} units with positive risk (a fixed-size PPS design cannot reach it); ${RISK_FLOOR_HINT}`,
    );
  }
}

/** Reads `options.strata` (default min(10, floor(budget / 2), N)) and checks 1 <= H <= N. */
export function readStrataCount(fn: string, strata: unknown, N: number, budget: number): number {
  if (strata === undefined) return Math.min(10, Math.floor(budget / 2), N);
  checkInteger(fn, "options.strata", strata, 1);
  if (strata > N) fail(fn, `options.strata must be at most the number of units (${N})`, strata);
  return strata;
}

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
  for (let i = 0; i < risk.length; i++) {
    const r = risk[i] as number;
    let lo = 0;
    let hi = c.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((c[mid] as number) <= r) lo = mid;
      else hi = mid - 1;
    }
    let h = lo;
    if (lo + 1 < c.length && (c[lo + 1] as number) - r < r - (c[lo] as number)) h = lo + 1;
    raw[i] = h;
  }
  return compact(raw, c.length);
}

/** Within-stratum standard deviation (divisor N_h) of `x` for every stratum. */
export function stratumSds(x: Float64Array, s: Strata): Float64Array {
  const H = s.sizes.length;
  const sum = new Float64Array(H);
  for (let i = 0; i < x.length; i++) sum[s.strata[i] as number] += x[i] as number;
  const mean = sum.map((v, h) => v / (s.sizes[h] as number));
  const ss = new Float64Array(H);
  for (let i = 0; i < x.length; i++) {
    const h = s.strata[i] as number;
    const d = (x[i] as number) - (mean[h] as number);
    ss[h] += d * d;
  }
  return ss.map((v, h) => Math.sqrt(v / (s.sizes[h] as number)));
}

/** The units min(2, N_h) per stratum take before any other allocation rule. */
export function minimumTwo(fn: string, s: Strata, budget: number): number {
  let need = 0;
  for (let h = 0; h < s.sizes.length; h++) need += Math.min(2, s.sizes[h] as number);
  if (budget < need) {
    fail(
      fn,
      `budget must be at least ${need} (two units per stratum, for the within-stratum variance, over ${s.sizes.length} strata); lower options.strata`,
      budget,
    );
  }
  return need;
}

/** Allocation with min(2, N_h) per stratum and the rest by Neyman's rule on `sds` (proportional if all are 0). */
export function allocateAtLeastTwo(s: Strata, sds: Float64Array, budget: number): Int32Array {
  return neymanAllocation(s.sizes, sds, budget, { minPerStratum: 2 });
}

/** Stratified mean of the labels of `sample` (positions aligned with `y`). */
export function stratifiedEstimate(
  sample: ArrayLike<number>,
  y: Float64Array,
  s: Strata,
  est: EstimatorChoice,
  method: string,
): Estimate {
  const h = Int32Array.from(sample as ArrayLike<number>, (i) => s.strata[i] as number);
  const e = stratifiedMean(y, h, s.sizes, est);
  return { ...e, method };
}

/**
 * Members of every stratum as urns from which units are drawn uniformly
 * without replacement (partial Fisher–Yates: the drawn member is swapped to the
 * end of the urn's live part).
 */
export type Urns = {
  /** Draws a uniform remaining member of stratum h (the caller checks one remains). */
  take(h: number): number;
  /** Remaining members of stratum h. */
  left(h: number): number;
};

/** Builds the urns of {@link Strata}, members listed in increasing index order. */
export function urns(fn: string, s: Strata, rng: Rng): Urns {
  const H = s.sizes.length;
  const start = new Int32Array(H + 1);
  for (let h = 0; h < H; h++) start[h + 1] = (start[h] as number) + (s.sizes[h] as number);
  const members = new Int32Array(s.strata.length);
  const fill = start.slice(0, H);
  for (let i = 0; i < s.strata.length; i++) {
    const h = s.strata[i] as number;
    members[fill[h] as number] = i;
    fill[h] = (fill[h] as number) + 1;
  }
  const live = Int32Array.from(s.sizes);
  return {
    take(h: number): number {
      const m = live[h] as number;
      const base = start[h] as number;
      const j = base + Math.floor(draw(fn, rng) * m);
      const last = base + m - 1;
      const unit = members[j] as number;
      members[j] = members[last] as number;
      members[last] = unit;
      live[h] = m - 1;
      return unit;
    },
    left(h: number): number {
      return live[h] as number;
    },
  };
}

/** Fenwick (binary indexed) tree of non-negative weights with weighted search. */
export class Fenwick {
  private readonly tree: Float64Array;
  private readonly n: number;
  constructor(weights: ArrayLike<number>) {
    this.n = weights.length;
    this.tree = new Float64Array(this.n + 1);
    for (let i = 0; i < this.n; i++) this.tree[i + 1] = weights[i] as number;
    for (let i = 1; i <= this.n; i++) {
      const j = i + (i & -i);
      if (j <= this.n) this.tree[j] = (this.tree[j] as number) + (this.tree[i] as number);
    }
  }
  /** Adds `delta` to the weight of item i. */
  add(i: number, delta: number): void {
    for (let j = i + 1; j <= this.n; j += j & -j) this.tree[j] = (this.tree[j] as number) + delta;
  }
  /** The smallest item whose prefix sum (inclusive) exceeds `target`; the last item if none. */
  find(target: number): number {
    let pos = 0;
    let rest = target;
    let step = 1;
    while (step * 2 <= this.n) step *= 2;
    for (; step > 0; step >>= 1) {
      const next = pos + step;
      if (next <= this.n && (this.tree[next] as number) <= rest) {
        pos = next;
        rest -= this.tree[next] as number;
      }
    }
    return Math.min(pos, this.n - 1);
  }
}

/**
 * Inclusion probabilities proportional to `size` for a fixed-size design of
 * `budget` units (iterated capping at 1, `inclusionProbabilities`), after
 * checking that enough units have positive size; also checks that the
 * Deville variance will exist (0 or at least 2 sampled units with pik < 1).
 * Probabilities within 1e-12 of 1 are set to exactly 1.
 */
export function ppsPik(fn: string, size: Float64Array, budget: number): Float64Array {
  checkPositiveCount(fn, size, budget);
  const pik = inclusionProbabilities(size, budget);
  // n * size / sum can land a few ulps below 1 (R's inclusionprobabilities
  // does the same); such a unit is certain in all but a 1e-16 sliver of the
  // design's outcomes, where it would leave a sample without a variance. It is
  // made certain outright, which keeps sum(pik) an integer within tolerance.
  let certain = 0;
  for (let i = 0; i < pik.length; i++) {
    if ((pik[i] as number) >= 1 - 1e-12) {
      pik[i] = 1;
      certain++;
    }
  }
  if (budget - certain === 1) {
    fail(
      fn,
      `budget ${budget} leaves a single unit with pik < 1 (the other ${certain} are certain), so no variance can be estimated; use budget ${budget + 1}`,
    );
  }
  return pik;
}

/**
 * k-means++ (D²) seeding on the 1-D risk: the first centre is a uniform unit;
 * each next one is unit i with probability D(i)^2 / sum_j D(j)^2, D = distance
 * to the nearest chosen centre. Stops early when every unit sits on a centre
 * (fewer distinct risks than H). Returns the centres' risk values.
 */
export function d2Centres(fn: string, risk: Float64Array, H: number, rng: Rng): number[] {
  const N = risk.length;
  const first = risk[Math.floor(draw(fn, rng) * N)] as number;
  const centres = [first];
  const d2 = risk.map((r) => (r - first) * (r - first));
  while (centres.length < H) {
    const total = fsum(d2);
    if (!(total > 0)) break;
    const target = draw(fn, rng) * total;
    let pick = -1;
    let run = 0;
    let lastPositive = -1;
    for (let i = 0; i < N; i++) {
      const v = d2[i] as number;
      if (v <= 0) continue;
      lastPositive = i;
      run += v;
      if (target < run) {
        pick = i;
        break;
      }
    }
    // rounding can leave the target past the running sum: take the last eligible unit
    if (pick < 0) pick = lastPositive;
    const c = risk[pick] as number;
    centres.push(c);
    for (let i = 0; i < N; i++) {
      const d = ((risk[i] as number) - c) * ((risk[i] as number) - c);
      if (d < (d2[i] as number)) d2[i] = d;
    }
  }
  return centres;
}

/**
 * Gonzalez farthest-first traversal on the 1-D risk: the first centre is the
 * smallest risk; each next one is the unit farthest from its nearest centre
 * (ties to the lowest index). Stops when every unit sits on a centre.
 */
export function farthestFirstCentres(risk: Float64Array, H: number): number[] {
  const N = risk.length;
  let first = risk[0] as number;
  for (let i = 1; i < N; i++) if ((risk[i] as number) < first) first = risk[i] as number;
  const centres = [first];
  const d = risk.map((r) => Math.abs(r - first));
  while (centres.length < H) {
    let best = -1;
    let far = 0;
    for (let i = 0; i < N; i++) {
      if ((d[i] as number) > far) {
        far = d[i] as number;
        best = i;
      }
    }
    if (best < 0) break;
    const c = risk[best] as number;
    centres.push(c);
    for (let i = 0; i < N; i++) {
      const v = Math.abs((risk[i] as number) - c);
      if (v < (d[i] as number)) d[i] = v;
    }
  }
  return centres;
}

/**
 * The generator shared by the adaptive stratified strategies (GBS, MC-UCB):
 * min(2, N_h) labels in every stratum, stratum by stratum, then each label
 * goes to the stratum with unsampled units that maximises
 * `score(W_h, n_h, SS_h, pooled)` (ties to the lowest stratum), W_h = N_h / N,
 * n_h its labels so far, SS_h their sum of squared deviations from their mean,
 * `pooled = (SS + 1/4) / k` the variance of all k labels so far with a
 * quarter pseudo-variance (a fair coin's), so it stays positive when every
 * label so far agrees; a
 * uniform unit is drawn without replacement within the stratum. Returns the
 * stratified mean.
 */
export function* adaptiveStratified(
  fn: string,
  s: Strata,
  budget: number,
  rng: Rng,
  est: EstimatorChoice,
  method: string,
  score: (W: number, n: number, ss: number, pooled: number) => number,
): Generator<number, Estimate, number> {
  const H = s.sizes.length;
  let N = 0;
  for (let h = 0; h < H; h++) N += s.sizes[h] as number;
  const urn = urns(fn, s, rng);
  const picks = new Int32Array(budget);
  const y = new Float64Array(budget);
  const count = new Float64Array(H);
  const mean = new Float64Array(H);
  const ss = new Float64Array(H);
  let allMean = 0;
  let allSs = 0;
  for (let k = 0; k < budget; k++) {
    let h = -1;
    for (let g = 0; g < H && h < 0; g++) {
      if ((count[g] as number) < Math.min(2, s.sizes[g] as number)) h = g;
    }
    if (h < 0) {
      let best = Number.NEGATIVE_INFINITY;
      for (let g = 0; g < H; g++) {
        if (urn.left(g) === 0) continue;
        const v = score(
          (s.sizes[g] as number) / N,
          count[g] as number,
          ss[g] as number,
          (allSs + 0.25) / k,
        );
        if (v > best) {
          best = v;
          h = g;
        }
      }
    }
    const unit = urn.take(h);
    picks[k] = unit;
    const v = yield unit;
    y[k] = v;
    // Welford update of the stratum's mean and sum of squares
    const c = (count[h] as number) + 1;
    const d = v - (mean[h] as number);
    count[h] = c;
    mean[h] = (mean[h] as number) + d / c;
    ss[h] = (ss[h] as number) + d * (v - (mean[h] as number));
    const dAll = v - allMean;
    allMean += dAll / (k + 1);
    allSs += dAll * (v - allMean);
  }
  return stratifiedEstimate(picks, y, s, est, method);
}

/** `rng` wrapped so that a value outside [0, 1) is reported under the strategy's name, not the design's. */
export function checkedRng(fn: string, rng: Rng): Rng {
  return () => draw(fn, rng);
}

/**
 * The fixed-size PPS strategies (PPSsys, Balanced, Pivotal, mixture): `pik`
 * proportional to `size` (capped), the sample drawn at once by systematic or
 * pivotal sampling, then Horvitz–Thompson or Hájek with Deville's variance.
 */
export function ppsFixed(
  fn: string,
  size: Float64Array,
  budget: number,
  rng: Rng,
  est: EstimatorChoice,
  design: "systematic" | "pivotal",
  estimator: "ht" | "hajek",
  method: string,
  shortfall?: string,
): Generator<number, Estimate, number> {
  const N = size.length;
  const pik = ppsPik(fn, size, budget);
  const draws = checkedRng(fn, rng);
  // eps 0: R's default eps (1e-6) would silently drop units with a tiny but
  // positive pik, making the design non-measurable and the estimators biased
  const sample =
    design === "systematic" ? systematicPps(pik, draws) : pivotal(pik, draws, { eps: 0 });
  const pikS = Float64Array.from(sample, (i) => pik[i] as number);
  const core = fixedSample(sample, (y) => ({
    ...(estimator === "ht"
      ? horvitzThompson(y, pikS, N, { variance: "deville", ...est })
      : hajek(y, pikS, { variance: "deville", ...est })),
    method,
  }));
  return askTell(
    fn,
    budget,
    shortfall === undefined ? core : measuredShortfall(core, est, shortfall),
    est,
  );
}

/**
 * The nearest-centre stratified strategies (D2Strat, KCenterStrat): strata
 * from `centres` on the risk, min(2, N_h) per stratum and the rest
 * proportional to N_h, stratified SRS drawn at once, the stratified mean.
 */
export function centreStratified(
  fn: string,
  risk: Float64Array,
  budget: number,
  rng: Rng,
  options: StrataOptions | undefined,
  centres: (H: number, rng: Rng) => number[],
  method: string,
  shortfall?: string,
): Generator<number, Estimate, number> {
  const { N, est } = checkCommon(fn, risk, budget, rng, options, STRATA_KEYS);
  const H = readStrataCount(fn, options?.strata, N, budget);
  const draws = checkedRng(fn, rng);
  const s = nearestCentreStrata(risk, centres(H, draws));
  minimumTwo(fn, s, budget);
  const allocation = allocateAtLeastTwo(s, new Float64Array(s.sizes.length), budget);
  const sample = stratifiedSrs(s.strata, allocation, draws);
  return askTell(
    fn,
    budget,
    shortfall === undefined
      ? fixedSample(sample, (y) => stratifiedEstimate(sample, y, s, est, method))
      : measuredShortfall(
          fixedSample(sample, (y) => stratifiedEstimate(sample, y, s, est, method)),
          est,
          shortfall,
        ),
    est,
  );
}

/**
 * The strata of the risk-stratified strategies (SSRS, GBS, 2-UPS, MC-UCB):
 * `options.partition` "quantile" (default, {@link quantileStrata}) or
 * "kmeans" ({@link kmeansStrata}).
 */
export function riskStrata(fn: string, risk: Float64Array, H: number, partition: unknown): Strata {
  if (partition === undefined || partition === "quantile") return quantileStrata(risk, H);
  if (partition === "kmeans") return kmeansStrata(risk, H);
  return fail(fn, `options.partition must be "quantile" or "kmeans"`, partition);
}

/**
 * One-dimensional k-means (Lloyd) strata on the risk, as DeepSample builds
 * its partitions (Weka SimpleKMeans on the feature) but with a deterministic
 * start: the centres start at the means of the quantile strata, then units
 * join their nearest centre (ties to the lower one) and centres move to their
 * units' mean, until no unit moves (at most 100 rounds). Strata are numbered
 * by increasing centre; empty ones are dropped.
 */
export function kmeansStrata(risk: Float64Array, H: number): Strata {
  const start = quantileStrata(risk, H);
  const K = start.sizes.length;
  let centres = new Float64Array(K);
  for (let i = 0; i < risk.length; i++) centres[start.strata[i] as number] += risk[i] as number;
  centres = centres.map((c, h) => c / (start.sizes[h] as number));
  let current = start;
  for (let round = 0; round < 100; round++) {
    const next = nearestCentreStrata(risk, Array.from(centres));
    let moved = next.sizes.length !== current.sizes.length;
    for (let i = 0; i < risk.length && !moved; i++) moved = next.strata[i] !== current.strata[i];
    current = next;
    if (!moved) break;
    centres = new Float64Array(next.sizes.length);
    for (let i = 0; i < risk.length; i++) centres[next.strata[i] as number] += risk[i] as number;
    centres = centres.map((c, h) => c / (next.sizes[h] as number));
  }
  return current;
}
