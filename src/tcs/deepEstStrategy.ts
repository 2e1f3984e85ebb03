import { powerOfTwoScale, sumLimit } from "../core/_scale.js";
import type { Rng } from "../core/rng.js";
import { fsum } from "../core/sum.js";
import { asFloat64Array, checkNumber, draw, optionKeys } from "../core/validate.js";
import { intervalEstimate, kishFromProbabilities } from "../estimate/_interval.js";
import type { Estimate } from "../estimate/confidenceInterval.js";
import { askTell, type EstimatorChoice, type PreparedStrategy } from "./_askTell.js";
import { cappedDefaultInterval } from "./_cappedInterval.js";
import { checkCommon } from "./_checks.js";
import { flooredWeightedEstimate, type RiskBands, riskBands } from "./_riskBands.js";
import { Fenwick } from "./_urn.js";
import type { StrategyOptions } from "./types.js";

/** Options of `strategies.deepEst`. */
export type DeepEstOptions = StrategyOptions & {
  /**
   * Probability d in (0, 1) that a step follows the risk weights rather than
   * drawing a uniform unsampled unit (DeepSample runs DeepEST with 0.8).
   * @defaultValue 0.8
   */
  readonly exploit?: number;
  /**
   * Units whose risk is not above this threshold get weight 0 (DeepSample
   * passes a per-feature threshold). The default 0 keeps every positive risk.
   * @defaultValue 0
   */
  readonly threshold?: number;
};

const DEEPEST_KEYS = optionKeys<DeepEstOptions>()("level", "interval", "exploit", "threshold");

/**
 * DeepEST: adaptive web sampling over the risk (Guerriero et al. 2021), with
 * its design-based estimator (strategy key `deepEst`).
 *
 * Weights: DeepEST links a selected unit i to every unit j with weight w_ij,
 * and a step draws from the unselected units in proportion to the summed
 * weights from the selected ones. The weight used here, as in DeepSample's
 * implementation, is `w_ij = r_j` if `r_j > threshold` and 0 otherwise: the
 * "similarity" of j to any selected unit is j's own risk, so the summed weights
 * are proportional to `w_j = r_j 1[r_j > threshold]` whatever was selected.
 *
 * Design (Thompson's adaptive web sampling): the first unit is uniform over
 * all N. At step k, with U the R unselected units and `W = sum_{j in U} w_j`:
 * if W = 0 the unit is uniform over U; otherwise, with probability `d`
 * (`exploit`) it is drawn with probability `w_j / W`, else uniformly, so unit j
 * has draw probability `q_j = d w_j / W + (1 - d) / R`. Indices are yielded in
 * pick order; no unit is drawn twice.
 *
 * Estimator: with S_{k-1} the labels already seen,
 * `z_k = (sum_{s in S_{k-1}} y_s + y_k / q_k) / N` (z_1 = y_1) is
 * conditionally unbiased for the population mean at every step, so their
 * average `zbar` is unbiased (a martingale-difference argument). Its variance
 * is estimated by `sum_k (z_k - zbar)^2 / (n (n - 1))` (Thompson 2006), a
 * conservative approximation for adaptive designs (on n - 1 df).
 * DeepSample's code uses deviations from z_1 instead of from zbar in the
 * variance; the mean is the same.
 *
 * Only the ratios of the weights enter the draw and q_k, so weights whose
 * total would overflow (risks near the double limit) are first rescaled by a
 * power of two, which is exact: the risk times a common factor gives the same picks and estimate.
 *
 * Interval floor: with 0/1 labels of both values, every risk band (8 bands of equal total risk) whose labels all agree adds the variance of its rate shrunk towards the pooled one, so a sample that drew no failure among the low-risk, large-weight units does not claim a short interval (measured in docs/replication/coverage.md).
 *
 * Interval: by default (0/1 labels) `"betaCapped"`, Korn–Graubard with its effective sample size
 * capped at n, not `"beta"`: `"beta"`'s worst cell of the coverage grid was within two Monte Carlo
 * standard errors of the 93 % floor, the capped one's clears it by more (measured in
 * docs/replication/coverage.md); labels in [0, 1] that are not all 0/1 (graded scores) the uncapped `"beta"`, other real-valued labels a t interval. Labels that all agree (no
 * failure labelled) get the Clopper–Pearson bound at Kish's effective size of the draws' weights
 * `1 / q_k`, not at n: draws drawn towards units that rarely fail (a risk that points the wrong
 * way) make an all-pass sample likelier than uniform draws would (coverage checked in
 * test/tcs/deepEstAgree.test.ts).
 * @param risk - One non-negative finite risk per unit.
 * @param budget - Number of labels n, an integer in [2, N].
 * @param rng - Uniform source in [0, 1), e.g. `createRng(seed)`.
 * @param options - `exploit` (default 0.8), `threshold` (default 0), `level` (default 0.95).
 * @returns An ask/tell generator (see {@link Strategy}) returning the {@link Estimate} of the mean of y.
 * @throws {TypeError} On the common strategy errors (see {@link Strategy}).
 * @throws {RangeError} On the common strategy errors (see {@link Strategy}); also if `options.exploit` is not
 *   in (0, 1) or `options.threshold` is not finite.
 * @see Guerriero, A., Pietrantuono, R. & Russo, S. (2021). Operation is the hardest teacher: estimating DNN accuracy looking for mispredictions. ICSE, 348-358; Thompson, S. K. (2006). Adaptive web sampling. Biometrics 62, 1224-1234.
 * @example
 * ```ts
 * const risk = new Float64Array([0.1, 0.9, 0.2, 0.8, 0.5, 0.3, 0.7, 0.4]);
 * const y = [0, 1, 0, 1, 1, 0, 1, 0];
 * const run = runStrategy(strategies.deepEst(risk, 4, createRng(1)), (i) => y[i]);
 * run.indices;           // Int32Array [4, 3, 1, 0]
 * run.estimate.estimate; // 0.6823607373950925
 * ```
 */
