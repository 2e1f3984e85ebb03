import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lloyd } from "../../src/core/_lloyd.js";
import type { RowMatrix } from "../../src/core/types.js";

const mat = (rows: number[][]): RowMatrix => ({
  data: Float64Array.from(rows.flat()),
  rows: rows.length,
  cols: rows[0]?.length ?? 0,
});

/** Nearest centre by a plain scan, ties to the lowest id (the test's own implementation). */
function nearest(p: RowMatrix, i: number, c: Float64Array, k: number): number {
  let arg = 0;
  let best = Number.POSITIVE_INFINITY;
  for (let h = 0; h < k; h++) {
    let s = 0;
    for (let t = 0; t < p.cols; t++)
      s += ((p.data[i * p.cols + t] as number) - (c[h * p.cols + t] as number)) ** 2;
    if (s < best) {
      best = s;
      arg = h;
    }
  }
  return arg;
}

const points = fc.integer({ min: 1, max: 3 }).chain((d) =>
  fc.array(fc.array(fc.integer({ min: -20, max: 20 }), { minLength: d, maxLength: d }), {
    minLength: 2,
    maxLength: 40,
  }),
);

describe("lloyd (the shared k-means core)", () => {
  it("separates two obvious groups and reports sizes, SSE and rounds", () => {
    const r = lloyd(mat([[0], [1], [10], [11]]), mat([[0], [1]]), {
      maxRounds: 100,
      empty: "keep",
    });
    expect(Array.from(r.labels)).toEqual([0, 0, 1, 1]);
    expect(Array.from(r.centres)).toEqual([0.5, 10.5]);
    expect(Array.from(r.sizes)).toEqual([2, 2]);
    expect(r.sse).toBe(1);
    // round 1: [0, 1, 1, 1]; round 2: [0, 0, 1, 1]; round 3 moves nothing
    expect(r.rounds).toBe(3);
  });

  it("keeps an empty centre where it was, or drops it and renumbers in order", () => {
    const p = mat([[0], [1], [10], [11]]);
    const init = mat([[0], [100], [10]]);
    const keep = lloyd(p, init, { maxRounds: 100, empty: "keep" });
    expect(Array.from(keep.labels)).toEqual([0, 0, 2, 2]);
    expect(Array.from(keep.centres)).toEqual([0.5, 100, 10.5]);
    expect(Array.from(keep.sizes)).toEqual([2, 0, 2]);
    const drop = lloyd(p, init, { maxRounds: 100, empty: "drop" });
    expect(drop.k).toBe(2);
    expect(Array.from(drop.labels)).toEqual([0, 0, 1, 1]);
    expect(Array.from(drop.centres)).toEqual([0.5, 10.5]);
  });

  it("stops on the first round when the start labels already are the assignment", () => {
    const p = mat([[0], [1], [10], [11]]);
    const r = lloyd(p, mat([[0.5], [10.5]]), {
      maxRounds: 100,
      empty: "keep",
      start: Int32Array.from([0, 0, 1, 1]),
    });
    expect(r.rounds).toBe(1);
  });

  it("line mode merges equal centres, breaks a midpoint tie to the lower centre", () => {
    // centres 0 and 2 (given twice and unsorted); the unit at 1 is a tie
    const r = lloyd(mat([[0], [1], [2]]), mat([[2], [0], [2]]), {
      maxRounds: 1,
      empty: "drop",
      line: true,
    });
    expect(r.k).toBe(2);
    expect(Array.from(r.labels)).toEqual([0, 0, 1]);
  });

  it("at a no-move stop every unit is at its nearest centre and every centre is its units' mean", () => {
    fc.assert(
      fc.property(points, fc.integer({ min: 1, max: 6 }), (rows, kk) => {
        const p = mat(rows);
        const k = Math.min(kk, p.rows);
        const init = mat(rows.slice(0, k));
        const before = init.data.slice();
        const r = lloyd(p, init, { maxRounds: 1000, empty: "keep" });
        expect(Array.from(init.data)).toEqual(Array.from(before));
        expect(r.rounds).toBeLessThan(1000);
        for (let i = 0; i < p.rows; i++) expect(r.labels[i]).toBe(nearest(p, i, r.centres, k));
        for (let h = 0; h < k; h++) {
          if (r.sizes[h] === 0) continue;
          for (let t = 0; t < p.cols; t++) {
            let s = 0;
            for (let i = 0; i < p.rows; i++)
              if (r.labels[i] === h) s += p.data[i * p.cols + t] as number;
            expect(r.centres[h * p.cols + t]).toBe(s / (r.sizes[h] as number));
          }
        }
      }),
    );
  });

  it("the tolerance rule with tolerance 0 stops at a fixed point", () => {
    fc.assert(
      fc.property(points, fc.integer({ min: 1, max: 6 }), (rows, kk) => {
        const p = mat(rows);
        const k = Math.min(kk, p.rows);
        const init = mat(rows.slice(0, k));
        const r = lloyd(p, init, { maxRounds: 1000, tolerance: 0, empty: "keep" });
        expect(r.rounds).toBeLessThan(1000);
        // the last round's labels gave unchanged means, so assigning to them again moves nothing
        const again = lloyd(
          p,
          { data: r.centres, rows: k, cols: p.cols },
          {
            maxRounds: 1,
            empty: "keep",
          },
        );
        expect(Array.from(again.labels)).toEqual(Array.from(r.labels));
      }),
    );
  });

  it("line mode and the scan agree on 1-D data with sorted distinct centres", () => {
    fc.assert(
      fc.property(
        // integers: distances to the rational centres differ by far more than rounding, so only exact ties occur
        fc.array(fc.integer({ min: -100, max: 100 }), { minLength: 2, maxLength: 60 }),
        fc.integer({ min: 1, max: 6 }),
        (xs, kk) => {
          const sorted = Array.from(new Set(xs)).sort((a, b) => a - b);
          const k = Math.min(kk, sorted.length);
          const init = mat(sorted.slice(0, k).map((x) => [x]));
          const p = mat(xs.map((x) => [x]));
          const line = lloyd(p, init, { maxRounds: 50, empty: "drop", line: true });
          const scan = lloyd(p, init, { maxRounds: 50, empty: "drop" });
          expect(Array.from(line.labels)).toEqual(Array.from(scan.labels));
          expect(line.k).toBe(scan.k);
        },
      ),
    );
  });
});
