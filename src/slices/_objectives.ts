/**
 * Internal evaluator of the three CASPER-SI objectives with per-slice caches:
 * a child of an evaluated parent is evaluated by moving its differing
 * instances one at a time, each move costing O(|from| + |to| + d) instead of
 * recomputing the touched slices' pairwise sums. Incremental sums equal the
 * from-scratch ones up to floating-point rounding.
 *
 * The statistics of an assignment are one packed `Float64Array` with a record
 * of `5 + d` numbers per slice id (size, failures, sum of pairwise distances,
 * squared distance to the nearest other centroid and that centroid's slice
 * id, then the sum of the member vectors), for ids 0..max id only: a
 * genome's record costs O(m d) memory and one copy, not O(N d). Member lists
 * live in reused typed buffers, so an evaluation allocates nothing but its
 * result.
 *
 * Nearest centroids are updated, not recomputed: only the changed slices and
 * the unchanged slices whose nearest slice changed and moved away search all
 * m centroids; every other slice keeps its nearest distance, lowered where a
 * changed centroid came closer (an unchanged slice whose changed nearest
 * came no farther starts from that distance: every unchanged centroid is
 * still at least its old nearest distance away). Minima of the same
 * distances are exact, so this gives bitwise the values of the full O(m^2 d)
 * search.
 */

import { exponentOf, maxAbs, needsScaling, scaledCopy, times2 } from "../core/_scale.js";
import { instantiate, lazyModule } from "../core/_wasm.js";
import { squaredEuclideanAt } from "../core/distance.js";
import type { RowMatrix } from "../core/rowMatrix.js";
import { fail } from "../core/validate.js";
import { CENTROID_SCAN_WASM_HEX } from "./_centroidScanWasm.js";

/** The compiled scan kernel, or null where WebAssembly (or its SIMD) is unavailable; compiled on first use. */
const scanModule = lazyModule(CENTROID_SCAN_WASM_HEX);

/**
 * The wasm scan's signature (byte offsets into its memory); see
 * `scripts/wasm/centroids.wat`.
 */
type WasmScan = (
  nr: number,
  m: number,
  c: number,
  near: number,
  nid: number,
  sid: number,
  endp: number,
) => void;

/** Which nearest-centroid kernel an evaluator uses: the same bits either way. */
export type ScanKernel = "wasm" | "js";

/**
 * Per-slice sufficient statistics of an assignment: entry 0 holds the number
 * k of records (max slice id + 1); record `s` < k occupies
 * `[1 + s * (5 + d), 1 + (s + 1) * (5 + d))` and holds the size, the number of
 * failures, the sum of pairwise Euclidean distances within the slice, the
 * squared distance from its centroid to the nearest other one (Infinity when
 * alone), the slice id of that centroid (-1 when alone) and the sum of the
 * member signal vectors. Entries after the last record are unused (pooled
 * arrays may be longer). Not modified by the evaluator once returned.
 */
export type SliceStats = Float64Array;

/** Pairwise distances are cached as a dense matrix up to this N (32 MB). */
const DENSE_LIMIT = 2048;

export type Evaluator = {
  /** Statistics of an assignment from scratch. */
  readonly full: (sliceOf: Int32Array) => SliceStats;
  /**
   * Statistics of `child` from those of `parent`, recomputing only touched
   * slices; written into `spare` when it is long enough (`spare` must not be
   * `stats`), else into a new array (the unchanged `stats` themselves when
   * the assignments are equal and no `spare` is given).
   */
  readonly derive: (
    parent: Int32Array,
    stats: SliceStats,
    child: Int32Array,
    spare?: SliceStats,
    parentMembers?: Int32Array,
  ) => SliceStats;
  /**
   * The instances of `sliceOf` grouped by slice, ascending within each
   * slice, the slices in id order (slice s starts after the members of the
   * ids below it, as counted by `stats`), written into `out` (length >= N).
   * Passed back to {@link Evaluator.derive} as `parentMembers`, it spares
   * every child of the same parent that pass over all N.
   */
  readonly membersOf: (sliceOf: Int32Array, stats: SliceStats, out: Int32Array) => Int32Array;
  /** Writes [OI, Intra_SD, -Inter_SD] into `out`. */
  readonly objectives: (stats: SliceStats, out: Float64Array) => Float64Array;
};

/** Offset of the signal sums inside a slice record. */
const C = 5;

