import type { Rng } from "../core/rng.js";
import { checkInteger, checkOptions, checkRng } from "../core/validate.js";
import {
  checkRunsWindow,
  DEFAULT_MAX_SPLITS,
  MAX_MAX_SPLITS,
  splitCount,
  splitsUpTo,
} from "./_splits.js";

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
 * The defaults of {@link temporalSplits}; `evaluateSubset` samples its splits
 * above the same `maxSplits`.
 *
 * @example
 * ```ts
 * temporalSplitsDefaults.maxSplits; // 10000
 * ```
 */
export const temporalSplitsDefaults: Readonly<{ maxSplits: number }> = Object.freeze({
  maxSplits: DEFAULT_MAX_SPLITS,
});

/**
 * How many temporal splits R runs with training window W have, C(R - 1, W),
 * without building them: compared with `maxSplits`, it tells whether
 * {@link temporalSplits} (or `evaluateSubset`) returns every split or a
 * sample of them.
 *
 * Algorithm: the multiplicative formula C(n, k) = prod_{i = 1..k} (n - k + i) / i
 * with n = R - 1 and k = min(W, n - W), in doubles; when that is below 2^54
 * the product is redone exactly in BigInt (k is then at most about 30). The
 * result is exact whenever the count is at most `Number.MAX_SAFE_INTEGER`
 * (C(56, 23) = 3167295784216200 included); above, it is the double
 * approximation (relative error about k * 2^-53, not an exact integer), and
 * Infinity beyond the largest double. Check `count <= Number.MAX_SAFE_INTEGER`
 * before printing it as exact.
 *
 * @param R - Number of runs, an integer in [2, 2^27].
 * @param W - Window size, an integer in [1, R - 1].
 * @returns C(R - 1, W).
 * @throws {TypeError} If `R` or `W` is not a number.
 * @throws {RangeError} If `R` is not an integer in [2, 2^27] or `W` is not an integer in [1, R - 1].
 * @example
 * ```ts
 * temporalSplitCount(4, 2); // 3
 * temporalSplitCount(25, 3); // 2024
 * temporalSplitCount(1000, 2); // 498501
 * temporalSplitCount(57, 23); // 3167295784216200, C(56, 23), exact
 * temporalSplitCount(4, 4); // throws RangeError: temporalSplitCount: W must be at most R - 1 = 3 ...
 * ```
 */
export function temporalSplitCount(R: number, W: number): number {
  checkRunsWindow("temporalSplitCount", R, W);
  return splitCount(R, W);
}

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
 *   [1, 1,000,000], there are more than `maxSplits` splits and no `rng` (the message gives the exact count
 *   when it is a safe integer, else "about" a rounded one), the splits kept times R exceeds 2^27 (their
 *   training and later runs would not fit; use {@link iterateTemporalSplits} or a lower `maxSplits`), or
 *   `rng` returns a value outside [0, 1).
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
