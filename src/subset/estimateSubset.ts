import { normalQuantile } from "../core/normal.js";
import type { Plain } from "../core/toPlain.js";
import {
  asBinary,
  asFloat64Array,
  asInt32Array,
  checkInteger,
  checkNoHoles,
  checkNumber,
  fail,
  failType,
} from "../core/validate.js";
import type { Estimate } from "../estimate/confidenceInterval.js";
import { pointEstimate, type SubsetEstimatorModel, subsetBounds } from "./_subsetEstimators.js";
import { checkRateModelFit } from "./irt/_internal.js";
import type { RecommendSubsetResult } from "./recommendSubset.js";

/**
 * A new run's full-benchmark resolve rate from its outcomes on a
 * {@link recommendSubset} subset, with the estimator and the interval that
 * the temporal cross-validation chose.
 *
 * Estimate: the recommendation's estimator (post-stratified mean, ridge,
 * shrinkage, item difficulty + ability, or p-IRT with 2PL items) on
 * `responses`, clamped to [0, 1].
 * Interval (`interval: "cv-calibrated"`): estimate +- c z sqrt(v + mse), v
 * the run's design variance (mean), the posterior predictive variance (p-IRT)
 * or 0, mse the cross-validated squared error beyond it and c the
 * cross-validated inflation, at the recommendation's level (the level c was
 * calibrated for). When the subset
 * was drawn at random within strata (every method but the stepwise subset;
 * `estimator.designInterval`), the interval is widened to contain also the
 * post-stratified mean's design-based interval mean +- z sqrt(v_design):
 * that one rests on the random draw alone, so it still holds when the new run
 * is unlike the history the cross-validation saw (a change of agent
 * framework), where the model's interval can fall short (measured in
 * docs/shrink-a-benchmark.md, "Under a change of agent framework"); the
 * interval is then named `"cv-calibrated+design"`. Clipped to [0, 1]; `ci`
 * need not be centred on `estimate`.
 * `se` describes `ci`: the distance from `estimate` to the farther end of
 * the interval before its clip, divided by z, so `estimate +- z se` contains
 * `ci` (and equals it when `ci` is centred and not clipped); `variance` is
 * se^2.
 * A zero-width interval short of a census (every stratum observed) bounds
 * nothing: a stepwise subset whose estimator showed no error in
 * cross-validation (e.g. on a history where every run resolves the same
 * items) comes back `reliable: false` with a warning; so se = 0 with
 * `reliable: true` only for a census.
 *
 * @param recommendation - The result of {@link recommendSubset}, as returned or read back from JSON
 *   (plain arrays in place of its typed arrays, see `toPlain`).
 * @param responses - The new run's 0/1 outcomes on `recommendation.items`, aligned with it.
 * @returns An {@link Estimate} (method `"subset <method>"`).
 * @throws {TypeError} If `recommendation` is malformed or `responses` is not a `Uint8Array` or an array of
 *   0/1 or booleans.
 * @throws {RangeError} If `responses` has the wrong length or a value other than 0/1, or a number of
 *   `recommendation` is out of range: its level, the estimator's fields (`ridge.runs` not an integer >= 1,
 *   `ridge.looMse` NaN, ...) or a `cv` row's `rmse`, `coverage` or `n` (NaN or infinite included).
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
  recommendation: RecommendSubsetResult | Plain<RecommendSubsetResult>,
  responses: ArrayLike<number | boolean>,
): Estimate {
  const fn = "estimateSubset";
  const responses01 = asBinary(fn, "responses", responses);
  const rec = readRecommendation(fn, recommendation);
  if (!(responses01 instanceof Uint8Array)) failType(fn, "responses must be a Uint8Array of 0/1");
  const k = rec.items.length;
  if (responses01.length !== k) {
    fail(fn, `responses has ${responses01.length} outcomes, the subset ${k} items`);
  }
  for (let t = 0; t < k; t++) {
    if ((responses01[t] as number) > 1) fail(fn, `responses[${t}] must be 0 or 1`, responses01[t]);
  }
  const m = rec.estimator;
  const level = rec.level;
  if (!(level > 0 && level < 1)) fail(fn, "recommendation.level must lie in (0, 1)", level);
  if (!(m.mse >= 0 && Number.isFinite(m.mse)))
    fail(fn, "recommendation.estimator.mse must be finite and at least 0", m.mse);
  // recommendSubset never deflates (its inflation is at least 1): a smaller one was edited in
  if (!(m.inflate >= 1 && Number.isFinite(m.inflate)))
    fail(fn, "recommendation.estimator.inflate must be finite and at least 1", m.inflate);
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
  const z = normalQuantile(0.5 + level / 2);
  // the interval before its clip to [0, 1]: the model's, joined (designInterval) with the design's
  const [lo, hi] = subsetBounds(m, responses01, estimate, v, z);
  // se: the farther end over z, so estimate +- z se contains ci (equal to it when ci is centred and unclipped)
  const se = Math.max(estimate - lo, hi - estimate, 0) / z;
  // a census of a stratified subset (every stratum fully observed) is exact
  let N = 0;
  for (const nh of m.stratumSizes) N += nh;
  const census = m.designInterval === true && N === k;
  // zero width (se below 1e-12, i.e. 0 up to rounding) short of a census: nothing bounds the error
  // (a model with no error in cross-validation and no random draw behind it, the stepwise subset)
  const unbounded = !(se > 1e-12) && !census;
  return {
    estimate,
    variance: se * se,
    se,
    ci: [Math.max(0, lo), Math.min(1, hi)],
    level,
    n: k,
    method: `subset ${rec.method}`,
    df: Number.POSITIVE_INFINITY,
    nEffective: k,
    interval: m.designInterval === true ? "cv-calibrated+design" : "cv-calibrated",
    reliable: !unbounded,
    warning: unbounded
      ? m.designInterval === true
        ? "the interval has zero width but the subset does not observe every item, so it does not bound the error on a new run"
        : "the estimator showed no error in the history's cross-validation and the subset is not a random draw, so the zero-width interval does not bound the error on a new run; use a stratified candidate (consistency or passRate)"
      : "",
  };
}

const ESTIMATORS: readonly string[] = ["mean", "ridge", "shrink", "irt", "pirt"];

/**
 * A recommendation with typed arrays, from a {@link recommendSubset} result or
 * its plain (JSON) form; checks what {@link pointEstimate} reads (strata in
 * range, positive stratum sizes, finite difficulties, a rate range in [0, 1]).
 */
