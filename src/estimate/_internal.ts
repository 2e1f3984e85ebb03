/**
 * Helpers shared by the estimators of this folder: the variance forms of a
 * Horvitz–Thompson total and the checks of `level`, `pik` and `pi2` (the
 * interval of an `Estimate` is built in `_interval.ts`).
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import type { RowMatrix } from "../core/rowMatrix.js";
import {
  assertUnreachable,
  checkChoice,
  checkFloat64Array,
  checkLevel,
  checkRowMatrix,
  fail,
} from "../core/validate.js";
import { sameUpToRounding } from "./_interval.js";
import { intervalDefaults } from "./intervalDefaults.js";

/** Tolerance for `pi2` symmetry, its diagonal against `pik`, and sums that must be 1. */
export const PROBABILITY_TOLERANCE = 1e-9;

/**
 * Reads `options.level` (default `intervalDefaults.level`) and checks it lies
 * in (0, 1); errors name it as `arg`.
 */
export function readLevel(fn: string, level: unknown, arg = "options.level"): number {
  if (level === undefined) return intervalDefaults.level;
  checkLevel(fn, level, arg);
  return level;
}

/**
 * Checks a `Float64Array` of probabilities in (0, 1] whose weights `1 / p`
 * are finite (a subnormal probability such as 1e-310 has an infinite weight,
 * and the estimate would come out NaN).
 */
export function checkProbabilities(fn: string, arg: string, p: unknown): asserts p is Float64Array {
  checkFloat64Array(fn, arg, p);
  for (let i = 0; i < p.length; i++) {
    const v = p[i] as number;
    if (!(v > 0 && v <= 1)) fail(fn, `${arg}[${i}] must lie in (0, 1]`, v);
    if (!Number.isFinite(1 / v)) {
      fail(fn, `${arg}[${i}] is so small that its weight 1 / ${arg}[${i}] overflows`, v);
    }
  }
}

/**
 * Checks `pi2` against the sampled units' `pik`: an n x n matrix, symmetric,
 * diagonal equal to `pik`, off-diagonal entries in
 * [max(0, pik_k + pik_l - 1), min(pik_k, pik_l)] (the Fréchet bounds every
 * design meets: two units miss together with probability at most
 * min(1 - pik_k, 1 - pik_l); so a unit with pik 1, in every sample, has
 * pi_kl = pik_l), each within `PROBABILITY_TOLERANCE`, and above 0.
 * A zero joint probability cannot belong to two units that were sampled
 * together, so it signals a wrong matrix rather than a rare sample. Neither
 * R `sampling::varHT` nor survey's `ppsmat` checks the lower bound; a matrix
 * below it gave a certainty unit spurious variance.
 */
export function checkPi2(fn: string, pi2: unknown, pik: Float64Array): asserts pi2 is RowMatrix {
  const arg = "options.pi2";
  checkRowMatrix(fn, arg, pi2);
  const n = pik.length;
  if (pi2.rows !== n || pi2.cols !== n) {
    fail(
      fn,
      `${arg} must be ${n} x ${n}, one row per sampled unit (got ${pi2.rows} x ${pi2.cols})`,
    );
  }
  const d = pi2.data;
  const tol = PROBABILITY_TOLERANCE;
  for (let k = 0; k < n; k++) {
    const pk = pik[k] as number;
    const dk = d[k * n + k] as number;
    if (!(Math.abs(dk - pk) <= tol)) {
      fail(fn, `${arg} diagonal must equal pik (row ${k}: ${dk} vs ${pk})`);
    }
    for (let l = k + 1; l < n; l++) {
      const a = d[k * n + l] as number;
      const b = d[l * n + k] as number;
      if (!(Math.abs(a - b) <= tol)) {
        fail(fn, `${arg} is not symmetric (entries [${k}, ${l}] = ${a} and [${l}, ${k}] = ${b})`);
      }
      const pl = pik[l] as number;
      const cap = Math.min(pk, pl) + tol;
      if (!(a > 0 && a <= cap)) {
        fail(fn, `${arg}[${k}, ${l}] must lie in (0, min(pik[${k}], pik[${l}])]`, a);
      }
      if (!(a >= pk + pl - 1 - tol)) {
        fail(
          fn,
          `${arg}[${k}, ${l}] must be at least pik[${k}] + pik[${l}] - 1 = ${pk + pl - 1} (no design samples the two together less often${Math.max(pk, pl) >= 1 - tol ? "; a unit with pik 1 is in every sample, so its joint probability is the other unit's pik" : ""})`,
          a,
        );
      }
    }
  }
}