/**
 * The evaluator of one signal matrix: its pairwise distances and the working
 * arrays of an evaluation are fields, reused by every call.
 */
class SliceEvaluator implements Evaluator {
  private readonly data: Float64Array;
  private readonly n: number;
  private readonly d: number;
  /** Numbers per slice record. */
  private readonly S: number;
  private readonly dense: Float64Array | null;
  // Member lists of the touched slices: slice s owns buf[off[s] .. off[s] + cap)
  // and holds len[s] members. Capacities add up to at most 2n (parent members
  // plus arrivals).
  private readonly buf: Int32Array;
  private readonly off: Int32Array;
  private readonly len: Int32Array;
  private readonly cnt: Int32Array;
  private readonly touched: Uint8Array;
  private readonly touchedIds: Int32Array;
  private readonly moved: Int32Array;
  /** Position of each instance inside its member list, for O(1) removal. */
  private readonly pos: Int32Array;
  // The parent's member lists in derive when the caller has none (see
  // membersOf), ascending, slice s at list[first[s] .. first[s] + size);
  // `cursor` is where membersOf puts the next.
  private readonly members: Int32Array;
  private readonly first: Int32Array;
  private readonly cursor: Int32Array;
  // Slot arrays of nearestAll, indexed by position: the redo slots first.
  private readonly sid: Int32Array;
  private readonly posOf: Int32Array;
  // Centroids, `P` numbers apart: with 8 <= d <= 11 (two blocks of four and
  // up to three more, in squaredEuclideanAt's order) padded with zeros to 12,
  // so that one unrolled loop serves them all (an added 0 changes no sum) and
  // the wasm kernel reads them as six aligned pairs.
  private readonly P: number;
  /** Whether 8 <= d <= 11: centroids padded to 12 for the unrolled and wasm scans. */
  private readonly padded: boolean;
  /** End slot of each redo slot, for the wasm kernel. */
  private readonly endOf: Int32Array;
  /** The wasm kernel and the byte offsets of its arrays, or null for the JavaScript scans. */
  private readonly wasm: {
    readonly scan: WasmScan;
    readonly c: number;
    readonly near: number;
    readonly nid: number;
    readonly sid: number;
    readonly endp: number;
  } | null;
  private readonly c: Float64Array;
  private readonly near: Float64Array;
  private readonly nearId: Int32Array;
  /** Number of occupied slots in the current nearestAll call. */
  private slots = 0;

  constructor(
    X: RowMatrix,
    private readonly outcome: Uint8Array,
    kernel: ScanKernel,
    /** The signals are the caller's times 2^-scale; distances are scaled back by 2^scale. */
    private readonly scale: number,
    /** The public function, for the error when a scaled-back distance overflows. */
    private readonly fn: string,
  ) {
    const { data, rows: n, cols: d } = X;
    this.data = data;
    this.n = n;
    this.d = d;
    this.S = 5 + d;
    this.dense = n <= DENSE_LIMIT ? distanceMatrix(data, n, d) : null;
    this.buf = new Int32Array(2 * n);
    this.off = new Int32Array(n);
    this.len = new Int32Array(n);
    this.cnt = new Int32Array(n);
    this.touched = new Uint8Array(n);
    this.touchedIds = new Int32Array(n);
    this.moved = new Int32Array(n);
    this.pos = new Int32Array(n);
    this.members = new Int32Array(n);
    this.first = new Int32Array(n);
    this.cursor = new Int32Array(n);
    this.posOf = new Int32Array(n);
    // d = 12 itself is not padded and must not take the 11-coordinate kernels
    // (it did: the 12th column was left out of the centroid distances)
    const padded = d >= 8 && d <= 11;
    const P = padded ? 12 : d;
    this.P = P;
    this.padded = padded;
    // The slot arrays: in the wasm kernel's memory when it can run (8 <= d <= 11), else plain.
    const mod = padded && kernel === "wasm" ? scanModule() : null;
    const bytes = n * (8 * P + 8 + 4 + 4 + 4);
    const inst = mod === null ? undefined : instantiate(mod, {}, bytes);
    const buffer = inst?.buffer ?? new ArrayBuffer(bytes);
    const near = n * 8 * P;
    const nid = near + 8 * n;
    const sid = nid + 4 * n;
    const endp = sid + 4 * n;
    this.c = new Float64Array(buffer, 0, n * P);
    this.near = new Float64Array(buffer, near, n);
    this.nearId = new Int32Array(buffer, nid, n);
    this.sid = new Int32Array(buffer, sid, n);
    this.endOf = new Int32Array(buffer, endp, n);
    const scan = inst?.exports["scan"] as WasmScan | undefined;
    this.wasm = scan === undefined ? null : { scan, c: 0, near, nid, sid, endp };
  }

