import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { aucRecallAtK } from "../../src/stats/aucRecallAtK.js";
import { expectClose, fixture } from "./_fixture.js";

describe("aucRecallAtK(ranking, relevant)", () => {
  const relevant = new Uint8Array([1, 0, 0, 1]);
  it("integrates (K/n, Recall@K) from (0, 0) by trapezoids", () => {
    // ideal [0,3,1,2]: recall 0, .5, 1, 1, 1 -> (0.25 + 0.75 + 1 + 1) / 4 = 0.75 = 1 - m / (2n)
    expect(aucRecallAtK(new Int32Array([0, 3, 1, 2]), relevant)).toBe(0.75);
    // worst [1,2,0,3]: recall 0, 0, 0, .5, 1 -> (0 + 0 + 0.25 + 0.75) / 4 = 0.25
    expect(aucRecallAtK(new Int32Array([1, 2, 0, 3]), relevant)).toBe(0.25);
    expect(aucRecallAtK(new Int32Array([2, 3, 0, 1]), new Set([0, 3]))).toBe(0.5);
  });

  it("matches numpy.trapz over the numpy curve", () => {
    for (const c of fixture.recall as { ranking: number[]; relevant: number[]; auc: number }[]) {
      expectClose(
        aucRecallAtK(Int32Array.from(c.ranking), Uint8Array.from(c.relevant)),
        c.auc,
        1e-13,
      );
    }
  });

  it("averages 0.5 over random rankings (Monte Carlo, 4 SE)", () => {
    // n = 20 items, 5 relevant; 4,000 seeded uniform permutations
    const rng = createRng("aucRecallAtK-random");
    const rel = new Uint8Array(20);
    rel.set([1, 1, 1, 1, 1]);
    const reps = 4000;
    let sum = 0;
    let sum2 = 0;
    for (let r = 0; r < reps; r++) {
      const p = Int32Array.from({ length: 20 }, (_, i) => i);
      for (let i = 19; i > 0; i--) {
        const j = Math.floor(rng() * (i + 1));
        const t = p[i] as number;
        p[i] = p[j] as number;
        p[j] = t;
      }
      const a = aucRecallAtK(p, rel);
      sum += a;
      sum2 += a * a;
    }
    const mean = sum / reps;
    const se = Math.sqrt((sum2 / reps - mean * mean) / reps);
    expect(Math.abs(mean - 0.5)).toBeLessThan(4 * se);
  });

  it("rejects bad input with typed errors", () => {
    expect(() => aucRecallAtK(new Int32Array([]), relevant)).toThrow(
      /aucRecallAtK: ranking is empty/,
    );
    expect(() => aucRecallAtK(new Int32Array([0, 1]), new Uint8Array(2))).toThrow(
      /no relevant item/,
    );
    expect(() => aucRecallAtK(new Int32Array([1, 1]), relevant)).toThrow(/twice/);
    expect(() => aucRecallAtK(new Int32Array([9]), relevant)).toThrow(RangeError);
    expect(() => aucRecallAtK(new Int32Array([0]), "x" as never)).toThrow(TypeError);
  });
});
