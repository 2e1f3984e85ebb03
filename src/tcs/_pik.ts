/**
 * Inclusion probabilities proportional to size for the fixed-size PPS strategies.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import { fail } from "../core/validate.js";
import { inclusionProbabilities } from "../design/inclusionProbabilities.js";
import { checkPositiveCount } from "./_checks.js";

/**
 * Inclusion probabilities proportional to `size` for a fixed-size design of
 * `budget` units (iterated capping at 1, `inclusionProbabilities`), after
 * checking that enough units have positive size; also checks that the
 * Deville variance will exist (0 or at least 2 sampled units with pik < 1).
 * Probabilities within 1e-12 of 1 are set to exactly 1.
 */
export function ppsPik(fn: string, size: Float64Array, budget: number): Float64Array {
  checkPositiveCount(fn, size, budget);
  const pik = inclusionProbabilities(size, budget);
  // n * size / sum can land a few ulps below 1 (R's inclusionprobabilities
  // does the same); such a unit is certain in all but a 1e-16 sliver of the
  // design's outcomes, where it would leave a sample without a variance. It is
  // made certain outright, which keeps sum(pik) an integer within tolerance.
  let certain = 0;
  for (let i = 0; i < pik.length; i++) {
    if ((pik[i] as number) >= 1 - 1e-12) {
      pik[i] = 1;
      certain++;
    }
  }
  if (budget - certain === 1) {
    fail(
      fn,
      `budget ${budget} leaves a single unit with pik < 1 (the other ${certain} are certain), so no variance can be estimated; use budget ${budget + 1}`,
    );
  }
  return pik;
}
