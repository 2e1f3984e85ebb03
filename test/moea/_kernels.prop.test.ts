import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { crowdRows } from "../../src/moea/_crowding.js";
import { largeBeta, powIndex } from "../../src/moea/_realCoded.js";
import {
  frontsInto,
  makeSortWork,
  renumberOrder,
  sortFronts,
  sortRows,
} from "../../src/moea/_sort.js";
import { frontsRef, plain } from "./_helpers.js";

// Keys from a small set (many ties, both zeros) or any finite double.
const key = fc.oneof(
  fc.constantFrom(0, -0, 1, -1, 2.5, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
  fc.double({ noNaN: true }),
);

describe("sortRows (internal merge sort of the engine)", () => {
  it("equals Array#sort by (key, original position) on any sub-range, any stride and offset", () => {
    fc.assert(
      fc.property(
        fc.array(key, { maxLength: 240 }),
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 1, max: 3 }),
        fc.nat(),
        (ks, a, b, stride, off) => {
          const n = Math.floor(ks.length / stride);
          const offset = off % stride;
          const lo = n === 0 ? 0 : a % (n + 1);
          const hi = n === 0 ? 0 : lo + (b % (n - lo + 1));
          const keys = Float64Array.from(ks);
          const at = (i: number) => ks[i * stride + offset] as number;
          const ids = Int32Array.from({ length: n }, (_, i) => i);
          sortRows(ids, lo, hi, keys, stride, offset, new Int32Array(n));
          const expected = Array.from({ length: hi - lo }, (_, t) => lo + t).sort(
            (x, y) => (at(x) < at(y) ? -1 : 0) || (at(x) === at(y) ? x - y : 1),
          );
          const all = Array.from({ length: n }, (_, i) => i);
          all.splice(lo, hi - lo, ...expected);
          expect(Array.from(ids)).toEqual(all);
          expect(Array.from(keys)).toEqual(ks);
        },
      ),
      { numRuns: 400 },
    );
  });
});

const matrix = fc.integer({ min: 1, max: 4 }).chain((cols) =>
  fc
    .array(fc.array(fc.integer({ min: 0, max: 4 }), { minLength: cols, maxLength: cols }), {
      maxLength: 50,
    })
    .chain((rows) =>
      fc
        .array(fc.constantFrom(0, 0, 0, 0.5, 1), {
          minLength: rows.length,
          maxLength: rows.length,
        })
        .map((v) => ({
          F: { data: Float64Array.from(rows.flat()), rows: rows.length, cols },
          v: Float64Array.from(v),
        })),
    ),
);

