/**
 * Unvalidated kernels of `crowdedTournament` and the NSGA-II engine: Deb's
 * crowded-comparison binary tournaments and the check of a crowding vector.
 *
 * @internal
 */

import type { Rng } from "../core/rng.js";
import { draw, fail, failType } from "../core/validate.js";

/**
 * Deb's crowded-comparison tournament between rows a and b (constrained when
 * `v` is given): feasible beats infeasible, smaller violation beats larger,
 * then lower rank, then larger crowding distance, then a fair coin.
 */
export function tournamentWinner(
  fn: string,
  a: number,
  b: number,
  rank: Int32Array,
  crowding: Float64Array,
  v: Float64Array | undefined,
  rng: Rng,
): number {
  if (v !== undefined) {
    const va = v[a] as number;
    const vb = v[b] as number;
    if (va < vb) return a;
    if (vb < va) return b;
  }
  const ra = rank[a] as number;
  const rb = rank[b] as number;
  if (ra < rb) return a;
  if (rb < ra) return b;
  const ca = crowding[a] as number;
  const cb = crowding[b] as number;
  if (ca > cb) return a;
  if (cb > ca) return b;
  return draw(fn, rng) < 0.5 ? a : b;
}

/** Writes a uniformly random permutation of 0..n-1 into `out` (Fisher-Yates). */
export function permutationInto(fn: string, out: Int32Array, rng: Rng): void {
  const n = out.length;
  for (let i = 0; i < n; i++) out[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(draw(fn, rng) * (i + 1));
    const t = out[i] as number;
    out[i] = out[j] as number;
    out[j] = t;
  }
}

/**
 * Binary tournaments as in Deb's C NSGA-II and DEAP's `selTournamentDCD`: two
 * independent random permutations of the population, each cut into
 * consecutive pairs, so every member enters exactly two tournaments and `n`
 * winners come out (n even). `perm` (length n) is working space.
 */
export function tournamentInto(
  fn: string,
  rank: Int32Array,
  crowding: Float64Array,
  v: Float64Array | undefined,
  rng: Rng,
  out: Int32Array,
  perm: Int32Array = new Int32Array(rank.length),
): void {
  const n = rank.length;
  let w = 0;
  for (let round = 0; round < 2; round++) {
    permutationInto(fn, perm, rng);
    for (let t = 0; t + 1 < n; t += 2) {
      out[w++] = tournamentWinner(
        fn,
        perm[t] as number,
        perm[t + 1] as number,
        rank,
        crowding,
        v,
        rng,
      );
    }
  }
}

/** Checks a crowding-distance vector: each value >= 0 (Infinity allowed), never NaN. */
export function checkCrowding(
  fn: string,
  arg: string,
  x: unknown,
  n: number,
): asserts x is Float64Array {
  if (!(x instanceof Float64Array)) failType(fn, `${arg} must be a Float64Array`);
  if (x.length !== n) fail(fn, `${arg} and rank lengths differ (${x.length} vs ${n})`);
  for (let i = 0; i < n; i++) {
    if (!((x[i] as number) >= 0)) fail(fn, `${arg}[${i}] must be >= 0 or Infinity`, x[i]);
  }
}
