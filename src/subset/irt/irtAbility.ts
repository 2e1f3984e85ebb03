import type { Plain } from "../../core/toPlain.js";
import { asBinary, asInt32Array, optionKeys } from "../../core/validate.js";
import { abilityPosterior, checkObserved, checkPredictOptions, readItems } from "./_internal.js";
import type { IrtItems } from "./types.js";

const KEYS = optionKeys<IrtAbilityOptions>()("ability", "grid");

/** Options of {@link irtAbility}. */
export type IrtAbilityOptions = {
  /** `"eap"` (posterior mean) or `"map"` (posterior mode). @defaultValue `"eap"` */
  readonly ability?: "eap" | "map";
  /** Number of quadrature nodes for EAP (integer >= 3), spread evenly over the posterior mode +- 10 Laplace sd. @defaultValue 41 */
  readonly grid?: number;
};

/** Result of {@link irtAbility}. */
export type IrtAbilityResult = {
  /** The ability estimate. */
  readonly theta: number;
  /** Posterior standard deviation (EAP) or asymptotic standard error 1 / sqrt(I(theta) + 1 / thetaSd^2) (MAP). */
  readonly sd: number;
  /** `"eap"` or `"map"`. */
  readonly method: "eap" | "map";
  /** Number of observed items used. */
  readonly n: number;
};

/**
 * Estimates a new run's ability from its outcomes on some items, the item
 * parameters held fixed.
 *
 * Posterior: N(thetaMean, thetaSd^2) prior times the likelihood
 * prod_t P_t(theta)^y_t (1 - P_t(theta))^(1 - y_t) over the observed items.
 * EAP = posterior mean by rectangle quadrature on `grid` nodes spread evenly
 * over the posterior mode +- 10 sd of its Laplace approximation, with the
 * posterior sd; MAP = posterior mode by
 * Newton-Raphson (the log posterior is strictly concave) with the standard
 * error from the test information plus the prior precision. Both exist for
 * all-0 and all-1 patterns and for no observed item (then the prior).
 *
 * @param items - Calibrated items, e.g. from {@link fitIrt} (also read back from JSON: plain `a` / `b` arrays).
 * @param observed - Indices of the items the run was scored on, distinct.
 * @param responses - The run's 0/1 outcome on each observed item, aligned with `observed`.
 * @param options - `ability` ("eap"), `grid` (41).
 * @returns The ability estimate and its uncertainty.
 * @throws {TypeError} If `items` is malformed, `observed` is not an `Int32Array` or an array of integers,
 *   `responses` not a Uint8Array, or `options` not an object.
 * @throws {RangeError} If an item parameter is out of range (a not in (0, 1e100], |b| or |thetaMean| above
 *   1e100, thetaSd not in [1e-100, 1e100]; wider values overflow the likelihood), `observed` repeats or
 *   leaves [0, N), the lengths differ, a response is not 0/1, `ability` is unknown, or `grid` is not an
 *   integer >= 3.
 * @see Bock, R. D. & Mislevy, R. J. (1982). Adaptive EAP estimation of ability in a microcomputer environment. Applied Psychological Measurement 6(4), 431-444.
 * @see R `mirt::fscores(fit, method = "EAP")`.
 * @example
 * ```ts
 * const items = { model: "rasch", a: new Float64Array([1, 1, 1]), b: new Float64Array([-1, 0, 1]), thetaMean: 0, thetaSd: 1 } as const;
 * irtAbility(items, Int32Array.of(0, 2), Uint8Array.of(1, 0), { ability: "map" });
 * // { theta: 0, sd: 0.8472070230345007, method: "map", n: 2 }
 * // (symmetric pattern; sd = 1 / sqrt(2 * 0.1966 + 1), P = 1 / (1 + e^-1) at both items)
 * ```
 */
export function irtAbility(
  items: IrtItems | Plain<IrtItems>,
  observed: ArrayLike<number>,
  responses: ArrayLike<number | boolean>,
  options: IrtAbilityOptions = {},
): IrtAbilityResult {
  const fn = "irtAbility";
  const observed32 = asInt32Array(fn, "observed", observed);
  const responses01 = asBinary(fn, "responses", responses);
  items = readItems(fn, items);
  checkObserved(fn, items.a.length, observed32, responses01);
  const { ability, grid } = checkPredictOptions(fn, options, KEYS);
  const post = abilityPosterior(items, observed32, responses01, ability, grid);
  return { theta: post.theta, sd: post.sd, method: ability, n: observed32.length };
}
