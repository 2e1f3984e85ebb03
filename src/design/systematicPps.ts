import { checkPikSum } from "../core/checkIntegerSum.js";
import type { Rng } from "../core/rng.js";
import { asFloat64Array, checkRng, draw } from "../core/validate.js";
import { runningSums } from "./_runningSums.js";

const FN = "systematicPps";

/**
 * Madow's systematic sampling with unequal probabilities (systematic PPS),
 * in the given order of the units, with one random start.
 *
 * Algorithm: V_k = pik_0 + ... + pik_k over the units with pik < 1 (a plain
 * running sum as R's `cumsum`, V_{-1} = 0). Draw one u uniform in [0, 1); unit
 * k is selected when one of the points u, u + 1, u + 2, ... falls in
 * (V_{k-1}, V_k]: one pass hands each point to the first unit whose running sum
 * reaches it. Should rounding in the last sums drop or add a point (the sums
 * end a few ulps off their integer total), the pass is redone with the sums
 * pinned to the exact total from the last unit with 0 < pik < 1 on, so the
 * sample size is exact and the breakpoints are those of {@link systematicPi2}. Exactly n = sum(pik) units
 * are drawn and unit k is drawn with probability pik_k. Units with pik = 1
 * are always taken and units with pik = 0 never. The design is fixed-size but
 * has many zero joint inclusion probabilities; {@link systematicPi2} gives
 * them exactly.
 *
 * Differences from R's `UPsystematic`: no `eps` (R sets units within 1e-6 of
 * 0 or 1 aside and returns their raw pik; here only exact 0 and 1 are), and
 * sum(pik) must be an integer: |sum - round(sum)| <= min(1e-4, 1e-9 * max(1, N)).
 *
 * @param pik - Inclusion probabilities in [0, 1] summing to the sample size n
 *   (e.g. from {@link inclusionProbabilities}).
 * @param rng - Uniform source in [0, 1), e.g. `createRng(seed)`; one draw per call (none when n = 0).
 * @returns The selected 0-based unit indices, sorted ascending, length n.
 * @throws {TypeError} If `pik` is not a `Float64Array` or an array of numbers or `rng` is not a function.
 * @throws {RangeError} If `pik` is empty, holds a value outside [0, 1] or a
 *   non-finite value, or does not sum to an integer (the message names the fix:
 *   use `inclusionProbabilities(size, n)`), or if `rng` returns a value outside [0, 1).
 * @see R `sampling::UPsystematic`; Madow, W. G. (1949). On the theory of systematic sampling, II. Ann. Math. Statist. 20, 333-354.
 * @example
 * ```ts
 * systematicPps(new Float64Array([0.2, 0.7, 0.8, 0.3]), createRng(1)); // Int32Array [1, 2]
 * ```
 */
export function systematicPps(pik: ArrayLike<number>, rng: Rng): Int32Array {
  const pik64 = asFloat64Array(FN, "pik", pik);
  const n = checkPikSum(FN, "pik", pik64);
  checkRng(FN, rng);
  const N = pik64.length;
  const out = new Int32Array(n);
  if (n === 0) return out;
  const u = draw(FN, rng);
  // one pass: the next point u + m is given to the first unit whose running
  // sum reaches it; certain units are set aside from the sums
  let k = 0;
  let s = 0;
  let m = 0;
  // Madow's intervals (V_{k-1}, V_k] are open on the left: a start of exactly 0
  // is a boundary point of no unit, so the points are then 1, 2, ...
  const start = u > 0 ? u : 1;
  let next = start;
  for (let i = 0; i < N; i++) {
    const p = pik64[i] as number;
    if (p === 1) {
      if (k < n) out[k] = i;
      k++;
    } else if (p > 0) {
      s += p;
      if (next <= s) {
        if (k < n) out[k] = i;
        k++;
        m++;
        next = start + m;
      }
    }
  }
  // rounding in the last running sums dropped or added a point: redo the pass
  // with the sums pinned to their exact integer total
  if (k !== n) return pinned(pik64, n, start);
  return out;
}

/**
 * The same selection from the pinned running sums of `runningSums`, handing
 * out no more than their integer total of points (start + m can round onto a
 * breakpoint it lies just above).
 */
function pinned(pik: Float64Array, n: number, start: number): Int32Array {
  const V = runningSums(pik, n);
  const out = new Int32Array(n);
  let total = n;
  for (let i = 0; i < pik.length; i++) if (pik[i] === 1) total--;
  let k = 0;
  let m = 0;
  let next = start;
  for (let i = 0; i < pik.length; i++) {
    const p = pik[i] as number;
    if (p === 1) {
      out[k++] = i;
    } else if (p > 0 && m < total && next <= (V[i] as number)) {
      out[k++] = i;
      m++;
      next = start + m;
    }
  }
  return out;
}