  /**
   * Statistics of slice s from its member list, written into `w`: the records
   * of an assignment under construction (its statistics without the leading
   * count).
   */
  private fillSlice(w: Float64Array, s: number): void {
    const { data, n, d, S, dense, outcome, buf, off, len } = this;
    const o = off[s] as number;
    const size = len[s] as number;
    const rec = s * S;
    // Each coordinate summed in a register, in member order: the same sums as
    // adding whole member vectors one by one, without a store per addition.
    for (let k = 0; k < d; k++) {
      let sum = 0;
      for (let a = 0; a < size; a++) sum += data[(buf[o + a] as number) * d + k] as number;
      w[rec + C + k] = sum;
    }
    let fails = 0;
    let pair = 0;
    for (let a = 0; a < size; a++) {
      const i = buf[o + a] as number;
      if (outcome[i] === 0) fails++;
      if (dense !== null) {
        const row = i * n;
        for (let b = a + 1; b < size; b++) pair += dense[row + (buf[o + b] as number)] as number;
      } else {
        const io = i * d;
        for (let b = a + 1; b < size; b++) {
          const j = buf[o + b] as number;
          pair += Math.sqrt(squaredEuclideanAt(data, io, data, j * d, d));
        }
      }
    }
    w[rec] = size;
    w[rec + 1] = fails;
    w[rec + 2] = pair;
  }

  /** Recomputes the `t` touched slices of `sliceOf` (marked in `touched`) into `w`. */
  private recompute(w: Float64Array, sliceOf: Int32Array, t: number): void {
    const { n, buf, off, len, cnt, touched, touchedIds } = this;
    for (let q = 0; q < t; q++) cnt[touchedIds[q] as number] = 0;
    for (let i = 0; i < n; i++) {
      const s = sliceOf[i] as number;
      if (touched[s] === 1) cnt[s] = (cnt[s] as number) + 1;
    }
    let at = 0;
    for (let q = 0; q < t; q++) {
      const s = touchedIds[q] as number;
      off[s] = at;
      len[s] = 0;
      at += cnt[s] as number;
    }
    for (let i = 0; i < n; i++) {
      const s = sliceOf[i] as number;
      if (touched[s] === 1) {
        buf[(off[s] as number) + (len[s] as number)] = i;
        len[s] = (len[s] as number) + 1;
      }
    }
    for (let q = 0; q < t; q++) this.fillSlice(w, touchedIds[q] as number);
  }

  full(sliceOf: Int32Array): SliceStats {
    const { n, S, touched, touchedIds } = this;
    let t = 0;
    let k = 0;
    for (let i = 0; i < n; i++) {
      const s = sliceOf[i] as number;
      if (s >= k) k = s + 1;
      if (touched[s] === 0) {
        touched[s] = 1;
        touchedIds[t++] = s;
      }
    }
    const st = new Float64Array(1 + k * S);
    st[0] = k;
    const w = st.subarray(1);
    this.recompute(w, sliceOf, t);
    this.nearestAll(w, k, false);
    for (let q = 0; q < t; q++) touched[touchedIds[q] as number] = 0;
    return st;
  }

  membersOf(sliceOf: Int32Array, stats: SliceStats, out: Int32Array): Int32Array {
    const { n, S, cursor } = this;
    const kp = stats[0] as number;
    let top = 0;
    for (let s = 0; s < kp; s++) {
      cursor[s] = top;
      top += stats[1 + s * S] as number;
    }
    for (let i = 0; i < n; i++) {
      const a = sliceOf[i] as number;
      const at = cursor[a] as number;
      out[at] = i;
      cursor[a] = at + 1;
    }
    return out;
  }

