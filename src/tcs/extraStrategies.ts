import { mixtureStrategy } from "./mixtureStrategy.js";
import type { Strategy } from "./types.js";

/**
 * Strategies beyond the replicated paper, kept apart from the 13 of
 * `strategies` so that a grid over `strategies` reproduces the paper:
 * `mixture` → {@link mixtureStrategy} (defensive-mixture PPS, default
 * lambda 0.5 and Hájek estimator; pass options through a closure for others,
 * e.g. `(r, n, rng) => mixtureStrategy(r, n, rng, { lambda: 0.8 })`).
 *
 * @example
 * ```ts
 * Object.keys(extraStrategies); // ["mixture"]
 * ```
 */
export const extraStrategies: Readonly<Record<"mixture", Strategy>> = Object.freeze({
  mixture: mixtureStrategy,
});
