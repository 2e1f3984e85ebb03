/**
 * Centre seeding on the 1-D risk: k-means++ (D²) and Gonzalez farthest-first.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import type { Rng } from "../core/rng.js";
import { fsum } from "../core/sum.js";
import { draw } from "../core/validate.js";

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

/**
 * Gonzalez farthest-first traversal on the 1-D risk: the first centre is the
 * smallest risk; each next one is the unit farthest from its nearest centre
 * (ties to the lowest index). Stops when every unit sits on a centre.
 */
export function farthestFirstCentres(risk: Float64Array, H: number): number[] {
  const N = risk.length;
  let first = risk[0] as number;
  for (let i = 1; i < N; i++) if ((risk[i] as number) < first) first = risk[i] as number;
  const centres = [first];
  const d = risk.map((r) => Math.abs(r - first));
  while (centres.length < H) {
    let best = -1;
    let far = 0;
    for (let i = 0; i < N; i++) {
      if ((d[i] as number) > far) {
        far = d[i] as number;
        best = i;
      }
    }
    if (best < 0) break;
    const c = risk[best] as number;
    centres.push(c);
    for (let i = 0; i < N; i++) {
      const v = Math.abs((risk[i] as number) - c);
      if (v < (d[i] as number)) d[i] = v;
    }
  }
  return centres;
}
