/**
 * Internal evaluator of the three CASPER-SI objectives with per-slice caches:
 * a child of an evaluated parent is evaluated by moving its differing
 * instances one at a time, each move costing O(|from| + |to| + d) instead of
 * recomputing the touched slices' pairwise sums. Incremental sums equal the
 * from-scratch ones up to floating-point rounding.
 */
import { squaredEuclideanAt } from "../core/distance.js";
import type { RowMatrix } from "../core/rowMatrix.js";

/** Per-slice sufficient statistics, indexed by slice id in [0, N). */
export type SliceStats = {
  readonly size: Int32Array;
  readonly fails: Int32Array;
  /** Sum of pairwise Euclidean distances within the slice. */
  readonly pair: Float64Array;
  /** Sum of the member signal vectors (N x d, row per slice id). */
  readonly cent: Float64Array;
};

/** Pairwise distances are cached as a dense matrix up to this N (32 MB). */
const DENSE_LIMIT = 2048;

export type Evaluator = {
  /** Statistics of an assignment from scratch. */
  readonly full: (sliceOf: Int32Array) => SliceStats;
  /** Statistics of `child` from those of `parent`, recomputing only touched slices. */
  readonly derive: (parent: Int32Array, stats: SliceStats, child: Int32Array) => SliceStats;
  /** Writes [OI, Intra_SD, -Inter_SD] into `out`. */
  readonly objectives: (stats: SliceStats, out: Float64Array) => Float64Array;
};

