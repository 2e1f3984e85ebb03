/** fast-check generators shared by the feature property tests (not a test file). */
import fc from "fast-check";
import { createRng } from "../../src/core/rng.js";
import type { RowMatrix } from "../../src/core/rowMatrix.js";

/** A probability matrix (rows are distributions) with K in [2, 7], N in [1, 6]. */
export const probsArb: fc.Arbitrary<RowMatrix> = fc
  .record({ k: fc.integer({ min: 2, max: 7 }), n: fc.integer({ min: 1, max: 6 }) })
  .chain(({ k, n }) =>
    fc
      .array(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: k, maxLength: k }), {
        minLength: n,
        maxLength: n,
      })
      .map((rows) => {
        const data = new Float64Array(n * k);
        rows.forEach((r, i) => {
          const s = r.reduce((a, b) => a + b, 0);
          r.forEach((v, j) => {
            data[i * k + j] = s > 0 ? v / s : 1 / k;
          });
        });
        return { data, rows: n, cols: k };
      }),
  );

/** The same matrix with its columns reordered by `perm` (new column j = old column perm[j]). */
export function permuteColumns(m: RowMatrix, perm: readonly number[]): RowMatrix {
  const data = new Float64Array(m.data.length);
  for (let i = 0; i < m.rows; i++)
    for (let j = 0; j < m.cols; j++)
      data[i * m.cols + j] = m.data[i * m.cols + (perm[j] as number)] as number;
  return { data, rows: m.rows, cols: m.cols };
}

/** A random permutation of 0..k-1 for each k of the matrix. */
export const probsWithPerm = probsArb.chain((m) =>
  fc
    .shuffledSubarray(
      Array.from({ length: m.cols }, (_, i) => i),
      { minLength: m.cols, maxLength: m.cols },
    )
    .map((perm) => ({ m, perm })),
);

/** Seeded Gaussian activations: two or three classes of 8-14 rows, d in [1, 3], plus queries. */
export const surpriseArb = fc
  .record({
    seed: fc.integer({ min: 0, max: 1_000_000 }),
    d: fc.integer({ min: 1, max: 3 }),
    classes: fc.integer({ min: 2, max: 3 }),
    shift: fc.array(fc.double({ min: -1000, max: 1000, noNaN: true }), {
      minLength: 3,
      maxLength: 3,
    }),
  })
  .map(({ seed, d, classes, shift }) => {
    const rng = createRng(seed);
    const gauss = () => Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
    const trainRows: number[][] = [];
    const trainClass: number[] = [];
    for (let c = 0; c < classes; c++) {
      const n = 8 + Math.floor(rng() * 7);
      for (let i = 0; i < n; i++) {
        trainRows.push(Array.from({ length: d }, () => 2 * c + gauss() * (1 + c)));
        trainClass.push(c);
      }
    }
    const testRows = Array.from({ length: 5 }, () => Array.from({ length: d }, () => 3 * gauss()));
    const testClass = testRows.map((_, i) => i % classes);
    const flat = (rows: number[][]): RowMatrix => ({
      data: Float64Array.from(rows.flat()),
      rows: rows.length,
      cols: d,
    });
    const shifted = (rows: number[][]) =>
      flat(rows.map((r) => r.map((v, j) => v + (shift[j] as number))));
    return {
      train: flat(trainRows),
      test: flat(testRows),
      trainShifted: shifted(trainRows),
      testShifted: shifted(testRows),
      trainClass: Int32Array.from(trainClass),
      testClass: Int32Array.from(testClass),
    };
  });

/** Max relative difference between two arrays. */
export function maxRel(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let w = 0;
  for (let i = 0; i < a.length; i++) {
    const e =
      Math.abs((a[i] as number) - (b[i] as number)) / Math.max(Math.abs(b[i] as number), 1e-300);
    if (!(e <= w)) w = e;
  }
  return w;
}
