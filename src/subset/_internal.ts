/**
 * Shared checks of the subset pipeline: the `Outcomes` shape, training-run
 * lists and pass counts.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import { largestRemainder } from "../core/largestRemainder.js";
import type { RowMatrix } from "../core/rowMatrix.js";
import type { Plain } from "../core/toPlain.js";
import {
  checkInteger,
  checkLength,
  checkOptions,
  draw,
  fail,
  failType,
  toBinary,
} from "../core/validate.js";
import type { Outcomes } from "./outcomes.js";
import type { SubsetContext } from "./types.js";

/** Checks an {@link Outcomes}: string ids, no duplicate ids, data of 0/1 with runs * items entries. */
export function checkOutcomes(fn: string, arg: string, o: unknown): asserts o is Outcomes {
  if (typeof o !== "object" || o === null) failType(fn, `${arg} must be an Outcomes object`);
  const { runs, items, data } = o as Outcomes;
  if (!Array.isArray(runs)) failType(fn, `${arg}.runs must be an array of run ids`);
  if (!Array.isArray(items)) failType(fn, `${arg}.items must be an array of item ids`);
  if (!(data instanceof Uint8Array)) failType(fn, `${arg}.data must be a Uint8Array`);
  checkIds(fn, `${arg}.runs`, runs, "run");
  checkIds(fn, `${arg}.items`, items, "item");
  if (runs.length === 0) fail(fn, `${arg} has no runs`);
  if (items.length === 0) fail(fn, `${arg} has no items`);
  if (data.length !== runs.length * items.length) {
    fail(
      fn,
      `${arg}.data length ${data.length} does not equal runs * items (${runs.length} * ${items.length})`,
    );
  }
  for (let t = 0; t < data.length; t++) {
    if ((data[t] as number) > 1) {
      const r = Math.floor(t / items.length);
      fail(
        fn,
        `${arg}.data must hold 0 or 1 (run ${JSON.stringify(runs[r])}, item ${JSON.stringify(items[t % items.length])})`,
        data[t],
      );
    }
  }
}

/**
 * An {@link Outcomes} as it is (checked) or read back from JSON: `data` as an array of 0/1 numbers
 * or booleans is converted once to a `Uint8Array` (the input is not mutated).
 */
export function asOutcomes(fn: string, arg: string, o: Outcomes | Plain<Outcomes>): Outcomes {
  if (typeof o === "object" && o !== null && !((o as Outcomes).data instanceof Uint8Array)) {
    const { runs, items, data } = o as Plain<Outcomes>;
    if (Array.isArray(data)) {
      const converted: Outcomes = { runs, items, data: toBinary(fn, `${arg}.data`, data) };
      checkOutcomes(fn, arg, converted);
      return converted;
    }
  }
  checkOutcomes(fn, arg, o);
  return o;
}

function checkIds(fn: string, arg: string, ids: readonly unknown[], what: string): void {
  const seen = new Set<string>();
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    if (typeof id !== "string") failType(fn, `${arg}[${i}] must be a string ${what} id`);
    if (seen.has(id)) fail(fn, `duplicate ${what} id ${JSON.stringify(id)} in ${arg}`);
    seen.add(id);
  }
}

/**
 * Checks the options object (its keys must be among `known`) and its `runs`
 * option (distinct run indices); returns the runs, or every run when absent.
 */
export function trainingRuns(
  fn: string,
  o: Outcomes,
  options: unknown,
  known: readonly string[],
): readonly number[] {
  checkOptions(fn, options, known);
  const runs = (options as { runs?: unknown } | undefined)?.runs;
  if (runs === undefined) return Array.from({ length: o.runs.length }, (_, r) => r);
  if (!Array.isArray(runs) && !(runs instanceof Int32Array)) {
    failType(fn, "options.runs must be an array or Int32Array of run indices");
  }
  const list = Array.from(runs as ArrayLike<unknown>);
  if (list.length === 0) fail(fn, "options.runs is empty");
  const seen = new Set<number>();
  list.forEach((r, t) => {
    checkInteger(fn, `options.runs[${t}]`, r, 0, o.runs.length - 1);
    if (seen.has(r)) fail(fn, `options.runs lists run ${r} twice`);
    seen.add(r);
  });
  return list as number[];
}

