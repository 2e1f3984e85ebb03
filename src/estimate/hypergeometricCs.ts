import { checkOptions, optionKeys, toBinary } from "../core/validate.js";
import { hypergeometricEngine } from "./_hypergeometricEngine.js";
import { readLevel } from "./_internal.js";
import { checkPopulationSize, hypergeometricMethod, readPrior } from "./_sequenceChecks.js";
import type { ConfidenceSequence } from "./confidenceSequence.js";

/** Options of {@link hypergeometricCs}. */
export type HypergeometricCsOptions = {
  /** Confidence level in (0, 1). @defaultValue `intervalDefaults.level` (0.95) */
  readonly level?: number;
  /**
   * Beta-binomial prior `(a, b)` on the count of ones M, both positive. The
   * guarantee holds for every prior; the prior only moves where the sequence
   * is tight. The default `(1, 1)` is uniform over M in {0..N}: it favours no
   * failure rate, so the intervals are not pulled toward a guess.
   * @defaultValue { a: 1, b: 1 }
   */
  readonly prior?: { readonly a?: number; readonly b?: number };
};

const KEYS = optionKeys<HypergeometricCsOptions>()("level", "prior");

/**
 * Anytime-valid confidence sequence for the mean of a finite 0/1 population
 * (e.g. a failure rate) from units drawn one at a time by simple random
 * sampling WITHOUT replacement: the prior-posterior-ratio martingale of
 * Waudby-Smith & Ramdas (2020).
 *
 * Algorithm: for every candidate count m in {0..N} the ratio
 * `R_t(m) = pi_0(m) / pi_t(m)` of a beta-binomial(N, a, b) prior to its
 * posterior after t draws is a non-negative martingale with mean 1 when m is
 * the true count M, so by Ville's inequality
 * `P(exists t : R_t(M) >= 1 / alpha) <= alpha`, alpha = 1 - level. The
 * sequence is `{ m : R_t(m) < 1 / alpha } / N`, intersected over time (so
 * `lower` never decreases and `upper` never increases), reported as bounds on
 * the mean M / N. It uses the finite population: values that the draws so far
 * rule out (fewer ones than seen, more than the unseen units can hold) are
 * excluded, and after all N draws the interval is the true mean itself.
 * `R_t(m) = P(x_1..x_t) / L_t(m)` is computed in closed form (`L_t` from log
 * factorials, the marginal as a Polya-urn product), and since `log L_t` is
 * concave in m the set is an interval found by binary search: O(N) set-up,
 * O(log N) per draw. If the running intersection would become empty (which
 * can only happen after the truth was excluded) the bounds stay at their last
 * values.
 *
 * @param y - The 0/1 labels in draw order (0/1 numbers or booleans: a `number[]`, `boolean[]` or any typed array).
 * @param N - Population size, an integer at least `y.length`.
 * @param options - `level` (default 0.95), `prior` (default `{ a: 1, b: 1 }`).
 * @returns The running sequence `{ lower, upper, level, method }` for t = 1..n, see {@link ConfidenceSequence}.
 * @throws {TypeError} If `y` is not an array of numbers or booleans, `N` not a number, `options` not an
 *   object or has an unknown key, or `options.prior` has a key other than `a` and `b`
 *   (`hypergeometricCs: unknown key "options.prior.bb" (did you mean "b"?); valid keys of
 *   options.prior: a, b`).
 * @throws {RangeError} If `y` holds a value other than 0 or 1, `N` is not an integer at least `y.length`,
 *   `level` is not in (0, 1) or a prior parameter is not positive and finite.
 * @see Waudby-Smith, I. & Ramdas, A. (2020). Confidence sequences for sampling without replacement. NeurIPS 33, section 2 (prior-posterior martingales); Ville, J. (1939). Étude critique de la notion de collectif.
 * @example
 * ```ts
 * const y = new Uint8Array([0, 0, 1, 0, 0, 0, 0, 0, 0, 0]);
 * const cs = hypergeometricCs(y, 20);
 * cs.lower; // Float64Array [0, 0, 0.05, 0.05, 0.05, 0.05, 0.05, 0.05, 0.05, 0.05]
 * cs.upper; // Float64Array [0.95, 0.8, 0.8, 0.8, 0.7, 0.6, 0.55, 0.5, 0.45, 0.4]
 * // all 4 units drawn: the interval is the true mean
 * hypergeometricCs(new Uint8Array([1, 0, 1, 1]), 4).lower[3]; // 0.75
 * ```
 */
export function hypergeometricCs(
  y: ArrayLike<number | boolean>,
  N: number,
  options?: HypergeometricCsOptions,
): ConfidenceSequence {
  const fn = "hypergeometricCs";
  const y01 = toBinary(fn, "y", y);
  checkPopulationSize(fn, N, y01.length, false);
  checkOptions(fn, options, KEYS);
  const level = readLevel(fn, options?.level);
  const { a, b } = readPrior(fn, options?.prior);
  const engine = hypergeometricEngine(N, 1 - level, a, b);
  const lower = new Float64Array(y01.length);
  const upper = new Float64Array(y01.length);
  for (let t = 0; t < y01.length; t++) {
    engine.step(y01[t] as number);
    lower[t] = engine.lower() / N;
    upper[t] = engine.upper() / N;
  }
  return { lower, upper, level, method: hypergeometricMethod(a, b) };
}
