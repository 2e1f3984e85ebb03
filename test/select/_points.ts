/** Seeded point sets shared by the select tests (test helper, not a test). */
import fc from "fast-check";
import { createRng } from "../../src/core/rng.js";
import type { RowMatrix } from "../../src/core/rowMatrix.js";

/** N x d matrix of standard normal values (Box–Muller on a seeded Alea stream). */
export function gaussian(n: number, d: number, seed: number | string): RowMatrix {
  const rng = createRng(seed);
  const data = new Float64Array(n * d);
  for (let t = 0; t < data.length; t++) {
    const u = 1 - rng();
    data[t] = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
  }
  return { data, rows: n, cols: d };
}

/** A deep copy, to check that inputs are left unchanged. */
export function copyMatrix(X: RowMatrix): RowMatrix {
  return { data: X.data.slice(), rows: X.rows, cols: X.cols };
}

/** Whether `a` holds distinct integers in [0, n). */
export function distinctIn(a: Int32Array, n: number): boolean {
  const seen = new Set<number>();
  for (const v of a) {
    if (v < 0 || v >= n || seen.has(v)) return false;
    seen.add(v);
  }
  return true;
}

/**
 * fast-check arbitrary: an N x d matrix (1 <= N <= maxRows) of small integers,
 * so exact ties and duplicate rows are common, plus k in [0, N].
 */
export function matrixAndK(maxRows = 24, maxCols = 3) {
  return fc
    .record({
      n: fc.integer({ min: 1, max: maxRows }),
      d: fc.integer({ min: 1, max: maxCols }),
    })
    .chain(({ n, d }) =>
      fc.record({
        X: fc
          .array(fc.integer({ min: -3, max: 3 }), { minLength: n * d, maxLength: n * d })
          .map((v): RowMatrix => ({ data: Float64Array.from(v), rows: n, cols: d })),
        k: fc.integer({ min: 0, max: n }),
      }),
    );
}
