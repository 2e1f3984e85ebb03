import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Rng } from "../../src/core/rng.js";
import { evaluateSubset } from "../../src/evaluate/evaluateSubset.js";
import { baselineMethod } from "../../src/subset/baselineMethod.js";
import { table } from "../subset/_make.js";

describe("evaluateSubset invariants (property)", () => {
  it("errors, per-split RMSE and MaxErr agree with a direct recomputation from the returned layout", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 6 }),
        fc.integer({ min: 4, max: 12 }),
        fc.nat(),
        (R, N, seed) => {
          const rows = Array.from({ length: R }, (_, r) =>
            Array.from({ length: N }, (_, i) => ((r * 7 + i * 3 + seed) % 5 < 2 ? 1 : 0)),
          );
          const o = table(rows);
          const k = 1 + (seed % (N - 1));
          const W = 1 + (seed % (R - 1));
          const picks: Int32Array[] = [];
          const inner = baselineMethod("consistency");
          const method = {
            name: "recorded",
            stochastic: true,
            select: (ctx: Parameters<typeof inner.select>[0], rng: Rng) => {
              const S = inner.select(ctx, rng);
              picks.push(S);
              return S;
            },
          };
          const ev = evaluateSubset({
            outcomes: o,
            select: method,
            size: k,
            window: W,
            seeds: 3,
            seed,
          });
          const S = ev.splits.length;
          const P = ev.pairRun.length;
          const full = rows.map((row) => row.reduce((a: number, b) => a + b, 0) / N);
          // picks were made split by split, seed by seed within a split
          for (let q = 0; q < 3; q++) {
            let worst = 0;
            for (let p = 0; p < P; p++) {
              const s = ev.pairSplit[p] as number;
              const r = ev.pairRun[p] as number;
              const sub = picks[s * 3 + q] as Int32Array;
              const rate = Array.from(sub).reduce((a, i) => a + (rows[r]?.[i] as number), 0) / k;
              expect(ev.errors[q * P + p]).toBeCloseTo(rate - (full[r] as number), 12);
              worst = Math.max(worst, 100 * Math.abs(rate - (full[r] as number)));
            }
            expect(ev.maxErrBySeed[q]).toBeCloseTo(worst, 9);
            for (let s = 0; s < S; s++) {
              const e: number[] = [];
              for (let p = 0; p < P; p++)
                if (ev.pairSplit[p] === s) e.push(ev.errors[q * P + p] as number);
              const v = Math.sqrt(e.reduce((a, b) => a + b * b, 0) / e.length);
              expect(ev.rmseBySplit[q * S + s]).toBeCloseTo(v, 12);
            }
          }
          // every subset has exactly k distinct items
          for (const sub of picks) expect(new Set(sub).size).toBe(k);
        },
      ),
      { numRuns: 60 },
    );
  });
});
