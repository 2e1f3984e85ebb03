import { randomPermutation } from "../core/randomPermutation.js";
/**
 * Internal partition machinery shared by the slice operators: size checks,
 * member lists and the size repair. Slice ids live in [0, N); an id that no
 * instance carries is simply unused.
 */
import { checkInt32Array, checkInteger, draw, fail } from "../core/validate.js";

/**
 * Working arrays of the partition operators over `n` instances: one per run
 * of identifySlices (its hot loop then allocates only the genomes it
 * returns), a fresh one per call of a public operator, so that no two calls
 * ever share arrays (an rng may call back into the operators). Contents are
 * stale between uses (users clear what they read before writing it), except
 * `sizes`, which is all zero between calls of {@link repairOrKeep}.
 */
export type PartitionScratch = {
  readonly n: number;
  /** Per-id slice sizes of {@link repairOrKeep}. */
  readonly sizes: Int32Array;
  /** Disagreeing positions of {@link huxInto}. */
  readonly diff: Int32Array;
  /** len, off, live, cand (length n) and the member buffer of {@link mutateInto}. */
  readonly mutate: Int32Array[];
  /** len, off, cap, used, live, pool (length n) and the member buffer of the repair. */
  readonly repair: Int32Array[];
};

/** Fresh working arrays for partitions of `n` instances. */
export function partitionScratch(n: number): PartitionScratch {
  const lists = (count: number): Int32Array[] =>
    Array.from({ length: count }, () => new Int32Array(n));
  return {
    n,
    sizes: new Int32Array(n),
    diff: new Int32Array(n),
    mutate: lists(5),
    repair: lists(7),
  };
}

/** Array `k` of `arrays`, regrown to at least `size` when needed. */
function grown(arrays: Int32Array[], k: number, size: number): Int32Array {
  const a = arrays[k] as Int32Array;
  if (a.length >= size) return a;
  const b = new Int32Array(Math.max(size, 2 * a.length));
  b.set(a);
  arrays[k] = b;
  return b;
}

/** Validates `minSize`/`maxSize` against `n` instances: integers, 2 <= min <= max <= n, n >= 2 min, and some slice count fits. */
export function checkSliceBounds(fn: string, n: number, minSize: unknown, maxSize: unknown): void {
  if (minSize === undefined) fail(fn, "minSize is required");
  if (maxSize === undefined) fail(fn, "maxSize is required");
  checkInteger(fn, "minSize", minSize, 2);
  checkInteger(fn, "maxSize", maxSize, 2);
  if (minSize > maxSize) fail(fn, `minSize exceeds maxSize (${minSize} > ${maxSize})`);
  if (maxSize > n) fail(fn, `maxSize exceeds the number of instances (${maxSize} > ${n})`);
  if (n < 2 * minSize) {
    fail(fn, `fewer instances than two minimum slices (${n} < 2 * ${minSize})`);
  }
  if (Math.ceil(n / maxSize) > Math.floor(n / minSize)) {
    fail(fn, `no partition of ${n} instances into slices of ${minSize}..${maxSize} exists`);
  }
}

/** Validates a slice assignment over `n` instances: an Int32Array with ids in [0, n). */
export function checkSliceOf(fn: string, arg: string, sliceOf: unknown, n?: number): void {
  checkInt32Array(fn, arg, sliceOf, { min: 0, allowEmpty: false });
  const len = (sliceOf as Int32Array).length;
  if (n !== undefined && len !== n) fail(fn, `${arg} has length ${len}, expected ${n}`);
  for (let i = 0; i < len; i++) {
    if (((sliceOf as Int32Array)[i] as number) >= len) {
      fail(fn, `${arg}[${i}] must lie in [0, ${len - 1}]`, (sliceOf as Int32Array)[i]);
    }
  }
}

/**
 * Repairs a partition so that every non-empty slice holds minSize..maxSize
 * instances; returns the new assignment. Oversized slices are divided into
 * near-equal random parts when the parts reach minSize, else their excess
 * members are set aside and placed in undersized slices first, then in the
 * smallest slices with room, else in a new slice; undersized slices are
 * dissolved into the smallest slices with room, or, when the others are full,
 * topped up from the largest slice. Terminates for every feasible
 * (n, minSize, maxSize) (checked by {@link checkSliceBounds}): topping up is
 * only needed when all other slices are full, and then feasibility leaves a
 * donor above minSize.
 */
