import type { Plain } from "../core/toPlain.js";
import {
  asFloat64Array,
  checkLevel,
  checkSameLength,
  fail,
  failType,
  optionKeys,
} from "../core/validate.js";
import { checkRule, ruleFires, type StoppingRule, thresholdSide } from "./_stoppingRule.js";
import type { ConfidenceSequence } from "./confidenceSequence.js";

export type { StoppingRule } from "./_stoppingRule.js";

const RULE_KEYS = optionKeys<StoppingRule>()("halfWidth", "threshold");

/** What {@link stoppingTime} returns. */
export type StoppingDecision = {
  /** Number of labels at the stop: the first t at which the rule fired, or the last t if it never did. */
  readonly t: number;
  /** Whether the rule fired (false: the labels ran out first). */
  readonly stopped: boolean;
  /** Why it stopped: `"threshold"` (the interval excludes the threshold; checked first), `"halfWidth"`, or `"none"`. */
  readonly reason: "threshold" | "halfWidth" | "none";
  /**
   * With a threshold: `"below"` when the whole interval lies below it (the
   * mean is below the threshold), `"above"` when above, else `"undecided"`.
   */
  readonly decision: "below" | "above" | "undecided";
  /** The interval at t. */
  readonly lower: number;
  /** The interval at t. */
  readonly upper: number;
};

/**
 * The first time a confidence sequence satisfies a stopping rule, and the
 * decision it supports: stop once the interval is narrow enough
 * (`halfWidth`), or once it excludes a threshold (`threshold`, e.g. "is the
 * failure rate below 2%?"), whichever comes first.
 *
 * Guarantee: a confidence sequence at level 1 - alpha satisfies
 * `P(exists t : mean outside [lower_t, upper_t]) <= alpha`, so for ANY stopping
 * time chosen from the data (this rule, or a person who looks after every
 * label), the interval at that time covers the mean with probability at least
 * 1 - alpha, and a threshold decision ("below"/"above") is wrong with
 * probability at most alpha. A fixed-n confidence interval gives neither once
 * it is peeked at: recomputing it after every label and stopping when it looks
 * good inflates its error (see docs/replication/sequential.md).
 *
 * @param cs - A confidence sequence (e.g. from `hypergeometricCs`, `bettingCs`, `weightedBettingCs`) with at least one interval; plain `lower` / `upper` arrays (a sequence read back from JSON) are accepted.
 * @param rule - `{ halfWidth }` (> 0), `{ threshold }` (finite), or both.
 * @returns `{ t, stopped, reason, decision, lower, upper }`, see {@link StoppingDecision}.
 * @throws {TypeError} If `cs` has no `lower`/`upper` `Float64Array`s, `rule` is not an object setting
 *   `halfWidth` or `threshold`, or `rule` has another key (`stoppingTime: unknown key
 *   "rule.treshold" (did you mean "threshold"?); ...`).
 * @throws {RangeError} If `cs` is empty, its bounds differ in length or hold a NaN, its `level` (when given)
 *   is not in (0, 1), `halfWidth` is not positive and finite, or `threshold` not finite.
 * @see Howard, S. R., Ramdas, A., McAuliffe, J. & Sekhon, J. (2021). Time-uniform, nonparametric, nonasymptotic confidence sequences. Ann. Statist. 49(2), 1055-1080 (validity at stopping times, Lemma 3).
 * @example
 * ```ts
 * const cs = { lower: new Float64Array([0, 0, 0.01]), upper: new Float64Array([0.5, 0.03, 0.019]), level: 0.95, method: "demo" };
 * stoppingTime(cs, { threshold: 0.02 }); // { t: 3, stopped: true, reason: "threshold", decision: "below", lower: 0.01, upper: 0.019 }
 * stoppingTime(cs, { halfWidth: 0.02 }).t; // 2
 * ```
 */
export function stoppingTime(
  cs: ConfidenceSequence | Plain<ConfidenceSequence>,
  rule: StoppingRule,
): StoppingDecision {
  const fn = "stoppingTime";
  const raw = (cs ?? {}) as Partial<Plain<ConfidenceSequence>>;
  // plain lower / upper arrays: a sequence read back from JSON (see toPlain)
  const lower = Array.isArray(raw.lower) ? asFloat64Array(fn, "cs.lower", raw.lower) : raw.lower;
  const upper = Array.isArray(raw.upper) ? asFloat64Array(fn, "cs.upper", raw.upper) : raw.upper;
  if (!(lower instanceof Float64Array) || !(upper instanceof Float64Array)) {
    failType(fn, "cs must be a confidence sequence with lower and upper Float64Arrays");
  }
  checkSameLength(fn, "cs.lower", lower, "cs.upper", upper);
  if (lower.length === 0) fail(fn, "cs is empty (no labels)");
  for (let t = 0; t < lower.length; t++) {
    // a NaN bound would never fire the rule and pass unnoticed; +-Infinity (no bound yet) is fine
    if (Number.isNaN(lower[t] as number)) fail(fn, `cs.lower[${t}] is NaN`, lower[t]);
    if (Number.isNaN(upper[t] as number)) fail(fn, `cs.upper[${t}] is NaN`, upper[t]);
    // crossed bounds are no interval: the rule would read them as a stop or a decision
    if ((lower[t] as number) > (upper[t] as number))
      fail(fn, `cs.lower[${t}] (${lower[t]}) is above cs.upper[${t}] (${upper[t]})`);
  }
  // the level the guarantee holds at: a NaN or an infinity there is no confidence sequence
  // (absent: bounds built by hand, without a level)
  if (raw.level !== undefined) checkLevel(fn, raw.level, "cs.level");
  const r = checkRule(fn, "rule", rule, RULE_KEYS);
  let t = 0;
  while (t < lower.length - 1 && !ruleFires(lower[t] as number, upper[t] as number, r)) t++;
  const lo = lower[t] as number;
  const hi = upper[t] as number;
  const decision = thresholdSide(lo, hi, r.threshold);
  const stopped = ruleFires(lo, hi, r);
  const reason = decision !== "undecided" ? "threshold" : stopped ? "halfWidth" : "none";
  return { t: t + 1, stopped, reason, decision, lower: lo, upper: hi };
}