export function deepEstStrategy(
  risk: ArrayLike<number>,
  budget: number,
  rng: Rng,
  options?: DeepEstOptions,
): Generator<number, Estimate, number> {
  return prepareDeepEst(
    asFloat64Array("strategies.deepEst", "risk", risk),
    budget,
    rng,
    options,
  ).start(rng);
}

/**
 * `strategies.deepEst` with its checks and weights done
 * once; `rng` is only checked (`UNCHECKED_RNG` when preparing ahead).
 * @internal
 */
export function prepareDeepEst(
  risk: Float64Array,
  budget: number,
  rng: unknown,
  options?: DeepEstOptions,
): PreparedStrategy {
  const fn = "strategies.deepEst";
  const { N, est } = checkCommon(fn, risk, budget, rng, options, DEEPEST_KEYS);
  const { exploit = 0.8, threshold = 0 } = options ?? {};
  checkNumber(fn, "options.exploit", exploit, 0, 1, { lower: true, upper: true });
  checkNumber(fn, "options.threshold", threshold);
  // only the ratios of the weights matter: weights whose total could overflow
  // (e.g. every risk 1e307) are rescaled by a power of two, which is exact
  const w = risk.map((r) => (r > threshold ? r : 0));
  const scale = powerOfTwoScale(w, sumLimit(N));
  if (scale !== 1) for (let i = 0; i < N; i++) w[i] = (w[i] as number) * scale;
  const ones = new Float64Array(N).fill(1);
  const trees = { weights: new Fenwick(w), ones: new Fenwick(ones) };
  let positive = 0;
  for (let i = 0; i < N; i++) if ((w[i] as number) > 0) positive++;
  const setup = { w, trees, positive, weightTotal: fsum(w), bands: riskBands(risk) };
  return {
    start: (r) =>
      askTell(fn, budget, run(fn, setup, N, budget, r, exploit, est), est, { population: N }),
  };
}

