/**
 * The O(N)-per-centre k-means++ (D²) seeding that `strategies.d2Strat` used
 * before its seeding moved to the sorted risk (src/tcs/_sortedD2.ts), kept
 * verbatim as a second implementation of the same law: the tests check that
 * both match the exact enumeration of test/tcs/d2Strat.test.ts.
 */

import type { Rng } from "../../src/core/rng.js";
import { fsum } from "../../src/core/sum.js";
import { draw } from "../../src/core/validate.js";

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
  const d2 = new Float64Array(N);
  // Neumaier's running sum of d2 in index order, fused with the pass that
  // writes d2: the same additions in the same order as fsum(d2)
  let s = 0;
  let comp = 0;
  for (let i = 0; i < N; i++) {
    const v = ((risk[i] as number) - first) * ((risk[i] as number) - first);
    d2[i] = v;
    const t = s + v;
    comp += Math.abs(s) >= Math.abs(v) ? s - t + v : v - t + s;
    s = t;
  }
  while (centres.length < H) {
    let total = s + comp;
    // an overflowed square: fsum rescales or names the unit
    if (!Number.isFinite(total)) total = fsum(d2);
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
    s = 0;
    comp = 0;
    for (let i = 0; i < N; i++) {
      const d = ((risk[i] as number) - c) * ((risk[i] as number) - c);
      let v = d2[i] as number;
      if (d < v) {
        d2[i] = d;
        v = d;
      }
      const t = s + v;
      comp += Math.abs(s) >= Math.abs(v) ? s - t + v : v - t + s;
      s = t;
    }
  }
  return centres;
}
