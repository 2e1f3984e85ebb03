/**
 * The weight-tail flag of the PPS strategies: an estimate is marked
 * `reliable: false` when a sizeable share of the population is drawn at far
 * below the uniform rate, so their failures are all but invisible to the
 * design and its interval.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import { fsum } from "../core/sum.js";
import type { Estimate } from "../estimate/confidenceInterval.js";
import { RISK_FLOOR_HINT } from "./_checks.js";

/**
 * A unit is in the weight tail when its selection probability is below
 * 1/21 of the uniform one, i.e. its estimator weight exceeds 21 times the
 * uniform weight N / n. 21 = (1 + 0.05) / 0.05 is the spread `toRisk`'s
 * default floor allows, so a risk made by `toRisk` with its default floor
 * never has a unit in the tail.
 */
export const TAIL_RATIO = 21;

/** The share of the population in the weight tail from which {@link flagWeightTail} raises its flag: 1 %. */
export const TAIL_SHARE = 0.01;

/**
 * The share of units i with `p_i N / sum_j p_j < 1 / TAIL_RATIO`: drawn at
 * less than 1/21 of the uniform rate. `p` is any size measure the design
 * draws proportionally to (risk, capped inclusion probabilities or per-draw
 * probabilities); a zero counts as in the tail. Returns 0 for a non-positive total.
 */
export function weightTailShare(p: ArrayLike<number>): number {
  const N = p.length;
  const total = fsum(p);
  if (!(total > 0)) return 0;
  // p_i N / total < 1 / R  <=>  p_i < total / (R N)
  const cut = total / (TAIL_RATIO * N);
  let tail = 0;
  for (let i = 0; i < N; i++) if ((p[i] as number) < cut) tail++;
  return tail / N;
}

/**
 * Marks `e` `reliable: false` when `share` (from {@link weightTailShare},
 * computed once per population) is at least {@link TAIL_SHARE}: that share of
 * the units carries estimator weights above 21 times the uniform weight and
 * is expected to be sampled at less than 1/21 of the uniform rate, so a
 * sample usually holds none of them and neither the estimate nor its
 * variance estimate sees their failures. Measured on DeepSample's CIFAR-10
 * models D, E, F at n = 200 with the raw `1 - confidence` as risk (25-39 % of
 * the units in the tail): the 95 % intervals of `sups`, `twoUps`,
 * `systematicPps`, `pivotal`, `balanced` and `rhc` covered 65.2-90.8 %
 * (pooled over the models) when the flag was added; since the risk bands
 * are split by draw rate the Horvitz–Thompson and Hansen–Hurwitz four cover
 * there, with the variance of what the sample did not reach, but `balanced`
 * and `pivotal` (Hájek: biased when the heavy units are missing) still
 * cover 89.8 % and 91.0 %, and every estimate on such a risk is
 * heavy-tailed (the SUPS/RHC RMSE of the report); with DSA or LSA min-max
 * scaled (at most 0.02 % of the units in the tail) 94.8-97.7 %; with
 * `toRisk`'s default floor
 * (never a unit in the tail) >= 95.3 % (docs/replication/deepsample.md,
 * "CI coverage" and "The weight-tail flag"). Applies whatever the
 * labels and the interval method (it is a property of the design); an
 * existing warning is kept and this one appended.
 */
export function flagWeightTail(e: Estimate, share: number): Estimate {
  if (!(share >= TAIL_SHARE)) return e;
  const why = `${(100 * share).toFixed(1)} % of the units are drawn at less than 1/${TAIL_RATIO} of the uniform rate (weights over ${TAIL_RATIO} x N / n), so their failures are rarely sampled and the interval under-covers (docs/replication/deepsample.md, "CI coverage"); ${RISK_FLOOR_HINT}`;
  return {
    ...e,
    reliable: false,
    warning: e.reliable ? why : `${e.warning}; also ${why}`,
  };
}
