import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fitRateRegression } from "../../../src/subset/irt/fitRateRegression.js";
import { fitStepwiseRate } from "../../../src/subset/irt/fitStepwiseRate.js";
import { predictRateRegression } from "../../../src/subset/irt/predictRateRegression.js";
import { stepwiseSubset } from "../../../src/subset/irt/stepwiseSubset.js";

const history = fc
  .record({ R: fc.integer({ min: 3, max: 14 }), N: fc.integer({ min: 1, max: 8 }) })
  .chain(({ R, N }) =>
    fc.record({
      R: fc.constant(R),
      N: fc.constant(N),
      data: fc.uint8Array({ minLength: R * N, maxLength: R * N, max: 1 }),
      k: fc.integer({ min: 1, max: N }),
      folds: fc.integer({ min: 2, max: R }),
      penalty: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 20, noNaN: true })),
      // Ridge > 0 so that every fit is defined whatever the data.
      ridge: fc.double({ min: 0.01, max: 50, noNaN: true }),
    }),
  )
  .filter(({ R, folds }) => R - Math.ceil(R / folds) >= 2);

function toOutcomes(R: number, N: number, data: Uint8Array) {
  return {
    runs: Array.from({ length: R }, (_, r) => `r${r}`),
    items: Array.from({ length: N }, (_, i) => `i${i}`),
    data,
  };
}

describe("fitStepwiseRate properties", () => {
  it("is deterministic, leaves the input unchanged, cvMse >= 0 and finite", () => {
    fc.assert(
      fc.property(history, ({ R, N, data, k, folds, penalty, ridge }) => {
        const copy = Uint8Array.from(data);
        const o = toOutcomes(R, N, data);
        const a = fitStepwiseRate(o, k, { folds, penalty, ridge });
        expect(fitStepwiseRate(o, k, { folds, penalty, ridge })).toEqual(a);
        expect(data).toEqual(copy);
        expect(a.cvMse >= 0 && Number.isFinite(a.cvMse)).toBe(true);
        // Rates and clamped predictions lie in [0, 1].
        expect(a.cvMse).toBeLessThanOrEqual(1);
        expect(a.folds).toBe(folds);
        expect(a.subset.length).toBe(k);
      }),
      { numRuns: 60 },
    );
  });

  it("cvMse is the mean squared held-out error of selection + fit over the folds", () => {
    fc.assert(
      fc.property(history, ({ R, N, data, k, folds, penalty, ridge }) => {
        const o = toOutcomes(R, N, data);
        let sq = 0;
        for (let f = 0; f < folds; f++) {
          const fit: number[] = [];
          const held: number[] = [];
          for (let r = 0; r < R; r++) (r % folds === f ? held : fit).push(r);
          const S = stepwiseSubset(o, k, { runs: fit, penalty });
          const m = fitRateRegression(o, S, { runs: fit, ridge });
          for (const r of held) {
            const y = Uint8Array.from(S, (i) => data[r * N + i] as number);
            let s = 0;
            for (let i = 0; i < N; i++) s += data[r * N + i] as number;
            sq += (predictRateRegression(m, y).estimate - s / N) ** 2;
          }
        }
        expect(fitStepwiseRate(o, k, { folds, penalty, ridge }).cvMse).toBe(sq / R);
      }),
      { numRuns: 60 },
    );
  });
});
