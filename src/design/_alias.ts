/**
 * Walker's alias method in Vose's form, the kernel of `ppsWithReplacement`:
 * the O(N) table and the O(n) draws apart, so one table serves many samples.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import type { Rng } from "../core/rng.js";
import { draw } from "../core/validate.js";

/** Errors of a draw are reported under the public design's name. */
const FN = "ppsWithReplacement";

/**
 * Vose's alias table over the units with p_i > 0 (`units`), column c keeping
 * its own unit with probability `prob[c]`, else `alias[c]`.
 * @internal
 */
export type AliasTable = {
  readonly units: Int32Array;
  readonly prob: Float64Array;
  readonly alias: Int32Array;
};

/**
 * The alias table of `p` (checked, with sum `total`), O(N): built once, it
 * serves any number of `drawAlias` calls.
 * @internal
 */
export function aliasTable(p: Float64Array, total: number): AliasTable {
  const N = p.length;
  let M = 0;
  for (let i = 0; i < N; i++) if ((p[i] as number) > 0) M++;
  const units = new Int32Array(M);
  for (let i = 0, c = 0; i < N; i++) if ((p[i] as number) > 0) units[c++] = i;
  const prob = new Float64Array(M);
  const alias = new Int32Array(M);
  const scaled = new Float64Array(M);
  for (let c = 0; c < M; c++) scaled[c] = ((p[units[c] as number] as number) * M) / total;
  const small = new Int32Array(M);
  const large = new Int32Array(M);
  let ns = 0;
  let nl = 0;
  for (let c = M - 1; c >= 0; c--) {
    if ((scaled[c] as number) < 1) small[ns++] = c;
    else large[nl++] = c;
  }
  while (ns > 0 && nl > 0) {
    const s = small[--ns] as number;
    const l = large[--nl] as number;
    prob[s] = scaled[s] as number;
    alias[s] = l;
    const rest = (scaled[l] as number) + (scaled[s] as number) - 1;
    scaled[l] = rest;
    if (rest < 1) small[ns++] = l;
    else large[nl++] = l;
  }
  // leftovers are 1 up to rounding
  while (nl > 0) prob[large[--nl] as number] = 1;
  while (ns > 0) prob[small[--ns] as number] = 1;

  return { units, prob, alias };
}

/**
 * `n` draws from an alias table, two uniforms each, sorted: what
 * `ppsWithReplacement(p, n, rng)` returns for the table of `p`.
 * @internal
 */
export function drawAlias(table: AliasTable, n: number, rng: Rng): Int32Array {
  const { units, prob, alias } = table;
  const M = units.length;
  const out = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const c = Math.floor(draw(FN, rng) * M);
    out[k] = units[draw(FN, rng) < (prob[c] as number) ? c : (alias[c] as number)] as number;
  }
  return out.sort();
}