  derive(
    parent: Int32Array,
    stats: SliceStats,
    child: Int32Array,
    spare?: SliceStats,
    parentMembers?: Int32Array,
  ): SliceStats {
    const { n, S, cnt, touched, touchedIds, moved } = this;
    const kp = stats[0] as number;
    // Only the differing instances are visited; the child's largest id is
    // the parent's or a moved instance's, less the slices that emptied
    // (trimmed once the records are updated).
    let mc = 0;
    let t = 0;
    let kc = kp;
    for (let i = 0; i < n; i++) {
      const a = parent[i] as number;
      const b = child[i] as number;
      if (a === b) continue;
      moved[mc++] = i;
      if (b >= kc) kc = b + 1;
      if (touched[a] === 0) {
        touched[a] = 1;
        touchedIds[t++] = a;
        cnt[a] = 0;
      }
      if (touched[b] === 0) {
        touched[b] = 1;
        touchedIds[t++] = b;
        cnt[b] = 0;
      }
      cnt[b] = (cnt[b] as number) + 1;
    }
    if (mc === 0) {
      if (spare === undefined) return stats;
      const size = 1 + (stats[0] as number) * S;
      const st = spare.length >= size ? spare : new Float64Array(size);
      st.set(stats.subarray(0, size));
      return st;
    }
    // The parent's records are copied into the child's array and updated
    // in place; it has room for every parent id too (a slice that empties is
    // updated before it is dropped).
    const size = 1 + Math.max(kp, kc) * S;
    const st = spare !== undefined && spare.length >= size ? spare : new Float64Array(size);
    st.set(stats.subarray(0, 1 + kp * S));
    const w = st.subarray(1);
    if (kc > kp) w.fill(0, kp * S, kc * S);
    if (mc > n / 10) {
      // Many moves cost more than recomputing the touched slices.
      this.recompute(w, child, t);
    } else {
      const { first } = this;
      let top = 0;
      for (let s = 0; s < kp; s++) {
        first[s] = top;
        top += stats[1 + s * S] as number;
      }
      const list = parentMembers ?? this.membersOf(parent, stats, this.members);
      this.moveAll(w, list, parent, child, mc, t, kp);
    }
    while (kc > 0 && (w[(kc - 1) * S] as number) === 0) kc--;
    st[0] = kc;
    this.nearestAll(w, kc, true);
    for (let q = 0; q < t; q++) touched[touchedIds[q] as number] = 0;
    return st;
  }

  /**
   * Moves the `mc` differing instances one by one: each move changes the
   * pairwise sums by the distances from the moved instance to the members it
   * leaves and joins. Lists start in ascending instance order, as from scratch.
   */
  private moveAll(
    w: Float64Array,
    members: Int32Array,
    parent: Int32Array,
    child: Int32Array,
    mc: number,
    t: number,
    kp: number,
  ): void {
    const { data, n, d, S, dense, outcome, buf, off, len, cnt, touchedIds, moved, pos } = this;
    const { first } = this;
    // Capacity of a touched slice: its parent size plus its arrivals (in cnt).
    let at = 0;
    for (let q = 0; q < t; q++) {
      const s = touchedIds[q] as number;
      const size = s < kp ? (w[s * S] as number) : 0;
      off[s] = at;
      len[s] = size;
      const from = s < kp ? (first[s] as number) : 0;
      for (let l = 0; l < size; l++) {
        const i = members[from + l] as number;
        pos[i] = l;
        buf[at + l] = i;
      }
      at += (cnt[s] as number) + size;
    }
    for (let q = 0; q < mc; q++) {
      const i = moved[q] as number;
      const a = parent[i] as number;
      const b = child[i] as number;
      const oa = off[a] as number;
      const la = (len[a] as number) - 1;
      len[a] = la;
      const last = buf[oa + la] as number;
      if (last !== i) {
        const p = pos[i] as number;
        buf[oa + p] = last;
        pos[last] = p;
      }
      const ob = off[b] as number;
      const lb = len[b] as number;
      let out = 0;
      let into = 0;
      if (dense !== null) {
        const row = i * n;
        for (let x = 0; x < la; x++) out += dense[row + (buf[oa + x] as number)] as number;
        for (let x = 0; x < lb; x++) into += dense[row + (buf[ob + x] as number)] as number;
      } else {
        const io = i * d;
        for (let x = 0; x < la; x++) {
          out += Math.sqrt(squaredEuclideanAt(data, io, data, (buf[oa + x] as number) * d, d));
        }
        for (let x = 0; x < lb; x++) {
          into += Math.sqrt(squaredEuclideanAt(data, io, data, (buf[ob + x] as number) * d, d));
        }
      }
      pos[i] = lb;
      buf[ob + lb] = i;
      len[b] = lb + 1;
      const ra = a * S;
      const rb = b * S;
      const za = (w[ra] as number) - 1;
      const zb = (w[rb] as number) + 1;
      w[ra] = za;
      w[rb] = zb;
      w[ra + 2] = za > 1 ? (w[ra + 2] as number) - out : 0;
      w[rb + 2] = (w[rb + 2] as number) + into;
      if (outcome[i] === 0) {
        w[ra + 1] = (w[ra + 1] as number) - 1;
        w[rb + 1] = (w[rb + 1] as number) + 1;
      }
      const io = i * d;
      for (let k = 0; k < d; k++) {
        const v = data[io + k] as number;
        w[ra + C + k] = za > 0 ? (w[ra + C + k] as number) - v : 0;
        w[rb + C + k] = (w[rb + C + k] as number) + v;
      }
    }
  }

