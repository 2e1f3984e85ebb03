import type { Rng } from "../core/rng.js";
import { asFloat64Array, checkNumber, optionKeys } from "../core/validate.js";
import type { Estimate } from "../estimate/confidenceInterval.js";
import { askTell, type PreparedStrategy } from "./_askTell.js";
import { checkCommon, readStrataCount } from "./_checks.js";
import { adaptiveStratified } from "./_engines.js";
import { riskStrata } from "./_strata.js";
import { minimumTwo } from "./_stratified.js";
import { memberLists } from "./_urn.js";
import type { RiskStrataOptions } from "./types.js";

/** Options of `strategies.mcucb`. */
export type McucbOptions = RiskStrataOptions & {
  /**
   * Confidence parameter delta in (0, 1) of the upper confidence bounds; the
   * exploration width is `a = sqrt(2 log(2 / delta))`.
   * @defaultValue `budget^(-7/2)`, the choice of Carpentier & Munos
   */
  readonly delta?: number;
};

const MCUCB_KEYS = optionKeys<McucbOptions>()("level", "interval", "strata", "partition", "delta");

/**
 * MCUCB: Carpentier & Munos' MC-UCB adaptive stratified sampling over fixed
 * risk strata (strategy key `mcucb`).
 *
 * Strata: quantile strata of the risk, as in `strategies.ssrs`
 * (H = `options.strata`, default min(10, floor(budget / 2))).
 *
 * Allocation (adaptive): first min(2, N_h) units in every stratum, stratum by
 * stratum (as in the original, which pulls every arm twice). Then each next
 * label goes to `argmax_h (W_h / n_h) (sigma_h + 2 a / sqrt(n_h))` over the
 * strata with unsampled units (ties to the lowest stratum), with
 * `W_h = N_h / N`, n_h the labels so far in stratum h, `sigma_h` the standard
 * deviation of its labels (divisor n_h, as in the paper) and
 * `a = sqrt(2 log(2 / delta))`. This upper bound on `W_h sigma_h / n_h` tracks
 * the Neyman allocation `n_h ∝ W_h sigma_h` once the strata's SDs are learnt;
 * with the default delta the exploration term dominates for 0/1 labels at
 * small budgets, so the allocation starts near proportional. Units are drawn
 * uniformly WITHOUT replacement within the chosen stratum (a finite test set,
 * unlike the paper's Monte Carlo arms); indices are yielded in pick order.
 *
 * Estimator: the stratified mean with the fixed-allocation variance formula
 * (`stratifiedMean`). The allocation depends on the labels seen, so the
 * estimator is not exactly design-unbiased; its bias, measured by Monte Carlo
 * in the tests, is within Monte Carlo error of 0 on the test populations.
 *
 * Interval: by default (0/1 labels) `"betaCapped"`, Korn–Graubard with its effective sample size
 * capped at n, not `"beta"`: `"beta"`'s worst cell of the coverage grid was within two Monte Carlo
 * standard errors of the 93 % floor, the capped one's clears it by more (measured in
 * docs/replication/coverage.md); labels in [0, 1] that are not all 0/1 (graded scores) the uncapped `"beta"`, other real-valued labels a t interval.
 *
 * @param risk - One non-negative finite risk per unit.
 * @param budget - Number of labels n, an integer in [2, N] and at least 2 per stratum.
 * @param rng - Uniform source in [0, 1), e.g. `createRng(seed)`.
 * @param options - `strata` (default min(10, floor(budget / 2), N)), `partition` (default "quantile"), `delta` (default budget^(-7/2)), `level` (default 0.95).
 * @returns An ask/tell generator (see {@link Strategy}) returning the {@link Estimate} of the mean of y.
 * @throws {TypeError} On the common strategy errors (see {@link Strategy}).
 * @throws {RangeError} On the common strategy errors (see {@link Strategy}); also if `options.strata` is not
 *   an integer in [1, N] (more strata than units) or `options.partition` is unknown; `budget` is below two
 *   units per stratum; `options.delta` is not in (0, 1).
 * @see Carpentier, A. & Munos, R. (2011). Finite time analysis of stratified sampling for Monte Carlo. NeurIPS 24 (algorithm MC-UCB); Carpentier & Munos (2012), Adaptive stratified sampling for Monte-Carlo integration of differentiable functions, NeurIPS 25.
 * @example
 * ```ts
 * const risk = new Float64Array([0.1, 0.9, 0.2, 0.8, 0.5, 0.3, 0.7, 0.4]);
 * const y = [0, 1, 0, 1, 1, 0, 1, 0];
 * const run = runStrategy(strategies.mcucb(risk, 5, createRng(1), { strata: 2 }), (i) => y[i]);
 * run.indices;           // Int32Array [5, 0, 3, 6, 7]
 * run.estimate.estimate; // 0.5
 * ```
 */
export function mcucbStrategy(
  risk: ArrayLike<number>,
  budget: number,
  rng: Rng,
  options?: McucbOptions,
): Generator<number, Estimate, number> {
  return prepareMcucb(asFloat64Array("strategies.mcucb", "risk", risk), budget, rng, options).start(
    rng,
  );
}

/**
 * `strategies.mcucb` with its checks, strata and member lists done
 * once; `rng` is only checked (`UNCHECKED_RNG` when preparing ahead).
 * @internal
 */
export function prepareMcucb(
  risk: Float64Array,
  budget: number,
  rng: unknown,
  options?: McucbOptions,
): PreparedStrategy {
  const fn = "strategies.mcucb";
  const { N, est } = checkCommon(fn, risk, budget, rng, options, MCUCB_KEYS);
  const H = readStrataCount(fn, options?.strata, N, budget);
  const s = riskStrata(fn, risk, H, options?.partition);
  const { delta = budget ** -3.5 } = options ?? {};
  checkNumber(fn, "options.delta", delta, 0, 1, { lower: true, upper: true });
  minimumTwo(fn, s, budget);
  const a = Math.sqrt(2 * Math.log(2 / delta));
  const lists = memberLists(s);
  return {
    start: (r) =>
      askTell(
        fn,
        budget,
        adaptiveStratified(
          fn,
          s,
          lists,
          budget,
          r,
          est,
          "mcucb (stratifiedMean, adaptive allocation)",
          (W, n, ss) => (W / n) * (Math.sqrt(ss / n) + (2 * a) / Math.sqrt(n)),
          undefined,
          true,
        ),
        est,
        { population: N },
      ),
  };
}