/** The weights of a prepared deepEst and their trees, copied by every run. */
type Setup = {
  readonly w: Float64Array;
  readonly trees: { readonly weights: Fenwick; readonly ones: Fenwick };
  readonly positive: number;
  readonly weightTotal: number;
  readonly bands: RiskBands | undefined;
};

function* run(
  fn: string,
  setup: Setup,
  N: number,
  budget: number,
  rng: Rng,
  d: number,
  est: EstimatorChoice,
): Generator<number, Estimate, number> {
  const { w, weightTotal } = setup;
  const weights = new Fenwick(w, setup.trees.weights);
  const ones = new Fenwick(w, setup.trees.ones);
  const taken = new Uint8Array(N);
  let positiveLeft = setup.positive;
  let weightLeft = weightTotal;
  const z = new Float64Array(budget);
  const labels = new Float64Array(budget);
  const picks = new Int32Array(budget);
  let seen = 0;
  // the draws' probabilities q_k: Kish's size of their weights, for labels that all agree
  const qs = new Float64Array(budget);
  for (let k = 0; k < budget; k++) {
    const left = N - k;
    let unit: number;
    let q: number;
    if (k === 0 || positiveLeft === 0) {
      unit = ones.find(Math.floor(draw(fn, rng) * left));
      q = 1 / left;
    } else {
      if (draw(fn, rng) < d) unit = pickWeighted(fn, weights, w, taken, weightLeft, rng);
      else unit = ones.find(Math.floor(draw(fn, rng) * left));
      q = (d * (w[unit] as number)) / weightLeft + (1 - d) / left;
    }
    const y = yield unit;
    qs[k] = q;
    picks[k] = unit;
    labels[k] = y;
    z[k] = (seen + y / q) / N;
    seen += y;
    taken[unit] = 1;
    ones.add(unit, -1);
    const wu = w[unit] as number;
    if (wu > 0) {
      weights.add(unit, -wu);
      positiveLeft--;
      weightLeft -= wu;
      // subtraction loses relative precision once little weight is left: recompute exactly then
      if (positiveLeft > 0 && weightLeft < 1e-6 * weightTotal) {
        weightLeft = 0;
        for (let i = 0; i < N; i++) if (taken[i] === 0) weightLeft += w[i] as number;
      }
    }
  }
  let mean = 0;
  for (let k = 0; k < budget; k++) mean += z[k] as number;
  mean /= budget;
  let ss = 0;
  for (let k = 0; k < budget; k++) ss += ((z[k] as number) - mean) ** 2;
  // every unit labelled: the mean of the z_k is unbiased but not the labels'
  // mean ((3 y_1 + y_2) / 4 at N = 2), which is then known exactly
  const census = budget === N;
  const e = intervalEstimate(fn, {
    method: census
      ? "deepEst (census: the labels' mean)"
      : "deepEst (adaptive web sampling, mean of z_k)",
    estimate: census ? seen / N : mean,
    variance: census ? 0 : ss / (budget * (budget - 1)),
    level: est.level,
    n: budget,
    y: labels,
    design: {
      srs: false,
      df: budget - 1,
      N,
      census,
      nEffective: Math.min(budget, kishFromProbabilities(qs)),
    },
    interval: est.interval,
  });
  return cappedDefaultInterval(
    fn,
    flooredWeightedEstimate(fn, e, picks, labels, setup.bands, est, false, true),
    labels,
    est,
  );
}

/** A remaining unit drawn with probability w_j / weightLeft (Fenwick search, guarded against rounding). */
function pickWeighted(
  fn: string,
  weights: Fenwick,
  w: Float64Array,
  taken: Uint8Array,
  weightLeft: number,
  rng: Rng,
): number {
  const unit = weights.find(draw(fn, rng) * weightLeft);
  if (taken[unit] === 0 && (w[unit] as number) > 0) return unit;
  // rounding in the tree put the target on a spent unit: take the nearest eligible one
  for (let step = 1; step < w.length; step++) {
    for (const j of [unit - step, unit + step]) {
      if (j >= 0 && j < w.length && taken[j] === 0 && (w[j] as number) > 0) return j;
    }
  }
  return unit;
}
