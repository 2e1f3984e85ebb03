import type { StrategyOptions } from "./types.js";

/**
 * The `sequential` option of `srsStrategy`, `supsStrategy` and
 * `sequentialPpsStrategy`: label one unit at a time, update an anytime-valid
 * confidence sequence after every label, and stop as soon as the rule fires
 * (the strategy's `budget` is then the most labels it may use).
 */
export type SequentialRule = {
  /** Stop at the first t with `(upper - lower) / 2 <= halfWidth` (> 0). */
  readonly halfWidth?: number;
  /** Stop at the first t whose interval excludes this value (e.g. 0.02: "is the failure rate below 2%?"). */
  readonly threshold?: number;
  /**
   * Labels taken before the rule is first checked, an integer in [2, budget]
   * (two labels give the variance in the returned Estimate). Stopping later
   * never harms the guarantee.
   * @defaultValue 2
   */
  readonly minLabels?: number;
  /**
   * `srsStrategy` only: `"betting"` (hedged betting without replacement,
   * `bettingCs`; any label in [0, 1]) or `"hypergeometric"` (prior-posterior
   * ratio, `hypergeometricCs`; 0/1 labels only). The other strategies accept
   * only `"betting"`.
   * @defaultValue "betting"
   */
  readonly cs?: "betting" | "hypergeometric";
};

/** Options of the strategies with a sequential mode. */
export type SequentialOptions = StrategyOptions & {
  /** Turns on sequential labelling with this stopping rule (needs `halfWidth` and/or `threshold`). */
  readonly sequential?: SequentialRule;
};