export function repairInto(
  fn: string,
  sliceOf: Int32Array,
  minSize: number,
  maxSize: number,
  rng: () => number,
  sc: PartitionScratch,
): Int32Array {
  const out = repairOrKeep(fn, sliceOf, minSize, maxSize, rng, sc);
  return out === sliceOf ? sliceOf.slice() : out;
}

/**
 * {@link repairInto}, but a valid `sliceOf` is returned itself rather than
 * copied, and with `inPlace` (for a genome nobody else holds yet) an invalid
 * one is repaired in place and returned.
 */
export function repairOrKeep(
  fn: string,
  sliceOf: Int32Array,
  minSize: number,
  maxSize: number,
  rng: () => number,
  sc: PartitionScratch,
  inPlace = false,
): Int32Array {
  // One pass counts the sizes and lists the ids in order of first
  // appearance; a valid partition draws nothing (so the shortcut keeps every
  // seeded result), an invalid one is repaired from those counts.
  const n = sliceOf.length;
  const sizes = sc.sizes;
  const live = sc.repair[4] as Int32Array;
  let nl = 0;
  for (let i = 0; i < n; i++) {
    const s = sliceOf[i] as number;
    const z = sizes[s] as number;
    if (z === 0) live[nl++] = s;
    sizes[s] = z + 1;
  }
  let valid = true;
  for (let q = 0; q < nl; q++) {
    const z = sizes[live[q] as number] as number;
    if (z < minSize || z > maxSize) {
      valid = false;
      break;
    }
  }
  if (valid) {
    for (let q = 0; q < nl; q++) sizes[live[q] as number] = 0;
    return sliceOf;
  }
  return repairLists(fn, sliceOf, nl, minSize, maxSize, rng, sc, inPlace);
}

/**
 * Member lists of a partition under repair, as segments of one typed buffer:
 * slice s owns buf[off[s] .. off[s] + cap[s]) and holds len[s] members. A
 * list never outgrows max(its initial size, maxSize) (members only join lists
 * below maxSize), so a segment of that capacity, kept for the id when its
 * slice is dissolved and the id reused, is enough. `live` lists the ids in
 * use, in order of first appearance; every tie goes to the first in `live`.
 * Every member taken from a slice is pushed somewhere, so the last push of an
 * instance names its final slice in `out`; members never taken keep their id.
 */
class RepairLists {
  readonly n: number;
  readonly len: Int32Array;
  readonly off: Int32Array;
  readonly cap: Int32Array;
  readonly used: Int32Array;
  readonly live: Int32Array;
  /** Members set aside from oversized slices, placed before anything else. */
  readonly pool: Int32Array;
  readonly out: Int32Array;
  buf: Int32Array;
  nl = 0;
  np = 0;
  top = 0;
  nextFree = 0;

  /**
   * Lists of `sliceOf`, whose `nl` ids in order of first appearance are in
   * `arrays[4]` and whose sizes are in `sizes` (cleared here); `out` is
   * `sliceOf` itself with `inPlace` (it is read only here), else a copy.
   */
  constructor(
    readonly fn: string,
    sliceOf: Int32Array,
    nl: number,
    sizes: Int32Array,
    readonly maxSize: number,
    readonly rng: () => number,
    readonly arrays: Int32Array[],
    inPlace: boolean,
  ) {
    const n = sliceOf.length;
    this.n = n;
    const [len, off, cap, used, live, pool] = arrays as [
      Int32Array,
      Int32Array,
      Int32Array,
      Int32Array,
      Int32Array,
      Int32Array,
    ];
    this.len = len;
    this.off = off;
    this.cap = cap;
    this.used = used;
    this.live = live;
    this.pool = pool;
    len.fill(0, 0, n);
    cap.fill(0, 0, n);
    used.fill(0, 0, n);
    for (let q = 0; q < nl; q++) {
      const s = live[q] as number;
      used[s] = 1;
      len[s] = sizes[s] as number;
      sizes[s] = 0;
    }
    this.nl = nl;
    let top = 0;
    for (let q = 0; q < nl; q++) {
      const s = live[q] as number;
      off[s] = top;
      cap[s] = Math.max(len[s] as number, maxSize);
      top += cap[s] as number;
      len[s] = 0;
    }
    this.top = top;
    const buf = grown(arrays, 6, top + 4 * maxSize);
    this.buf = buf;
    for (let i = 0; i < n; i++) {
      const s = sliceOf[i] as number;
      buf[(off[s] as number) + (len[s] as number)] = i;
      len[s] = (len[s] as number) + 1;
    }
    this.out = inPlace ? sliceOf : sliceOf.slice();
  }