  /**
   * Nearest other centroid of every non-empty slice with id < k, written into
   * `w`. With `update`, records of slices not marked in `touched` (their
   * members did not change) hold their nearest centroid before the change.
   * Phases: place the slices in slots, seed the redo slots from their
   * previous nearest, scan, write back.
   */
  private nearestAll(w: Float64Array, k: number, update: boolean): void {
    const { d, S, touched, sid, near, nearId } = this;
    let nr = this.placeSlots(w, k, update);
    const m = this.slots;
    if (update) nr = this.seedFromPrevious(w, k, nr);
    const wasm = this.wasm;
    const endOf = this.endOf;
    for (let x = 0; x < nr; x++) {
      // An unchanged centroid is already counted in the keep slices' nearest.
      const end = !update || touched[sid[x] as number] === 1 ? m : nr;
      if (wasm !== null) endOf[x] = end;
      else if (d === 4) this.scan4(x, sid[x] as number, end, m);
      else if (this.padded) this.scan11(x, sid[x] as number, end, m);
      else this.scanAny(x, sid[x] as number, end, m);
    }
    if (wasm !== null && nr > 0) wasm.scan(nr, m, wasm.c, wasm.near, wasm.nid, wasm.sid, wasm.endp);
    for (let p = 0; p < m; p++) {
      const rec = (sid[p] as number) * S;
      w[rec + 3] = near[p] as number;
      w[rec + 4] = nearId[p] as number;
    }
  }

  /**
   * Puts the non-empty slices with id < k into slots (redo first, keep last)
   * with their centroids; sets `slots` to their number and returns the number
   * of redo slots.
   */
  private placeSlots(w: Float64Array, k: number, update: boolean): number {
    const { d, S, P, touched, sid, posOf, c, near, nearId } = this;
    // Positions [0, nr): redo, the changed slices and the unchanged ones whose
    // nearest changed (every slice without `update`); [nr, m): keep, whose
    // nearest stands unless a changed centroid came closer. Each redo
    // position is measured against the positions after it, so redo-redo and
    // redo-keep pairs are measured once and keep-keep pairs never: never more
    // than the full search.
    let m = 0;
    for (let s = 0; s < k; s++) if ((w[s * S] as number) > 0) m++;
    let nr = 0;
    let nk = m;
    for (let s = 0; s < k; s++) {
      const rec = s * S;
      const size = w[rec] as number;
      if (size === 0) continue;
      const id = update ? (w[rec + 4] as number) : -1;
      let p: number;
      if (id < 0 || touched[s] === 1 || touched[id] === 1) {
        p = nr++;
        near[p] = Number.POSITIVE_INFINITY;
        nearId[p] = -1;
      } else {
        p = --nk;
        near[p] = w[rec + 3] as number;
        nearId[p] = id;
      }
      sid[p] = s;
      posOf[s] = p;
      const inv = 1 / size;
      for (let q = 0; q < d; q++) c[p * P + q] = (w[rec + C + q] as number) * inv;
    }
    this.slots = m;
    return nr;
  }

