import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { stratifiedSrs } from "../../src/design/stratifiedSrs.js";
import {
  expectFrequenciesMatch,
  expectSortedUnique,
  fixedRng,
  inclusionFrequencies,
} from "./_helpers.js";

const i32 = (...v: number[]) => Int32Array.from(v);

describe("stratifiedSrs(strata, allocation, rng)", () => {
  it("draws an srs inside each stratum, stratum by stratum", () => {
    // stratum 0 = units [0, 1, 5], stratum 1 = [2, 3, 4]. Stratum 0, n = 1 of 3 by selection
    // sampling: u = 0.9 (2.7 >= 1 skip 0), u = 0.2 (0.4 < 1 take position 1 = unit 1).
    // Stratum 1, n = 2 of 3: u = 0.5 (1.5 < 2 take unit 2), u = 0.8 (1.6 >= 1 skip unit 3),
    // then unit 4 must be taken.
    const s = stratifiedSrs(i32(0, 0, 1, 1, 1, 0), i32(1, 2), fixedRng(0.9, 0.2, 0.5, 0.8, 0.5));
    expect(Array.from(s)).toEqual([1, 2, 4]);
  });

  it("takes whole strata, skips empty allocations and ids with no units", () => {
    expect(Array.from(stratifiedSrs(i32(2, 0, 2, 0), i32(0, 0, 2), createRng(1)))).toEqual([0, 2]);
    expect(stratifiedSrs(i32(0, 0), i32(0), createRng(1))).toEqual(new Int32Array(0));
    expect(Array.from(stratifiedSrs(i32(0, 2), i32(1, 0, 1), createRng(1)))).toEqual([0, 1]);
  });

  it("returns sum(allocation) sorted distinct indices with the right count per stratum", () => {
    const rng = createRng("strat-size");
    const strata = Int32Array.from({ length: 300 }, (_, i) => (i * 7) % 4);
    for (let r = 0; r < 20; r++) {
      const s = stratifiedSrs(strata, i32(5, 10, 0, 75), rng);
      expect(s.length).toBe(90);
      expectSortedUnique(s, 300);
      const per = [0, 0, 0, 0];
      for (const i of s) per[strata[i] as number]++;
      expect(per).toEqual([5, 10, 0, 75]);
    }
  });

  it("is deterministic for a seed and leaves its inputs unchanged", () => {
    const strata = i32(0, 1, 0, 1, 2, 2, 0);
    const alloc = i32(2, 1, 1);
    const a = strata.slice();
    const b = alloc.slice();
    expect(stratifiedSrs(strata, alloc, createRng(9))).toEqual(
      stratifiedSrs(strata, alloc, createRng(9)),
    );
    expect(strata).toEqual(a);
    expect(alloc).toEqual(b);
  });

  it("draws unit i of stratum h with frequency n_h / N_h", () => {
    const N = 40;
    const R = 20000;
    const strata = Int32Array.from({ length: N }, (_, i) => (i < 10 ? 0 : i < 25 ? 1 : 2));
    const alloc = i32(3, 2, 9);
    const sizes = [10, 15, 15];
    const pik = Float64Array.from(strata, (h) => (alloc[h] as number) / (sizes[h] as number));
    const rng = createRng("strat-freq");
    expectFrequenciesMatch(
      inclusionFrequencies(N, R, () => stratifiedSrs(strata, alloc, rng)),
      pik,
      R,
    );
  });

  describe("bad input", () => {
    const rng = createRng(1);
    it.each([
      ["empty population", i32(), i32(), /stratifiedSrs: strata is empty/],
      ["negative stratum id", i32(0, -1), i32(1, 1), /stratifiedSrs: strata\[1\] must lie in/],
      ["negative allocation", i32(0, 1), i32(1, -1), /stratifiedSrs: allocation\[1\] must lie in/],
      [
        "allocation shorter than the strata",
        i32(0, 1, 2),
        i32(1, 1),
        /stratifiedSrs: allocation has 2 entries but strata has ids up to 2/,
      ],
      [
        "allocation above a stratum's size",
        i32(0, 0, 1),
        i32(1, 2),
        /stratifiedSrs: allocation\[1\] = 2 exceeds the 1 units of stratum 1/,
      ],
      [
        "allocation for a stratum with no units",
        i32(0, 0),
        i32(1, 1),
        /allocation\[1\] = 1 exceeds the 0 units/,
      ],
    ])("%s", (_, strata, alloc, message) => {
      expect(() => stratifiedSrs(strata, alloc, rng)).toThrow(RangeError);
      expect(() => stratifiedSrs(strata, alloc, rng)).toThrow(message);
    });
    it("rejects bad types and a bad rng value under its own name", () => {
      expect(() => stratifiedSrs("0" as unknown as Int32Array, i32(1), rng)).toThrow(TypeError);
      expect(() => stratifiedSrs(i32(0), "1" as unknown as Int32Array, rng)).toThrow(TypeError);
      expect(() => stratifiedSrs(i32(0), i32(1), undefined as unknown as () => number)).toThrow(
        TypeError,
      );
      expect(() => stratifiedSrs(i32(0, 0), i32(1), () => Number.NaN)).toThrow(
        /stratifiedSrs: rng returned a value outside/,
      );
    });
  });
});
