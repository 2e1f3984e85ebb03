import type { RowMatrix } from "./types.js";
import { checkLength, checkRowMatrix, fail, toRowMatrix } from "./validate.js";

export type { RowMatrix } from "./types.js";

/**
 * Builds a {@link RowMatrix} from an array of equally long numeric rows.
 *
 * @param rows - The rows; every row must have the same length and hold finite numbers.
 * @returns A new matrix holding a copy of the values.
 * @throws {TypeError} If `rows` is not an array of arrays.
 * @throws {RangeError} If rows have different lengths, a value is not finite, or the matrix would hold more
 *   than 2^27 values (1 GiB).
 * @example
 * ```ts
 * const m = rowMatrix([[1, 2], [3, 4], [5, 6]]);
 * m.rows; // 3
 * m.cols; // 2
 * m.data; // Float64Array [1, 2, 3, 4, 5, 6]
 * ```
 */
export function rowMatrix(rows: readonly (readonly number[])[]): RowMatrix {
  if (!Array.isArray(rows)) throw new TypeError("rowMatrix: rows must be an array of arrays");
  const r = rows.length;
  const c = r === 0 ? 0 : (rows[0]?.length ?? 0);
  checkLength("rowMatrix", "rows.length * rows[0].length", r * c);
  const data = new Float64Array(r * c);
  for (let i = 0; i < r; i++) {
    const row = rows[i];
    if (!Array.isArray(row)) throw new TypeError(`rowMatrix: rows[${i}] is not an array`);
    if (row.length !== c) {
      throw new RangeError(
        `rowMatrix: rows have different lengths (row 0 has ${c}, row ${i} has ${row.length})`,
      );
    }
    for (let j = 0; j < c; j++) {
      const v = row[j];
      if (typeof v !== "number" || !Number.isFinite(v)) {
        throw new RangeError(`rowMatrix: rows[${i}][${j}] is not a finite number (${String(v)})`);
      }
      data[i * c + j] = v;
    }
  }
  const m = { data, rows: r, cols: c };
  checkRowMatrix("rowMatrix", "rows", m);
  return m;
}

/**
 * Returns row `i` of a matrix as a view (no copy) into its data.
 *
 * @param m - The matrix.
 * @param i - Row index, 0-based.
 * @returns A `Float64Array` view of length `m.cols`; do not write to it.
 * @throws {TypeError} If `m` is not a `RowMatrix` or a `number[][]` (a `Float64Array` `data`) or `i` is not a
 *   number.
 * @throws {RangeError} If `m.rows` or `m.cols` is not an integer in [0, 2^27], `m.data.length` differs from
 *   rows * cols, or `i` is not an integer in [0, rows).
 * @example
 * ```ts
 * getRow(rowMatrix([[1, 2], [3, 4]]), 1); // Float64Array [3, 4]
 * ```
 */
export function getRow(m: RowMatrix | readonly ArrayLike<number>[], i: number): Float64Array {
  const mMatrix = toRowMatrix("getRow", "m", m, { finite: false });
  if (typeof i !== "number") throw new TypeError(`getRow: i must be a number (got ${typeof i})`);
  if (!(Number.isInteger(i) && i >= 0 && i < mMatrix.rows)) {
    fail("getRow", `i must be an integer in [0, ${mMatrix.rows})`, i);
  }
  const row = mMatrix.data.subarray(i * mMatrix.cols, (i + 1) * mMatrix.cols);
  for (let j = 0; j < row.length; j++) {
    if (!Number.isFinite(row[j]))
      fail("getRow", `m.data[${i * mMatrix.cols + j}] (row ${i}) must be finite`, row[j]);
  }
  return row;
}
