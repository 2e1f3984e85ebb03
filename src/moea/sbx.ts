import type { Rng } from "../core/rng.js";
import {
  asFloat64Array,
  checkNumber,
  checkOptions,
  checkRng,
  draw,
  fail,
  optionKeys,
} from "../core/validate.js";
import {
  type Bound,
  bound,
  boundAt,
  boundedCopy,
  CLOSED,
  largeBeta,
  powIndex,
} from "./_realCoded.js";

const KEYS = optionKeys<SbxOptions>()("low", "high", "eta", "probability");

/** Options of {@link sbx}. */
export type SbxOptions = {
  /** Lower bound, one for all variables or one per variable. Default 0. */
  readonly low?: number | ArrayLike<number>;
  /** Upper bound, one for all variables or one per variable. Default 1. */
  readonly high?: number | ArrayLike<number>;
  /** Distribution index eta_c (larger = children closer to the parents). Default 20. */
  readonly eta?: number;
  /** Probability that each variable is recombined. Default 0.5. */
  readonly probability?: number;
};

const NEAR_ONE_BELOW = 1 - 2 ** -50;
const NEAR_ONE_ABOVE = 1 + 2 ** -50;

/**
 * Bounded simulated binary crossover (SBX) of two real-valued parents.
 *
 * Algorithm (Deb & Agrawal 1995, bounded form of Deb's NSGA-II C code, same
 * as DEAP's `cxSimulatedBinaryBounded`): for each variable i, with
 * probability `probability` and when |a_i - b_i| > 1e-14, let y1 < y2 be the
 * parents' values and u uniform; for the lower child beta = 1 + 2 (y1 - low) /
 * (y2 - y1), alpha = 2 - beta^-(eta+1), beta_q = (u alpha)^(1/(eta+1)) if u <=
 * 1/alpha else (1 / (2 - u alpha))^(1/(eta+1)), c1 = (y1 + y2 - beta_q (y2 -
 * y1)) / 2; the upper child uses beta = 1 + 2 (high - y2) / (y2 - y1) and c2 =
 * (y1 + y2 + beta_q (y2 - y1)) / 2 with the same u; both are clipped to the
 * bounds, and with probability 1/2 they swap sides. Other variables are
 * copied. Random numbers are drawn in DEAP's order (one per variable, then u
 * and the swap coin for recombined ones), so the same uniform stream gives
 * DEAP's children to within rounding (a review fed 3,000 recorded streams
 * to DEAP: same draws, values within about 3e-14 relative; the powers are
 * computed as exp(log(x) / (eta + 1)), not Python's `**`).
 *
 * @param a - First parent.
 * @param b - Second parent (same length, within the bounds).
 * @param rng - Uniform random source.
 * @param options - Bounds (default [0, 1]), eta (default 20), per-variable probability (default 0.5).
 * @returns Two new children; the parents are not modified. Short children
 *   are views into a shared buffer (their `buffer` is larger than they are):
 *   copy one with `slice()` before transferring it to a worker.
 * @throws {TypeError} If a parent is not a `Float64Array` or an array of numbers or `rng` not a function.
 * @throws {RangeError} If lengths differ, the parents are empty (a genome needs at least one
 *   variable, as in {@link polynomialMutation}), a value lies outside its bounds, high - low
 *   overflows, low >= high, eta < 0 or probability outside [0, 1].
 * @see Deb, K., Agrawal, R. B. (1995). Simulated binary crossover for continuous
 *   search space. Complex Systems 9, 115-148.
 * @see DEAP `tools.cxSimulatedBinaryBounded`
 * @example
 * ```ts
 * const [c1, c2] = sbx(new Float64Array([0.2, 0.5]), new Float64Array([0.8, 0.5]), createRng(4));
 * c1; // Float64Array [0.7892670068606563, 0.5]
 * c2; // Float64Array [0.21073299313934368, 0.5]
 * ```
 */
