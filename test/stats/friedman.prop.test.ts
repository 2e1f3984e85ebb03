import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { friedman } from "../../src/stats/friedman.js";

const matrix = fc
  .record({ rows: fc.integer({ min: 2, max: 12 }), cols: fc.integer({ min: 2, max: 7 }) })
  .chain(({ rows, cols }) =>
    fc
      .array(fc.integer({ min: -5, max: 5 }), { minLength: rows * cols, maxLength: rows * cols })
      .map((v) => ({ data: Float64Array.from(v), rows, cols })),
  )
  .filter((m) => {
    // at least one block not entirely tied, so the statistic is defined
    for (let i = 0; i < m.rows; i++) {
      const row = m.data.subarray(i * m.cols, (i + 1) * m.cols);
      if (row.some((v) => v !== row[0])) return true;
    }
    return false;
  });

describe("friedman properties", () => {
  it("is invariant to a strictly increasing transform applied per block", () => {
    fc.assert(
      fc.property(
        matrix,
        fc.array(fc.double({ min: 0.1, max: 10, noNaN: true }), { minLength: 12, maxLength: 12 }),
        (m, scales) => {
          const t = new Float64Array(m.data.length);
          for (let i = 0; i < m.rows; i++) {
            const a = scales[i] as number;
            for (let j = 0; j < m.cols; j++) {
              const v = m.data[i * m.cols + j] as number;
              // a different increasing map per block: cube, scaled, shifted
              t[i * m.cols + j] = a * v * v * v + i * 100;
            }
          }
          const r1 = friedman(m);
          const r2 = friedman({ data: t, rows: m.rows, cols: m.cols });
          expect(r2.statistic).toBeCloseTo(r1.statistic, 9);
          expect(r2.pValue).toBeCloseTo(r1.pValue, 12);
        },
      ),
    );
  });

  it("is invariant to permuting blocks and gives a p-value in [0, 1]", () => {
    fc.assert(
      fc.property(matrix, (m) => {
        const rev = new Float64Array(m.data.length);
        for (let i = 0; i < m.rows; i++) {
          rev.set(m.data.subarray(i * m.cols, (i + 1) * m.cols), (m.rows - 1 - i) * m.cols);
        }
        const r1 = friedman(m);
        const r2 = friedman({ data: rev, rows: m.rows, cols: m.cols });
        expect(r2.statistic).toBeCloseTo(r1.statistic, 9);
        expect(r1.pValue).toBeGreaterThanOrEqual(0);
        expect(r1.pValue).toBeLessThanOrEqual(1);
        expect(r1.statistic).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
