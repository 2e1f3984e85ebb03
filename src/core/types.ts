/**
 * The data shapes of `evalsift/core` (types only, so that the modules that
 * build and check them import them without importing each other).
 */

/**
 * A dense row-major matrix of doubles: element (i, j) is `data[i * cols + j]`.
 *
 * Used for activations, embeddings, objective values and joint inclusion
 * probabilities. evalsift never mutates a `RowMatrix` it receives. Every
 * function taking one checks that `rows` and `cols` are integers in
 * [0, 2^27] and that `data.length === rows * cols` (RangeError otherwise).
 */
export type RowMatrix = {
  /** Row-major values, length `rows * cols`. */
  readonly data: Float64Array;
  /** Number of rows (observations). */
  readonly rows: number;
  /** Number of columns (dimensions). */
  readonly cols: number;
};
