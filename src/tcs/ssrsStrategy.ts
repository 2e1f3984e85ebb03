import type { Rng } from "../core/rng.js";
import { asFloat64Array } from "../core/validate.js";
import type { Estimate } from "../estimate/confidenceInterval.js";
import { askTell, fixedSample, type PreparedStrategy } from "./_askTell.js";
import { checkCommon, checkedRng, readStrataCount } from "./_checks.js";
import { riskStrata } from "./_strata.js";
import {
  allocateAtLeastTwo,
  flooredStratifiedEstimate,
  minimumTwo,
  preparedStratifiedSrs,
  STRATUM_PSEUDO_COUNT,
  stratumSds,
} from "./_stratified.js";
import { RISK_STRATA_KEYS, type RiskStrataOptions } from "./types.js";

/**
 * SSRS: stratified simple random sampling on quantile strata of the risk,
 * Neyman allocation with the risk as the outcome-SD proxy (strategy key `ssrs`).
 *
 * Strata: the units are sorted by risk and cut into H = `options.strata`
 * (default min(10, floor(budget / 2))) groups of equal count; units with equal risk are never split
 * (a tie goes to the stratum of its first unit) and empty strata are dropped.
 * DeepSample builds its 10 partitions with Weka's k-means on the raw feature
 * instead; quantile strata are the default here because they never leave a
 * stratum with a handful of units, and `partition: "kmeans"` gives
 * one-dimensional k-means strata (see {@link RiskStrataOptions}) to compare
 * like with like. The same options apply to GBS, 2-UPS and MC-UCB.
 *
 * Allocation: min(2, N_h) units per stratum first (so every within-stratum
 * variance exists), the rest by Neyman's rule `n_h ∝ N_h S_h` where `S_h` is
 * the standard deviation of the RISK within stratum h (the outcome's SD is
 * unknown before labelling; DeepSample uses the same proxy), integer-rounded by
 * largest remainders (`neymanAllocation` with `minPerStratum: 2`). If every
 * S_h is 0 the allocation is proportional. Then `stratifiedSrs`; the sample is
 * drawn when the strategy is called and yielded in increasing index order.
 *
 * Estimator: the stratified mean `sum_h (N_h/N) ybar_h` with variance
 * `sum_h (N_h/N)^2 (1 - n_h/N_h) s_h^2 / n_h` (`stratifiedMean`); unbiased,
 * because the strata and the allocation depend on the risk only.
 *
 * Variance floor (0/1 labels): a stratum whose few labels all pass has
 * `s_h^2 = 0` although it may hold failures; trusting that zero made the
 * default 95 % interval cover only 85-88 % in some cells at 1,000 runs. Each
 * stratum's `s_h^2` is therefore floored at `q_h (1 - q_h)`, with
 * `q_h = (x_h + m pbar) / (n_h + m)` its rate shrunk towards the
 * design-weighted rate `pbar = (n e + 1/2) / (n + 1)` (e the stratified mean,
 * Jeffreys-smoothed) with `m = 0.1 n / H` pseudo-labels; a stratum whose labels
 * all agree takes the larger of that and the same variance at
 * `q_h = (x_h + (n_h / 2) r_h) / (1.5 n_h)`, r_h the label rate of the nearest
 * stratum with labels on the side where the other label is likelier (riskier,
 * for an all-pass stratum: the strata are numbered by increasing risk). The
 * Satterthwaite df counts the terms the labels estimate; a floored term is a
 * prior's and adds none. Why: the Neyman allocation on the risk's spread gives
 * the large low-risk strata of a saturated confidence two labels each (8 or 9 of
 * 10 strata at n = 200 on DeepEST's MNIST models, as `npm run bench --
 * ssrs-kmeans-coverage` prints), and the floor used until 2026-12-07
 * (the unweighted label rate, which this allocation pushes up, with `m = n / H`
 * and 1 df per floored stratum) made the default interval up to 5 times as wide
 * as now (0.85 against 0.17 at n = 200 for a 0.95 % failure rate) while covering
 * 99.8-100 % on real classifiers. The same rule as the weighted strategies' risk bands
 * (see `tcs/_riskBands.ts`). The measured coverage and widths are in
 * docs/replication/coverage.md. What remains is the design's: 18 labels
 * (two in each of nine strata, which rarely draw a failure there) from nine
 * tenths of the population bound that part's rate only loosely, so on DeepEST's CN5 MNIST model the interval stays about 0.16
 * wide from n = 50 to 200. With a risk that saturates (many ties at the top
 * confidence) prefer `partition: "kmeans"` (0.029 wide at n = 200 there,
 * 95.7-100 % coverage on six real models: `npm run bench --
 * ssrs-kmeans-coverage`) or `gbs`.
 * @see Korn, E. L. & Graubard, B. I. (1998). Survey Methodology 24, 193-201 (the beta interval on n*); Jeffreys (1946), Proc. R. Soc. A 186, 453-461.
 *
 * @param risk - One non-negative finite risk per unit.
 * @param budget - Sample size n, an integer in [2, N] and at least 2 per stratum.
 * @param rng - Uniform source in [0, 1), e.g. `createRng(seed)`.
 * @param options - `strata` (default min(10, floor(budget / 2), N)), `partition` (default "quantile"), `level` (default 0.95).
 * @returns An ask/tell generator (see {@link Strategy}) returning the {@link Estimate} of the mean of y.
 *   With 0/1 labels the variance floors every stratum's `s_h^2` at `q_h (1 - q_h)`, `q_h` the stratum's
 *   failure rate shrunk towards the design-weighted one or, for an all-pass stratum, towards its riskier
 *   neighbour's (see "Variance floor" above), so an all-pass stratum does not claim zero variance.
 * @throws {TypeError} On the common strategy errors (see {@link Strategy}).
 * @throws {RangeError} On the common strategy errors (see {@link Strategy}); also if `options.strata` is not
 *   an integer in [1, N] (more strata than units) or `options.partition` is unknown; `budget` is below two
 *   units per stratum.
 * @see Neyman, J. (1934). JRSS 97, 558-625; Cochran (1977), chapter 5; Lohr (2021), §3.4; R `sampling::strata`, `survey::svymean`.
 * @example
 * ```ts
 * const risk = new Float64Array([0.1, 0.9, 0.2, 0.8, 0.5, 0.3, 0.7, 0.4]);
 * const y = [0, 1, 0, 1, 1, 0, 1, 0];
 * const run = runStrategy(strategies.ssrs(risk, 4, createRng(1), { strata: 2 }), (i) => y[i]);
 * run.indices;           // Int32Array [2, 3, 4, 5]
 * run.estimate.estimate; // 0.5
 * ```
 */
