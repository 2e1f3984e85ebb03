import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { inclusionProbabilities } from "../../src/design/inclusionProbabilities.js";
import { systematicPi2 } from "../../src/design/systematicPi2.js";
import { systematicPps } from "../../src/design/systematicPps.js";

import { badPikCases } from "./_helpers.js";

const f64 = (...v: number[]) => Float64Array.from(v);

describe("systematicPi2(pik)", () => {
  it("is the overlap of the units' arcs of random starts", () => {
    // V = [0.2, 0.9, 1.7, 2]; the starts u that draw each unit:
    // 0: [0, 0.2), 1: [0.2, 0.9), 2: [0.9, 1) + [0, 0.7), 3: [0.7, 1)
    // overlaps: 02 = 0.2, 12 = 0.5, 13 = 0.2, 23 = 0.1, 01 = 03 = 0
    const m = systematicPi2(f64(0.2, 0.7, 0.8, 0.3));
    const expected = [
      [0.2, 0, 0.2, 0],
      [0, 0.7, 0.5, 0.2],
      [0.2, 0.5, 0.8, 0.1],
      [0, 0.2, 0.1, 0.3],
    ];
    for (let i = 0; i < 4; i++) {
      for (let j = 0; j < 4; j++)
        expect(m.data[i * 4 + j]).toBeCloseTo(expected[i]?.[j] as number, 14);
    }
  });

  it("uses pik_i pik_j for certain and impossible units", () => {
    // units 0 (pik 1) and 1 (pik 0) are set aside; 2 and 3 get arcs [0, 0.5) and [0.5, 1)
    const m = systematicPi2(f64(1, 0, 0.5, 0.5));
    expect(Array.from(m.data)).toEqual([
      1, 0, 0.5, 0.5, 0, 0, 0, 0, 0.5, 0, 0.5, 0, 0.5, 0, 0, 0.5,
    ]);
  });

  it("is symmetric with rows summing to n pik_i", () => {
    const rng = createRng("syspi2-rows");
    const pik = inclusionProbabilities(
      Float64Array.from({ length: 30 }, () => rng() + 0.05),
      7,
    );
    const m = systematicPi2(pik);
    for (let i = 0; i < 30; i++) {
      let s = 0;
      for (let j = 0; j < 30; j++) {
        s += m.data[i * 30 + j] as number;
        expect(m.data[i * 30 + j]).toBe(m.data[j * 30 + i]);
      }
      expect(s).toBeCloseTo(7 * (pik[i] as number), 12);
    }
  });

  it("matches the pair frequencies of systematicPps", () => {
    const N = 10;
    const R = 20000;
    const size = f64(3, 1, 4, 1, 5, 9, 2, 6, 5, 3);
    const pik = inclusionProbabilities(size, 4);
    const m = systematicPi2(pik);
    const pair = new Float64Array(N * N);
    const rng = createRng("syspi2-mc");
    for (let r = 0; r < R; r++) {
      const s = systematicPps(pik, rng);
      for (const i of s) for (const j of s) pair[i * N + j]++;
    }
    for (let k = 0; k < N * N; k++) {
      const p = m.data[k] as number;
      const se = Math.sqrt((p * (1 - p)) / R);
      expect(Math.abs((pair[k] as number) / R - p)).toBeLessThanOrEqual(5 * se + 1e-12);
    }
  });

  it("leaves its input unchanged", () => {
    const pik = f64(0.2, 0.7, 0.8, 0.3);
    const copy = pik.slice();
    systematicPi2(pik);
    expect(pik).toEqual(copy);
  });

  describe("bad input", () => {
    it.each([
      ...badPikCases("systematicPi2"),
      [
        "too large for a dense matrix",
        new Float64Array(12000),
        /systematicPi2: pik.length is too large/,
      ],
      [
        "non-integer sum of pik",
        f64(0.5, 0.25),
        /systematicPi2: pik must sum to an integer sample size .*inclusionProbabilities\(size, n\) \(got 0\.75\)/,
      ],
    ])("%s", (_, pik, message) => {
      expect(() => systematicPi2(pik)).toThrow(RangeError);
      expect(() => systematicPi2(pik)).toThrow(message);
    });
    it("rejects a pik that is not a Float64Array", () => {
      expect(() => systematicPi2("0.5, 0.5" as unknown as Float64Array)).toThrow(TypeError);
    });
  });
});