/** The variance forms of this folder (see `VarianceMethod`). */
export type VarianceForm = "syg" | "ht" | "deville";

const VARIANCE_FORMS: readonly VarianceForm[] = ["syg", "ht", "deville"];

/** Reads `options.variance`: default 'syg' with `pi2`, 'deville' without. */
export function readVarianceForm(fn: string, variance: unknown, hasPi2: boolean): VarianceForm {
  if (variance === undefined) return hasPi2 ? "syg" : "deville";
  checkChoice(fn, "options.variance", variance, VARIANCE_FORMS);
  if (variance !== "deville" && !hasPi2) {
    fail(fn, `options.variance "${variance}" needs options.pi2 (joint inclusion probabilities)`);
  }
  return variance;
}

/**
 * Variance estimate of the Horvitz–Thompson total `sum z_k / pik_k`.
 *
 * - `ht`:  sum_k sum_l (pi_kl - pi_k pi_l) / pi_kl * (z_k / pi_k) * (z_l / pi_l), with pi_kk = pi_k
 *          (the `sampling::varHT(method = 1)` form).
 * - `syg`: sum_{k < l} (pi_k pi_l - pi_kl) / pi_kl * (z_k / pi_k - z_l / pi_l)^2.
 * - `deville`: with a_k = (1 - pi_k) / sum_l (1 - pi_l) and A = sum_k a_k z_k / pi_k,
 *          sum_k (1 - pi_k) (z_k / pi_k - A)^2 / (1 - sum_k a_k^2) (`sampling::varest`).
 *          Units with pi_k = 1 add nothing; all units at 1 give 0.
 *
 * The `syg` and `deville` forms are exactly 0 when the expanded values
 * `z_k / pi_k` of the units with pi_k < 1 are the same (certainty units add
 * nothing to either, `pi2` being consistent): that is decided from the values
 * (`sameUpToRounding`), so that rounding noise (1e-33, a zero-width interval)
 * and an exact 0 give the same answer. The `ht` form of equal values is not 0.
 */
export function totalVariance(
  fn: string,
  z: ArrayLike<number>,
  pik: Float64Array,
  form: VarianceForm,
  pi2: RowMatrix | undefined,
): number {
  const n = pik.length;
  switch (form) {
    case "ht":
    case "syg": {
      if (pi2 === undefined) return fail(fn, `options.variance "${form}" needs options.pi2`);
      if (form === "syg" && expandedFlat(z, pik)) return 0;
      const d = pi2.data;
      let v = 0;
      for (let k = 0; k < n; k++) {
        const pk = pik[k] as number;
        const ek = (z[k] as number) / pk;
        if (form === "ht") v += (1 - pk) * ek * ek;
        for (let l = k + 1; l < n; l++) {
          const pl = pik[l] as number;
          const el = (z[l] as number) / pl;
          const pkl = d[k * n + l] as number;
          if (form === "ht") v += (2 * (pkl - pk * pl) * ek * el) / pkl;
          else v += ((pk * pl - pkl) * (ek - el) * (ek - el)) / pkl;
        }
      }
      return v;
    }
    case "deville": {
      let slack = 0;
      let uncertain = 0;
      for (let k = 0; k < n; k++) {
        const q = 1 - (pik[k] as number);
        slack += q;
        if (q > 0) uncertain++;
      }
      if (uncertain === 0) {
        if (n === 0) fail(fn, `variance "deville" needs a non-empty sample`);
        return 0;
      }
      if (uncertain < 2) {
        fail(
          fn,
          `variance "deville" needs at least two sampled units with pik < 1 (got ${uncertain}); pass options.pi2 for an "syg" or "ht" variance`,
        );
      }
      if (expandedFlat(z, pik)) return 0;
      let A = 0;
      let a2 = 0;
      for (let k = 0; k < n; k++) {
        const pk = pik[k] as number;
        const a = (1 - pk) / slack;
        A += (a * (z[k] as number)) / pk;
        a2 += a * a;
      }
      let s = 0;
      for (let k = 0; k < n; k++) {
        const pk = pik[k] as number;
        const r = (z[k] as number) / pk - A;
        s += (1 - pk) * r * r;
      }
      return s / (1 - a2);
    }
    default:
      return assertUnreachable(fn, form);
  }
}

/** Whether `z_k / pik_k` is the same up to rounding over the units with `pik_k < 1`. */
function expandedFlat(z: ArrayLike<number>, pik: Float64Array): boolean {
  const e = new Float64Array(pik.length);
  for (let k = 0; k < pik.length; k++) e[k] = (z[k] as number) / (pik[k] as number);
  return sameUpToRounding(e, 0, (k) => (pik[k] as number) < 1);
}
