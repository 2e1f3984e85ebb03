import { checkPikSum } from "../core/checkIntegerSum.js";
import type { Rng } from "../core/rng.js";
import {
  asFloat64Array,
  checkNumber,
  checkOptions,
  checkRng,
  fail,
  optionKeys,
} from "../core/validate.js";

const KEYS = optionKeys<PivotalOptions>()("eps");

const FN = "pivotal";

/** Options of {@link pivotal}. */
export type PivotalOptions = {
  /**
   * Units whose probability (initial or after a duel) is below `eps` are
   * decided as not selected, and above `1 - eps` as selected, as in R's
   * `UPpivotal`. Must lie in [0, 0.5).
   * @defaultValue 1e-6
   */
  readonly eps?: number;
};

/**
 * Deville–Tillé ordered pivotal method: a fixed-size design with inclusion
 * probabilities pik, in which units are settled by successive duels in the
 * given order.
 *
 * Algorithm: the units with eps <= pik <= 1 - eps duel in order; the others
 * are decided up front (below eps: out, above 1 - eps: in). A duel between
 * the carried unit (probability a) and the next unit (probability b) uses one
 * uniform u. If a + b > 1, one of them becomes 1 and the other keeps
 * a + b - 1: the carried unit gets 1 when u < (1 - b) / (2 - a - b).
 * Otherwise one becomes 0 and the other keeps a + b: the next unit keeps it
 * when u < b / (a + b). Whichever unit ends below eps or above 1 - eps is
 * settled (out or in) and the other is carried into the next duel. This is
 * R's `sampling::UPpivotal` duel for duel, so the joint inclusion
 * probabilities are the same as R's; each duel keeps E[a] and E[b], so every
 * unit is drawn with probability pik. O(N) time, one uniform per duel, no
 * allocation in the loop.
 *
 * sum(pik) must be an integer n (within min(1e-4, 1e-9 * max(1, N))); the
 * unit left at the end, whose probability is then 0 or 1 up to rounding, is
 * settled by rounding. R instead returns that probability unrounded. Each
 * unit settled by `eps` moves the total by less than eps, so the sample size
 * is n unless about 1 / (2 eps) units are settled that way.
 *
 * @param pik - Inclusion probabilities in [0, 1] summing to the sample size n
 *   (e.g. from {@link inclusionProbabilities}); their order is the duel order.
 * @param rng - Uniform source in [0, 1), e.g. `createRng(seed)`.
 * @param options - See {@link PivotalOptions}; `eps` defaults to 1e-6.
 * @returns The selected 0-based unit indices, sorted ascending, length n (see above for
 *   the eps caveat).
 * @throws {TypeError} If `pik` is not a `Float64Array` or an array of numbers, `rng` is not a function or
 *   `options` is not an object.
 * @throws {RangeError} If `pik` is empty, holds a value outside [0, 1] or a
 *   non-finite value, or does not sum to an integer (the message names the fix:
 *   use `inclusionProbabilities(size, n)`); if `eps` is outside [0, 0.5); or if
 *   `rng` returns a value outside [0, 1).
 * @see R `sampling::UPpivotal`; Deville, J.-C. & Tillé, Y. (1998). Unequal probability sampling without replacement through a splitting method. Biometrika 85(1), 89-101.
 * @example
 * ```ts
 * pivotal(new Float64Array([0.2, 0.7, 0.8, 0.3]), createRng(1)); // Int32Array [1, 2]
 * ```
 */
export function pivotal(
  pik: ArrayLike<number>,
  rng: Rng,
  options: PivotalOptions = {},
): Int32Array {
  const pik64 = asFloat64Array(FN, "pik", pik);
  checkPikSum(FN, "pik", pik64);
  checkRng(FN, rng);
  checkOptions(FN, options, KEYS);
  const { eps = 1e-6 } = options;
  checkNumber(FN, "options.eps", eps, 0, 0.5, { upper: true });
  return pivotalDuels(pik64, rng, eps);
}

/**
 * The duels of {@link pivotal} on a checked `pik` (a `Float64Array` summing
 * to an integer, see `checkPikSum`) and a checked `eps`: the same sample for
 * the same rng. For callers that draw many samples on one `pik` and check it
 * once; an rng value outside [0, 1) throws naming `fn`.
 * @internal
 */
export function pivotalDuels(pik64: Float64Array, rng: Rng, eps: number, fn = FN): Int32Array {
  const N = pik64.length;
  // with eps = 0 the bounds still settle exact 0 and 1 (R would loop forever)
  const lo = eps > 0 ? eps : Number.MIN_VALUE;
  const hi = eps > 0 ? 1 - eps : 1 - 2 ** -53;
  // units settled as selected (each is settled once), sorted at the end
  const taken: number[] = [];
  let carried = -1;
  let a = 0;
  for (let j = 0; j < N; j++) {
    let b = pik64[j] as number;
    if (b < lo || b > hi) {
      if (b > hi) taken.push(j);
      continue;
    }
    if (carried < 0) {
      carried = j;
      a = b;
      continue;
    }
    const u = rng();
    if (!(u >= 0 && u < 1)) fail(fn, "rng returned a value outside [0, 1)", u);
    const s = a + b;
    if (s > 1) {
      if (u < (1 - b) / (2 - s)) {
        a = 1;
        b = s - 1;
      } else {
        a = s - 1;
        b = 1;
      }
    } else if (u < b / s) {
      a = 0;
      b = s;
    } else {
      a = s;
      b = 0;
    }
    // at least one of the two is now settled; the other is carried on
    if (a < lo || a > hi) {
      if (a > hi) taken.push(carried);
      if (b < lo || b > hi) {
        if (b > hi) taken.push(j);
        carried = -1;
      } else {
        carried = j;
        a = b;
      }
    } else if (b > hi) taken.push(j);
  }
  if (carried >= 0 && a >= 0.5) taken.push(carried);
  // the count is n unless eps-rounding drifted by half a unit in total, which
  // needs about 1 / (2 eps) near-boundary duels; then the sample says so by its length
  return Int32Array.from(taken).sort();
}
