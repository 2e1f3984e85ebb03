import { normalQuantile } from "../core/normal.js";
import { asBinary, fail, failType } from "../core/validate.js";
import type { Estimate } from "../estimate/confidenceInterval.js";
import { pointEstimate } from "./_subsetEstimators.js";
import type { RecommendSubsetResult } from "./recommendSubset.js";

/**
 * A new run's full-benchmark resolve rate from its outcomes on a
 * {@link recommendSubset} subset, with the estimator and the interval that
 * the temporal cross-validation chose.
 *
 * Estimate: the recommendation's estimator (post-stratified mean, ridge,
 * shrinkage or item difficulty + ability) on `responses`, clamped to [0, 1].
 * Variance: v + mse, v the run's design variance (mean only, else 0) and mse
 * the cross-validated squared error beyond it; interval
 * estimate +- c z sqrt(v + mse) with the cross-validated inflation c, clipped
 * to [0, 1], at the recommendation's level (the level c was calibrated for).
 *
 * @param recommendation - The result of {@link recommendSubset}.
 * @param responses - The new run's 0/1 outcomes on `recommendation.items`, aligned with it.
 * @returns An {@link Estimate} (method `"subset <method>"`).
 * @throws {TypeError} If `recommendation` is malformed or `responses` is not a `Uint8Array` or an array of
 *   0/1 or booleans.
 * @throws {RangeError} If `responses` has the wrong length or a value other than 0/1.
 * @see {@link recommendSubset}
 * @example
 * ```ts
 * const recs = [];
 * for (let r = 0; r < 8; r++) for (let i = 0; i < 40; i++)
 *   recs.push({ run: `r${r}`, item: `i${i}`, resolved: i < 5 * r + 5 ? 1 : 0 });
 * const rec = recommendSubset(outcomes(recs), 8, createRng(1), { folds: 2, cvSeeds: 1 });
 * estimateSubset(rec, new Uint8Array(3)); // throws RangeError: estimateSubset: responses has 3 outcomes, the subset 8 items
 * ```
 */
export function estimateSubset(
  recommendation: RecommendSubsetResult,
  responses: ArrayLike<number | boolean>,
): Estimate {
  const fn = "estimateSubset";
  const responses01 = asBinary(fn, "responses", responses);
  if (
    typeof recommendation !== "object" ||
    recommendation === null ||
    !(recommendation.items instanceof Int32Array) ||
    typeof recommendation.estimator !== "object"
  ) {
    failType(fn, "recommendation must be a recommendSubset result");
  }
  if (!(responses01 instanceof Uint8Array)) failType(fn, "responses must be a Uint8Array of 0/1");
  const k = recommendation.items.length;
  if (responses01.length !== k) {
    fail(fn, `responses has ${responses01.length} outcomes, the subset ${k} items`);
  }
  for (let t = 0; t < k; t++) {
    if ((responses01[t] as number) > 1) fail(fn, `responses[${t}] must be 0 or 1`, responses01[t]);
  }
  const m = recommendation.estimator;
  const level = recommendation.level;
  if (!(level > 0 && level < 1)) fail(fn, "recommendation.level must lie in (0, 1)", level);
  if (!(m.mse >= 0 && Number.isFinite(m.mse)))
    fail(fn, "recommendation.estimator.mse must be finite and at least 0", m.mse);
  if (!(m.inflate > 0 && Number.isFinite(m.inflate)))
    fail(fn, "recommendation.estimator.inflate must be finite and positive", m.inflate);
  let point: { est: number; v: number };
  try {
    point = pointEstimate(m, responses01);
  } catch (e) {
    // the estimator's model came with the recommendation: name this function and the field
    if (e instanceof RangeError)
      throw new RangeError(`${fn}: recommendation.estimator: ${e.message}`);
    if (e instanceof TypeError)
      throw new TypeError(`${fn}: recommendation.estimator: ${e.message}`);
    throw e;
  }
  const { est, v } = point;
  if (!(Number.isFinite(est) && v >= 0 && Number.isFinite(v)))
    fail(fn, "recommendation.estimator gives a non-finite estimate", est);
  const estimate = Math.min(1, Math.max(0, est));
  const variance = v + m.mse;
  const half = m.inflate * normalQuantile(0.5 + level / 2) * Math.sqrt(variance);
  return {
    estimate,
    variance,
    se: Math.sqrt(variance),
    ci: [Math.max(0, estimate - half), Math.min(1, estimate + half)],
    level,
    n: k,
    method: `subset ${recommendation.method}`,
    df: Number.POSITIVE_INFINITY,
    nEffective: k,
    interval: "wald",
    reliable: true,
    warning: "",
  };
}
