/**
 * Argument checks shared by the strategies: the common arguments, positive risk, the strata count and the strategy-named rng.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import type { Rng } from "../core/rng.js";
import { fsum } from "../core/sum.js";
import {
  checkFloat64Array,
  checkInteger,
  checkOptions,
  checkRng,
  draw,
  fail,
} from "../core/validate.js";
import { readLevel } from "../estimate/_internal.js";
import { readInterval } from "../estimate/_interval.js";
import type { EstimatorChoice } from "./_askTell.js";

/** The message tail of every all-zero-risk error: where the fix lives. */
export const RISK_FLOOR_HINT =
  "give every unit a positive floor, e.g. toRisk(score, orientation, { floor: 0.05 })";

/**
 * Checks the shared arguments of a strategy and returns `{ N, est }`;
 * `srs` says whether the strategy draws a simple random sample (then the
 * SRS-only interval methods are allowed).
 */
export function checkCommon(
  fn: string,
  risk: unknown,
  budget: unknown,
  rng: unknown,
  options: unknown,
  known: readonly string[],
  srs = false,
): { N: number; est: EstimatorChoice } {
  checkFloat64Array(fn, "risk", risk, { min: 0, allowEmpty: false });
  const N = risk.length;
  checkInteger(fn, "budget", budget);
  if (budget < 2) {
    fail(fn, "budget must be at least 2 (one label gives no variance estimate)", budget);
  }
  if (budget > N) fail(fn, `budget must be at most the number of units (${N})`, budget);
  checkRng(fn, rng);
  checkOptions(fn, options, known);
  const o = options as { level?: unknown; interval?: unknown } | undefined;
  const level = readLevel(fn, o?.level);
  const interval = readInterval(fn, o?.interval, srs);
  return { N, est: { level, interval } };
}

/**
 * Throws when `options.interval` was given to a strategy whose interval is a
 * confidence sequence (`why` says which): it would be read and then ignored.
 */
export function refuseInterval(fn: string, est: EstimatorChoice, why: string): void {
  if (est.interval !== undefined) {
    fail(fn, `options.interval has no effect ${why}; drop it`, est.interval);
  }
}

/** Sum of the risk; throws when it is zero (no PPS design can draw from it) or when a weight would overflow. */
export function positiveRiskTotal(fn: string, risk: Float64Array): number {
  const total = fsum(risk);
  if (!(total > 0)) fail(fn, `risk is all zeros, so no unit can be drawn; ${RISK_FLOOR_HINT}`);
  checkRiskRatio(fn, risk, total);
  return total;
}

/** The message tail of every risk-overflow error: the fix. */
export const RISK_RESCALE_HINT =
  "rescale risk (e.g. divide it by its maximum; only its ratios matter)";

/**
 * Throws when a positive risk is below 1e-200 of the total: its estimator
 * weight (total / risk) would be so large that the estimate could overflow,
 * and that must fail now rather than after the labels were paid for; and,
 * first, when the total itself overflowed (every risk finite, their sum not),
 * which would otherwise read as every risk being 0 of the total.
 */
export function checkRiskRatio(fn: string, risk: Float64Array, total: number): void {
  if (!(total <= Number.MAX_VALUE)) {
    fail(
      fn,
      `risk is too large: its total overflows the largest double (about 1.8e308); ${RISK_RESCALE_HINT}`,
      total,
    );
  }
  for (let i = 0; i < risk.length; i++) {
    const r = risk[i] as number;
    if (r > 0 && r / total < 1e-200) {
      fail(
        fn,
        `risk[${i}] is ${r / total} of the total, so its weight would overflow; ${RISK_FLOOR_HINT}`,
      );
    }
  }
}

/** Throws unless `budget` is at most the number of units with positive risk. */
export function checkPositiveCount(fn: string, risk: Float64Array, budget: number): void {
  checkRiskRatio(fn, risk, fsum(risk));
  let positive = 0;
  for (let i = 0; i < risk.length; i++) if ((risk[i] as number) > 0) positive++;
  if (positive === 0) fail(fn, `risk is all zeros, so no unit can be drawn; ${RISK_FLOOR_HINT}`);
  if (budget > positive) {
    fail(
      fn,
      `budget ${budget} exceeds the ${positive} units with positive risk (a fixed-size PPS design cannot reach it); ${RISK_FLOOR_HINT}`,
    );
  }
}

/** Reads `options.strata` (default min(10, floor(budget / 2), N)) and checks 1 <= H <= N. */
export function readStrataCount(fn: string, strata: unknown, N: number, budget: number): number {
  if (strata === undefined) return Math.min(10, Math.floor(budget / 2), N);
  checkInteger(fn, "options.strata", strata, 1);
  if (strata > N) fail(fn, `options.strata must be at most the number of units (${N})`, strata);
  return strata;
}

/** `rng` wrapped so that a value outside [0, 1) is reported under the strategy's name, not the design's. */
export function checkedRng(fn: string, rng: Rng): Rng {
  return () => draw(fn, rng);
}
