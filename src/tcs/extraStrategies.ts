import { mixtureStrategy } from "./mixtureStrategy.js";
import { sequentialPpsStrategy } from "./sequentialPpsStrategy.js";
import type { Strategy } from "./types.js";

/**
 * Strategies beyond the replicated paper, kept apart from the 13 of
 * `strategies` so that a grid over `strategies` reproduces the paper:
 * `mixture` → {@link mixtureStrategy} (defensive-mixture PPS, default
 * lambda 0.5 and Hájek estimator; pass options through a closure for others,
 * e.g. `(r, n, rng) => mixtureStrategy(r, n, rng, { lambda: 0.8 })`);
 * `sequentialPps` → {@link sequentialPpsStrategy} (PPS without replacement,
 * drawn one at a time, with the weighted-betting confidence sequence as its
 * interval; without a `sequential` rule it uses the whole budget).
 *
 * @example
 * ```ts
 * Object.keys(extraStrategies); // ["mixture", "sequentialPps"]
 * ```
 */
export const extraStrategies: Readonly<Record<"mixture" | "sequentialPps", Strategy>> =
  Object.freeze({
    mixture: mixtureStrategy,
    sequentialPps: sequentialPpsStrategy,
  });