export function makeEvaluator(X: RowMatrix, outcome: Uint8Array): Evaluator {
  const { data, rows: n, cols: d } = X;
  let dense: Float64Array | null = null;
  if (n <= DENSE_LIMIT) {
    dense = new Float64Array(n * n);
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const v = Math.sqrt(squaredEuclideanAt(data, i * d, data, j * d, d));
        dense[i * n + j] = v;
        dense[j * n + i] = v;
      }
    }
  }
  const dist = (i: number, j: number): number =>
    dense !== null
      ? (dense[i * n + j] as number)
      : Math.sqrt(squaredEuclideanAt(data, i * d, data, j * d, d));

  // Member lists reused between calls; only the touched ids are filled.
  const lists: number[][] = [];
  for (let s = 0; s < n; s++) lists.push([]);
  const touched = new Uint8Array(n);
  const touchedIds: number[] = [];

  const fillSlice = (st: SliceStats, s: number, members: number[]): void => {
    let fails = 0;
    let pair = 0;
    const off = s * d;
    for (let k = 0; k < d; k++) st.cent[off + k] = 0;
    for (let a = 0; a < members.length; a++) {
      const i = members[a] as number;
      if (outcome[i] === 0) fails++;
      const io = i * d;
      for (let k = 0; k < d; k++)
        st.cent[off + k] = (st.cent[off + k] as number) + (data[io + k] as number);
      if (dense !== null) {
        const row = i * n;
        for (let b = a + 1; b < members.length; b++)
          pair += dense[row + (members[b] as number)] as number;
      } else {
        for (let b = a + 1; b < members.length; b++) pair += dist(i, members[b] as number);
      }
    }
    st.size[s] = members.length;
    st.fails[s] = fails;
    st.pair[s] = pair;
  };

  const recompute = (st: SliceStats, sliceOf: Int32Array, ids: readonly number[]): void => {
    for (const s of ids) (lists[s] as number[]).length = 0;
    for (let i = 0; i < n; i++) {
      const s = sliceOf[i] as number;
      if (touched[s] === 1) (lists[s] as number[]).push(i);
    }
    for (const s of ids) fillSlice(st, s, lists[s] as number[]);
  };

  const full = (sliceOf: Int32Array): SliceStats => {
    const st: SliceStats = {
      size: new Int32Array(n),
      fails: new Int32Array(n),
      pair: new Float64Array(n),
      cent: new Float64Array(n * d),
    };
    touchedIds.length = 0;
    for (let s = 0; s < n; s++) touched[s] = 0;
    for (let i = 0; i < n; i++) {
      const s = sliceOf[i] as number;
      if (touched[s] === 0) {
        touched[s] = 1;
        touchedIds.push(s);
      }
    }
    recompute(st, sliceOf, touchedIds);
    for (const s of touchedIds) touched[s] = 0;
    return st;
  };

  // Position of each instance inside its member list, for O(1) removal.
  const pos = new Int32Array(n);
  const moved: number[] = [];

  const derive = (parent: Int32Array, stats: SliceStats, child: Int32Array): SliceStats => {
    const st: SliceStats = {
      size: stats.size.slice(),
      fails: stats.fails.slice(),
      pair: stats.pair.slice(),
      cent: stats.cent.slice(),
    };
    moved.length = 0;
    touchedIds.length = 0;
    for (let i = 0; i < n; i++) {
      const a = parent[i] as number;
      const b = child[i] as number;
      if (a === b) continue;
      moved.push(i);
      if (touched[a] === 0) {
        touched[a] = 1;
        touchedIds.push(a);
      }
      if (touched[b] === 0) {
        touched[b] = 1;
        touchedIds.push(b);
      }
    }
    if (moved.length === 0) {
      for (const s of touchedIds) touched[s] = 0;
      return st;
    }
    if (moved.length > n / 10) {
      // Many moves cost more than recomputing the touched slices.
      recompute(st, child, touchedIds);
      for (const s of touchedIds) touched[s] = 0;
      return st;
    }
    for (const s of touchedIds) (lists[s] as number[]).length = 0;
    for (let i = 0; i < n; i++) {
      const s = parent[i] as number;
      if (touched[s] === 1) {
        const list = lists[s] as number[];
        pos[i] = list.length;
        list.push(i);
      }
    }
    // Move the instances one by one: each move changes the pairwise sums by
    // the distances from the moved instance to the members it leaves and joins.
    for (const i of moved) {
      const a = parent[i] as number;
      const b = child[i] as number;
      const la = lists[a] as number[];
      const last = la.pop() as number;
      if (last !== i) {
        la[pos[i] as number] = last;
        pos[last] = pos[i] as number;
      }
      const lb = lists[b] as number[];
      let out = 0;
      let into = 0;
      if (dense !== null) {
        const row = i * n;
        for (const j of la) out += dense[row + j] as number;
        for (const j of lb) into += dense[row + j] as number;
      } else {
        for (const j of la) out += dist(i, j);
        for (const j of lb) into += dist(i, j);
      }
      pos[i] = lb.length;
      lb.push(i);
      const za = (st.size[a] as number) - 1;
      const zb = (st.size[b] as number) + 1;
      st.size[a] = za;
      st.size[b] = zb;
      st.pair[a] = za > 1 ? (st.pair[a] as number) - out : 0;
      st.pair[b] = (st.pair[b] as number) + into;
      if (outcome[i] === 0) {
        st.fails[a] = (st.fails[a] as number) - 1;
        st.fails[b] = (st.fails[b] as number) + 1;
      }
      const io = i * d;
      for (let k = 0; k < d; k++) {
        const v = data[io + k] as number;
        st.cent[a * d + k] = za > 0 ? (st.cent[a * d + k] as number) - v : 0;
        st.cent[b * d + k] = (st.cent[b * d + k] as number) + v;
      }
    }
    for (const s of touchedIds) touched[s] = 0;
    return st;
  };

  const live: number[] = [];
  const c = new Float64Array(n * d);
  const nearest = new Float64Array(n);
  const objectives = (st: SliceStats, out: Float64Array): Float64Array => {
    live.length = 0;
    let oi = 0;
    let intra = 0;
    for (let s = 0; s < n; s++) {
      const size = st.size[s] as number;
      if (size === 0) continue;
      live.push(s);
      const f = st.fails[s] as number;
      oi += Math.min(f, size - f) / size;
      if (size > 1) intra += (2 * (st.pair[s] as number)) / (size * (size - 1));
    }
    const m = live.length;
    let inter = 0;
    if (m > 1) {
      for (let t = 0; t < m; t++) {
        const s = live[t] as number;
        const inv = 1 / (st.size[s] as number);
        for (let k = 0; k < d; k++) c[t * d + k] = (st.cent[s * d + k] as number) * inv;
      }
      nearest.fill(Number.POSITIVE_INFINITY, 0, m);
      for (let a = 0; a < m; a++) {
        for (let b = a + 1; b < m; b++) {
          const v = squaredEuclideanAt(c, a * d, c, b * d, d);
          if (v < (nearest[a] as number)) nearest[a] = v;
          if (v < (nearest[b] as number)) nearest[b] = v;
        }
      }
      for (let a = 0; a < m; a++) inter += Math.sqrt(nearest[a] as number);
      inter /= m;
    }
    out[0] = oi / m;
    out[1] = intra / m;
    out[2] = -inter;
    return out;
  };

  return { full, derive, objectives };
}
