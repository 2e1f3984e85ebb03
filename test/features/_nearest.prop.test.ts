/**
 * Invariants of the DSA search kernel over random shapes: class sizes that are
 * not multiples of four (padding), query counts that are not multiples of four
 * (repeated lanes), several training blocks per range (blockQuads(d) =
 * max(1, floor(2048 / d)) quads, so d = 64 with a few hundred rows), and
 * duplicated rows (exact ties). Both kernels must return exactly the row that
 * brute force over the same arithmetic picks.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nearestRows, packTrain } from "../../src/features/_nearest.js";

const caseArb = fc
  .record({
    d: fc.constantFrom(1, 2, 3, 5, 10, 64),
    sizes: fc.array(fc.integer({ min: 1, max: 150 }), { minLength: 1, maxLength: 4 }),
    m: fc.integer({ min: 1, max: 13 }),
    seed: fc.integer({ min: 1, max: 2 ** 30 }),
    dup: fc.boolean(),
  })
  .map(({ d, sizes, m, seed, dup }) => {
    let s = seed;
    // a Lehmer generator: raw state, and coarse integers in [-4, 4] that make exact ties likely
    const raw = () => {
      s = (s * 48271) % 2147483647;
      return s;
    };
    const next = () => (raw() % 9) - 4;
    const n = sizes.reduce((a, b) => a + b, 0);
    const cls = new Int32Array(n);
    let at = 0;
    sizes.forEach((size, c) => {
      for (let j = 0; j < size; j++) cls[at++] = c * 3;
    });
    // shuffle so that a class's rows are not contiguous in the input
    for (let i = n - 1; i > 0; i--) {
      const j = raw() % (i + 1);
      const t = cls[i] as number;
      cls[i] = cls[j] as number;
      cls[j] = t;
    }
    const x = Float64Array.from({ length: n * d }, next);
    if (dup && n > 1) x.copyWithin((n - 1) * d, 0, d);
    const q = Float64Array.from({ length: m * d }, next);
    return { d, n, m, cls, x, q, classes: sizes.length };
  });

describe("nearestRows", () => {
  it("both kernels pick the brute-force row (sequential dot, lowest index on ties)", () => {
    fc.assert(
      fc.property(caseArb, ({ d, n, m, cls, x, q, classes }) => {
        const nx = new Float64Array(n);
        for (let r = 0; r < n; r++) {
          let s = 0;
          for (let k = 0; k < d; k++) s += (x[r * d + k] as number) ** 2;
          nx[r] = s;
        }
        const groups = new Map<number, Int32Array>();
        for (let c = 0; c < classes; c++) {
          const rows: number[] = [];
          cls.forEach((v, i) => {
            if (v === 3 * c) rows.push(i);
          });
          groups.set(3 * c, Int32Array.from(rows));
        }
        const pt = packTrain(x, nx, d, groups);
        // queries in two groups searching different range sets
        const ranges = [
          Int32Array.from({ length: classes }, (_, c) => c),
          Int32Array.of(classes - 1),
        ];
        const idx = [
          Int32Array.from({ length: m }, (_, i) => i).filter((i) => i % 2 === 0),
          Int32Array.from({ length: m }, (_, i) => i).filter((i) => i % 2 === 1),
        ];
        const got = ["wasm", "js"].map((kernel) => {
          const out = new Int32Array(m).fill(-7);
          nearestRows(
            pt,
            q,
            [0, 1].map((g) => ({ idx: idx[g] as Int32Array, ranges: ranges[g] as Int32Array })),
            out,
            kernel as "wasm" | "js",
          );
          return out;
        });
        for (let i = 0; i < m; i++) {
          const allowed = ranges[i % 2] as Int32Array;
          let best = Number.POSITIVE_INFINITY;
          let row = -7;
          for (let t = 0; t < n; t++) {
            if (!allowed.includes((cls[t] as number) / 3)) continue;
            let dot = 0;
            for (let k = 0; k < d; k++) dot += (q[i * d + k] as number) * (x[t * d + k] as number);
            const e = (nx[t] as number) - (dot + dot);
            if (e < best) {
              best = e;
              row = t;
            }
          }
          expect(got[0]?.[i]).toBe(row);
          expect(got[1]?.[i]).toBe(row);
        }
      }),
      { numRuns: 60 },
    );
  });
});
