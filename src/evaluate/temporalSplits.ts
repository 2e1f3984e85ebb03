import { checkInteger, fail } from "../core/validate.js";

/** One temporal split: training runs and the later runs it is tested on (0-based, chronological). */
export type TemporalSplit = {
  /** The W training runs, ascending. */
  readonly train: Int32Array;
  /** Every run strictly after the last training run, ascending (never empty). */
  readonly test: Int32Array;
};

/**
 * Enumerates the temporal cross-validation splits of R chronologically sorted
 * runs with training window W.
 *
 * Algorithm (trajectory-aware subset selection paper, section 5.2.2 and its
 * Table 2): every W-combination of the runs, in lexicographic order, is a
 * training set; its test runs are all runs strictly after its latest training
 * run; runs before or between training runs are unused. Combinations whose
 * latest run is the last run have no test run and are dropped, leaving
 * C(R, W) - C(R - 1, W - 1) = C(R - 1, W) splits (R = 6, W = 2: 10; R = 25,
 * W = 3: 2,024).
 *
 * @param R - Number of runs, an integer >= 2.
 * @param W - Window size, an integer in [1, R - 1].
 * @returns The splits, lexicographic in the training runs.
 * @throws {TypeError} If `R` or `W` is not a number.
 * @throws {RangeError} If `R` is not an integer >= 2, or `W` is not an integer in [1, R - 1] (a window of R - 1 runs still leaves the last run to test on; more leaves none).
 * @see Ayyad et al. (2026), Trajectory-Aware Benchmark Subset Selection, section 5.2.2, Table 2.
 * @example
 * ```ts
 * const s = temporalSplits(4, 2);
 * s.length; // 3
 * s.map((x) => [Array.from(x.train), Array.from(x.test)]);
 * // [[[0, 1], [2, 3]], [[0, 2], [3]], [[1, 2], [3]]]
 * ```
 */
export function temporalSplits(R: number, W: number): readonly TemporalSplit[] {
  const fn = "temporalSplits";
  checkInteger(fn, "R", R, 2);
  checkInteger(fn, "W", W, 1);
  if (W > R - 1)
    fail(fn, `W must be at most R - 1 = ${R - 1} (the window needs a later run to test on)`, W);
  const out: TemporalSplit[] = [];
  const c = Array.from({ length: W }, (_, t) => t);
  for (;;) {
    const last = c[W - 1] as number;
    if (last < R - 1) {
      const test = new Int32Array(R - 1 - last);
      for (let t = 0; t < test.length; t++) test[t] = last + 1 + t;
      out.push({ train: Int32Array.from(c), test });
    }
    let t = W - 1;
    while (t >= 0 && (c[t] as number) === R - W + t) t--;
    if (t < 0) break;
    c[t] = (c[t] as number) + 1;
    for (let u = t + 1; u < W; u++) c[u] = (c[u - 1] as number) + 1;
  }
  return out;
}
