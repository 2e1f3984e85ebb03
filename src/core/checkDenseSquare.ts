import { fail } from "./validate.js";

/**
 * Largest N for which a dense N x N `Float64Array` stays within 1 GiB
 * (11585^2 * 8 bytes): joint inclusion probability matrices of larger
 * populations are better never materialised.
 *
 * @internal
 */
export const maxDenseSquare = 11585;

/**
 * Throws a `RangeError` naming `fn` and `arg` when an N x N dense matrix would
 * exceed {@link maxDenseSquare} rows.
 *
 * @internal
 */
export function checkDenseSquare(fn: string, arg: string, N: number): void {
  if (N > maxDenseSquare) {
    fail(
      fn,
      `${arg} is too large for a dense N x N matrix (N must be at most ${maxDenseSquare})`,
      N,
    );
  }
}