describe("frontsInto / crowdRows with reused buffers", () => {
  it("one oversized work area reused across inputs gives the fronts of the definition", () => {
    const w = makeSortWork(64);
    const rank = new Int32Array(64);
    fc.assert(
      fc.property(matrix, fc.boolean(), ({ F, v }, constrained) => {
        const viol = constrained ? v : undefined;
        const count = frontsInto(F.data, F.rows, F.cols, viol, w, rank);
        const fronts = Array.from({ length: count }, (_, f) =>
          Array.from(w.rows.subarray(w.starts[f], w.starts[f + 1])),
        );
        expect(fronts).toEqual(frontsRef(F, viol));
        expect(plain(sortFronts(F.data, F.rows, F.cols, viol).fronts)).toEqual(fronts);
        fronts.forEach((front, f) => {
          for (const i of front) expect(rank[i]).toBe(f);
          // The visiting-order hint gives the crowding of the plain sorts.
          const lo = w.starts[f] as number;
          const hi = w.starts[f + 1] as number;
          expect(Array.from(w.lex.subarray(lo, hi)).sort((a, b) => a - b)).toEqual(front);
          const plainOut = new Float64Array(F.rows);
          const hinted = new Float64Array(F.rows);
          crowdRows(F.data, F.cols, w.rows, lo, hi, plainOut, makeSortWork(F.rows));
          crowdRows(F.data, F.cols, w.rows, lo, hi, hinted, makeSortWork(F.rows), w.lex);
          expect(Array.from(hinted)).toEqual(Array.from(plainOut));
        });
      }),
      { numRuns: 300 },
    );
  });
  it("crowdRows equals the definition (ties by row index) with a reused work area", () => {
    const w = makeSortWork(64);
    fc.assert(
      fc.property(matrix, ({ F }) => {
        const n = F.rows;
        const m = F.cols;
        const rows = Int32Array.from({ length: n }, (_, i) => i);
        const out = new Float64Array(n);
        crowdRows(F.data, m, rows, 0, n, out, w);
        const expected = new Array<number>(n).fill(n <= 2 ? Number.POSITIVE_INFINITY : 0);
        if (n > 2) {
          for (let k = 0; k < m; k++) {
            const at = (i: number) => F.data[i * m + k] as number;
            const order = rows.slice().sort((a, b) => at(a) - at(b) || a - b);
            const first = order[0] as number;
            const last = order[n - 1] as number;
            expected[first] = Number.POSITIVE_INFINITY;
            expected[last] = Number.POSITIVE_INFINITY;
            const range = at(last) - at(first);
            if (range === 0) continue;
            for (let t = 1; t < n - 1; t++) {
              const i = order[t] as number;
              expected[i] =
                (expected[i] as number) +
                (at(order[t + 1] as number) - at(order[t - 1] as number)) / (m * range);
            }
          }
        }
        expect(Array.from(out)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});

describe("largeBeta (SBX shortcut threshold)", () => {
  it("2 - 1 / beta^e is exactly 2 for every beta >= largeBeta(e)", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 1, max: 70 }), fc.double({ min: 1, max: 80, noNaN: true })),
        fc.double({ min: 0, max: 1e-6, noNaN: true }),
        fc.double({ min: 1, max: 1e6, noNaN: true }),
        (e, above, factor) => {
          const t = largeBeta(e);
          for (const beta of [t, t * (1 + above), t * factor]) {
            expect(2 - 1 / powIndex(beta, e)).toBe(2);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
  it("is tight: just below 2^(53/e) the power does not reach 2^53", () => {
    for (const e of [1, 6, 16, 21, 31]) {
      const below = 2 ** (53 / e) * (1 - 1e-9);
      expect(powIndex(below, e)).toBeLessThan(2 ** 53);
      expect(largeBeta(e)).toBeGreaterThan(2 ** (53 / e));
    }
  });
});

/** The lexicographic visiting order (w.ids) of the rows of an unconstrained matrix. */
function lexOrder(d: Float64Array, n: number, m: number): number[] {
  const w = makeSortWork(Math.max(n, 1));
  frontsInto(d, n, m, undefined, w, new Int32Array(n));
  return Array.from(w.ids.subarray(0, n));
}

describe("frontsInto with a presorted prefix (the engine's parents)", () => {
  it("gives the same order, fronts, ranks and lexicographic fronts as sorting all rows", () => {
    fc.assert(
      fc.property(matrix, fc.nat(), ({ F }, cut) => {
        const n = F.rows;
        const m = F.cols;
        const p = n === 0 ? 0 : cut % (n + 1);
        const full = makeSortWork(64);
        const fullRank = new Int32Array(n);
        const count = frontsInto(F.data, n, m, undefined, full, fullRank);
        const pre = makeSortWork(64);
        pre.ids.set(lexOrder(F.data.subarray(0, p * m), p, m));
        const preRank = new Int32Array(n);
        expect(frontsInto(F.data, n, m, undefined, pre, preRank, p)).toBe(count);
        expect(Array.from(pre.ids.subarray(0, n))).toEqual(Array.from(full.ids.subarray(0, n)));
        expect(Array.from(pre.rows.subarray(0, n))).toEqual(Array.from(full.rows.subarray(0, n)));
        expect(Array.from(pre.lex.subarray(0, n))).toEqual(Array.from(full.lex.subarray(0, n)));
        expect(Array.from(pre.starts.subarray(0, count + 1))).toEqual(
          Array.from(full.starts.subarray(0, count + 1)),
        );
        expect(Array.from(preRank)).toEqual(Array.from(fullRank));
      }),
      { numRuns: 300 },
    );
  });
});

describe("renumberOrder (the survivors' order for the next generation)", () => {
  it("equals the lexicographic order of the renumbered rows", () => {
    fc.assert(
      fc.property(
        matrix.chain(({ F }) =>
          fc.tuple(
            fc.constant(F),
            fc.shuffledSubarray(
              Array.from({ length: F.rows }, (_, i) => i),
              { minLength: 0, maxLength: F.rows },
            ),
          ),
        ),
        ([F, kept]) => {
          const n = F.rows;
          const m = F.cols;
          // Row kept[c] becomes row c of the new matrix.
          const index = new Int32Array(n).fill(-1);
          const next = new Float64Array(kept.length * m);
          kept.forEach((row, c) => {
            index[row] = c;
            next.set(F.data.subarray(row * m, row * m + m), c * m);
          });
          const order = Int32Array.from(lexOrder(F.data, n, m));
          const out = new Int32Array(kept.length);
          const count = renumberOrder(F.data, m, order, n, index, out, new Int32Array(kept.length));
          expect(count).toBe(kept.length);
          expect(Array.from(out)).toEqual(lexOrder(next, kept.length, m));
        },
      ),
      { numRuns: 300 },
    );
  });
});
