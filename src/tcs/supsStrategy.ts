import type { Rng } from "../core/rng.js";
import { asFloat64Array, optionKeys } from "../core/validate.js";
import type { Estimate } from "../estimate/confidenceInterval.js";
import type { PreparedStrategy } from "./_askTell.js";
import {
  checkCommon,
  checkedRng,
  positiveRiskTotal,
  RISK_FLOOR_HINT,
  refuseInterval,
} from "./_checks.js";
import { preparePpsWithReplacement } from "./_engines.js";
import {
  checkAllPositive,
  readSequential,
  sequentialStrategy,
  sequentialSups,
} from "./_sequential.js";
import type { SequentialOptions } from "./sequentialOptions.js";

const SUPS_KEYS = optionKeys<SequentialOptions>()("level", "interval", "sequential");

/**
 * SUPS: simple unequal probability sampling, i.e. `budget` independent draws
 * with probability proportional to risk, WITH replacement (strategy key `sups`).
 *
 * Design: each draw picks unit i with probability `p_i = r_i / sum(r)`
 * (`ppsWithReplacement` of `src/design`); the whole sequence of draws is made
 * when the strategy is called and yielded in increasing index order. A unit
 * drawn twice is yielded twice: each draw is one label and counts once
 * against the budget (send the same label again; it enters the estimator
 * once per draw, as Hansen–Hurwitz requires). Units with zero risk are never
 * drawn, so the estimate is unbiased only when every unit has `r_i > 0`
 * (use `toRisk`'s floor).
 *
 * Estimator: Hansen–Hurwitz, `(1 / (n N)) sum_k y_k / p_k`, with its unbiased
 * variance `sum_k (y_k / p_k - T)^2 / (n (n - 1)) / N^2`.
 *
 * Sequential mode (`options.sequential`, labels in [0, 1], every risk > 0):
 * one draw per label; the draws are iid, so `z = y / (N p_i)` are iid with
 * mean the population mean and known bound `0 <= z <= max_i 1 / (N p_i)`, and
 * the iid hedged betting confidence sequence (`bettingCs` with that range) is
 * updated after each label; the run ends when the rule fires (see
 * `stoppingTime`) or `budget` draws are spent. The Estimate's `ci` is the
 * sequence's interval at the stop, `n` the draws used. A small risk floor
 * makes the bound, hence the interval, wide.
 *
 * Interval floor: with 0/1 labels of both values, every risk band (8 bands of equal total risk, each cut further wherever its risks spread more than 4-fold, so its labels come from units drawn at similar rates) whose labels all agree adds the variance of its rate shrunk towards the pooled one, or, when larger, moved a third of the way towards the label rate of the nearest riskier band with labels (safer, for a band that is all failures), so a sample that drew no failure among the low-risk, large-weight units does not claim a short interval, also when the risk does not predict failures (measured in docs/replication/coverage.md).
 * @param risk - One non-negative finite risk per unit, not all zero.
 * @param budget - Number of draws (labels) n, an integer in [2, N].
 * @param rng - Uniform source in [0, 1), e.g. `createRng(seed)`.
 * @param options - `level` (default 0.95); `sequential` (off by default), see {@link SequentialOptions}.
 * @returns An ask/tell generator (see {@link Strategy}) returning the {@link Estimate} of the mean of y.
 *   With 0/1 labels and the default interval the estimate says `reliable: false` (with a `warning`)
 *   when a single sampled failure carries it (effective number of failures, Kish's formula on the
 *   failures' weights, below 2).
 *   Whatever the labels and interval, it also says `reliable: false` when at least 1 % of the
 *   units are drawn at less than 1/21 of the uniform rate (weights above 21 N / n), where the
 *   intervals were measured to under-cover (docs/replication/deepsample.md, "CI coverage");
 *   never with a risk from `toRisk`'s default floor.
 * @throws {TypeError} On the common strategy errors (see {@link Strategy}); also if `sequential` is not an
 *   object or has an unknown key (e.g. `unknown key "options.sequential.minLabls" (did you
 *   mean "minLabels"?)`).
 * @throws {RangeError} On the common strategy errors (see {@link Strategy}); also if `risk` is all zero or
 *   has a positive value below 1e-200 of its total, whose weight could overflow (the message points at
 *   `toRisk`'s floor) or values whose total overflows the double range (the message says to rescale); `sequential` sets neither `halfWidth` nor `threshold`, has a bad value or meets a zero
 *   risk, or comes with `interval` (the sequence is the interval); later, in sequential mode, if a label is outside [0, 1] (it can be re-sent).
 * @see Hansen, M. H. & Hurwitz, W. N. (1943). Ann. Math. Stat. 14, 333-362; Lohr, S. (2021). Sampling: Design and Analysis, 3rd ed., §6.2; R `sampling::UPmultinomial`.
 * @example
 * ```ts
 * const risk = new Float64Array([0.1, 0.9, 0.2, 0.8]);
 * const y = [0, 1, 0, 1];
 * const run = runStrategy(strategies.sups(risk, 3, createRng(2)), (i) => y[i]);
 * run.indices;           // Int32Array [3, 3, 3]
 * run.estimate.estimate; // 0.625
 * ```
 */
export function supsStrategy(
  risk: ArrayLike<number>,
  budget: number,
  rng: Rng,
  options?: SequentialOptions,
): Generator<number, Estimate, number> {
  return prepareSups(asFloat64Array("strategies.sups", "risk", risk), budget, rng, options).start(
    rng,
  );
}

/**
 * `strategies.sups` with its checks and draw probabilities done
 * once; `rng` is only checked (`UNCHECKED_RNG` when preparing ahead).
 * @internal
 */
export function prepareSups(
  risk: Float64Array,
  budget: number,
  rng: unknown,
  options?: SequentialOptions,
): PreparedStrategy {
  const fn = "strategies.sups";
  const { N, est } = checkCommon(fn, risk, budget, rng, options, SUPS_KEYS);
  const total = positiveRiskTotal(fn, risk);
  const p = risk.map((r) => r / total);
  if (options?.sequential !== undefined) {
    const s = readSequential(fn, options.sequential, budget, false);
    refuseInterval(fn, est, "with options.sequential (the interval is the confidence sequence's)");
    checkAllPositive(fn, risk, RISK_FLOOR_HINT);
    return {
      start: (r) =>
        sequentialStrategy(
          fn,
          budget,
          sequentialSups(fn, p, budget, checkedRng(fn, r), est.level, s),
          false,
        ),
    };
  }
  return preparePpsWithReplacement(fn, p, budget, N, est);
}
