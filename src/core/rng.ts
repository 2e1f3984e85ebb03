import alea from "seedrandom/lib/alea.js";
import { fail } from "./validate.js";

/**
 * A source of uniform random numbers in [0, 1): the interface of JavaScript's built-in generator.
 *
 * Every randomised function in evalsift takes an `Rng` argument; none falls back
 * to a global generator. `createRng(seed)`, `seedrandom(seed)` and d3's
 * `randomLcg(seed)` all fit. Same seed and same input give the same output.
 */
export type Rng = () => number;

/**
 * Creates a seeded uniform random source in [0, 1).
 *
 * Algorithm: Baagøe's Alea generator as shipped by the `seedrandom` package
 * (`seedrandom.alea`). Alea was picked over seedrandom's default ARC4 generator
 * because it is about five times faster (≈14 ns per draw on Node 20), which
 * matters to O(N) designs such as `pivotal` that draw once per unit, and it
 * produces the same stream on every JavaScript runtime. Numeric seeds are
 * converted with `String(seed)`, so `createRng(7)` and `createRng("7")` agree.
 *
 * @param seed - Any string, or a finite number.
 * @returns A function returning the next uniform number in [0, 1) each call.
 * @throws {TypeError} If `seed` is neither a string nor a number.
 * @throws {RangeError} If `seed` is a number that is not finite.
 * @see https://github.com/davidbau/seedrandom
 * @example
 * ```ts
 * const rng = createRng(42);
 * rng(); // 0.6848634963389486 (the same on every runtime)
 * createRng("42")() === createRng(42)(); // true
 * ```
 */
export function createRng(seed: string | number): Rng {
  if (typeof seed === "number") {
    if (!Number.isFinite(seed)) fail("createRng", "seed must be a finite number or a string", seed);
  } else if (typeof seed !== "string") {
    throw new TypeError(`createRng: seed must be a string or a number (got ${typeof seed})`);
  }
  return alea(String(seed));
}