  /**
   * A redo slice starts from its previous nearest slice when that one is
   * still there (usually still close): a true distance, so a tight bound from
   * the start and the minimum updates of the scan are rarely taken (well
   * predicted branches); measuring that pair again changes nothing. An
   * unchanged slice whose changed nearest slice came no farther becomes a
   * keep slice (moved behind the redo slots, its nearest so far that
   * distance): the unchanged centroids were all at least its old nearest
   * distance away, so its nearest is now among the changed ones, which the
   * scan measures against every keep slice. Returns the new number of redo
   * slots.
   */
  private seedFromPrevious(w: Float64Array, k: number, nr: number): number {
    const { d, S, P, sid, posOf, c, near, nearId, touched } = this;
    let redo = nr;
    for (let x = nr - 1; x >= 0; x--) {
      const s = sid[x] as number;
      const rec = s * S;
      const id = w[rec + 4] as number;
      if (id < 0 || id >= k || (w[id * S] as number) === 0) continue;
      const v = squaredEuclideanAt(c, x * P, c, (posOf[id] as number) * P, d);
      near[x] = v;
      nearId[x] = id;
      if (touched[s] === 1 || v > (w[rec + 3] as number)) continue;
      this.swapSlots(x, --redo);
    }
    return redo;
  }

  /** Exchanges slots x and y (slice, centroid, nearest so far). */
  private swapSlots(x: number, y: number): void {
    if (x === y) return;
    const { P, sid, posOf, c, near, nearId } = this;
    const sx = sid[x] as number;
    const sy = sid[y] as number;
    sid[x] = sy;
    sid[y] = sx;
    posOf[sx] = y;
    posOf[sy] = x;
    const v = near[x] as number;
    near[x] = near[y] as number;
    near[y] = v;
    const id = nearId[x] as number;
    nearId[x] = nearId[y] as number;
    nearId[y] = id;
    for (let q = 0; q < P; q++) {
      const t = c[x * P + q] as number;
      c[x * P + q] = c[y * P + q] as number;
      c[y * P + q] = t;
    }
  }

  /** Scans slots after redo slot x (slice s) with d = 4. */
  private scan4(x: number, s: number, end: number, m: number): void {
    const { c, near, nearId, sid, P } = this;
    let best = near[x] as number;
    let bestId = nearId[x] as number;
    const ao = x * P;
    const a0 = c[ao] as number;
    const a1 = c[ao + 1] as number;
    const a2 = c[ao + 2] as number;
    const a3 = c[ao + 3] as number;
    for (let y = x + 1; y < m; y++) {
      const bo = y * 4;
      const nb = y < end ? (near[y] as number) : Number.NEGATIVE_INFINITY;
      // squaredEuclideanAt's summation order, so the same bits. No early
      // exit on a partial sum: that branch is hard to predict and cost
      // more than the two coordinates it saves.
      const e0 = a0 - (c[bo] as number);
      const e1 = a1 - (c[bo + 1] as number);
      const e2 = a2 - (c[bo + 2] as number);
      const e3 = a3 - (c[bo + 3] as number);
      const v = e0 * e0 + e1 * e1 + (e2 * e2 + e3 * e3);
      if (v < best) {
        best = v;
        bestId = sid[y] as number;
      }
      if (v < nb) {
        near[y] = v;
        nearId[y] = s;
      }
    }
    near[x] = best;
    nearId[x] = bestId;
  }

  /** Scans slots after redo slot x (slice s) with 8 <= d <= 11 (zero-padded to 12); the wasm kernel's arithmetic. */
  private scan11(x: number, s: number, end: number, m: number): void {
    const { c, near, nearId, sid, P } = this;
    let best = near[x] as number;
    let bestId = nearId[x] as number;
    const ao = x * P;
    const a0 = c[ao] as number;
    const a1 = c[ao + 1] as number;
    const a2 = c[ao + 2] as number;
    const a3 = c[ao + 3] as number;
    const a4 = c[ao + 4] as number;
    const a5 = c[ao + 5] as number;
    const a6 = c[ao + 6] as number;
    const a7 = c[ao + 7] as number;
    const a8 = c[ao + 8] as number;
    const a9 = c[ao + 9] as number;
    const a10 = c[ao + 10] as number;
    for (let y = x + 1; y < m; y++) {
      const bo = y * 12;
      const nb = y < end ? (near[y] as number) : Number.NEGATIVE_INFINITY;
      const e0 = a0 - (c[bo] as number);
      const e1 = a1 - (c[bo + 1] as number);
      const e2 = a2 - (c[bo + 2] as number);
      const e3 = a3 - (c[bo + 3] as number);
      const e4 = a4 - (c[bo + 4] as number);
      const e5 = a5 - (c[bo + 5] as number);
      const e6 = a6 - (c[bo + 6] as number);
      const e7 = a7 - (c[bo + 7] as number);
      const e8 = a8 - (c[bo + 8] as number);
      const e9 = a9 - (c[bo + 9] as number);
      const e10 = a10 - (c[bo + 10] as number);
      // squaredEuclideanAt's order: four running sums over the blocks,
      // combined, then the remaining coordinates one by one.
      let v = e0 * e0 + e4 * e4 + (e1 * e1 + e5 * e5) + (e2 * e2 + e6 * e6 + (e3 * e3 + e7 * e7));
      v += e8 * e8;
      v += e9 * e9;
      v += e10 * e10;
      if (v < best) {
        best = v;
        bestId = sid[y] as number;
      }
      if (v < nb) {
        near[y] = v;
        nearId[y] = s;
      }
    }
    near[x] = best;
    nearId[x] = bestId;
  }