export function ssrsStrategy(
  risk: ArrayLike<number>,
  budget: number,
  rng: Rng,
  options?: RiskStrataOptions,
): Generator<number, Estimate, number> {
  return prepareSsrs(asFloat64Array("strategies.ssrs", "risk", risk), budget, rng, options).start(
    rng,
  );
}

/**
 * `strategies.ssrs` with its checks, strata, allocation and member lists
 * built once; `rng` is only checked (`UNCHECKED_RNG` when preparing ahead).
 * @internal
 */
export function prepareSsrs(
  risk: Float64Array,
  budget: number,
  rng: unknown,
  options?: RiskStrataOptions,
): PreparedStrategy {
  const fn = "strategies.ssrs";
  const { N, est } = checkCommon(fn, risk, budget, rng, options, RISK_STRATA_KEYS);
  const H = readStrataCount(fn, options?.strata, N, budget);
  const s = riskStrata(fn, risk, H, options?.partition);
  minimumTwo(fn, s, budget);
  const allocation = allocateAtLeastTwo(s, stratumSds(risk, s), budget);
  const drawSample = preparedStratifiedSrs(s, allocation);
  return {
    start: (r) => {
      const sample = drawSample(checkedRng(fn, r));
      return askTell(
        fn,
        budget,
        fixedSample(sample, (y) =>
          flooredStratifiedEstimate(
            sample,
            y,
            s,
            est,
            "ssrs (stratifiedMean, variance floored per stratum)",
            STRATUM_PSEUDO_COUNT,
            false,
            true,
          ),
        ),
        est,
        { population: N },
      );
    },
  };
}
