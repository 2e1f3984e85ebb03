/**
 * A stratified sample of the risk strata: within-stratum SDs, the two-per-stratum allocation and the stratified estimate.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import { powerOfTwoScale, scaled } from "../core/_scale.js";
import type { Rng } from "../core/rng.js";
import { fail } from "../core/validate.js";
import { neymanAllocation } from "../design/neymanAllocation.js";
import { srs } from "../design/srs.js";
import { intervalEstimate } from "../estimate/_interval.js";
import {
  BAND_PRIOR_SHARE,
  JEFFREYS_PSEUDO_COUNT,
  neighbourRate,
  pooledRate,
  shrunkRate,
} from "../estimate/_shrink.js";
import type { Estimate } from "../estimate/confidenceInterval.js";
import { stratifiedMean } from "../estimate/stratifiedMean.js";
import type { EstimatorChoice } from "./_askTell.js";
import type { Strata } from "./_strata.js";
import { memberLists } from "./_urn.js";

/**
 * Within-stratum standard deviation (divisor N_h) of `x` for every stratum,
 * up to a common factor: for values so large that their squares would
 * overflow, the SDs of `x` rescaled by a power of two (exact), so that the
 * allocations built on them, which depend only on the SDs' ratios, are those
 * of the unscaled values.
 */
export function stratumSds(x: Float64Array, s: Strata): Float64Array {
  const sds = rawStratumSds(x, s);
  for (let h = 0; h < sds.length; h++) {
    if (!Number.isFinite(sds[h] as number)) {
      return rawStratumSds(scaled(x, powerOfTwoScale(x, SQUARE_LIMIT / x.length)), s);
    }
  }
  return sds;
}

/** The magnitude below which N values' squared deviations sum without overflow: 2^500 (the square, 2^1000). */
const SQUARE_LIMIT = 2 ** 500;

