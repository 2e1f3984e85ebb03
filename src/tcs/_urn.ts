/**
 * Drawing without replacement: per-stratum urns and a Fenwick tree for weighted draws.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import type { Rng } from "../core/rng.js";
import { draw } from "../core/validate.js";
import type { Strata } from "./_strata.js";

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

/** The members of every stratum in increasing index order: stratum h's are `members[start[h] .. start[h + 1])`. */
export type MemberLists = { readonly start: Int32Array; readonly members: Int32Array };

/** The {@link MemberLists} of {@link Strata} (a counting sort of the units by stratum, O(N)). */
export function memberLists(s: Strata): MemberLists {
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
  return { start, members };
}

/**
 * Builds the urns of {@link Strata} from its member lists (copied, so lists
 * built once serve many runs).
 */
export function urns(fn: string, s: Strata, rng: Rng, lists = memberLists(s)): Urns {
  const start = lists.start;
  const members = lists.members.slice();
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

/**
 * Writes into `t` (length N + 1) the Fenwick sums of the N `weights` in O(N),
 * an item `taken` marks (1) weighing 0: each item's weight in its own slot,
 * then every slot added to its parent's.
 */
function buildSums(t: Float64Array, weights: ArrayLike<number>, taken?: Uint8Array): void {
  const n = t.length - 1;
  t[0] = 0;
  for (let i = 0; i < n; i++) t[i + 1] = taken?.[i] === 1 ? 0 : (weights[i] as number);
  for (let i = 1; i <= n; i++) {
    const j = i + (i & -i);
    if (j <= n) t[j] = (t[j] as number) + (t[i] as number);
  }
}

/** Fenwick (binary indexed) tree of non-negative weights with weighted search. */
export class Fenwick {
  private readonly tree: Float64Array;
  private readonly n: number;
  /** Builds the tree of `weights` in O(N); `copyOf` copies a built tree instead (the same sums, a memcpy). */
  constructor(weights: ArrayLike<number>, copyOf?: Fenwick) {
    this.n = weights.length;
    if (copyOf !== undefined) {
      this.tree = copyOf.tree.slice();
      return;
    }
    this.tree = new Float64Array(this.n + 1);
    buildSums(this.tree, weights);
  }
  /** Makes this tree's sums those of `other` (a tree of as many weights), in place. */
  reset(other: Fenwick): void {
    this.tree.set(other.tree);
  }
  /**
   * Rebuilds the sums from scratch over the items not `taken` (a taken item's
   * weight is 0), in O(N): after large weights were subtracted, the sums of
   * the rest are mostly rounding error.
   */
  rebuild(weights: ArrayLike<number>, taken: Uint8Array): void {
    buildSums(this.tree, weights, taken);
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
