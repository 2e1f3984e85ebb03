import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { RowMatrix } from "../../src/core/rowMatrix.js";
import { hypervolume } from "../../src/moea/hypervolume.js";

/** Exact hypervolume by inclusion-exclusion over all non-empty subsets (small n only). */
function inclusionExclusion(F: RowMatrix, ref: Float64Array): number {
  const { rows: n, cols: m, data } = F;
  let total = 0;
  for (let mask = 1; mask < 1 << n; mask++) {
    let vol = 1;
    let bits = 0;
    for (let k = 0; k < m; k++) {
      let worst = Number.NEGATIVE_INFINITY;
      for (let i = 0; i < n; i++)
        if (mask & (1 << i)) worst = Math.max(worst, data[i * m + k] as number);
      vol *= Math.max(0, (ref[k] as number) - worst);
    }
    for (let i = 0; i < n; i++) if (mask & (1 << i)) bits++;
    total += bits % 2 === 1 ? vol : -vol;
  }
  return total;
}

const points = (m: number) =>
  fc
    .array(fc.array(fc.double({ min: 0, max: 1.2, noNaN: true }), { minLength: m, maxLength: m }), {
      minLength: 1,
      maxLength: 8,
    })
    .map(
      (rows): RowMatrix => ({ data: Float64Array.from(rows.flat()), rows: rows.length, cols: m }),
    );

describe("hypervolume invariants", () => {
  for (const m of [2, 3]) {
    it(`${m}-D equals inclusion-exclusion (points may lie outside the box)`, () => {
      const ref = new Float64Array(m).fill(1);
      fc.assert(
        fc.property(points(m), (F) => {
          const want = inclusionExclusion(F, ref);
          expect(Math.abs(hypervolume(F, ref) - want)).toBeLessThanOrEqual(1e-12);
        }),
        { numRuns: 300 },
      );
    });
  }
  it("3-D with a constant third objective z equals the 2-D value times (r3 - z)", () => {
    fc.assert(
      fc.property(points(2), fc.double({ min: 0, max: 0.9, noNaN: true }), (F, z) => {
        const data3 = new Float64Array(F.rows * 3);
        for (let i = 0; i < F.rows; i++) {
          data3[3 * i] = F.data[2 * i] as number;
          data3[3 * i + 1] = F.data[2 * i + 1] as number;
          data3[3 * i + 2] = z;
        }
        const hv2 = hypervolume(F, new Float64Array([1, 1]));
        const hv3 = hypervolume(
          { data: data3, rows: F.rows, cols: 3 },
          new Float64Array([1, 1, 1]),
        );
        expect(Math.abs(hv3 - hv2 * (1 - z))).toBeLessThanOrEqual(1e-12);
      }),
      { numRuns: 200 },
    );
  });
  it("adding a point never decreases the hypervolume", () => {
    fc.assert(
      fc.property(points(3), points(3), (A, B) => {
        const ref = new Float64Array([1, 1, 1]);
        const both = {
          data: Float64Array.from([...A.data, ...B.data]),
          rows: A.rows + B.rows,
          cols: 3,
        };
        expect(hypervolume(both, ref)).toBeGreaterThanOrEqual(hypervolume(A, ref) - 1e-12);
      }),
      { numRuns: 200 },
    );
  });
});
