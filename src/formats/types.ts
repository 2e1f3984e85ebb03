/**
 * Per-item results of one or more runs of an evaluation harness: a runs x
 * items table in the harness's own polarity, **1 = correct** (resolved,
 * passed), row-major.
 *
 * It has the shape of `Outcomes` (`evalsift/subset`: `runs`, `items`, `data`
 * with 1 = resolved), so a `HarnessRuns` is accepted wherever `Outcomes` is.
 * The TCS label convention is the opposite (1 = failure): take labels for a
 * strategy from {@link failureLabels}, never from `data` directly.
 */
export type HarnessRuns = {
  /** Run names (a model, a provider, a submission), distinct, in input order. */
  readonly runs: readonly string[];
  /** Item ids (`doc_id`, sample id, instance id, test index) as strings, distinct. */
  readonly items: readonly string[];
  /** `data[r * items.length + i]` is 1 when run r got item i right, else 0. */
  readonly data: Uint8Array;
  /**
   * The harness's own per-item score, same layout as `data`: the metric value
   * (lm-eval), the reduced score (Inspect), `score` (promptfoo), or the 0/1
   * outcome itself where the harness records nothing finer (SWE-bench).
   */
  readonly scores: Float64Array;
};