export function sbx(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  rng: Rng,
  options: SbxOptions = {},
): [Float64Array, Float64Array] {
  const fn = "sbx";
  const a64 = asFloat64Array(fn, "a", a);
  const b64 = asFloat64Array(fn, "b", b);
  checkOptions(fn, options, KEYS);
  const { eta = 20, probability = 0.5 } = options;
  const low = bound(fn, "low", options.low ?? 0);
  const high = bound(fn, "high", options.high ?? 1);
  const c1 = boundedCopy(fn, "a", a64, low, high);
  const c2 = boundedCopy(fn, "b", b64, low, high);
  if (a64.length !== b64.length)
    fail(fn, `a and b lengths differ (${a64.length} vs ${b64.length})`);
  // as polynomialMutation: a genome of no variables is a caller's mistake,
  // and two empty "children" would come back as if recombined
  if (a64.length === 0) fail(fn, "a and b are empty: a genome needs at least one variable");
  checkRng(fn, rng);
  checkNumber(fn, "eta", eta, 0, Number.POSITIVE_INFINITY, CLOSED);
  checkNumber(fn, "probability", probability, 0, 1, CLOSED);
  recombine(a64, b64, c1, c2, rng, low, high, eta, probability);
  return [c1, c2];
}

/**
 * The SBX loop over validated inputs, writing the recombined variables into
 * the copies c1 and c2. A function of its own so that V8 inlines the random
 * draws and powers into it (inlined into the validating caller, they were
 * called, and every double they returned was boxed).
 */
function recombine(
  a: Float64Array,
  b: Float64Array,
  c1: Float64Array,
  c2: Float64Array,
  rng: Rng,
  low: Bound,
  high: Bound,
  eta: number,
  probability: number,
): void {
  const fn = "sbx";
  const n = a.length;
  const e1 = eta + 1;
  const inv = 1 / e1;
  const large = largeBeta(e1);
  const scalar = typeof low === "number" && typeof high === "number";
  for (let i = 0; i < n; i++) {
    if (!(draw(fn, rng) <= probability)) continue;
    const ai = a[i] as number;
    const bi = b[i] as number;
    if (!(Math.abs(ai - bi) > 1e-14)) continue;
    const y1 = Math.min(ai, bi);
    const y2 = Math.max(ai, bi);
    const xl = scalar ? (low as number) : boundAt(low, i);
    const xu = scalar ? (high as number) : boundAt(high, i);
    const u = draw(fn, rng);
    const span = y2 - y1;
    // alpha = 2 - beta^-(eta+1) rounds to exactly 2 once beta^(eta+1) >= 2^53
    // (most upper children, many lower ones), so the power is skipped there.
    const beta1 = 1 + (2 * (y1 - xl)) / span;
    const alpha1 = beta1 >= large ? 2 : 2 - 1 / powIndex(beta1, e1);
    const beta2 = 1 + (2 * (xu - y2)) / span;
    const alpha2 = beta2 >= large ? 2 : 2 - 1 / powIndex(beta2, e1);
    // beta_q = x^(1/(eta+1)) with x = u alpha if u <= 1/alpha, else
    // 1 / (2 - u alpha). Unless u alpha is within 2^-50 of 1, its side of 1
    // already decides u <= 1/alpha (rounding moves either side by < 2^-52
    // relative), so the division 1/alpha is skipped. The root is
    // exp(log(x) / (eta+1)): the same value to ~1e-16 relative, about twice
    // as fast as ** in V8, and these roots dominate the cost.
    const p1 = u * alpha1;
    const x1 = p1 < NEAR_ONE_BELOW || (p1 <= NEAR_ONE_ABOVE && u <= 1 / alpha1) ? p1 : 1 / (2 - p1);
    const betaQ1 = Math.exp(Math.log(x1) * inv);
    // Equal alphas give equal roots (both are often exactly 2).
    let betaQ2 = betaQ1;
    if (alpha2 !== alpha1) {
      const p2 = u * alpha2;
      const x2 =
        p2 < NEAR_ONE_BELOW || (p2 <= NEAR_ONE_ABOVE && u <= 1 / alpha2) ? p2 : 1 / (2 - p2);
      betaQ2 = Math.exp(Math.log(x2) * inv);
    }
    const lo = Math.min(Math.max(0.5 * (y1 + y2 - betaQ1 * span), xl), xu);
    const hi = Math.min(Math.max(0.5 * (y1 + y2 + betaQ2 * span), xl), xu);
    if (draw(fn, rng) <= 0.5) {
      c1[i] = hi;
      c2[i] = lo;
    } else {
      c1[i] = lo;
      c2[i] = hi;
    }
  }
}