function rawStratumSds(x: Float64Array, s: Strata): Float64Array {
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
export function minimumTwo(fn: string, s: Pick<Strata, "sizes">, budget: number): number {
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
export function allocateAtLeastTwo(
  s: Pick<Strata, "sizes">,
  sds: Float64Array,
  budget: number,
): Int32Array {
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

/** The pseudo-count a of the pooled rate in {@link flooredStratifiedEstimate}: 1/2, Jeffreys' prior. */
export const STRATUM_PSEUDO_COUNT = JEFFREYS_PSEUDO_COUNT;

/**
 * The stratified mean of 0/1 labels with a per-stratum variance floor: the
 * within-stratum variance `s_h^2` is replaced by `max(s_h^2, q_h (1 - q_h))`
 * with `q_h = (x_h + m pbar) / (n_h + m)`, the posterior mean of the
 * stratum's failure rate (x_h failures in n_h labels) under a beta prior with
 * mean the design-weighted rate `pbar = (n e + a) / (n + 2a)` (e the stratified
 * mean, clipped to [0, 1]) and weight `m = n / H` pseudo-labels (as strong as an
 * average stratum's labels). The unweighted label rate `(x + a) / (n + 2a)`,
 * used until 2026-12-07, is pushed up by an allocation that favours risky
 * strata and made the floor of the low-risk ones several times too large.
 *
 * With `ordered` (strata numbered by increasing risk: SSRS), `m = 0.1 n / H`,
 * a stratum whose labels all agree takes the larger of that floor and the
 * same at `q_h = (x_h + (n_h / 2) r_h) / (1.5 n_h)`, r_h the label rate of the
 * nearest stratum with labels on the side where the other label is likelier
 * (the weighted strategies' neighbour rule, `tcs/_riskBands.ts`), and a floored
 * term adds nothing to the Satterthwaite df (it is a prior's, not an estimate
 * on n_h - 1 df). A stratum whose
 * few labels all pass has `s_h^2 = 0` although it may hold failures; trusting
 * that zero made the stratified interval too short (coverage 85-88 % at
 * 1,000 runs in some cells); Jeffreys' a = 1/2 per stratum alone (no pooling)
 * covered but doubled the widths where strata get two labels. The
 * Satterthwaite df is recomputed from the floored terms; the estimate is
 * unchanged. Labels outside [0, 1] (unless `adaptive`), a single stratum and
 * a census get the plain stratified mean.
 *
 * Labels in [0, 1] that are not all 0 or 1 (graded scores), without
 * `adaptive`: `s_h^2` is floored at `(SS_h + s_p^2) / n_h`, SS_h the
 * stratum's sum of squares about its mean and s_p^2 the within-stratum
 * variance pooled over the strata with at least 2 labels (one pseudo-degree
 * of freedom of the pooled variance: the risk-band floor's graded rule,
 * `tcs/_riskBands.ts`), and a stratum whose labels all sit at 0 (or all at 1)
 * also at the 0/1 rule's `q_h (1 - q_h)` (its `s_h^2 = 0` says nothing about
 * its other units: one label 0.01 among 0s gave [2.4e-6, 0.0038] where all 0s
 * give [0, 0.175]). The Satterthwaite df is then at most the unfloored
 * estimate's (the floor raises a variance, not its degrees of freedom;
 * counting them made some intervals narrower than the unfloored ones, 74 of
 * 300 runs in a review's check). Why: a stratum's variance on a few labels is
 * often far below its true one, and `ssrs`'s intervals covered 92.4-97.1 % at
 * n = 30-100 on the eight populations of `bench/graded-coverage.ts` and
 * 88.2 % at n = 30 of N = 40 (Beta(2, 1) confidences, 1,000 runs,
 * `bench/graded-edge-coverage.ts` on the code before the floor); with the floor 94.9-99.4 % (widths 2-24 % larger) and 93.5 %.
 *
 * With `adaptive` (GBS, whose allocation follows the labels), every stratum
 * short of a census gets its variance term without the finite-population
 * correction, `W_h^2 max(s_h^2, floor) / n_h` (real-valued labels
 * `W_h^2 s_h^2 / n_h`), and a fully labelled stratum adds nothing (its
 * total is known). Why: the correction `1 - n_h / N_h` is the variance of a
 * fixed-size simple random sample, but an adaptive allocation keeps labelling
 * a stratum while its labels look variable and stops when they look alike,
 * so `n_h` is a stopping time and the stratum means are biased towards
 * "alike" (down, for rare failures); at large sampling fractions the
 * correction shrank the variance faster than the bias (83 % coverage in
 * test/tcs/gbsAdaptiveVariance.test.ts with it; the coverage now: the
 * N = 250 cells of docs/replication/coverage.md). The
 * with-replacement variance is the usual conservative choice for a design
 * whose second-order inclusion probabilities are unknown (Wolter, K. M.,
 * Introduction to Variance Estimation, 2nd ed., 2007, on with-replacement
 * approximations); at the sampling fractions of a few per cent the correction was
 * within a few per cent of 1 and nothing measurable moves.
 *
 * @see Jeffreys, H. (1946). Proc. R. Soc. A 186, 453-461 (the Beta(1/2, 1/2) prior);
 *   Korn, E. L. & Graubard, B. I. (1998). Survey Methodology 24, 193-201 (the beta interval on n*).
 */
export function flooredStratifiedEstimate(
  sample: ArrayLike<number>,
  y: Float64Array,
  s: Strata,
  est: EstimatorChoice,
  method: string,
  a: number,
  adaptive = false,
  ordered = false,
): Estimate {
  const e = stratifiedEstimate(sample, y, s, est, method);
  const H = s.sizes.length;
  if (H === 1) return e;
  const count = new Float64Array(H);
  const fails = new Float64Array(H);
  let binary = true;
  let unit = true;
  for (let k = 0; k < y.length; k++) {
    const v = y[k] as number;
    if (v !== 0 && v !== 1) binary = false;
    if (!(v >= 0 && v <= 1)) unit = false;
    const h = s.strata[sample[k] as number] as number;
    count[h] = (count[h] as number) + 1;
    fails[h] = (fails[h] as number) + v;
  }
  // graded labels (in [0, 1], not all 0/1) under a fixed design: each stratum's
  // s_h^2 floored at its own sum of squares with one pseudo-degree of freedom of
  // the pooled within-stratum variance (the risk-band floor's graded rule)
  const graded = !binary && unit && !adaptive;
  if (!binary && !adaptive && !graded) return e;
  // real-valued labels (adaptive only) and graded ones: s_h^2 from the deviations from each stratum's mean
  const ssReal = new Float64Array(binary ? 0 : H);
  let pooledSs = 0;
  let pooledDf = 0;
  if (!binary) {
    for (let k = 0; k < y.length; k++) {
      const h = s.strata[sample[k] as number] as number;
      const d = (y[k] as number) - (fails[h] as number) / (count[h] as number);
      ssReal[h] = (ssReal[h] as number) + d * d;
    }
    for (let h = 0; h < H; h++)
      if ((count[h] as number) >= 2) {
        pooledSs += ssReal[h] as number;
        pooledDf += (count[h] as number) - 1;
      }
  }
  const sp = pooledDf > 0 ? pooledSs / pooledDf : 0;
  let N = 0;
  for (let h = 0; h < H; h++) N += s.sizes[h] as number;
  const n = y.length;
  // the prior: mean the Beta(a, a)-smoothed design-weighted rate (the stratified mean, as n
  // labels), as strong as an average stratum's labels
  const pooled = binary || graded ? pooledRate(n * Math.min(1, Math.max(0, e.estimate)), n, a) : 0;
  const m = ordered ? (BAND_PRIOR_SHARE * n) / H : n / H;
  let variance = 0;
  let vh2 = 0;
  let raised = false;
  let census = true;
  for (let h = 0; h < H; h++) {
    const nh = count[h] as number;
    const Nh = s.sizes[h] as number;
    if (nh >= Nh) continue;
    census = false;
    const xh = fails[h] as number;
    let v2: number;
    let floored = false;
    if (binary) {
      // s_h^2 of 0/1 labels: x (n - x) / (n (n - 1))
      const s2 = (xh * (nh - xh)) / (nh * (nh - 1));
      const q = shrunkRate(xh, nh, pooled, m);
      let floor = q * (1 - q);
      if (ordered && (xh === 0 || xh === nh)) {
        // labels that all agree: also the rate of the nearest stratum with labels on the side
        // where the other label is likelier, with half as many pseudo-labels as the stratum's
        const r = neighbourRate(count, fails, h, xh === 0 ? 1 : -1);
        if (r !== undefined) {
          const qn = shrunkRate(xh, nh, r, nh / 2);
          floor = Math.max(floor, qn * (1 - qn));
        }
      }
      if (floor > s2) {
        raised = true;
        floored = true;
      }
      v2 = Math.max(s2, floor);
    } else {
      v2 = (ssReal[h] as number) / (nh - 1);
      if (graded) {
        let floor = ((ssReal[h] as number) + sp) / nh;
        // a stratum whose labels all sit at 0 (or all at 1): s_h^2 = 0 says
        // nothing about its other units, as for 0/1 labels that all agree
        if (xh === 0 || xh === nh) {
          const q = shrunkRate(xh, nh, pooled, m);
          floor = Math.max(floor, q * (1 - q));
        }
        if (floor > v2) {
          raised = true;
          v2 = floor;
        }
      }
    }
    const W = Nh / N;
    const vh = (W * W * (adaptive ? 1 : 1 - nh / Nh) * v2) / nh;
    variance += vh;
    // risk-ordered strata: a floored term is a prior's, not an estimate with n_h - 1 df
    if (!(ordered && floored)) vh2 += (vh * vh) / (nh - 1);
  }
  if (census || (!raised && !adaptive)) return e;
  return {
    ...intervalEstimate("stratifiedMean", {
      method,
      estimate: e.estimate,
      variance,
      level: est.level,
      n,
      y,
      design: {
        srs: false,
        // graded labels: the floor raises a term's variance, not its degrees of
        // freedom (counting them would narrow the interval below the unfloored one)
        df: Math.min(
          graded ? e.df : n - H,
          variance > 0 && vh2 > 0 ? Math.min(n - H, (variance * variance) / vh2) : n - H,
        ),
        N,
        census: false,
        nEffective: e.nEffective,
      },
      interval: est.interval,
    }),
    method,
  };
}
