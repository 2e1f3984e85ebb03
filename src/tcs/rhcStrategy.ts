import type { Rng } from "../core/rng.js";
import { fsum } from "../core/sum.js";
import { asFloat64Array, fail } from "../core/validate.js";
import { rhcDraw } from "../design/rhc.js";
import type { Estimate } from "../estimate/confidenceInterval.js";
import { raoHartleyCochran } from "../estimate/raoHartleyCochran.js";
import { askTell, fixedSample, flagSingleFailure, type PreparedStrategy } from "./_askTell.js";
import { cappedDefaultInterval } from "./_cappedInterval.js";
import { checkCommon, checkRiskRatio, RISK_FLOOR_HINT } from "./_checks.js";
import { flooredWeightedEstimate, riskBands } from "./_riskBands.js";
import { flagWeightTail, weightTailShare } from "./_weightTail.js";
import { STRATEGY_KEYS, type StrategyOptions } from "./types.js";

/**
 * RHC-S: Rao–Hartley–Cochran sampling on the risk, without replacement
 * (strategy key `rhc`).
 *
 * Design: the N units are split at random into `budget` groups of
 * near-equal size and one unit is drawn from each group with probability
 * proportional to its risk within the group (`rhc` of `src/design`); drawn
 * when the strategy is called, yielded in increasing index order. Every risk
 * must be positive (a zero-risk unit could make a group that cannot be drawn
 * from).
 *
 * Estimator: the RHC unbiased estimator `sum_g y_g / (r_g / R_g)` / N with
 * the RHC unbiased variance estimator (`raoHartleyCochran`), as in the original
 * 1962 paper — not the successive-sampling variant.
 *
 * Interval floor: with 0/1 labels of both values, every risk band (8 bands of equal total risk, each cut further wherever its risks spread more than 4-fold, so its labels come from units drawn at similar rates) whose labels all agree adds the variance of its rate shrunk towards the pooled one, or, when larger, moved a third of the way towards the label rate of the nearest riskier band with labels (safer, for a band that is all failures), so a sample that drew no failure among the low-risk, large-weight units does not claim a short interval, also when the risk does not predict failures (measured in docs/replication/coverage.md).
 *
 * Interval: by default (0/1 labels) `"betaCapped"`, Korn–Graubard with its effective sample size
 * capped at n, not `"beta"`: `"beta"`'s worst cell of the coverage grid was within two Monte Carlo
 * standard errors of the 93 % floor, the capped one's clears it by more (measured in
 * docs/replication/coverage.md); labels in [0, 1] that are not all 0/1 (graded scores) the uncapped `"beta"`, other real-valued labels a t interval.
 * @param risk - One positive finite risk per unit.
 * @param budget - Number of groups and labels n, an integer in [2, N].
 * @param rng - Uniform source in [0, 1), e.g. `createRng(seed)`.
 * @param options - `level` (default 0.95).
 * @returns An ask/tell generator (see {@link Strategy}) returning the {@link Estimate} of the mean of y.
 *   With 0/1 labels and the default interval the estimate says `reliable: false` (with a `warning`)
 *   when a single sampled failure carries it (effective number of failures, Kish's formula on the
 *   failures' weights, below 2).
 *   Whatever the labels and interval, it also says `reliable: false` when at least 1 % of the
 *   units are drawn at less than 1/21 of the uniform rate (weights above 21 N / n), where the
 *   intervals were measured to under-cover (docs/replication/deepsample.md, "CI coverage");
 *   never with a risk from `toRisk`'s default floor.
 * @throws {TypeError} On the common strategy errors (see {@link Strategy}).
 * @throws {RangeError} On the common strategy errors (see {@link Strategy}); also if `risk` holds a zero
 *   value or a positive value below 1e-200 of its total, whose weight could overflow (the message points at
 *   `toRisk`'s floor) or values whose total overflows the double range (the message says to rescale).
 * @see Rao, J. N. K., Hartley, H. O. & Cochran, W. G. (1962). JRSS B 24, 482-491; Cochran (1977), §9A.13.
 * @example
 * ```ts
 * const risk = new Float64Array([0.1, 0.9, 0.2, 0.8, 0.5, 0.3]);
 * const y = [0, 1, 0, 1, 1, 0];
 * const run = runStrategy(strategies.rhc(risk, 3, createRng(1)), (i) => y[i]);
 * run.indices;           // Int32Array [3, 4, 5]
 * run.estimate.estimate; // 0.42083333333333334
 * ```
 */
export function rhcStrategy(
  risk: ArrayLike<number>,
  budget: number,
  rng: Rng,
  options?: StrategyOptions,
): Generator<number, Estimate, number> {
  return prepareRhc(asFloat64Array("strategies.rhc", "risk", risk), budget, rng, options).start(
    rng,
  );
}

/**
 * `strategies.rhc` with its checks done
 * once; `rng` is only checked (`UNCHECKED_RNG` when preparing ahead).
 * @internal
 */
export function prepareRhc(
  risk: Float64Array,
  budget: number,
  rng: unknown,
  options?: StrategyOptions,
): PreparedStrategy {
  const fn = "strategies.rhc";
  const { N, est } = checkCommon(fn, risk, budget, rng, options, STRATEGY_KEYS);
  for (let i = 0; i < N; i++) {
    if (!((risk[i] as number) > 0)) {
      fail(fn, `risk[${i}] is 0, but RHC needs every risk positive; ${RISK_FLOOR_HINT}`);
    }
  }
  const X = fsum(risk);
  checkRiskRatio(fn, risk, X);
  const bands = riskBands(risk, { split: true });
  const tail = weightTailShare(risk);
  // the permutation's buffer: a run uses it only inside start (the draw is done
  // there at once), so runs that interleave never share it
  const scratch = new Int32Array(N);
  return {
    start: (r) => {
      // rhc's checks of risk and budget are those above; the draws check the rng's values
      const { indices, groupShare, groupTotal } = rhcDraw(risk, budget, r, X, fn, scratch);
      return askTell(
        fn,
        budget,
        fixedSample(indices, (y) =>
          flagWeightTail(
            cappedDefaultInterval(
              fn,
              flagSingleFailure(
                flooredWeightedEstimate(
                  fn,
                  raoHartleyCochran(y, groupShare, groupTotal, N, est),
                  indices,
                  y,
                  bands,
                  est,
                  true,
                ),
                y,
                // the estimator's weights: T = sum_g y_g / groupShare_g
                groupShare.map((s) => 1 / s),
                est,
              ),
              y,
              est,
            ),
            tail,
          ),
        ),
        est,
        { population: N },
      );
    },
  };
}