  push(s: number, i: number): void {
    this.out[i] = s;
    const l = this.len[s] as number;
    if (l >= (this.cap[s] as number)) fail(this.fn, "internal: repair overfilled a slice");
    this.buf[(this.off[s] as number) + l] = i;
    this.len[s] = l + 1;
  }

  /** A uniformly drawn member of slice s, removed from its list. */
  take(s: number): number {
    const { len, buf } = this;
    const l = (len[s] as number) - 1;
    const o = this.off[s] as number;
    const j = o + Math.floor(draw(this.fn, this.rng) * (l + 1));
    const v = buf[j] as number;
    buf[j] = buf[o + l] as number;
    len[s] = l;
    return v;
  }

  /** The smallest unused id, as a new empty slice. */
  newId(): number {
    const { n, used, maxSize } = this;
    while (this.nextFree < n && used[this.nextFree] === 1) this.nextFree++;
    if (this.nextFree >= n) fail(this.fn, "internal: no free slice id");
    const id = this.nextFree;
    used[id] = 1;
    this.len[id] = 0;
    if ((this.cap[id] as number) < maxSize) {
      if (this.top + maxSize > this.buf.length) {
        this.buf = grown(this.arrays, 6, this.top + maxSize);
      }
      this.off[id] = this.top;
      this.cap[id] = maxSize;
      this.top += maxSize;
    }
    this.live[this.nl++] = id;
    return id;
  }

  /** Id in `live` of the smallest list below maxSize other than `skip`; -1 if none. */
  smallestWithRoom(skip: number): number {
    const { live, len, nl } = this;
    let best = -1;
    let bestSize = this.maxSize;
    for (let q = 0; q < nl; q++) {
      const s = live[q] as number;
      const size = len[s] as number;
      if (s !== skip && size < bestSize) {
        best = s;
        bestSize = size;
      }
    }
    return best;
  }

  /** Id in `live` of the smallest list below `minSize`; -1 if none. */
  smallestBelow(minSize: number): number {
    const { live, len, nl } = this;
    let under = -1;
    let underSize = minSize;
    for (let q = 0; q < nl; q++) {
      const s = live[q] as number;
      const size = len[s] as number;
      if (size < underSize) {
        under = s;
        underSize = size;
      }
    }
    return under;
  }

  /** Drops the empty slice s from `live`; its id becomes free again. */
  drop(s: number): void {
    const { live } = this;
    this.used[s] = 0;
    let q = 0;
    while (live[q] !== s) q++;
    live.copyWithin(q, q + 1, this.nl);
    this.nl--;
    if (s < this.nextFree) this.nextFree = s;
  }
}

/**
 * The repair of {@link repairInto} on the working arrays `sc.repair` (seven,
 * of length >= n), in two phases: divide oversized slices, then balance
 * undersized ones.
 */
function repairLists(
  fn: string,
  sliceOf: Int32Array,
  nl: number,
  minSize: number,
  maxSize: number,
  rng: () => number,
  sc: PartitionScratch,
  inPlace: boolean,
): Int32Array {
  const lists = new RepairLists(fn, sliceOf, nl, sc.sizes, maxSize, rng, sc.repair, inPlace);
  divideOversized(lists, minSize);
  balanceUndersized(lists, minSize);
  return lists.out;
}

/**
 * Divides oversized slices first, so that their members can refill small
 * ones: into near-equal parts when the parts reach minSize, else the excess
 * members go to the pool.
 */