/** Number of the given runs that resolved each item. */
export function passCounts(o: Outcomes, runs: readonly number[]): Int32Array {
  const N = o.items.length;
  const out = new Int32Array(N);
  for (const r of runs) {
    const base = r * N;
    for (let i = 0; i < N; i++) out[i] = (out[i] as number) + (o.data[base + i] as number);
  }
  return out;
}

/**
 * N_h for labels 0..max(strata). Labels index an array, so max(strata) + 1
 * is capped at `maxLength` (a RangeError naming `fn`, before allocating).
 */
export function stratumSizes(strata: Int32Array, fn = "stratumSizes"): Int32Array {
  let H = 0;
  for (let i = 0; i < strata.length; i++)
    if ((strata[i] as number) >= H) H = (strata[i] as number) + 1;
  checkLength(fn, "max(strata) + 1", H);
  const sizes = new Int32Array(H);
  for (let i = 0; i < strata.length; i++)
    sizes[strata[i] as number] = (sizes[strata[i] as number] as number) + 1;
  return sizes;
}

/**
 * Writes the 5 d pooled vector of a validated matrix into `out` at `offset`.
 *
 * A column whose sum or sum of squares overflows although every value is
 * finite (|x| near 1e154 and beyond) is recomputed on its values scaled by a
 * power of two (exact: the same roundings, only the exponent shifted), so the
 * mean and standard deviation, which never exceed the largest |x| (resp. half
 * the range), stay finite; a column computed without overflow (every ordinary
 * input) is untouched. `fn`/`arg` name the caller and the matrix in the
 * RangeError for a standard deviation beyond the double range (a column
 * spanning nearly -1.8e308 to 1.8e308).
 */
export function poolInto(
  fn: string,
  arg: string,
  steps: RowMatrix,
  out: Float64Array,
  offset: number,
): Float64Array {
  const { rows: T, cols: d, data } = steps;
  for (let j = 0; j < d; j++) {
    let s = 0;
    for (let t = 0; t < T; t++) s += data[t * d + j] as number;
    let m = s / T;
    let ss = 0;
    for (let t = 0; t < T; t++) {
      const e = (data[t * d + j] as number) - m;
      ss += e * e;
    }
    let sd = Math.sqrt(ss / T);
    if (!Number.isFinite(m) || !Number.isFinite(sd)) {
      // finite values only: an overflow, never a NaN input (the caller checked)
      const scaled = scaledMoments(data, T, d, j);
      if (!Number.isFinite(m)) m = scaled.mean;
      sd = scaled.sd;
      if (!Number.isFinite(sd))
        fail(fn, `${arg} column ${j} is too large: rescale it (its standard deviation overflows)`);
    }
    out[offset + j] = m;
    out[offset + d + j] = sd;
    out[offset + 2 * d + j] = data[j] as number;
    out[offset + 3 * d + j] = data[Math.floor(T / 2) * d + j] as number;
    out[offset + 4 * d + j] = data[(T - 1) * d + j] as number;
  }
  return out;
}

/**
 * Mean and population standard deviation of column j of a T x d matrix,
 * computed on the values times 2^-k with 2^-k max |x| <= 2^400 (no sum can
 * overflow for T <= 2^27), then scaled back. Values below 2^(k - 1022) lose
 * bits to subnormals: far below one ulp of the result.
 */
function scaledMoments(
  data: Float64Array,
  T: number,
  d: number,
  j: number,
): { mean: number; sd: number } {
  let big = 0;
  for (let t = 0; t < T; t++) big = Math.max(big, Math.abs(data[t * d + j] as number));
  const k = Math.max(0, Math.ceil(Math.log2(big)) - 400);
  const scale = 2 ** -k;
  let s = 0;
  for (let t = 0; t < T; t++) s += (data[t * d + j] as number) * scale;
  const m = s / T;
  let ss = 0;
  for (let t = 0; t < T; t++) {
    const e = (data[t * d + j] as number) * scale - m;
    ss += e * e;
  }
  return { mean: m / scale, sd: Math.sqrt(ss / T) / scale };
}

/**
 * The power of two to scale a validated matrix by before computing squared
 * Euclidean distances between its rows: 1 when max |x| <= 2^480 (no squared
 * distance or sum of distances can overflow for any N, d <= 2^27: every
 * ordinary input, computed as it always was), else 2^-k bringing max |x| to
 * at most 2^((1018 - log2 d) / 2), so 4 d max|x|^2 stays below 2^1020.
 * Scaling by a power of two is exact, so every distance, mean and ratio is the
 * unscaled one times the scale (ratios unchanged), as long as no squared
 * difference underflows: that holds when every nonzero |x| times the scale is
 * at least 2^-458 (any nonzero difference is then at least 2^-510); wider
 * ranges throw.
 *
 * @throws {RangeError} `fn: arg spans too wide a range to square its distances (|x| from 1 to 1e+308): rescale it`.
 */
