import { checkIntegerSum } from "../core/checkIntegerSum.js";
import type { Rng } from "../core/rng.js";
import { checkFloat64Array, checkRng, draw } from "../core/validate.js";
import { certainAndLast } from "./_runningSums.js";

const FN = "systematicPps";

/**
 * Madow's systematic sampling with unequal probabilities (systematic PPS),
 * in the given order of the units, with one random start.
 *
 * Algorithm: V_k = pik_0 + ... + pik_k over the units with pik < 1
 * (Neumaier-compensated running sum, V_{-1} = 0, pinned to its exact integer
 * total from the last unit with 0 < pik < 1 on, so that rounding can never
 * change the sample size). Draw one u uniform in [0, 1); unit k is selected
 * when one of the points u, u + 1, ..., u + n - 1 falls in (V_{k-1}, V_k],
 * i.e. when floor(V_k - u) > floor(V_{k-1} - u). Exactly n = sum(pik) units
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
 * @throws {TypeError} If `pik` is not a `Float64Array` or `rng` is not a function.
 * @throws {RangeError} If `pik` is empty, holds a value outside [0, 1] or a
 *   non-finite value, or does not sum to an integer (the message names the fix:
 *   use `inclusionProbabilities(size, n)`), or if `rng` returns a value outside [0, 1).
 * @see R `sampling::UPsystematic`; Madow, W. G. (1949). On the theory of systematic sampling, II. Ann. Math. Statist. 20, 333-354.
 * @example
 * ```ts
 * systematicPps(new Float64Array([0.2, 0.7, 0.8, 0.3]), createRng(1)); // Int32Array [1, 2]
 * ```
 */
export function systematicPps(pik: Float64Array, rng: Rng): Int32Array {
  checkFloat64Array(FN, "pik", pik, { min: 0, max: 1, allowEmpty: false });
  checkRng(FN, rng);
  const n = checkIntegerSum(FN, "pik", pik);
  const N = pik.length;
  const out = new Int32Array(n);
  if (n === 0) return out;
  const u = draw(FN, rng);
  // the running sums of _runningSums.ts (used by systematicPi2), computed on
  // the fly: certain units set aside, Neumaier compensation, clamped to the
  // fractional total and pinned to it from the last fractional unit on
  const { ones, last } = certainAndLast(pik);
  const total = n - ones;
  let k = 0;
  let s = 0;
  let c = 0;
  let before = Math.floor(-u);
  for (let i = 0; i < N; i++) {
    const p = pik[i] as number;
    if (p === 1) {
      out[k++] = i;
    } else if (p > 0) {
      const t = s + p;
      c += Math.abs(s) >= p ? s - t + p : p - t + s;
      s = t;
      const v = i >= last ? total : Math.min(s + c, total);
      const after = Math.floor(v - u);
      if (after > before) out[k++] = i;
      before = after;
    }
  }
  return out;
}
