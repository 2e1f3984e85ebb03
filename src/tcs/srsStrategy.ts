import type { Rng } from "../core/rng.js";
import { asFloat64Array, optionKeys } from "../core/validate.js";
import { srs } from "../design/srs.js";
import type { Estimate } from "../estimate/confidenceInterval.js";
import { askTell, fixedSample, type PreparedStrategy } from "./_askTell.js";
import { checkCommon, checkedRng, refuseInterval } from "./_checks.js";
import { readSequential, sequentialSrs, sequentialStrategy } from "./_sequential.js";
import { stratifiedEstimate } from "./_stratified.js";
import type { SequentialOptions } from "./sequentialOptions.js";

const SRS_KEYS = optionKeys<SequentialOptions>()("level", "interval", "sequential");

/**
 * SRS: simple random sampling without replacement of `budget` units, the
 * feature-agnostic baseline of the paper (strategy key `srs`).
 *
 * Design: the `srs` design of `src/design` draws the whole sample when the
 * strategy is called; the generator yields it in increasing index order.
 * `risk` is only used for N (SRS ignores the feature; pass any non-negative
 * vector of length N).
 *
 * Estimator: the sample mean, with variance `(1 - n/N) s^2 / n` (`s^2` with
 * divisor n - 1); unbiased for the population mean. Its default interval is
 * the exact hypergeometric one for 0/1 labels, Korn–Graubard's `"beta"` for
 * labels in [0, 1] that are not all 0/1 (graded scores), and the t interval
 * (df n - 1) for other real-valued labels (`intervalDefaults`).
 *
 * Sequential mode (`options.sequential`, labels in [0, 1]): units are drawn
 * one at a time uniformly from those not yet drawn, so every prefix is a
 * simple random sample; after each label an anytime-valid confidence sequence
 * is updated (`bettingCs` without replacement, or `hypergeometricCs` for 0/1
 * labels with `cs: "hypergeometric"`), and the run ends as soon as the rule
 * fires (see `stoppingTime`) or `budget` labels are spent. The Estimate's `ci`
 * is the sequence's interval at the stop (valid at that data-dependent time),
 * `n` the labels used, `variance`/`se` those of the sample mean.
 *
 * @param risk - One non-negative finite score per unit (only its length is used).
 * @param budget - Number of labels n, an integer in [2, N].
 * @param rng - Uniform source in [0, 1), e.g. `createRng(seed)`.
 * @param options - `level` (default 0.95); `sequential` (off by default), see {@link SequentialOptions}.
 * @returns An ask/tell generator (see {@link Strategy}) returning the {@link Estimate} of the mean of y.
 * @throws {TypeError} On the common strategy errors (see {@link Strategy}); also if `sequential` is not an
 *   object or has an unknown key (e.g. `strategies.srs: unknown key "options.sequential.minLabls" (did you
 *   mean "minLabels"?)`).
 * @throws {RangeError} On the common strategy errors (see {@link Strategy}); also if `sequential` sets
 *   neither `halfWidth` nor `threshold` or has a bad value, or comes with `interval` (the sequence is the
 *   interval); later, in sequential mode, if a label is outside
 *   [0, 1] or, for `cs: "hypergeometric"`, not 0/1 (it can be re-sent).
 * @see Cochran, W. G. (1977). Sampling Techniques, 3rd ed., chapter 2; R `sampling::srswor`.
 * @example
 * ```ts
 * const y = [0, 1, 0, 0, 1, 0, 0, 0, 1, 0];
 * const run = runStrategy(strategies.srs(new Float64Array(10), 4, createRng(1)), (i) => y[i]);
 * run.indices;           // Int32Array [1, 4, 5, 6]
 * run.estimate.estimate; // 0.5
 * const fails = Float64Array.from({ length: 500 }, (_, i) => (i % 25 === 0 ? 1 : 0));
 * const seq = runStrategy(
 *   strategies.srs(new Float64Array(500), 500, createRng(1), { sequential: { threshold: 0.2 } }),
 *   (i) => fails[i],
 * );
 * seq.estimate.n;  // 38
 * seq.estimate.ci; // [0.002, 0.195]
 * ```
 */
export function srsStrategy(
  risk: ArrayLike<number>,
  budget: number,
  rng: Rng,
  options?: SequentialOptions,
): Generator<number, Estimate, number> {
  return prepareSrs(asFloat64Array("strategies.srs", "risk", risk), budget, rng, options).start(
    rng,
  );
}

/**
 * `strategies.srs` with its checks done once; `rng` is only checked (pass
 * {@link UNCHECKED_RNG} when preparing ahead of the runs).
 * @internal
 */
export function prepareSrs(
  risk: Float64Array,
  budget: number,
  rng: unknown,
  options?: SequentialOptions,
): PreparedStrategy {
  const fn = "strategies.srs";
  const { N, est } = checkCommon(fn, risk, budget, rng, options, SRS_KEYS, true);
  if (options?.sequential !== undefined) {
    const s = readSequential(fn, options.sequential, budget, true);
    refuseInterval(fn, est, "with options.sequential (the interval is the confidence sequence's)");
    return {
      start: (r) =>
        sequentialStrategy(
          fn,
          budget,
          sequentialSrs(fn, N, budget, checkedRng(fn, r), est.level, s),
          s.cs === "hypergeometric",
        ),
    };
  }
  const one = { strata: new Int32Array(N), sizes: Int32Array.of(N) };
  return {
    start: (r) => {
      const sample = srs(N, budget, checkedRng(fn, r));
      return askTell(
        fn,
        budget,
        fixedSample(sample, (y) => stratifiedEstimate(sample, y, one, est, "srs (sample mean)")),
        est,
      );
    },
  };
}
