/**
 * Internal helpers of the temporal splits: argument checks, building one
 * split from its training runs, and counting the splits without overflow.
 */
import type { Rng } from "../core/rng.js";
import { checkInteger, checkLength, draw, fail, maxLength } from "../core/validate.js";
import type { TemporalSplit } from "./temporalSplits.js";

/** Default cap on the number of splits of `temporalSplits` and `evaluateSubset`. */
export const DEFAULT_MAX_SPLITS = 10_000;
/** Largest allowed `maxSplits`. */
export const MAX_MAX_SPLITS = 1_000_000;

/** Checks R (integer >= 2, at most 2^27) and W (integer in [1, R - 1]). */
export function checkRunsWindow(fn: string, R: unknown, W: unknown): void {
  checkInteger(fn, "R", R, 2, maxLength);
  checkInteger(fn, "W", W, 1);
  if (W > R - 1)
    fail(fn, `W must be at most R - 1 = ${R - 1} (the window needs a later run to test on)`, W);
}

/** The split whose training runs are `train` (ascending, last < R - 1): test runs are all later runs. */
export function splitOf(train: ArrayLike<number>, R: number): TemporalSplit {
  const last = train[train.length - 1] as number;
  const test = new Int32Array(R - 1 - last);
  for (let t = 0; t < test.length; t++) test[t] = last + 1 + t;
  return { train: Int32Array.from(train), test };
}

/**
 * C(R - 1, W), the number of splits, exact whenever it is at most
 * `Number.MAX_SAFE_INTEGER`: the multiplicative formula
 * C(n, k) = prod_{i = 1..k} (n - k + i) / i (n = R - 1, k = min(W, n - W))
 * in doubles, then, when that is below 2^54 (so the true count may be a safe
 * integer), again exactly in BigInt (k is then at most about 30, so the loop
 * is short). Above, the double approximation (relative error about k * 2^-53),
 * and Infinity beyond the largest double.
 */
export function splitCount(R: number, W: number): number {
  const n = R - 1;
  const k = Math.min(W, n - W);
  let c = 1;
  for (let i = 1; i <= k && c < Number.POSITIVE_INFINITY; i++) c = (c * (n - k + i)) / i;
  if (!(c < 2 ** 54)) return Math.round(c);
  // every partial product C(n - k + i, i) is an integer, so BigInt division is exact
  let exact = 1n;
  for (let i = 1; i <= k; i++) exact = (exact * BigInt(n - k + i)) / BigInt(i);
  return Number(exact);
}

/** The splits in lexicographic order of their training runs (W-combinations of 0..R-2), lazily. */
export function* combinations(R: number, W: number): Generator<TemporalSplit, void> {
  // combinations of 0..R-2: the last run is never a training run of a split
  const top = R - 1;
  const c = new Int32Array(W);
  for (let t = 0; t < W; t++) c[t] = t;
  for (;;) {
    yield splitOf(c, R);
    let t = W - 1;
    while (t >= 0 && (c[t] as number) === top - W + t) t--;
    if (t < 0) return;
    c[t] = (c[t] as number) + 1;
    for (let u = t + 1; u < W; u++) c[u] = (c[u - 1] as number) + 1;
  }
}

/** `temporalSplits` on checked arguments; `fn` names the public caller in errors. */
export function splitsUpTo(
  fn: string,
  R: number,
  W: number,
  rng: Rng | undefined,
  maxSplits: number,
): readonly TemporalSplit[] {
  const count = splitCount(R, W);
  // each split holds its W training runs and at most R - W later runs: the
  // splits kept times R bounds every Int32 they hold (10,000 splits of 2^27
  // runs asked for terabytes; 1e6 splits of 16,000 runs for a gigabyte)
  const kept = Math.min(count, maxSplits);
  checkLength(
    fn,
    `the splits' runs (${kept} splits x up to ${R} training and later runs; visit them one at a time with iterateTemporalSplits or lower maxSplits)`,
    kept * R,
  );
  if (count <= maxSplits) return Array.from(combinations(R, W));
  if (rng === undefined) {
    const shown =
      count <= Number.MAX_SAFE_INTEGER ? String(count) : `about ${count.toPrecision(3)}`;
    fail(
      fn,
      `C(R - 1, W) = ${shown} splits exceed maxSplits = ${maxSplits}; pass an rng to sample ${maxSplits} of them, raise maxSplits, or visit them all with iterateTemporalSplits`,
    );
  }
  const out: TemporalSplit[] = [];
  if (count <= 2 * maxSplits) {
    // selection sampling (Knuth's algorithm S): keep each split with
    // probability (still needed) / (still left)
    let left = count;
    for (const sp of combinations(R, W)) {
      if (draw(fn, rng) * left < maxSplits - out.length) out.push(sp);
      left--;
      if (out.length === maxSplits) break;
    }
    return out;
  }
  // more than twice as many splits as wanted: fewer than half the draws repeat
  // duplicates are found by a hash of the runs, then compared: no key string per split
  const byHash = new Map<number, Int32Array[]>();
  const trains: Int32Array[] = [];
  while (trains.length < maxSplits) {
    const train = randomSubset(fn, R - 1, W, rng);
    const h = hashRuns(train);
    const same = byHash.get(h);
    if (same === undefined) byHash.set(h, [train]);
    else if (same.some((t) => lexicographic(t, train) === 0)) continue;
    else same.push(train);
    trains.push(train);
  }
  trains.sort(lexicographic);
  for (const t of trains) out.push(splitOf(t, R));
  return out;
}

/** A uniform W-subset of 0..n-1, ascending (Floyd's algorithm). */
function randomSubset(fn: string, n: number, W: number, rng: Rng): Int32Array {
  const chosen = new Set<number>();
  for (let j = n - W; j < n; j++) {
    const t = Math.floor(draw(fn, rng) * (j + 1));
    chosen.add(chosen.has(t) ? j : t);
  }
  return Int32Array.from(chosen).sort();
}

/** A 32-bit FNV-1a style hash of a list of runs. */
function hashRuns(a: Int32Array): number {
  let h = 0x811c9dc5;
  for (let t = 0; t < a.length; t++) h = Math.imul(h ^ (a[t] as number), 0x01000193);
  return h;
}

function lexicographic(a: Int32Array, b: Int32Array): number {
  for (let t = 0; t < a.length; t++) {
    const d = (a[t] as number) - (b[t] as number);
    if (d !== 0) return d;
  }
  return 0;
}