  /** Scans slots after redo slot x (slice s), any d. */
  private scanAny(x: number, s: number, end: number, m: number): void {
    const { c, near, nearId, sid, d, P } = this;
    let best = near[x] as number;
    let bestId = nearId[x] as number;
    const ao = x * P;
    for (let y = x + 1; y < m; y++) {
      const v = squaredEuclideanAt(c, ao, c, y * P, d);
      if (v < best) {
        best = v;
        bestId = sid[y] as number;
      }
      if (y < end && v < (near[y] as number)) {
        near[y] = v;
        nearId[y] = s;
      }
    }
    near[x] = best;
    nearId[x] = bestId;
  }

  objectives(st: SliceStats, out: Float64Array): Float64Array {
    const { S } = this;
    const k = st[0] as number;
    let m = 0;
    let oi = 0;
    let intra = 0;
    let inter = 0;
    for (let s = 0; s < k; s++) {
      const rec = 1 + s * S;
      const size = st[rec] as number;
      if (size === 0) continue;
      m++;
      const f = st[rec + 1] as number;
      oi += Math.min(f, size - f) / size;
      if (size > 1) intra += (2 * (st[rec + 2] as number)) / (size * (size - 1));
      inter += Math.sqrt(st[rec + 3] as number);
    }
    out[0] = oi / m;
    out[1] = intra / m;
    out[2] = m > 1 ? -(inter / m) : -0;
    if (this.scale !== 0) {
      // exact: the kernels ran on the signals times 2^-scale
      out[1] = times2(out[1] as number, this.scale);
      out[2] = times2(out[2] as number, this.scale);
      if (!(Number.isFinite(out[1]) && Number.isFinite(out[2]))) {
        fail(
          this.fn,
          "signals are too large: the distances between them overflow the largest double (about 1.8e308); rescale signals (e.g. standardise them with fitStandardizer)",
        );
      }
    }
    return out;
  }
}

/** Pairwise Euclidean distances between the rows of an n x d matrix, dense. */
function distanceMatrix(data: Float64Array, n: number, d: number): Float64Array {
  const dense = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const v = Math.sqrt(squaredEuclideanAt(data, i * d, data, j * d, d));
      dense[i * n + j] = v;
      dense[j * n + i] = v;
    }
  }
  return dense;
}

/**
 * The evaluator of `X` (N x d signals) and `outcome` (0/1 per instance). With
 * `kernel` "wasm" (the default) and 8 <= d <= 11 the nearest-centroid scan
 * runs in WebAssembly SIMD where the runtime has it; "js" forces the
 * JavaScript scans (tests compare the two bit for bit).
 *
 * Signals whose largest magnitude is outside [2^-400, 2^400] (where sums of
 * squares would overflow or underflow) are evaluated scaled by a power of
 * two into [1, 2) and the distances scaled back, which is exact; within that
 * range they are used as they are. A scaled-back objective that overflows
 * throws a RangeError naming `fn` and `signals`.
 */
export function makeEvaluator(
  X: RowMatrix,
  outcome: Uint8Array,
  kernel: ScanKernel = "wasm",
  fn = "sliceObjectives",
): Evaluator {
  const max = maxAbs(X.data);
  if (!needsScaling(max)) return new SliceEvaluator(X, outcome, kernel, 0, fn);
  const e = exponentOf(max);
  const scaled = { data: scaledCopy(X.data, -e), rows: X.rows, cols: X.cols };
  return new SliceEvaluator(scaled, outcome, kernel, e, fn);
}
