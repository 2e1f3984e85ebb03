import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { inclusionProbabilities } from "../../src/design/inclusionProbabilities.js";
import { systematicPps } from "../../src/design/systematicPps.js";
import {
  badPikCases,
  expectFrequenciesMatch,
  expectSortedUnique,
  fixedRng,
  inclusionFrequencies,
} from "./_helpers.js";

const f64 = (...v: number[]) => Float64Array.from(v);

describe("systematicPps(pik, rng)", () => {
  it("takes the units whose interval holds u, u + 1, ...", () => {
    // V = [0.2, 0.9, 1.7, 2.0]; u = 0.5 -> points 0.5 in (0.2, 0.9] (unit 1) and
    // 1.5 in (0.9, 1.7] (unit 2)
    const pik = f64(0.2, 0.7, 0.8, 0.3);
    expect(Array.from(systematicPps(pik, fixedRng(0.5)))).toEqual([1, 2]);
    // u = 0.1 -> 0.1 in (0, 0.2] (unit 0), 1.1 in (0.9, 1.7] (unit 2)
    expect(Array.from(systematicPps(pik, fixedRng(0.1)))).toEqual([0, 2]);
    // u = 0.95 -> 0.95 in unit 2, 1.95 in (1.7, 2] (unit 3)
    expect(Array.from(systematicPps(pik, fixedRng(0.95)))).toEqual([2, 3]);
  });

  it("treats a start of exactly 0 as Madow does: intervals are open on the left", () => {
    // V = [0.5, 1, 1.5, 2]; the point 0 is in no (V_{k-1}, V_k], so the points are 1 and 2:
    // units 1 and 3 (R's UPsystematic rule a_{k-1} > a_k gives the same at u = 0)
    expect(Array.from(systematicPps(f64(0.5, 0.5, 0.5, 0.5), fixedRng(0)))).toEqual([1, 3]);
  });

  it("keeps the exact size when the running sum ends below n", () => {
    // fifty 0.1s sum to 4.999999999999998 in floating point; u = 1 - 1e-15 puts the last
    // point 4 + u above it. Exactly: V_k = (k + 1) / 10, so the point m + u falls in
    // unit 10 m + 9
    const pik = new Float64Array(50).fill(0.1);
    expect(Array.from(systematicPps(pik, fixedRng(1 - 1e-15)))).toEqual([9, 19, 29, 39, 49]);
  });

  it("keeps the exact size when the running sum ends above n", () => {
    // a hundred 0.01s sum to 1.0000000000000007; u = 1e-17 makes 1 + u round to 1, which
    // the sum passes. Exactly: the only point u is in (0, 0.01], unit 0; the certain
    // unit 100 comes on top
    const pik = new Float64Array(101).fill(0.01);
    pik[100] = 1;
    expect(Array.from(systematicPps(pik, fixedRng(1e-17)))).toEqual([0, 100]);
  });

  it("always takes pik = 1 and never pik = 0", () => {
    const pik = f64(1, 0, 0.5, 0.5, 0, 1);
    const rng = createRng(4);
    for (let r = 0; r < 200; r++) {
      const s = Array.from(systematicPps(pik, rng));
      expect(s.length).toBe(3);
      expect(s).toContain(0);
      expect(s).toContain(5);
      expect(s).not.toContain(1);
      expect(s).not.toContain(4);
    }
  });

  it("has exactly n units, sorted and distinct, even at u = 0", () => {
    const rng = createRng("sys-size");
    const size = Float64Array.from({ length: 500 }, () => rng() + 0.01);
    const pik = inclusionProbabilities(size, 37);
    for (let r = 0; r < 50; r++) {
      const s = systematicPps(pik, rng);
      expect(s.length).toBe(37);
      expectSortedUnique(s, 500);
    }
    expect(systematicPps(pik, fixedRng(0)).length).toBe(37);
    expect(systematicPps(f64(0, 0), createRng(1))).toEqual(new Int32Array(0));
  });

  it("is deterministic for a seed and leaves its input unchanged", () => {
    const pik = inclusionProbabilities(
      Float64Array.from({ length: 60 }, (_, i) => 1 + (i % 5)),
      9,
    );
    const copy = pik.slice();
    expect(systematicPps(pik, createRng(11))).toEqual(systematicPps(pik, createRng(11)));
    expect(pik).toEqual(copy);
  });

  it("draws unit i with frequency pik_i", () => {
    const N = 40;
    const R = 20000;
    const size = Float64Array.from({ length: N }, (_, i) => 1 + ((i * 7) % 11));
    size[3] = 60; // capped at 1
    size[8] = 0;
    const pik = inclusionProbabilities(size, 8);
    const rng = createRng("sys-freq");
    expectFrequenciesMatch(
      inclusionFrequencies(N, R, () => systematicPps(pik, rng)),
      pik,
      R,
    );
  });

  describe("bad input", () => {
    const rng = createRng(1);
    it.each([
      ...badPikCases("systematicPps"),
      [
        "non-integer sum of pik",
        f64(0.5, 0.7, 0.3),
        /systematicPps: pik must sum to an integer sample size .*inclusionProbabilities\(size, n\) \(got 1\.5\)/,
      ],
    ])("%s", (_, pik, message) => {
      expect(() => systematicPps(pik, rng)).toThrow(RangeError);
      expect(() => systematicPps(pik, rng)).toThrow(message);
    });
    it("accepts a sum that is an integer up to rounding", () => {
      expect(systematicPps(f64(0.1, 0.2, 0.7 + 1e-12), rng).length).toBe(1);
    });
    it("rejects a pik that is not a Float64Array, a missing rng and a bad rng value", () => {
      expect(() => systematicPps("0.5, 0.5" as unknown as Float64Array, rng)).toThrow(TypeError);
      expect(() => systematicPps(f64(0.5, 0.5), 3 as unknown as () => number)).toThrow(TypeError);
      expect(() => systematicPps(f64(0.5, 0.5), () => 1.5)).toThrow(/systematicPps: rng returned/);
    });
  });
});
