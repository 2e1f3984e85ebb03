/**
 * Argument checks shared by the confidence-sequence functions of this folder.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import {
  checkInteger,
  checkNestedKeys,
  checkNumber,
  fail,
  failType,
  maxLength,
} from "../core/validate.js";

/** Checks that N is a whole population size of at least `n` units (or Infinity when `allowInfinite`). */
export function checkPopulationSize(
  fn: string,
  N: unknown,
  n: number,
  allowInfinite: boolean,
): number {
  if (typeof N !== "number") failType(fn, `N must be a number (got ${typeof N})`);
  if (allowInfinite && N === Number.POSITIVE_INFINITY) return N;
  checkInteger(fn, "N", N, 1, maxLength);
  if (N < n) fail(fn, `N must be at least the number of labels (${n})`, N);
  return N;
}

/** Reads `options.grid` (default 1000 intervals, an integer in [2, 1e6]). */
export function readGrid(fn: string, grid: unknown): number {
  if (grid === undefined) return 1000;
  checkInteger(fn, "options.grid", grid, 2, 1_000_000);
  return grid;
}

/** Reads `options.truncation` (default 0.5, in (0, 1)). */
export function readTruncation(fn: string, c: unknown): number {
  if (c === undefined) return 0.5;
  checkNumber(fn, "options.truncation", c, 0, 1, { lower: true, upper: true });
  return c;
}

/** The `method` string of the hypergeometric sequence with prior (a, b). */
export function hypergeometricMethod(a: number, b: number): string {
  return `hypergeometric prior-posterior ratio (beta-binomial ${a}, ${b})`;
}

/** Reads `options.prior` (default a = b = 1; both positive and finite). */
export function readPrior(fn: string, prior: unknown): { a: number; b: number } {
  if (prior === undefined) return { a: 1, b: 1 };
  if (typeof prior !== "object" || prior === null || Array.isArray(prior)) {
    failType(fn, "options.prior must be an object { a, b }");
  }
  checkNestedKeys(fn, "options.prior", prior, ["a", "b"]);
  const { a = 1, b = 1 } = prior as { a?: unknown; b?: unknown };
  checkNumber(fn, "options.prior.a", a, 0, Number.POSITIVE_INFINITY, { lower: true });
  checkNumber(fn, "options.prior.b", b, 0, Number.POSITIVE_INFINITY, { lower: true });
  return { a, b };
}
