import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { stratifiedSubset } from "../../src/subset/stratifiedSubset.js";

const strata = Int32Array.of(0, 0, 0, 0, 0, 0, 1, 1, 1, 1);

describe("stratifiedSubset(strata, k, rng, { allocation })", () => {
  it("draws the proportional allocation (6:4 items, k = 5 -> 3 + 2)", () => {
    for (let s = 0; s < 20; s++) {
      const S = Array.from(stratifiedSubset(strata, 5, createRng(s)));
      expect(S.filter((i) => i < 6)).toHaveLength(3);
      expect(S.filter((i) => i >= 6)).toHaveLength(2);
    }
  });

  it("is deterministic for a seed and leaves its input unchanged", () => {
    const copy = Int32Array.from(strata);
    expect(stratifiedSubset(strata, 5, createRng(7))).toEqual(
      stratifiedSubset(strata, 5, createRng(7)),
    );
    expect(strata).toEqual(copy);
  });

  it("includes every item with probability n_h / N_h (frequencies over 20,000 seeded draws)", () => {
    const reps = 20000;
    const hits = new Float64Array(10);
    const rng = createRng("freq");
    for (let t = 0; t < reps; t++) for (const i of stratifiedSubset(strata, 5, rng)) hits[i] += 1;
    for (let i = 0; i < 10; i++) {
      const p = i < 6 ? 3 / 6 : 2 / 4;
      const se = Math.sqrt((p * (1 - p)) / reps);
      expect(Math.abs(hits[i] / reps - p)).toBeLessThan(5 * se);
    }
  });

  it("has exactly k distinct sorted indices and exact stratum totals (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 40 }),
        fc.nat(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (labels, seed, frac) => {
          const s = Int32Array.from(labels);
          const k = Math.max(1, Math.round(frac * s.length));
          const S = stratifiedSubset(s, k, createRng(seed));
          expect(S.length).toBe(k);
          expect(new Set(S).size).toBe(k);
          for (let t = 1; t < k; t++) expect(S[t]).toBeGreaterThan(S[t - 1] as number);
          // each stratum gets floor(k N_h / N) or one more
          for (let h = 0; h <= 4; h++) {
            const Nh = labels.filter((v) => v === h).length;
            const nh = Array.from(S).filter((i) => s[i] === h).length;
            const q = (k * Nh) / s.length;
            expect(nh).toBeGreaterThanOrEqual(Math.floor(q));
            expect(nh).toBeLessThanOrEqual(Math.ceil(q));
          }
        },
      ),
    );
  });

  it("honours an explicit allocation", () => {
    const S = Array.from(
      stratifiedSubset(strata, 4, createRng(1), { allocation: Int32Array.of(0, 4) }),
    );
    expect(S).toEqual([6, 7, 8, 9]);
  });

  it("rejects k = 0, k > items, a stratum smaller than its allocation and bad allocations", () => {
    const rng = createRng(1);
    expect(() => stratifiedSubset(strata, 0, rng)).toThrow(/k must be at least 1/);
    expect(() => stratifiedSubset(strata, 11, rng)).toThrow(
      /k must be at most the number of items/,
    );
    expect(() => stratifiedSubset(strata, 5, rng, { allocation: Int32Array.of(0, 5) })).toThrow(
      /stratum 1 has 4 items, fewer than its allocation 5/,
    );
    expect(() => stratifiedSubset(strata, 5, rng, { allocation: Int32Array.of(1, 1) })).toThrow(
      /sums to 2, not to k = 5/,
    );
    expect(() => stratifiedSubset(strata, 5, rng, { allocation: Int32Array.of(5) })).toThrow(
      /length must equal/,
    );
    expect(() => stratifiedSubset(strata, 5, "x" as never)).toThrow(TypeError);
    expect(() => stratifiedSubset("0, 1" as never, 1, rng)).toThrow(TypeError);
    expect(() => stratifiedSubset(Int32Array.of(-1, 0), 1, rng)).toThrow(RangeError);
    expect(() => stratifiedSubset(strata, 5, () => 1)).toThrow(/outside \[0, 1\)/);
  });
});

describe("stratifiedSubset errors name stratifiedSubset", () => {
  it("reports a faulty rng under its own name, not stratifiedSrs's", () => {
    expect(() => stratifiedSubset(Int32Array.of(0, 0, 1, 1), 2, () => 1)).toThrow(
      /^stratifiedSubset: rng returned a value outside \[0, 1\)/,
    );
  });
});