function divideOversized(lists: RepairLists, minSize: number): void {
  const { live, len, maxSize, pool } = lists;
  const initial = lists.nl;
  for (let t = 0; t < initial; t++) {
    const s = live[t] as number;
    const size = len[s] as number;
    if (size <= maxSize) continue;
    const parts = Math.ceil(size / maxSize);
    if (Math.floor(size / parts) >= minSize) {
      for (let p = 1; p < parts; p++) {
        const target = Math.floor((size * (p + 1)) / parts) - Math.floor((size * p) / parts);
        const part = lists.newId();
        for (let c = 0; c < target; c++) lists.push(part, lists.take(s));
      }
    } else {
      while ((len[s] as number) > maxSize) pool[lists.np++] = lists.take(s);
    }
  }
}

/**
 * Places the pooled members (in the smallest undersized slice, else the
 * smallest with room, else a new one), then fixes undersized slices one at a
 * time, smallest first: dissolved into the smallest slices with room when the
 * others can take its members, else topped up from the largest slice above
 * minSize.
 */
function balanceUndersized(lists: RepairLists, minSize: number): void {
  const { len, live, maxSize, pool } = lists;
  for (;;) {
    const under = lists.smallestBelow(minSize);
    if (lists.np > 0) {
      let dest = under >= 0 ? under : lists.smallestWithRoom(-1);
      if (dest < 0) dest = lists.newId();
      lists.push(dest, pool[--lists.np] as number);
      continue;
    }
    if (under < 0) return;
    let room = 0;
    for (let q = 0; q < lists.nl; q++) {
      const s = live[q] as number;
      if (s !== under) room += maxSize - (len[s] as number);
    }
    if (room >= (len[under] as number)) {
      // Dissolve: each member goes to the currently smallest slice with room.
      while ((len[under] as number) > 0) {
        const dest = lists.smallestWithRoom(under);
        lists.push(dest, lists.take(under));
      }
      lists.drop(under);
    } else {
      // Top up from the largest slice above minSize (ties: first in `live`).
      let donor = -1;
      let donorSize = minSize;
      for (let q = 0; q < lists.nl; q++) {
        const s = live[q] as number;
        const size = len[s] as number;
        if (s !== under && size > donorSize) {
          donor = s;
          donorSize = size;
        }
      }
      if (donor < 0) fail(lists.fn, "internal: repair found no donor slice");
      lists.push(under, lists.take(donor));
    }
  }
}

/** The unchecked draw behind `randomSlices`: feasible bounds assumed. */
export function drawPartition(
  fn: string,
  n: number,
  minSize: number,
  maxSize: number,
  rng: () => number,
): Int32Array {
  const lo = Math.ceil(n / maxSize);
  const hi = Math.floor(n / minSize);
  const m = lo + Math.floor(draw(fn, rng) * (hi - lo + 1));
  const sizes = new Int32Array(m).fill(minSize);
  const open: number[] = [];
  for (let s = 0; s < m; s++) if (minSize < maxSize) open.push(s);
  for (let extra = n - m * minSize; extra > 0; extra--) {
    const j = Math.floor(draw(fn, rng) * open.length);
    const s = open[j] as number;
    sizes[s] = (sizes[s] as number) + 1;
    if (sizes[s] === maxSize) {
      open[j] = open[open.length - 1] as number;
      open.pop();
    }
  }
  const order = randomPermutation(fn, n, rng);
  const out = new Int32Array(n);
  let t = 0;
  for (let s = 0; s < m; s++) {
    for (let c = 0; c < (sizes[s] as number); c++) out[order[t++] as number] = s;
  }
  return out;
}

/** HUX on the disagreeing positions: swaps floor(|D| / 2) of them, chosen uniformly. */
export function huxInto(
  fn: string,
  a: Int32Array,
  b: Int32Array,
  rng: () => number,
  sc: PartitionScratch,
): [Int32Array, Int32Array] {
  const o1 = a.slice();
  const o2 = b.slice();
  const diff = sc.diff;
  let nd = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diff[nd++] = i;
  const half = nd >> 1;
  for (let t = 0; t < half; t++) {
    const j = t + Math.floor(draw(fn, rng) * (nd - t));
    const pos = diff[j] as number;
    diff[j] = diff[t] as number;
    diff[t] = pos;
    o1[pos] = b[pos] as number;
    o2[pos] = a[pos] as number;
  }
  return [o1, o2];
}

