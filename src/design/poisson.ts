import type { Rng } from "../core/rng.js";
import { checkRng, draw, toFloat64Array } from "../core/validate.js";

const FN = "poisson";

/**
 * Poisson sampling: each unit enters the sample independently with its own
 * probability pik_i, so the sample size is random with mean sum(pik).
 *
 * Algorithm: one uniform u_i per unit, in order; unit i is taken when
 * u_i < pik_i (so pik = 0 is never and pik = 1 always taken). Joint inclusion
 * probabilities are pik_i * pik_j (see {@link poissonPi2}).
 *
 * @param pik - Inclusion probability of each unit, in [0, 1].
 * @param rng - Uniform source in [0, 1), e.g. `createRng(seed)`.
 * @returns The selected 0-based unit indices, sorted ascending (possibly empty).
 * @throws {TypeError} If `pik` is not a `Float64Array` or an array of numbers or `rng` is not a function.
 * @throws {RangeError} If `pik` is empty or holds a value outside [0, 1] or a
 *   non-finite value, or if `rng` returns a value outside [0, 1).
 * @see R `sampling::UPpoisson`; Hájek, J. (1964). Asymptotic theory of rejective sampling. Ann. Math. Statist. 35, 1491-1523.
 * @example
 * ```ts
 * poisson(new Float64Array([0.5, 0.5, 1, 0, 0.5]), createRng(1)); // Int32Array [1, 2, 4]
 * ```
 */
export function poisson(pik: ArrayLike<number>, rng: Rng): Int32Array {
  const pik64 = toFloat64Array(FN, "pik", pik, { min: 0, max: 1, allowEmpty: false });
  checkRng(FN, rng);
  const N = pik64.length;
  const mark = new Int32Array(N);
  let k = 0;
  for (let i = 0; i < N; i++) {
    if (draw(FN, rng) < (pik64[i] as number)) mark[k++] = i;
  }
  return mark.slice(0, k);
}
