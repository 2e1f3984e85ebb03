import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stepwiseSubset } from "../../../src/subset/irt/stepwiseSubset.js";

const history = fc
  .record({ R: fc.integer({ min: 2, max: 12 }), N: fc.integer({ min: 1, max: 10 }) })
  .chain(({ R, N }) =>
    fc.record({
      R: fc.constant(R),
      N: fc.constant(N),
      data: fc.uint8Array({ minLength: R * N, maxLength: R * N, max: 1 }),
      penalty: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 20, noNaN: true })),
    }),
  );

function toOutcomes(R: number, N: number, data: Uint8Array) {
  return {
    runs: Array.from({ length: R }, (_, r) => `r${r}`),
    items: Array.from({ length: N }, (_, i) => `i${i}`),
    data,
  };
}

describe("stepwiseSubset properties", () => {
  it("returns k distinct in-range items, and a smaller k is a prefix of a larger one (greedy)", () => {
    fc.assert(
      fc.property(history, fc.integer({ min: 1, max: 10 }), ({ R, N, data, penalty }, k0) => {
        const o = toOutcomes(R, N, data);
        const k = Math.min(k0, N);
        const all = stepwiseSubset(o, N, { penalty });
        const s = stepwiseSubset(o, k, { penalty });
        expect(s.length).toBe(k);
        expect(new Set(s).size).toBe(k);
        for (const i of s) expect(i >= 0 && i < N).toBe(true);
        expect(Array.from(s)).toEqual(Array.from(all.subarray(0, k)));
      }),
    );
  });

  it("the first pick maximises (x_j . e)^2 / (|x_j|^2 + penalty) over the centred columns", () => {
    fc.assert(
      fc.property(history, ({ R, N, data, penalty }) => {
        const o = toOutcomes(R, N, data);
        const f = Array.from({ length: R }, (_, r) => {
          let s = 0;
          for (let i = 0; i < N; i++) s += data[r * N + i] as number;
          return s / N;
        });
        const fm = f.reduce((u, v) => u + v, 0) / R;
        const score = (i: number): number => {
          let m = 0;
          for (let r = 0; r < R; r++) m += data[r * N + i] as number;
          m /= R;
          let d = 0;
          let n = 0;
          for (let r = 0; r < R; r++) {
            const x = (data[r * N + i] as number) - m;
            d += x * ((f[r] as number) - fm);
            n += x * x;
          }
          return n + penalty > 0 ? (d * d) / (n + penalty) : 0;
        };
        const first = stepwiseSubset(o, 1, { penalty })[0] as number;
        for (let i = 0; i < N; i++) expect(score(first)).toBeGreaterThanOrEqual(score(i) - 1e-12);
      }),
    );
  });
});
