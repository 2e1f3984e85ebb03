import { randomPermutation } from "../core/randomPermutation.js";
/**
 * Internal partition machinery shared by the slice operators: size checks,
 * member lists and the size repair. Slice ids live in [0, N); an id that no
 * instance carries is simply unused.
 */
import { checkInt32Array, checkInteger, draw, fail } from "../core/validate.js";

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

/** Member lists indexed by slice id (length n; unused ids give empty lists). */
export function membersOf(sliceOf: Int32Array): number[][] {
  const out: number[][] = [];
  for (let s = 0; s < sliceOf.length; s++) out.push([]);
  for (let i = 0; i < sliceOf.length; i++) (out[sliceOf[i] as number] as number[]).push(i);
  return out;
}

/** Removes and returns a uniformly chosen element of `list` (order not kept). */
export function takeRandom(fn: string, list: number[], rng: () => number): number {
  const j = Math.floor(draw(fn, rng) * list.length);
  const v = list[j] as number;
  list[j] = list[list.length - 1] as number;
  list.pop();
  return v;
}

/** Id in `live` of the smallest list with fewer than `cap` members, excluding `skip` (ties: first in `live`); -1 if none. */
function smallestWithRoom(
  members: readonly (number[] | undefined)[],
  live: readonly number[],
  cap: number,
  skip: number,
): number {
  let best = -1;
  let bestSize = cap;
  for (const s of live) {
    const size = (members[s] as number[]).length;
    if (s !== skip && size < bestSize) {
      best = s;
      bestSize = size;
    }
  }
  return best;
}

/** Id in `live` of the largest list with more than `floor` members, excluding `skip`; -1 if none. */
function largestAbove(
  members: readonly (number[] | undefined)[],
  live: readonly number[],
  floor: number,
  skip: number,
): number {
  let best = -1;
  let bestSize = floor;
  for (const s of live) {
    const size = (members[s] as number[]).length;
    if (s !== skip && size > bestSize) {
      best = s;
      bestSize = size;
    }
  }
  return best;
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
): Int32Array {
  const n = sliceOf.length;
  const members: (number[] | undefined)[] = new Array(n);
  const live: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = sliceOf[i] as number;
    let list = members[s];
    if (list === undefined) {
      list = [];
      members[s] = list;
      live.push(s);
    }
    list.push(i);
  }
  let nextFree = 0;
  const newId = (): number => {
    while (nextFree < n && members[nextFree] !== undefined) nextFree++;
    if (nextFree >= n) fail(fn, "internal: no free slice id");
    const id = nextFree;
    members[id] = [];
    live.push(id);
    return id;
  };
  // Divide oversized slices first so that their members can refill small ones.
  const pool: number[] = [];
  const initial = live.length;
  for (let t = 0; t < initial; t++) {
    const list = members[live[t] as number] as number[];
    if (list.length <= maxSize) continue;
    const parts = Math.ceil(list.length / maxSize);
    if (Math.floor(list.length / parts) >= minSize) {
      const size = list.length;
      for (let p = 1; p < parts; p++) {
        const target = Math.floor((size * (p + 1)) / parts) - Math.floor((size * p) / parts);
        const part = members[newId()] as number[];
        for (let c = 0; c < target; c++) part.push(takeRandom(fn, list, rng));
      }
    } else {
      while (list.length > maxSize) pool.push(takeRandom(fn, list, rng));
    }
  }
  for (;;) {
    let under = -1;
    let underSize = minSize;
    for (const s of live) {
      const size = (members[s] as number[]).length;
      if (size < underSize) {
        under = s;
        underSize = size;
      }
    }
    if (pool.length > 0) {
      let dest = under >= 0 ? under : smallestWithRoom(members, live, maxSize, -1);
      if (dest < 0) dest = newId();
      (members[dest] as number[]).push(pool.pop() as number);
      continue;
    }
    if (under < 0) break;
    const list = members[under] as number[];
    let room = 0;
    for (const s of live) if (s !== under) room += maxSize - (members[s] as number[]).length;
    if (room >= list.length) {
      // Dissolve: each member goes to the currently smallest slice with room.
      while (list.length > 0) {
        const dest = smallestWithRoom(members, live, maxSize, under);
        (members[dest] as number[]).push(takeRandom(fn, list, rng));
      }
      members[under] = undefined;
      live.splice(live.indexOf(under), 1);
      if (under < nextFree) nextFree = under;
    } else {
      const donor = largestAbove(members, live, minSize, under);
      if (donor < 0) fail(fn, "internal: repair found no donor slice");
      list.push(takeRandom(fn, members[donor] as number[], rng));
    }
  }
  const out = new Int32Array(n);
  for (const s of live) for (const i of members[s] as number[]) out[i] = s;
  return out;
}

/** Number of instances per slice id (length n). */
export function sliceSizes(sliceOf: Int32Array): Int32Array {
  const sizes = new Int32Array(sliceOf.length);
  for (let i = 0; i < sliceOf.length; i++) sizes[sliceOf[i] as number]++;
  return sizes;
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
): [Int32Array, Int32Array] {
  const o1 = a.slice();
  const o2 = b.slice();
  const diff: number[] = [];
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diff.push(i);
  const half = diff.length >> 1;
  for (let t = 0; t < half; t++) {
    const j = t + Math.floor(draw(fn, rng) * (diff.length - t));
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
): Int32Array {
  const out = sliceOf.slice();
  const members = membersOf(out);
  const live: number[] = [];
  for (let s = 0; s < members.length; s++) if ((members[s] as number[]).length > 0) live.push(s);
  const moves = 1 + Math.floor(draw(fn, rng) * maxMutations);
  const swaps = 1 + Math.floor(draw(fn, rng) * maxMutations);
  const from: number[] = [];
  const to: number[] = [];
  for (let t = 0; t < moves; t++) {
    if (!(draw(fn, rng) < moveRate)) continue;
    from.length = 0;
    for (const s of live) if ((members[s] as number[]).length > minSize) from.push(s);
    if (from.length === 0) continue;
    const src = from[Math.floor(draw(fn, rng) * from.length)] as number;
    to.length = 0;
    for (const s of live) if (s !== src && (members[s] as number[]).length < maxSize) to.push(s);
    if (to.length === 0) continue;
    const dst = to[Math.floor(draw(fn, rng) * to.length)] as number;
    const i = takeRandom(fn, members[src] as number[], rng);
    (members[dst] as number[]).push(i);
    out[i] = dst;
  }
  for (let t = 0; t < swaps; t++) {
    if (!(draw(fn, rng) < swapRate) || live.length < 2) continue;
    const p = Math.floor(draw(fn, rng) * live.length);
    let q = Math.floor(draw(fn, rng) * (live.length - 1));
    if (q >= p) q++;
    const ls = members[live[p] as number] as number[];
    const lt = members[live[q] as number] as number[];
    const x = Math.floor(draw(fn, rng) * ls.length);
    const y = Math.floor(draw(fn, rng) * lt.length);
    const i = ls[x] as number;
    const j = lt[y] as number;
    ls[x] = j;
    lt[y] = i;
    out[i] = live[q] as number;
    out[j] = live[p] as number;
  }
  return out;
}
