import type { Estimate } from "../../estimate/confidenceInterval.js";

/**
 * The item response model: `"rasch"` (one-parameter logistic, every
 * discrimination fixed at 1) or `"2pl"` (two-parameter logistic, one
 * discrimination per item).
 */
export type IrtModelName = "rasch" | "2pl";

/**
 * Calibrated items of a logistic item response model: the probability that a
 * run of ability theta resolves item i is
 * `P_i(theta) = 1 / (1 + exp(-a[i] * (theta - b[i])))`.
 *
 * {@link fitIrt} returns one (as part of its {@link IrtModel}); parameters from
 * elsewhere (e.g. `mirt` with the IRT parameterisation) fit the same shape.
 */
export type IrtItems = {
  /** The model the parameters belong to (for a Rasch model every `a[i]` is 1). */
  readonly model: IrtModelName;
  /** Discrimination a_i of every item, in (0, 1e100]. */
  readonly a: Float64Array;
  /** Difficulty b_i of every item (the ability at which P_i = 1/2), |b_i| <= 1e100. */
  readonly b: Float64Array;
  /** Mean of the normal ability prior used for new runs, |thetaMean| <= 1e100. */
  readonly thetaMean: number;
  /** Standard deviation, in [1e-100, 1e100], of the normal ability prior used for new runs. */
  readonly thetaSd: number;
};

/**
 * An {@link Estimate} of a run's full-benchmark resolve rate that also
 * reports the run's estimated ability on the item model's scale.
 */
export type IrtEstimate = Estimate & {
  /** Point estimate of the run's ability (EAP or MAP, see `method`). */
  readonly theta: number;
  /** Posterior standard deviation of the ability (EAP) or its asymptotic standard error (MAP). */
  readonly thetaSd: number;
};