/**
 * Move/swap mutation: 1 + floor(U * maxMutations) move attempts and as many
 * swap attempts (independent counts), each carried out with probability
 * moveRate / swapRate. A move takes a random member of a random slice larger
 * than minSize to a random other slice smaller than maxSize; a swap exchanges
 * random members of two random distinct slices.
 *
 * Member lists are segments of one typed buffer (slice s owns room for its
 * members plus one arrival per move attempt), filled in ascending instance
 * order; removal moves the last member into the gap, so the draws pick the
 * same members as plain per-slice arrays would.
 */
export function mutateInto(
  fn: string,
  sliceOf: Int32Array,
  rng: () => number,
  minSize: number,
  maxSize: number,
  maxMutations: number,
  moveRate: number,
  swapRate: number,
  sc: PartitionScratch,
): Int32Array {
  const arrays = sc.mutate;
  const n = sliceOf.length;
  const out = sliceOf.slice();
  const moves = 1 + Math.floor(draw(fn, rng) * maxMutations);
  const swaps = 1 + Math.floor(draw(fn, rng) * maxMutations);
  const [len, off, live, cand] = arrays as [Int32Array, Int32Array, Int32Array, Int32Array];
  len.fill(0, 0, n);
  let top = 0;
  for (let i = 0; i < n; i++) {
    const s = sliceOf[i] as number;
    len[s]++;
    if (s > top) top = s;
  }
  let nl = 0;
  let at = 0;
  for (let s = 0; s <= top; s++) {
    const size = len[s] as number;
    if (size === 0) continue;
    live[nl++] = s;
    off[s] = at;
    at += size + moves;
    len[s] = 0;
  }
  const buf = grown(arrays, 4, at);
  for (let i = 0; i < n; i++) {
    const s = sliceOf[i] as number;
    buf[(off[s] as number) + (len[s] as number)] = i;
    len[s] = (len[s] as number) + 1;
  }
  for (let t = 0; t < moves; t++) {
    if (!(draw(fn, rng) < moveRate)) continue;
    let nc = 0;
    for (let q = 0; q < nl; q++) {
      const s = live[q] as number;
      if ((len[s] as number) > minSize) cand[nc++] = s;
    }
    if (nc === 0) continue;
    const src = cand[Math.floor(draw(fn, rng) * nc)] as number;
    nc = 0;
    for (let q = 0; q < nl; q++) {
      const s = live[q] as number;
      if (s !== src && (len[s] as number) < maxSize) cand[nc++] = s;
    }
    if (nc === 0) continue;
    const dst = cand[Math.floor(draw(fn, rng) * nc)] as number;
    const os = off[src] as number;
    const ls = len[src] as number;
    const j = Math.floor(draw(fn, rng) * ls);
    const i = buf[os + j] as number;
    buf[os + j] = buf[os + ls - 1] as number;
    len[src] = ls - 1;
    buf[(off[dst] as number) + (len[dst] as number)] = i;
    len[dst] = (len[dst] as number) + 1;
    out[i] = dst;
  }
  for (let t = 0; t < swaps; t++) {
    if (!(draw(fn, rng) < swapRate) || nl < 2) continue;
    const p = Math.floor(draw(fn, rng) * nl);
    let q = Math.floor(draw(fn, rng) * (nl - 1));
    if (q >= p) q++;
    const sp = live[p] as number;
    const sq = live[q] as number;
    const x = (off[sp] as number) + Math.floor(draw(fn, rng) * (len[sp] as number));
    const y = (off[sq] as number) + Math.floor(draw(fn, rng) * (len[sq] as number));
    const i = buf[x] as number;
    const j = buf[y] as number;
    buf[x] = j;
    buf[y] = i;
    out[i] = sq;
    out[j] = sp;
  }
  return out;
}
