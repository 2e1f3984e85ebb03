/**
 * A stratified sample of the risk strata: within-stratum SDs, the two-per-stratum allocation and the stratified estimate.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import type { Rng } from "../core/rng.js";
import { fail } from "../core/validate.js";
import { neymanAllocation } from "../design/neymanAllocation.js";
import { srs } from "../design/srs.js";
import type { Estimate } from "../estimate/confidenceInterval.js";
import { stratifiedMean } from "../estimate/stratifiedMean.js";
import type { EstimatorChoice } from "./_askTell.js";
import type { Strata } from "./_strata.js";
import { memberLists } from "./_urn.js";

/** Within-stratum standard deviation (divisor N_h) of `x` for every stratum. */
export function stratumSds(x: Float64Array, s: Strata): Float64Array {
  const H = s.sizes.length;
  const sum = new Float64Array(H);
  for (let i = 0; i < x.length; i++) sum[s.strata[i] as number] += x[i] as number;
  const mean = sum.map((v, h) => v / (s.sizes[h] as number));
  const ss = new Float64Array(H);
  for (let i = 0; i < x.length; i++) {
    const h = s.strata[i] as number;
    const d = (x[i] as number) - (mean[h] as number);
    ss[h] += d * d;
  }
  return ss.map((v, h) => Math.sqrt(v / (s.sizes[h] as number)));
}

/** The units min(2, N_h) per stratum take before any other allocation rule. */
export function minimumTwo(fn: string, s: Strata, budget: number): number {
  let need = 0;
  for (let h = 0; h < s.sizes.length; h++) need += Math.min(2, s.sizes[h] as number);
  if (budget < need) {
    fail(
      fn,
      `budget must be at least ${need} (two units per stratum, for the within-stratum variance, over ${s.sizes.length} strata); lower options.strata`,
      budget,
    );
  }
  return need;
}

/** Allocation with min(2, N_h) per stratum and the rest by Neyman's rule on `sds` (proportional if all are 0). */
export function allocateAtLeastTwo(s: Strata, sds: Float64Array, budget: number): Int32Array {
  return neymanAllocation(s.sizes, sds, budget, { minPerStratum: 2 });
}

/** Stratified mean of the labels of `sample` (positions aligned with `y`). */
export function stratifiedEstimate(
  sample: ArrayLike<number>,
  y: Float64Array,
  s: Strata,
  est: EstimatorChoice,
  method: string,
): Estimate {
  const h = Int32Array.from(sample as ArrayLike<number>, (i) => s.strata[i] as number);
  const e = stratifiedMean(y, h, s.sizes, est);
  return { ...e, method };
}

/**
 * Stratified SRS with `allocation[h]` units from stratum h, the member lists
 * built once: the returned draw gives, for the same rng, exactly the sample of
 * `stratifiedSrs(s.strata, allocation, rng)` (the same `srs` draw per stratum in
 * stratum order, the same sorted indices) in O(n log n) per call instead of
 * O(N). The caller has checked the allocation against the strata.
 */
export function preparedStratifiedSrs(s: Strata, allocation: Int32Array): (rng: Rng) => Int32Array {
  const { start, members } = memberLists(s);
  let n = 0;
  for (let h = 0; h < allocation.length; h++) n += allocation[h] as number;
  return (rng) => {
    const out = new Int32Array(n);
    let k = 0;
    for (let h = 0; h < allocation.length; h++) {
      const a = allocation[h] as number;
      if (a === 0) continue;
      const pos = srs(s.sizes[h] as number, a, rng);
      for (let j = 0; j < a; j++)
        out[k++] = members[(start[h] as number) + (pos[j] as number)] as number;
    }
    return out.sort();
  };
}
