import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { inclusionProbabilities } from "../../src/design/inclusionProbabilities.js";
import { pivotal } from "../../src/design/pivotal.js";
import {
  badPikCases,
  expectFrequenciesMatch,
  expectSortedUnique,
  fixedRng,
  inclusionFrequencies,
} from "./_helpers.js";

const f64 = (...v: number[]) => Float64Array.from(v);

describe("pivotal(pik, rng, { eps })", () => {
  it("settles two units whose sum is 1 with one duel", () => {
    // a = b = 0.5, a + b = 1 (not > 1): unit 1 keeps 1 when u < b / (a + b) = 0.5
    expect(Array.from(pivotal(f64(0.5, 0.5), fixedRng(0.3)))).toEqual([1]);
    expect(Array.from(pivotal(f64(0.5, 0.5), fixedRng(0.7)))).toEqual([0]);
  });

  it("carries the surviving probability into the next duel, in the given order", () => {
    // pik = [0.5, 0.75, 0.75] (dyadic, so the sums are exact); duel 1 (0.5 vs 0.75, sum
    // 1.25 > 1): unit 0 gets 1 when u < (1 - 0.75) / (2 - 1.25) = 1/3. u = 0.1 -> unit 0
    // in, unit 1 carries 0.25. Duel 2 (0.25 vs 0.75, sum 1): unit 2 gets 1 when
    // u < 0.75 / 1; u = 0.9 -> unit 1 in, u = 0.5 -> unit 2 in.
    const pik = f64(0.5, 0.75, 0.75);
    expect(Array.from(pivotal(pik, fixedRng(0.1, 0.9)))).toEqual([0, 1]);
    expect(Array.from(pivotal(pik, fixedRng(0.1, 0.5)))).toEqual([0, 2]);
    // u = 0.5 >= 1/3 -> unit 1 in, unit 0 carries 0.25; u = 0.9 >= 0.75 -> unit 0 in
    expect(Array.from(pivotal(pik, fixedRng(0.5, 0.9)))).toEqual([0, 1]);
    expect(Array.from(pivotal(pik, fixedRng(0.5, 0.5)))).toEqual([1, 2]);
  });

  it("decides units below eps or above 1 - eps up front, without a duel", () => {
    // only units 1 and 3 duel (one draw); 0 is out, 2 is in, 4 is out
    let calls = 0;
    const rng = () => {
      calls++;
      return 0.2;
    };
    const s = pivotal(f64(1e-9, 0.5, 1 - 1e-9, 0.5, 0), rng);
    expect(calls).toBe(1);
    expect(Array.from(s)).toEqual([2, 3]);
    // with eps = 0 the same tiny values duel like any other
    expect(pivotal(f64(1e-9, 0.5, 1 - 1e-9, 0.5, 0), createRng(1), { eps: 0 }).length).toBe(2);
  });

  it("has exactly n sorted distinct units and is deterministic for a seed", () => {
    const rng = createRng("piv-size");
    const size = Float64Array.from({ length: 1000 }, () => rng() ** 3);
    const pik = inclusionProbabilities(size, 73);
    for (let r = 0; r < 30; r++) {
      const s = pivotal(pik, rng);
      expect(s.length).toBe(73);
      expectSortedUnique(s, 1000);
    }
    expect(pivotal(pik, createRng(5))).toEqual(pivotal(pik, createRng(5)));
    expect(pivotal(f64(0, 0, 0), createRng(5))).toEqual(new Int32Array(0));
  });

  it("leaves its input unchanged", () => {
    const pik = f64(0.4, 0.8, 0.8);
    const copy = pik.slice();
    pivotal(pik, createRng(1), { eps: 1e-6 });
    expect(pik).toEqual(copy);
  });

  it("draws unit i with frequency pik_i", () => {
    const N = 40;
    const R = 20000;
    const size = Float64Array.from({ length: N }, (_, i) => 1 + ((i * 5) % 13));
    size[10] = 90; // capped at 1
    size[20] = 0;
    const pik = inclusionProbabilities(size, 11);
    const rng = createRng("piv-freq");
    expectFrequenciesMatch(
      inclusionFrequencies(N, R, () => pivotal(pik, rng)),
      pik,
      R,
    );
  });

  it("never draws two units whose duel decides them together", () => {
    // pik = [0.5, 0.5, 0.5, 0.5]: units 0 and 1 duel first with sum 1, so exactly one of
    // them is in; the same holds for 2 and 3 (pi_01 = pi_23 = 0, R's UPpivotal too)
    const rng = createRng("piv-pairs");
    for (let r = 0; r < 500; r++) {
      const s = Array.from(pivotal(f64(0.5, 0.5, 0.5, 0.5), rng));
      expect(s.filter((i) => i < 2).length).toBe(1);
      expect(s.filter((i) => i >= 2).length).toBe(1);
    }
  });

  describe("bad input", () => {
    const rng = createRng(1);
    it.each([
      ...badPikCases("pivotal"),
      [
        "non-integer sum of pik",
        f64(0.5, 0.7, 0.3),
        /pivotal: pik must sum to an integer sample size .*inclusionProbabilities\(size, n\)/,
      ],
    ])("%s", (_, pik, message) => {
      expect(() => pivotal(pik, rng)).toThrow(RangeError);
      expect(() => pivotal(pik, rng)).toThrow(message);
    });
    it.each([
      [-0.1, /pivotal: options.eps must be at least 0/],
      [0.5, /pivotal: options.eps must be less than 0.5/],
      [Number.NaN, /pivotal: options.eps must be finite/],
    ])("rejects eps = %s", (eps, message) => {
      expect(() => pivotal(f64(0.5, 0.5), rng, { eps })).toThrow(RangeError);
      expect(() => pivotal(f64(0.5, 0.5), rng, { eps })).toThrow(message);
    });
    it("rejects bad types: pik, rng, options", () => {
      expect(() => pivotal("0.5, 0.5" as unknown as Float64Array, rng)).toThrow(TypeError);
      expect(() => pivotal(f64(0.5, 0.5), {} as unknown as () => number)).toThrow(
        /pivotal: rng must be a function/,
      );
      expect(() => pivotal(f64(0.5, 0.5), rng, 3 as unknown as object)).toThrow(
        /pivotal: options must be an object/,
      );
    });
    it("rejects an rng value outside [0, 1)", () => {
      expect(() => pivotal(f64(0.5, 0.5), () => 1)).toThrow(
        /pivotal: rng returned a value outside/,
      );
    });
  });
});
