import {
  checkChoice,
  checkNumber,
  checkOptions,
  fail,
  failType,
  optionKeys,
  toFloat64Array,
} from "../core/validate.js";

const KEYS = optionKeys<ToRiskOptions>()("floor");

/** Which end of a score is risky: `"higher"` (entropy, DeepGini, LSA, DSA, MDSA) or `"lower"` (confidence, margin). */
export type RiskOrientation = "higher" | "lower";

/** Options of {@link toRisk}. */
export type ToRiskOptions = {
  /**
   * Risk given to the safest unit, as a fraction of the largest shifted score.
   * With the default every unit keeps at least 5% of the riskiest unit's
   * shifted score, so a PPS design can still select it and no unit's
   * Horvitz-Thompson weight exceeds `(1 + floor) / floor` (21) times the
   * smallest weight. `0` lets the safest unit get zero risk.
   *
   * The default was chosen by the interval coverage it gives PPS designs:
   * docs/replication/deepsample.md, section "CI coverage".
   * @defaultValue {@link toRiskDefaults}`.floor` (0.05)
   */
  readonly floor?: number;
};

/**
 * The defaults of {@link toRisk}, read by the function, its documentation and
 * the CLI's `--floor` help.
 *
 * @example
 * ```ts
 * toRiskDefaults.floor; // 0.05
 * ```
 */
export const toRiskDefaults: Readonly<{ floor: number }> = Object.freeze({ floor: 0.05 });

/**
 * Turns a feature score into a non-negative risk where larger means riskier,
 * suitable as the size measure of a PPS design.
 *
 * Formula: the score is first measured from the safest unit of the set,
 * `d_i = s_i - min_j s_j` (`"higher"`) or `d_i = max_j s_j - s_i` (`"lower"`),
 * then `risk_i = d_i + floor * max_j d_j`. When all scores are equal every risk
 * is 1 (uniform). The shift makes the risk invariant to adding a constant to
 * the score, so LSA (a log-density, defined up to the log-determinant of the
 * activations' scale) gives the same risk whatever the activations' units.
 * For confidence (whose maximum is usually close to 1) this is close to the
 * `1 - confidence` used by DeepEST and DeepSample; the ranking is the same.
 * DeepSample's shipped LSA and DSA columns are min-max scaled to [0, 1]; with
 * `floor: 0` this risk equals that scaling times the score range, so PPS
 * designs (which only use ratios) select with the same probabilities.
 *
 * @param score - One score per unit (finite), e.g. from {@link confidence} or {@link lsa}.
 * @param orientation - `"higher"` when larger scores are riskier, `"lower"` when smaller are.
 * @param options - {@link ToRiskOptions}; `floor` defaults to `toRiskDefaults.floor`.
 * @returns Risk per unit, every value >= 0 (> 0 when `floor > 0`, unless
 *   `floor * (max - min)` underflows to 0); never ranks units in the other
 *   order than the score does (reversed for `"lower"`), but scores closer than
 *   the rounding of `floor * (max - min)` can come out tied (e.g. 0, 1e-20 and
 *   1e-18 next to 0.7 all get 0.035).
 * @throws {RangeError} If `score` is empty or holds a non-finite value, `floor` is negative or not finite,
 *   the risks would overflow, or `orientation` is a string other than `"higher"` / `"lower"`.
 * @throws {TypeError} If `score` is not a `Float64Array` or an array of numbers or `orientation` is not a
 *   string.
 * @see Guerriero, A. et al. (2024). DeepSample: DNN sampling-based testing for
 *   operational accuracy assessment. ICSE (auxiliary variables inverted into risk).
 * @example
 * ```ts
 * toRisk(new Float64Array([0.9, 0.6, 0.4]), "lower"); // Float64Array [0.025, 0.32500000000000007, 0.525]
 * toRisk(new Float64Array([2, 3, 6]), "higher", { floor: 0 }); // Float64Array [0, 1, 4]
 * ```
 */
export function toRisk(
  score: ArrayLike<number>,
  orientation: RiskOrientation,
  options?: ToRiskOptions,
): Float64Array {
  const fn = "toRisk";
  const score64 = toFloat64Array(fn, "score", score, { allowEmpty: false });
  if (typeof orientation !== "string")
    failType(fn, `orientation must be "higher" or "lower" (got ${typeof orientation})`);
  checkOptions(fn, options, KEYS);
  const { floor = toRiskDefaults.floor } = options ?? {};
  checkNumber(fn, "options.floor", floor, 0);
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < score64.length; i++) {
    const v = score64[i] as number;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const out = new Float64Array(score64.length);
  let sign: number;
  let origin: number;
  switch (orientation) {
    case "higher":
      sign = 1;
      origin = lo;
      break;
    case "lower":
      sign = -1;
      origin = hi;
      break;
    default:
      checkChoice(fn, "orientation", orientation, ["higher", "lower"] as const);
      return out;
  }
  const range = hi - lo;
  if (!(range > 0)) return out.fill(1);
  if (!Number.isFinite(range * (1 + floor)))
    fail(fn, `score range times (1 + floor) overflows (range ${range}, floor ${floor})`);
  const add = floor * range;
  for (let i = 0; i < score64.length; i++) out[i] = sign * ((score64[i] as number) - origin) + add;
  return out;
}
