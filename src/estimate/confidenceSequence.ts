/**
 * A running confidence sequence for a population mean: one interval per
 * label, valid simultaneously over time.
 *
 * `lower[t - 1]` and `upper[t - 1]` bound the mean after the first t labels,
 * with `P(for some t, the mean lies outside [lower[t - 1], upper[t - 1]]) <= 1 - level`.
 * Because the guarantee holds for all t at once, the interval at any
 * data-dependent stopping time (e.g. "stop when it is narrow enough", see
 * `stoppingTime`) still covers the mean with probability at least `level`,
 * which a fixed-n confidence interval recomputed after every label does not.
 * The bounds are running intersections: `lower` never decreases and `upper`
 * never increases.
 */
export type ConfidenceSequence = {
  /** Lower bound of the mean after t labels, at index t - 1 (non-decreasing in t). */
  readonly lower: Float64Array;
  /** Upper bound of the mean after t labels, at index t - 1 (non-increasing in t). */
  readonly upper: Float64Array;
  /** Confidence level, in (0, 1): the probability that every interval covers the mean is at least this. */
  readonly level: number;
  /** Name of the confidence sequence and its settings, e.g. `"hypergeometric prior-posterior ratio (beta-binomial 1, 1)"`. */
  readonly method: string;
};
