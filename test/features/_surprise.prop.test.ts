/**
 * The blocked kernels of `_surprise.ts` against naive loops over the same
 * inputs: the LSA log-sum-exp (`_lse.ts`; both kernels: the WebAssembly one,
 * tiles of 4 queries x 4 training rows with a polynomial exp, and the
 * JavaScript one, 4 x 2 with a table exp; cache blocks, skipped negligible
 * terms) against Math.exp over direct squared distances; the DSA nearest-neighbour search (dot-product identity,
 * register-held bests) against brute force over direct distances. Sizes are
 * drawn so that query counts not divisible by 4, odd training counts and
 * several cache blocks (LSA: blockRows(d) = max(16, floor(16384 / d)) rows
 * in JavaScript, so d >= 30 with a few hundred rows, and floor(2048 / d)
 * quads in WebAssembly; DSA: blockQuads(d) =
 * max(1, floor(2048 / d)) quads of four rows per class range, so d = 64 with a
 * few hundred rows) all occur.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import type { RowMatrix } from "../../src/core/rowMatrix.js";
import { whiten } from "../../src/features/_linalg.js";
import { fitKde, lsaScores, prepareTrain } from "../../src/features/_surprise.js";
import { dsa } from "../../src/features/dsa.js";

type Case = {
  train: RowMatrix;
  trainClass: Int32Array;
  test: RowMatrix;
  testClass: Int32Array;
};

/** Seeded Gaussian classes (spread and offset per class) and queries, some of them far away. */
function makeCase(seed: number, d: number, classes: number, perClass: number, m: number): Case {
  const rng = createRng(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
  const n = classes * perClass + (perClass % 2 === 0 ? 1 : 0);
  const train = new Float64Array(n * d);
  const trainClass = new Int32Array(n);
  for (let r = 0; r < n; r++) {
    const c = r % classes;
    trainClass[r] = c;
    for (let k = 0; k < d; k++) train[r * d + k] = 3 * c + (1 + c) * gauss();
  }
  const test = new Float64Array(m * d);
  const testClass = new Int32Array(m);
  for (let i = 0; i < m; i++) {
    testClass[i] = (i * 7) % classes;
    // every fifth query sits far from all training points
    const far = i % 5 === 4 ? 200 : 0;
    for (let k = 0; k < d; k++) test[i * d + k] = far + 2 * gauss();
  }
  return {
    train: { data: train, rows: n, cols: d },
    trainClass,
    test: { data: test, rows: m, cols: d },
    testClass,
  };
}

const caseArb = fc
  .record({
    seed: fc.integer({ min: 0, max: 1_000_000 }),
    d: fc.constantFrom(1, 2, 3, 10, 33, 64),
    classes: fc.integer({ min: 2, max: 3 }),
    extra: fc.integer({ min: 0, max: 300 }),
    m: fc.integer({ min: 1, max: 11 }),
  })
  .map(({ seed, d, classes, extra, m }) => makeCase(seed, d, classes, 2 * d + 2 + extra, m));

/** log sum_t exp(-|q - w_t|^2 / 2) with Math.exp after subtracting the maximum. */
function naiveLse(q: Float64Array, qo: number, w: Float64Array, d: number): number {
  const n = w.length / d;
  const v = new Float64Array(n);
  let mx = Number.NEGATIVE_INFINITY;
  for (let t = 0; t < n; t++) {
    let s = 0;
    for (let k = 0; k < d; k++) {
      const z = (q[qo + k] as number) - (w[t * d + k] as number);
      s += z * z;
    }
    v[t] = -0.5 * s;
    if ((v[t] as number) > mx) mx = v[t] as number;
  }
  let s = 0;
  for (let t = 0; t < n; t++) s += Math.exp((v[t] as number) - mx);
  return mx + Math.log(s);
}

function dist(a: Float64Array, ao: number, b: Float64Array, bo: number, d: number): number {
  let s = 0;
  for (let k = 0; k < d; k++) {
    const z = (a[ao + k] as number) - (b[bo + k] as number);
    s += z * z;
  }
  return Math.sqrt(s);
}

/** Brute-force DSA over direct distances (lowest index on ties). */
function naiveDsa(c: Case, variant: "paper" | "kim2019", eps: number): Float64Array {
  const d = c.train.cols;
  const x = c.train.data;
  const n = c.train.rows;
  const nearestOf = (p: Float64Array, po: number, cls: number) => {
    let bs = Number.POSITIVE_INFINITY;
    let bd = Number.POSITIVE_INFINITY;
    let js = -1;
    for (let t = 0; t < n; t++) {
      const e = dist(p, po, x, t * d, d);
      if (c.trainClass[t] === cls) {
        if (e < bs) {
          bs = e;
          js = t;
        }
      } else if (e < bd) bd = e;
    }
    return { bs, bd, js };
  };
  const out = new Float64Array(c.test.rows);
  for (let i = 0; i < c.test.rows; i++) {
    const r = nearestOf(c.test.data, i * d, c.testClass[i] as number);
    const dDiff =
      variant === "paper" ? r.bd : nearestOf(x, r.js * d, c.trainClass[r.js] as number).bd;
    out[i] = r.bs / (dDiff + eps);
  }
  return out;
}

describe("surprise kernels against naive loops", () => {
  for (const kernel of ["wasm", "js"] as const)
    it(`LSA (${kernel} kernel): blocked log-sum-exp equals the naive sum over whitened rows`, () => {
      fc.assert(
        fc.property(caseArb, (c) => {
          const ts = prepareTrain("t", c.train, c.trainClass);
          const model = fitKde("t", ts, 0);
          const got = lsaScores(model, c.test, c.testClass, kernel);
          for (let i = 0; i < c.test.rows; i++) {
            const k = model.classes.get(c.testClass[i] as number);
            if (k === undefined) throw new Error("class without a KDE");
            const q = whiten(c.test.data, c.test.cols, Int32Array.of(i), model.keep, k.mean, k.l);
            const want = -(naiveLse(q, 0, k.white, model.keep.length) + k.logNorm);
            // rounding of |q|^2 + |w|^2 - 2 q.w against direct differences; the values reach ~1e6 for far queries
            expect(Math.abs((got[i] as number) - want)).toBeLessThanOrEqual(
              1e-11 * Math.max(1, Math.abs(want)),
            );
          }
        }),
        { numRuns: 40 },
      );
    });

  for (const variant of ["paper", "kim2019"] as const) {
    it(`DSA ${variant}: blocked nearest-neighbour search equals brute force`, () => {
      fc.assert(
        fc.property(caseArb, (c) => {
          const got = dsa(c.train, c.trainClass, c.test, c.testClass, { variant });
          const want = naiveDsa(c, variant, 1e-12);
          for (let i = 0; i < want.length; i++)
            // a ratio of two distances: when d_diff is small, a few ulps of rounding
            // in either distance show up amplified (seen: 1.15e-12 relative at DSA 86)
            expect(Math.abs((got[i] as number) - (want[i] as number))).toBeLessThanOrEqual(
              1e-10 * Math.max(1, Math.abs(want[i] as number)),
            );
        }),
        { numRuns: 40 },
      );
    });
  }
});
