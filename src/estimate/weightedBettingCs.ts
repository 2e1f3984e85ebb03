import {
  checkOptions,
  checkSameLength,
  fail,
  optionKeys,
  toFloat64Array,
} from "../core/validate.js";
import { weightedSequence } from "./_boundedSequences.js";
import { readLevel } from "./_internal.js";
import { checkPopulationSize, readGrid, readTruncation } from "./_sequenceChecks.js";
import type { ConfidenceSequence } from "./confidenceSequence.js";

/** Options of {@link weightedBettingCs}. */
export type WeightedBettingCsOptions = {
  /** Confidence level in (0, 1). @defaultValue `intervalDefaults.level` (0.95) */
  readonly level?: number;
  /**
   * Number of grid intervals G over [0, 1] (an integer in [2, 1e6]); the
   * bounds are the outermost rejected grid points (conservative, at most 1 / G
   * wider on each side than the exact sequence).
   * @defaultValue 1000
   */
  readonly grid?: number;
  /** Truncation c in (0, 1) of the bets. @defaultValue 0.5 */
  readonly truncation?: number;
};

const KEYS = optionKeys<WeightedBettingCsOptions>()("level", "grid", "truncation");

/**
 * Anytime-valid confidence sequence for the mean of y in [0, 1] over N units
 * sampled one at a time WITHOUT replacement with unequal, adaptively chosen
 * probabilities: the importance-weighted betting martingale of Shekhar, Xu,
 * Lipton, Liang & Ramdas (2023).
 *
 * Assumptions: every y is in [0, 1]; the t-th unit was drawn with probability
 * `q[t-1]` from a distribution over the units NOT yet drawn, chosen before its
 * label was seen (it may depend on earlier labels, never on this one); every
 * remaining unit had positive probability, and `qMin[t-1]` is a lower bound
 * on the smallest of those probabilities (the exact minimum is tightest; a
 * smaller positive bound is valid but widens the upper side).
 *
 * Algorithm: `Z_t = y_t / (N q_t) + S_{t-1} / N` (S the sum of the labels drawn
 * before t) has conditional mean exactly the population mean m, because
 * `sum_{j remaining} q_t(j) y_j / (N q_t(j))` is the remaining units' share of
 * the total. `Z_t` lies in `[S_{t-1} / N, S_{t-1} / N + 1 / (N qMin_t)]`,
 * bounds known before the draw, so the hedged capital
 * `K+ = prod (1 + l+ (Z - m))`, `K- = prod (1 - l- (Z - m))` with the
 * predictable plug-in bets of Waudby-Smith & Ramdas (2024), truncated so every
 * factor stays at least 1 - c on that range, are non-negative martingales
 * under the truth; the sequence is `{ m : max(K+, K-) < 2 / alpha }`
 * (Ville's inequality), intersected over time and with the bounds
 * `[S_t / N, (S_t + N - t) / N]` that hold for certain, computed on a grid
 * (outermost rejected points). With `q_t = 1 / (N - t + 1)` (uniform) it is the
 * without-replacement betting sequence of `bettingCs` with rescaled bets.
 *
 * @param y - The labels in draw order, each in [0, 1].
 * @param q - `q[t-1]`: the probability with which the t-th unit was drawn, in (0, 1].
 * @param qMin - `qMin[t-1]`: a positive lower bound on every remaining unit's probability at draw t, at most `q[t-1]` and `1 / (N - t + 1)`.
 * @param N - Population size, an integer at least `y.length`.
 * @param options - `level` (0.95), `grid` (1000), `truncation` (0.5).
 * @returns The running sequence `{ lower, upper, level, method }` for t = 1..n, see {@link ConfidenceSequence}.
 * @throws {TypeError} If `y`, `q` or `qMin` is not a `Float64Array` or an array of numbers, `N` not a number
 *   or `options` not an object.
 * @throws {RangeError} If the lengths differ, a y is outside [0, 1], a q outside (0, 1], a qMin not in (0, min(q,
 *   1 / (N - t + 1))], `N` is not an integer at least `y.length`, `level` is not in (0, 1), `grid` not an
 *   integer in [2, 1e6] or `truncation` not in (0, 1).
 * @see Shekhar, S., Xu, Z., Lipton, Z. C., Liang, P. J. & Ramdas, A. (2023). Risk-limiting financial audits via weighted sampling without replacement. UAI, PMLR 216, 1932-1941; Waudby-Smith & Ramdas (2024), JRSS-B 86(1), 1-27.
 * @example
 * ```ts
 * // 4 units drawn with probabilities 0.4, then 0.5, then 0.5, then 1 (the last one left)
 * const cs = weightedBettingCs(
 *   new Float64Array([1, 0, 0, 1]),
 *   new Float64Array([0.4, 0.5, 0.5, 1]),
 *   new Float64Array([0.2, 0.25, 0.5, 1]),
 *   4,
 * );
 * cs.upper; // Float64Array [1, 0.75, 0.5, 0.5]
 * cs.lower; // Float64Array [0.25, 0.25, 0.25, 0.5]
 * ```
 */
export function weightedBettingCs(
  y: ArrayLike<number | boolean>,
  q: ArrayLike<number>,
  qMin: ArrayLike<number>,
  N: number,
  options?: WeightedBettingCsOptions,
): ConfidenceSequence {
  const fn = "weightedBettingCs";
  const y64 = toFloat64Array(fn, "y", y, { booleans: true, min: 0, max: 1 });
  const q64 = toFloat64Array(fn, "q", q);
  const qMin64 = toFloat64Array(fn, "qMin", qMin);
  checkSameLength(fn, "y", y64, "q", q64);
  checkSameLength(fn, "y", y64, "qMin", qMin64);
  checkPopulationSize(fn, N, y64.length, false);
  for (let t = 0; t < q64.length; t++) {
    const v = q64[t] as number;
    if (!(v > 0 && v <= 1)) fail(fn, `q[${t}] must lie in (0, 1]`, v);
    const m = qMin64[t] as number;
    // the smallest of N - t probabilities summing to 1 is at most 1 / (N - t)
    const cap = Math.min(v, 1 / (N - t));
    if (!(m > 0 && m <= cap * (1 + 1e-12))) {
      fail(fn, `qMin[${t}] must lie in (0, min(q[${t}], 1 / ${N - t})]`, m);
    }
  }
  checkOptions(fn, options, KEYS);
  const level = readLevel(fn, options?.level);
  const grid = readGrid(fn, options?.grid);
  const truncation = readTruncation(fn, options?.truncation);
  const sequence = weightedSequence(N, 1 - level, grid, truncation);
  const lower = new Float64Array(y64.length);
  const upper = new Float64Array(y64.length);
  for (let t = 0; t < y64.length; t++) {
    sequence.step(
      y64[t] as number,
      q64[t] as number,
      Math.min(qMin64[t] as number, q64[t] as number),
    );
    lower[t] = sequence.lower();
    upper[t] = sequence.upper();
  }
  return {
    lower,
    upper,
    level,
    method: `weighted betting (hedged, without replacement, N = ${N}, grid ${grid}, truncation ${truncation})`,
  };
}
