import { midRanks } from "../core/midRanks.js";
import type { RowMatrix } from "../core/rowMatrix.js";
import { checkOptions, checkRowMatrix, fail } from "../core/validate.js";

/**
 * Validates a blocks x treatments score matrix and ranks every row (block)
 * with mid-ranks, ascending (rank 1 = smallest score) or descending.
 * Returns the mean rank of every column and the total tie term
 * sum over blocks and tie groups of (t^3 - t).
 *
 * @internal
 */
export function blockRanks(
  fn: string,
  scores: RowMatrix,
  descending: boolean,
): { meanRanks: Float64Array; tieSum: number } {
  checkRowMatrix(fn, "scores", scores);
  const { rows, cols, data } = scores;
  if (rows < 2) fail(fn, "scores needs at least 2 blocks (rows)", rows);
  if (cols < 2) fail(fn, "scores needs at least 2 treatments (columns)", cols);
  const sums = new Float64Array(cols);
  const row = new Float64Array(cols);
  let tieSum = 0;
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      const v = data[i * cols + j] as number;
      row[j] = descending ? -v : v;
    }
    const r = midRanks(row);
    tieSum += r.tieSum;
    for (let j = 0; j < cols; j++) sums[j] = (sums[j] as number) + (r.ranks[j] as number);
  }
  for (let j = 0; j < cols; j++) sums[j] = (sums[j] as number) / rows;
  return { meanRanks: sums, tieSum };
}

/** Validates the options object of a function that accepts only `descending`. */
export function checkDescending(fn: string, options: unknown, known: readonly string[]): boolean {
  checkOptions(fn, options, known);
  const d = (options as { descending?: unknown } | undefined)?.descending;
  if (d === undefined) return false;
  if (typeof d !== "boolean") {
    throw new TypeError(`${fn}: options.descending must be a boolean (got ${typeof d})`);
  }
  return d;
}