function readRecommendation(
  fn: string,
  r: RecommendSubsetResult | Plain<RecommendSubsetResult>,
): RecommendSubsetResult {
  if (
    typeof r !== "object" ||
    r === null ||
    typeof r.estimator !== "object" ||
    r.estimator === null
  ) {
    failType(fn, "recommendation must be a recommendSubset result (or its toPlain form)");
  }
  const items = asInt32Array(fn, "recommendation.items", r.items);
  const k = items.length;
  if (k === 0) fail(fn, "recommendation.items is empty");
  const e = r.estimator;
  if (!ESTIMATORS.includes(e.name)) {
    fail(fn, `recommendation.estimator.name must be one of ${ESTIMATORS.join(", ")}`, e.name);
  }
  const strata = asInt32Array(fn, "recommendation.estimator.strata", e.strata);
  const stratumSizes = asInt32Array(fn, "recommendation.estimator.stratumSizes", e.stratumSizes);
  const difficulty = asFloat64Array(fn, "recommendation.estimator.difficulty", e.difficulty);
  const allDifficulty = asFloat64Array(
    fn,
    "recommendation.estimator.allDifficulty",
    e.allDifficulty,
  );
  if (e.designInterval !== undefined && typeof e.designInterval !== "boolean") {
    failType(fn, "recommendation.estimator.designInterval must be a boolean");
  }
  const stratified = e.name === "mean" || e.name === "shrink" || e.designInterval === true;
  if (stratified) {
    if (strata.length !== k) {
      fail(
        fn,
        `recommendation.estimator.strata has ${strata.length} entries, the subset ${k} items`,
      );
    }
    const H = stratumSizes.length;
    for (let h = 0; h < H; h++) {
      checkInteger(fn, `recommendation.estimator.stratumSizes[${h}]`, stratumSizes[h], 0);
    }
    for (let t = 0; t < k; t++) {
      const h = strata[t] as number;
      if (!(h >= 0 && h < H) || stratumSizes[h] === 0) {
        fail(
          fn,
          `recommendation.estimator.strata[${t}] must be a non-empty stratum in [0, ${H})`,
          h,
        );
      }
    }
  }
  if (e.name === "irt") {
    if (difficulty.length !== k) {
      fail(
        fn,
        `recommendation.estimator.difficulty has ${difficulty.length} entries, the subset ${k} items`,
      );
    }
    if (allDifficulty.length === 0) fail(fn, "recommendation.estimator.allDifficulty is empty");
    for (const [name, x] of [
      ["difficulty", difficulty],
      ["allDifficulty", allDifficulty],
    ] as const) {
      for (let i = 0; i < x.length; i++) {
        checkNumber(fn, `recommendation.estimator.${name}[${i}]`, x[i]);
      }
    }
  }
  let observed: Int32Array | undefined;
  if (e.name === "pirt") {
    // the 2PL items are read (plain arrays too) and checked by predictIrt
    if (typeof e.items2pl !== "object" || e.items2pl === null) {
      failType(
        fn,
        "recommendation.estimator.items2pl must be the 2PL items { model, a, b, thetaMean, thetaSd }",
      );
    }
    observed = asInt32Array(fn, "recommendation.estimator.observed", e.observed);
    if (observed.length !== k) {
      fail(fn, `recommendation.estimator.observed has ${observed.length} items, the subset ${k}`);
    }
  }
  if (e.ridge !== undefined) {
    if (typeof e.ridge !== "object" || e.ridge === null) {
      failType(fn, "recommendation.estimator.ridge must be a rate-regression model");
    }
    checkRateModelFit(fn, "recommendation.estimator.ridge", e.ridge);
  }
  const range = e.rateRange;
  if (!Array.isArray(range) || range.length !== 2) {
    failType(fn, "recommendation.estimator.rateRange must be [lowest, highest]");
  }
  checkNumber(fn, "recommendation.estimator.rateRange[0]", range[0], 0, 1);
  checkNumber(fn, "recommendation.estimator.rateRange[1]", range[1], range[0] as number, 1);
  const estimator: SubsetEstimatorModel = {
    ...(e as SubsetEstimatorModel),
    strata,
    stratumSizes,
    difficulty,
    allDifficulty,
    ...(observed === undefined ? {} : { observed }),
  };
  const itemIds = Array.isArray(r.itemIds) ? r.itemIds : [];
  checkNoHoles(fn, "recommendation.itemIds", itemIds);
  if (Array.isArray(r.cv)) {
    checkNoHoles(fn, "recommendation.cv", r.cv);
    // not read here, but a NaN in the cross-validation table is a corrupted recommendation
    r.cv.forEach((row, j) => {
      if (typeof row !== "object" || row === null) {
        failType(fn, `recommendation.cv[${j}] must be a { rmse, coverage, n } row`);
      }
      checkNumber(fn, `recommendation.cv[${j}].rmse`, row.rmse, 0);
      checkNumber(fn, `recommendation.cv[${j}].coverage`, row.coverage, 0, 1);
      checkInteger(fn, `recommendation.cv[${j}].n`, row.n, 1);
    });
  }
  return { ...(r as RecommendSubsetResult), items, itemIds, estimator };
}
