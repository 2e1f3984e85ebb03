import { checkRunsWindow, combinations } from "./_splits.js";
import type { TemporalSplit } from "./temporalSplits.js";

/**
 * Lazily enumerates every temporal cross-validation split of R runs with
 * training window W, in the order of {@link temporalSplits}, holding only the
 * current combination: memory does not grow with the C(R - 1, W) splits
 * (R = 40, W = 20: about 6.9e10 of them).
 *
 * Algorithm: the W-combinations of the runs 0..R-2 in lexicographic order
 * (the next one increments the rightmost position that can still grow and
 * resets the ones after it); each is a training set whose test runs are all
 * runs after its latest training run.
 *
 * @param R - Number of runs, an integer in [2, 2^27].
 * @param W - Window size, an integer in [1, R - 1].
 * @returns A generator of the splits; each yielded split is a new object.
 * @throws {TypeError} If `R` or `W` is not a number.
 * @throws {RangeError} If `R` is not an integer in [2, 2^27], or `W` is not an integer in [1, R - 1].
 * @see Ayyad et al. (2026), Trajectory-Aware Benchmark Subset Selection, section 5.2.2, Table 2.
 * @example
 * ```ts
 * const it = iterateTemporalSplits(40, 20);
 * Array.from(it.next().value.train).join(","); // "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19"
 * let n = 0;
 * for (const s of iterateTemporalSplits(6, 2)) n += s.test.length;
 * n; // 20
 * ```
 */
export function iterateTemporalSplits(R: number, W: number): Generator<TemporalSplit, void> {
  checkRunsWindow("iterateTemporalSplits", R, W);
  return combinations(R, W);
}