export function distanceScale(fn: string, arg: string, data: Float64Array, d: number): number {
  let big = 0;
  let small = Number.POSITIVE_INFINITY;
  for (let t = 0; t < data.length; t++) {
    const a = Math.abs(data[t] as number);
    if (a > big) big = a;
    if (a > 0 && a < small) small = a;
  }
  if (big <= 2 ** 480) return 1;
  const top = Math.floor((1018 - Math.ceil(Math.log2(Math.max(1, d)))) / 2);
  const scale = 2 ** (top - Math.ceil(Math.log2(big)));
  if (!(small * scale >= 2 ** -458))
    fail(
      fn,
      `${arg} spans too wide a range to square its distances (|x| from ${small} to ${big}): rescale it`,
    );
  return scale;
}

/**
 * Checks of a SubsetContext at the start of a method's `select`: its shape,
 * `k`, `rng`, and that `ctx.history.data` holds only 0/1. The 0/1 scan runs
 * once per history content: {@link historyVersion} remembers a copy of the
 * data it checked, so repeated draws on one history (seeds) only compare
 * bytes, and a history whose data was changed in place is checked again.
 */
export function checkContext(fn: string, ctx: unknown, rng: unknown): asserts ctx is SubsetContext {
  if (typeof ctx !== "object" || ctx === null) failType(fn, "ctx must be a SubsetContext object");
  const { history, k } = ctx as SubsetContext;
  if (typeof history !== "object" || history === null || !(history.data instanceof Uint8Array)) {
    failType(fn, "ctx.history must be an Outcomes object");
  }
  const N = history.items.length;
  if (history.data.length !== N * history.runs.length || N === 0) {
    fail(fn, "ctx.history.data length does not equal runs * items");
  }
  checkInteger(fn, "ctx.k", k, 1);
  if (k > N) fail(fn, `ctx.k must be at most the number of items (${N})`, k);
  if (typeof rng !== "function") failType(fn, "rng must be a function");
  historyVersion(fn, history);
}

/** The content of a history as last checked: a copy of its data and its item count. */
export type HistoryVersion = { readonly data: Uint8Array; readonly items: number };

/** A history's checked version, with the data array last compared to it and eight-byte views of both. */
type Seen = {
  readonly version: HistoryVersion;
  readonly src: Uint8Array;
  /** Views of the copy and of `src` as 32-bit words, made at the first repeated comparison of a long array. */
  words?: { readonly copy: Uint32Array; readonly src: Uint32Array } | undefined;
};

const checkedHistories = new WeakMap<Outcomes, Seen>();

/** Below this many bytes a check or comparison goes byte by byte. */
const WORDS_FROM = 64;

/**
 * Whether the checked copy and the current data hold the same bytes: four at
 * a time, as 32-bit words, for long aligned arrays (integer words are equal
 * exactly when their bytes are: doubles were not, +0 equals -0, so a byte 128
 * written into a word of zeros went unseen).
 */
function unchanged(seen: Seen, data: Uint8Array): boolean {
  const copy = seen.version.data;
  const n = copy.length;
  if (data.length !== n) return false;
  let t = 0;
  if (n >= WORDS_FROM && data === seen.src && data.byteOffset % 4 === 0) {
    seen.words ??= {
      copy: new Uint32Array(copy.buffer, copy.byteOffset, n >>> 2),
      src: new Uint32Array(data.buffer, data.byteOffset, n >>> 2),
    };
    const { copy: a, src: b } = seen.words;
    const m = a.length;
    let w = 0;
    for (; w + 3 < m; w += 4) {
      if (a[w] !== b[w] || a[w + 1] !== b[w + 1] || a[w + 2] !== b[w + 2] || a[w + 3] !== b[w + 3])
        return false;
    }
    for (; w < m; w++) if (a[w] !== b[w]) return false;
    t = m << 2;
  }
  for (; t < n; t++) if (copy[t] !== data[t]) return false;
  return true;
}

