import {
  checkNumber,
  checkOptions,
  fail,
  failType,
  optionKeys,
  toFloat64Array,
} from "../core/validate.js";
import { iidSequence, withoutReplacementSequence } from "./_boundedSequences.js";
import { readLevel } from "./_internal.js";
import { checkPopulationSize, readGrid, readTruncation } from "./_sequenceChecks.js";
import type { ConfidenceSequence } from "./confidenceSequence.js";

/** Options of {@link bettingCs}. */
export type BettingCsOptions = {
  /** Confidence level in (0, 1). @defaultValue `intervalDefaults.level` (0.95) */
  readonly level?: number;
  /** Known bounds `[lo, hi]` (lo < hi, finite) of every y. @defaultValue [0, 1] */
  readonly range?: readonly [number, number];
  /**
   * Number of grid intervals G over the range (an integer in [2, 1e6]): the
   * capital is computed at the candidate means `lo + j (hi - lo) / G`. The
   * bounds are the outermost REJECTED grid points, so the reported interval
   * contains the exact one and is at most one grid step wider on each side.
   * @defaultValue 1000 (resolution 1e-3 of the range)
   */
  readonly grid?: number;
  /** Truncation c in (0, 1) of the bets: every capital factor stays at least 1 - c. @defaultValue 0.5 */
  readonly truncation?: number;
};

const KEYS = optionKeys<BettingCsOptions>()("level", "range", "grid", "truncation");

/**
 * Anytime-valid confidence sequence for the mean of bounded y by betting: the
 * hedged capital process of Waudby-Smith & Ramdas (2024), for iid draws
 * (`N = Infinity`, e.g. sampling with replacement) or for simple random
 * sampling WITHOUT replacement from N units (WSR 2020).
 *
 * Algorithm: for a candidate mean m a gambler bets `l+_t` on y_t exceeding its
 * conditional mean `c_t(m)` and another `l-_t` on it falling short:
 * `K+_t(m) = prod (1 + l+_i (y_i - c_i(m)))`, `K-_t(m) = prod (1 - l-_i (y_i - c_i(m)))`.
 * Under the true mean both are non-negative martingales, so by Ville's
 * inequality their average exceeds 1 / alpha at some t with probability at
 * most alpha = 1 - level; the sequence is the set of m with
 * `max(K+, K-) < 2 / alpha`, intersected over time. iid: `c_t(m) = m`.
 * Without replacement the mean of the units left shifts with what was drawn:
 * `c_t(m) = (N m - S_{t-1}) / (N - t + 1)`, S the running sum, and the bounds
 * also respect what the undrawn units can contribute (after N draws the
 * interval is the true mean). Bets: the predictable plug-in of WSR (2024,
 * eq. 26), `l_t = sqrt(2 log(2 / alpha) / (s2_{t-1} t log(1 + t)))` with a
 * running variance s2 (prior 1/4), truncated to `c / c_t` and `c / (1 - c_t)`
 * (c = `truncation`). The capital is computed on a grid of G + 1 candidate
 * means; K+ decreases and K- increases in m, so reporting the outermost
 * rejected grid points is conservative by construction. O(G) work per label
 * (less once the interval has narrowed: rejected grid points are skipped).
 *
 * @param y - The labels in draw order, each in `options.range`.
 * @param N - Population size (an integer at least `y.length`) for sampling without replacement, or `Infinity` for iid draws.
 * @param options - `level` (0.95), `range` ([0, 1]), `grid` (1000), `truncation` (0.5).
 * @returns The running sequence `{ lower, upper, level, method }` for t = 1..n, see {@link ConfidenceSequence}.
 * @throws {TypeError} If `y` is not a `Float64Array` or an array of numbers, `N` not a number, `options` not
 *   an object or `range` not a pair of numbers.
 * @throws {RangeError} If `y` holds a value outside the range (or not finite), `N` is neither Infinity nor an
 *   integer at least `y.length`, `level` is not in (0, 1), `range` is not finite with lo < hi, `grid` is not
 *   an integer in [2, 1e6] or `truncation` not in (0, 1).
 * @see Waudby-Smith, I. & Ramdas, A. (2024). Estimating means of bounded random variables by betting. JRSS-B 86(1), 1-27, sections 4-5; Waudby-Smith, I. & Ramdas, A. (2020). Confidence sequences for sampling without replacement. NeurIPS 33, section 3.
 * @example
 * ```ts
 * const y = new Float64Array([0.25, 0.5, 0, 0.25, 0.75, 0.25, 0.5, 0.5]);
 * const iid = bettingCs(y, Infinity);
 * [iid.lower[7], iid.upper[7]]; // [0.128, 0.725]
 * // 8 of 10 units drawn: the 2 left can move the mean by at most 0.2
 * const wor = bettingCs(y, 10);
 * [wor.lower[7], wor.upper[7]]; // [0.3, 0.5]
 * ```
 */
export function bettingCs(
  y: ArrayLike<number | boolean>,
  N: number,
  options?: BettingCsOptions,
): ConfidenceSequence {
  const fn = "bettingCs";
  const y64 = toFloat64Array(fn, "y", y, { booleans: true });
  const finite = checkPopulationSize(fn, N, y64.length, true) !== Number.POSITIVE_INFINITY;
  checkOptions(fn, options, KEYS);
  const level = readLevel(fn, options?.level);
  const [lo, hi] = readRange(fn, options?.range);
  const grid = readGrid(fn, options?.grid);
  const truncation = readTruncation(fn, options?.truncation);
  for (let i = 0; i < y64.length; i++) {
    const v = y64[i] as number;
    if (!(v >= lo && v <= hi)) fail(fn, `y[${i}] must lie in the range [${lo}, ${hi}]`, v);
  }
  const alpha = 1 - level;
  const sequence = finite
    ? withoutReplacementSequence(N, alpha, grid, truncation)
    : iidSequence(alpha, grid, truncation, 1);
  const width = hi - lo;
  const lower = new Float64Array(y64.length);
  const upper = new Float64Array(y64.length);
  for (let t = 0; t < y64.length; t++) {
    // clamp: (y - lo) / width can round a hair outside [0, 1]
    sequence.step(Math.min(1, Math.max(0, ((y64[t] as number) - lo) / width)));
    lower[t] = lo + width * sequence.lower();
    upper[t] = lo + width * sequence.upper();
  }
  const design = finite ? `without replacement, N = ${N}` : "iid";
  return {
    lower,
    upper,
    level,
    method: `betting (hedged, ${design}, grid ${grid}, truncation ${truncation})`,
  };
}

function readRange(fn: string, range: unknown): [number, number] {
  if (range === undefined) return [0, 1];
  if (!Array.isArray(range) || range.length !== 2) {
    failType(fn, "options.range must be a pair [lo, hi] of numbers");
  }
  const [lo, hi] = range as [unknown, unknown];
  checkNumber(fn, "options.range[0]", lo);
  checkNumber(fn, "options.range[1]", hi);
  if (!(lo < hi)) fail(fn, `options.range must have lo < hi (got [${lo}, ${hi}])`);
  // the sequence works on (y - lo) / (hi - lo): a width beyond the largest double made every bound NaN
  if (!Number.isFinite(hi - lo))
    fail(fn, `options.range is too wide: hi - lo overflows (got [${lo}, ${hi}]); rescale y`);
  return [lo, hi];
}
