import type { Rng } from "../core/rng.js";
import { checkInteger, checkOptions, checkRng } from "../core/validate.js";
import { checkRunsWindow, DEFAULT_MAX_SPLITS, MAX_MAX_SPLITS, splitsUpTo } from "./_splits.js";

/** One temporal split: training runs and the later runs it is tested on (0-based, chronological). */
export type TemporalSplit = {
  /** The W training runs, ascending. */
  readonly train: Int32Array;
  /** Every run strictly after the last training run, ascending (never empty). */
  readonly test: Int32Array;
};

/** Options of {@link temporalSplits}. */
export type TemporalSplitsOptions = {
  /**
   * Most splits returned, an integer in [1, 1,000,000]. When C(R - 1, W)
   * exceeds it, `maxSplits` splits are sampled (an `rng` is then required).
   * @defaultValue 10000
   */
  readonly maxSplits?: number;
};

/**
 * The temporal cross-validation splits of R chronologically sorted runs with
 * training window W: all of them, or a uniform sample of `maxSplits` of them
 * when there are more.
 *
 * Algorithm (trajectory-aware subset selection paper, section 5.2.2 and its
 * Table 2): every W-combination of the runs, in lexicographic order, is a
 * training set; its test runs are all runs strictly after its latest training
 * run; runs before or between training runs are unused. Combinations whose
 * latest run is the last run have no test run and are dropped, leaving
 * C(R, W) - C(R - 1, W - 1) = C(R - 1, W) splits (R = 6, W = 2: 10; R = 25,
 * W = 3: 2,024). That count grows fast (R = 1000, W = 2: 498,501; R = 40,
 * W = 20: 6.9e10), so at most `maxSplits` (default 10,000) are returned:
 * above it, `maxSplits` distinct splits are drawn uniformly without
 * replacement with `rng` (selection sampling over the enumeration when there
 * are at most twice as many, else uniform W-subsets of runs 0..R-2 with
 * duplicates redrawn) and returned in lexicographic order. To visit every
 * split without holding them, use {@link iterateTemporalSplits}.
 *
 * @param R - Number of runs, an integer in [2, 2^27].
 * @param W - Window size, an integer in [1, R - 1].
 * @param rng - Uniform random source in [0, 1); used, and required, only when there are more than `maxSplits` splits.
 * @param options - `maxSplits` (default 10,000, at most 1,000,000).
 * @returns The splits, lexicographic in the training runs.
 * @throws {TypeError} If `R` or `W` is not a number, `rng` is given but not a function, or `options` is not
 *   an object or has an unknown key.
 * @throws {RangeError} If `R` is not an integer in [2, 2^27], `W` is not an integer in [1, R - 1] (a window
 *   of R - 1 runs still leaves the last run to test on; more leaves none), `maxSplits` is not an integer in
 *   [1, 1,000,000], there are more than `maxSplits` splits and no `rng`, or `rng` returns a value outside [0, 1).
 * @see Ayyad et al. (2026), Trajectory-Aware Benchmark Subset Selection, section 5.2.2, Table 2.
 * @example
 * ```ts
 * const s = temporalSplits(4, 2);
 * s.length; // 3
 * s.map((x) => [Array.from(x.train), Array.from(x.test)]);
 * // [[[0, 1], [2, 3]], [[0, 2], [3]], [[1, 2], [3]]]
 * temporalSplits(1000, 2, createRng(1), { maxSplits: 50 }).length; // 50
 * ```
 */
export function temporalSplits(
  R: number,
  W: number,
  rng?: Rng,
  options: TemporalSplitsOptions = {},
): readonly TemporalSplit[] {
  const fn = "temporalSplits";
  checkRunsWindow(fn, R, W);
  if (rng !== undefined) checkRng(fn, rng);
  checkOptions(fn, options, ["maxSplits"]);
  const { maxSplits = DEFAULT_MAX_SPLITS } = options;
  checkInteger(fn, "options.maxSplits", maxSplits, 1, MAX_MAX_SPLITS);
  return splitsUpTo(fn, R, W, rng, maxSplits);
}