/**
 * The checked version of `history` (0/1 data, as {@link checkOutcomes}
 * requires): the same object as long as the history's data and item count
 * are unchanged, a new one (after a new 0/1 scan) once they change, e.g. a
 * harness that overwrites one `Outcomes` buffer with each new window. Key
 * per-history caches on it, never on the history object alone. A repeated
 * call compares the data with the copy (about 1 us per 10,000 outcomes).
 *
 * @throws {RangeError} `fn: ctx.history.data must hold 0 or 1 (run "r", item "i") (got 2)`.
 */
export function historyVersion(fn: string, history: Outcomes): HistoryVersion {
  const { data, items, runs } = history;
  const N = items.length;
  const seen = checkedHistories.get(history);
  if (seen !== undefined && seen.version.items === N && unchanged(seen, data)) {
    // the same bytes in another array: compare with it from now on
    if (data !== seen.src) checkedHistories.set(history, { version: seen.version, src: data });
    return seen.version;
  }
  // four bytes at a time when aligned: a byte above 1 has a bit outside 0x01
  let t = 0;
  if (data.length >= WORDS_FROM && data.byteOffset % 4 === 0) {
    const d4 = new Uint32Array(data.buffer, data.byteOffset, data.length >>> 2);
    let w = 0;
    while (w < d4.length && ((d4[w] as number) & 0xfefefefe) === 0) w++;
    t = w << 2;
  }
  for (; t < data.length; t++) {
    if ((data[t] as number) > 1) {
      fail(
        fn,
        `ctx.history.data must hold 0 or 1 (run ${JSON.stringify(runs[Math.floor(t / N)])}, item ${JSON.stringify(items[t % N])})`,
        data[t],
      );
    }
  }
  const version: HistoryVersion = { data: data.slice(), items: N };
  checkedHistories.set(history, { version, src: data });
  return version;
}

/**
 * The version {@link checkContext} has just checked for `history`, without a
 * second comparison: call it only right after `checkContext` on the same
 * history (synchronously).
 */
export function checkedVersion(history: Outcomes): HistoryVersion {
  return (checkedHistories.get(history) as Seen).version;
}

/** Whether two vectors hold the same values (compared as numbers: 0 equals -0). */
export function sameValues(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  for (let t = 0; t < a.length; t++) if (a[t] !== b[t]) return false;
  return true;
}

/** Items grouped by stratum label with their proportional allocation, for repeated draws. */
export type StratumPlan = {
  /** Item indices grouped by label (ascending label, ascending index within). */
  readonly members: Int32Array;
  /** members[start[h] .. start[h + 1]) are the items of label h. */
  readonly start: Int32Array;
  /** Items to draw per label. */
  readonly alloc: Int32Array;
  /** Total to draw. */
  readonly k: number;
};

/** Plans a stratified draw of `k` items with proportional (largest-remainder) allocation. */
export function stratumPlan(strata: Int32Array, k: number): StratumPlan {
  const sizes = stratumSizes(strata);
  const H = sizes.length;
  const start = new Int32Array(H + 1);
  for (let h = 0; h < H; h++) start[h + 1] = (start[h] as number) + (sizes[h] as number);
  const fill = start.slice(0, H);
  const members = new Int32Array(strata.length);
  for (let i = 0; i < strata.length; i++) {
    const h = strata[i] as number;
    members[fill[h] as number] = i;
    fill[h] = (fill[h] as number) + 1;
  }
  return { members, start, alloc: largestRemainder(sizes, sizes, k), k };
}

/**
 * One stratified simple random sample without replacement from a plan: a
 * partial Fisher–Yates shuffle of each stratum's member list (n_h draws per
 * stratum, uniform over its n_h-subsets), so repeated draws cost O(k) after
 * the O(N) plan. `scratch` (length N) is overwritten. Result sorted ascending.
 */
export function drawPlan(
  fn: string,
  plan: StratumPlan,
  rng: () => number,
  scratch: Int32Array,
): Int32Array {
  const { members, start, alloc, k } = plan;
  scratch.set(members);
  const out = new Int32Array(k);
  let p = 0;
  for (let h = 0; h < alloc.length; h++) {
    const a = alloc[h] as number;
    const lo = start[h] as number;
    const size = (start[h + 1] as number) - lo;
    for (let t = 0; t < a; t++) {
      const j = lo + t + Math.floor(draw(fn, rng) * (size - t));
      const v = scratch[j] as number;
      scratch[j] = scratch[lo + t] as number;
      scratch[lo + t] = v;
      out[p++] = v;
    }
  }
  return out.sort();
}
