import {
  asFloat64Array,
  checkFloat64Array,
  checkInteger,
  checkOptions,
  checkSameLength,
  fail,
  optionKeys,
  toFloat64Array,
  toInt32Array,
} from "../core/validate.js";
import { neymanAllocation } from "./neymanAllocation.js";

/** Options of {@link stratifiedPpiAllocation}. */
export type StratifiedPpiAllocationOptions = {
  /**
   * Anticipated SD of the residual `y - yhat` in every stratum (e.g. from a pilot
   * sample). Default: `sqrt(mean_h yhat (1 - yhat))`, the residual SD of a
   * calibrated probability of a 0/1 label (then `yhatUnlabeled` must lie in [0, 1]).
   */
  readonly residualSds?: ArrayLike<number>;
  /**
   * Labels every stratum receives first (capped at its size); 2 lets
   * `stratifiedPpiMean` estimate every stratum's variance.
   * @defaultValue stratifiedPpiAllocationDefaults.minPerStratum (2)
   */
  readonly minPerStratum?: number;
};

/** Defaults of {@link stratifiedPpiAllocation}'s options. */
export const stratifiedPpiAllocationDefaults = Object.freeze({ minPerStratum: 2 } as const);

const KEYS = optionKeys<StratifiedPpiAllocationOptions>()("residualSds", "minPerStratum");

/**
 * How many of `n` labels to spend in each stratum for `stratifiedPpiMean`:
 * Neyman allocation on the residual SDs, `n_h` proportional to `N_h sigma_h`
 * (Fisch et al. 2024, §4: with many unlabelled units the stratified PPI variance is
 * `sum_h w_h^2 sigma_h^2 / n_h`, smallest for that allocation).
 *
 * Algorithm: `N_h` is the number of unlabelled units in stratum h; `sigma_h` the
 * given `residualSds[h]`, or, for a predicted probability `f` of a 0/1 label,
 * `sqrt(mean_h f (1 - f))` (the residual variance of a calibrated predictor is
 * `f (1 - f)`). Then `neymanAllocation(N_h, sigma_h, n, { minPerStratum })`: integers
 * summing to n, at most `N_h` each.
 *
 * @param yhatUnlabeled - Predictions on the N unlabelled units (probabilities in [0, 1] unless `residualSds` is given).
 * @param strataUnlabeled - 0-based stratum of each unlabelled unit.
 * @param n - The label budget, an integer in [0, N].
 * @param options - See {@link StratifiedPpiAllocationOptions}.
 * @returns A new `Int32Array` of `n_h`, one per stratum (strata 0 to the largest id, or `residualSds.length`).
 * @throws {TypeError} If an array has the wrong type or `options` is not an object or has an unknown key.
 * @throws {RangeError} If a value is not finite, lengths differ, a stratum id is negative, a prediction
 *   lies outside [0, 1] without `residualSds`, a stratum id is not below N (or `residualSds.length`),
 *   `residualSds` is negative or shorter than the strata,
 *   `n` is not an integer in [0, N], or the minimums exceed `n`.
 * @see Fisch, A. et al. (2024). Stratified prediction-powered inference for effective hybrid evaluation of
 *   language models. NeurIPS 2024. Neyman, J. (1934), JRSS 97, 558-625.
 * @example
 * ```ts
 * // stratum 0: confident predictions (little residual), stratum 1: uncertain ones
 * const f = new Float64Array([0.02, 0.97, 0.01, 0.99, 0.5, 0.45, 0.6, 0.55]);
 * const h = new Int32Array([0, 0, 0, 0, 1, 1, 1, 1]);
 * stratifiedPpiAllocation(f, h, 6); // Int32Array [2, 4]
 * ```
 */
export function stratifiedPpiAllocation(
  yhatUnlabeled: ArrayLike<number>,
  strataUnlabeled: ArrayLike<number>,
  n: number,
  options: StratifiedPpiAllocationOptions = {},
): Int32Array {
  const fn = "stratifiedPpiAllocation";
  const yhatUnlabeled64 = toFloat64Array(fn, "yhatUnlabeled", yhatUnlabeled, { allowEmpty: false });
  const strataUnlabeled32 = toInt32Array(fn, "strataUnlabeled", strataUnlabeled, { min: 0 });
  checkSameLength(fn, "yhatUnlabeled", yhatUnlabeled64, "strataUnlabeled", strataUnlabeled32);
  checkInteger(fn, "n", n, 0, yhatUnlabeled64.length);
  checkOptions(fn, options, KEYS);
  const minPerStratum = options.minPerStratum ?? stratifiedPpiAllocationDefaults.minPerStratum;
  checkInteger(fn, "options.minPerStratum", minPerStratum);
  let H = 0;
  for (let k = 0; k < strataUnlabeled32.length; k++) {
    H = Math.max(H, (strataUnlabeled32[k] as number) + 1);
  }
  const given =
    options.residualSds === undefined
      ? undefined
      : asFloat64Array(fn, "options.residualSds", options.residualSds);
  if (given !== undefined) {
    checkFloat64Array(fn, "options.residualSds", given, { min: 0 });
    if (given.length < H) {
      fail(
        fn,
        `options.residualSds has ${given.length} strata but strataUnlabeled holds stratum id ${H - 1}`,
      );
    }
    H = given.length;
  } else {
    checkFloat64Array(fn, "yhatUnlabeled", yhatUnlabeled64, { min: 0, max: 1 });
    // bounds the per-stratum arrays by the data's size (a stray id of 2^31 would allocate 2^31)
    if (H > yhatUnlabeled64.length) {
      fail(
        fn,
        `strataUnlabeled holds stratum id ${H - 1}: stratum ids must be below the number of units (${yhatUnlabeled64.length}); number the strata 0, 1, 2, ...`,
      );
    }
  }
  const sizes = new Int32Array(H);
  const spread = new Float64Array(H);
  for (let k = 0; k < strataUnlabeled32.length; k++) {
    const h = strataUnlabeled32[k] as number;
    const f = yhatUnlabeled64[k] as number;
    sizes[h]++;
    spread[h] = (spread[h] as number) + f * (1 - f);
  }
  const sds =
    given ??
    spread.map((s, h) => ((sizes[h] as number) > 0 ? Math.sqrt(s / (sizes[h] as number)) : 0));
  let reserved = 0;
  for (let h = 0; h < H; h++) reserved += Math.min(minPerStratum, sizes[h] as number);
  if (reserved > n) {
    fail(
      fn,
      `n is smaller than the ${reserved} labels that minPerStratum = ${minPerStratum} reserves`,
      n,
    );
  }
  return neymanAllocation(sizes, sds, n, { minPerStratum });
}
