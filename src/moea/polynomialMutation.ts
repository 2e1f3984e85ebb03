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
import { type Bound, bound, boundAt, boundedCopy, CLOSED, powIndex } from "./_realCoded.js";

const KEYS = optionKeys<PolynomialMutationOptions>()("low", "high", "eta", "probability");

/** Options of {@link polynomialMutation}. */
export type PolynomialMutationOptions = {
  /** Lower bound, one for all variables or one per variable. Default 0. */
  readonly low?: number | ArrayLike<number>;
  /** Upper bound, one for all variables or one per variable. Default 1. */
  readonly high?: number | ArrayLike<number>;
  /** Distribution index eta_m (larger = smaller steps). Default 20. */
  readonly eta?: number;
  /** Probability that each variable is mutated. Default 1 / x.length. */
  readonly probability?: number;
};

/**
 * Bounded polynomial mutation of a real-valued genome.
 *
 * Algorithm (Deb & Goyal 1996, in the bounded form of Deb's NSGA-II C code,
 * same as DEAP's `mutPolynomialBounded`): each variable is mutated
 * independently with probability `probability`. With d1 = (x - low) / (high -
 * low), d2 = (high - x) / (high - low), u uniform and p = 1 / (eta + 1):
 * if u < 0.5, delta_q = (2u + (1 - 2u)(1 - d1)^(eta+1))^p - 1; otherwise
 * delta_q = 1 - (2(1 - u) + 2(u - 0.5)(1 - d2)^(eta+1))^p; then x + delta_q
 * (high - low), clipped to the bounds. Random numbers are drawn in DEAP's
 * order (one per variable, then u for mutated ones); the values agree with
 * DEAP's to within rounding (about 1e-14 relative), not bit for bit.
 *
 * @param x - The genome (within the bounds).
 * @param rng - Uniform random source.
 * @param options - Bounds (default [0, 1]), eta (default 20), per-variable
 *   probability (default 1 / x.length).
 * @returns A new mutated genome; `x` is not modified. A short genome is a
 *   view into a shared buffer (its `buffer` is larger than it is): copy it
 *   with `slice()` before transferring it to a worker.
 * @throws {TypeError} If `x` is not a `Float64Array` or an array of numbers or `rng` not a function.
 * @throws {RangeError} If `x` is empty (a genome needs at least one variable, as in
 *   {@link sbx}) or lies outside its bounds, low >= high, high - low overflows, eta < 0 or
 *   probability outside [0, 1].
 * @see Deb, K., Goyal, M. (1996). A combined genetic adaptive search (GeneAS) for
 *   engineering design. Computer Science and Informatics 26(4), 30-45.
 * @see DEAP `tools.mutPolynomialBounded`
 * @example
 * ```ts
 * polynomialMutation(new Float64Array([0.5, 0.5]), createRng(2), { probability: 1 });
 * // Float64Array [0.5336796435786901, 0.5069077227688316]
 * ```
 */
export function polynomialMutation(
  x: ArrayLike<number>,
  rng: Rng,
  options: PolynomialMutationOptions = {},
): Float64Array {
  const fn = "polynomialMutation";
  const x64 = asFloat64Array(fn, "x", x);
  checkOptions(fn, options, KEYS);
  const { eta = 20 } = options;
  const low = bound(fn, "low", options.low ?? 0);
  const high = bound(fn, "high", options.high ?? 1);
  if (x64.length === 0) fail(fn, "x is empty: a genome needs at least one variable");
  const out = boundedCopy(fn, "x", x64, low, high);
  const { probability = 1 / x64.length } = options;
  checkRng(fn, rng);
  checkNumber(fn, "eta", eta, 0, Number.POSITIVE_INFINITY, CLOSED);
  checkNumber(fn, "probability", probability, 0, 1, CLOSED);
  mutateInto(x64, out, rng, low, high, eta, probability);
  return out;
}

/**
 * The mutation loop over validated inputs, writing mutated variables into the
 * copy `out`; kept apart from the validation for the reason given at sbx's
 * `recombine` (V8 then inlines the draws and powers).
 */
function mutateInto(
  x: Float64Array,
  out: Float64Array,
  rng: Rng,
  low: Bound,
  high: Bound,
  eta: number,
  probability: number,
): void {
  const fn = "polynomialMutation";
  const e1 = eta + 1;
  const p = 1 / e1;
  const scalar = typeof low === "number" && typeof high === "number";
  for (let i = 0; i < x.length; i++) {
    if (!(draw(fn, rng) <= probability)) continue;
    const xl = scalar ? (low as number) : boundAt(low, i);
    const xu = scalar ? (high as number) : boundAt(high, i);
    const v = x[i] as number;
    const range = xu - xl;
    const u = draw(fn, rng);
    let dq: number;
    if (u < 0.5) {
      const val = 2 * u + (1 - 2 * u) * powIndex(1 - (v - xl) / range, e1);
      dq = Math.exp(Math.log(val) * p) - 1;
    } else {
      const val = 2 * (1 - u) + 2 * (u - 0.5) * powIndex(1 - (xu - v) / range, e1);
      dq = 1 - Math.exp(Math.log(val) * p);
    }
    out[i] = Math.min(Math.max(v + dq * range, xl), xu);
  }
}
