import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { ppsWithReplacement } from "../../src/design/ppsWithReplacement.js";
import { fixedRng, inclusionFrequencies } from "./_helpers.js";

const f64 = (...v: number[]) => Float64Array.from(v);

describe("ppsWithReplacement(p, n, rng)", () => {
  it("follows the alias table draw by draw", () => {
    // p = [0.25, 0.75]: scaled [0.5, 1.5]; column 0 keeps unit 0 with probability 0.5 and
    // aliases unit 1, column 1 is unit 1. Draws (column u, coin u):
    // (0.2 -> col 0, 0.3 < 0.5 -> 0), (0.2 -> col 0, 0.7 -> alias 1), (0.6 -> col 1 -> 1)
    const u = [0.2, 0.3, 0.2, 0.7, 0.6, 0.1];
    expect(Array.from(ppsWithReplacement(f64(0.25, 0.75), 3, fixedRng(...u)))).toEqual([0, 1, 1]);
    // zero-probability units are left out of the table, so the same draws give units 1 and 3
    expect(Array.from(ppsWithReplacement(f64(0, 0.25, 0, 0.75), 3, fixedRng(...u)))).toEqual([
      1, 3, 3,
    ]);
  });

  it("returns n sorted indices with repeats, none with p = 0", () => {
    const p = f64(0.5, 0, 0.5);
    const s = ppsWithReplacement(p, 200, createRng(3));
    expect(s.length).toBe(200);
    for (let k = 1; k < s.length; k++) expect(s[k]).toBeGreaterThanOrEqual(s[k - 1] as number);
    expect(Array.from(s)).not.toContain(1);
    expect(ppsWithReplacement(p, 0, createRng(3))).toEqual(new Int32Array(0));
    expect(Array.from(ppsWithReplacement(f64(1), 3, createRng(3)))).toEqual([0, 0, 0]);
  });

  it("is deterministic for a seed and leaves its input unchanged", () => {
    const p = f64(0.1, 0.2, 0.3, 0.4);
    const copy = p.slice();
    expect(ppsWithReplacement(p, 10, createRng(8))).toEqual(
      ppsWithReplacement(p, 10, createRng(8)),
    );
    expect(p).toEqual(copy);
  });

  it("draws unit i n * p_i times on average", () => {
    const N = 25;
    const n = 6;
    const R = 20000;
    const w = Float64Array.from({ length: N }, (_, i) => (i % 4 === 0 ? 0 : 1 + (i % 9)));
    const total = w.reduce((a, b) => a + b, 0);
    const p = w.map((v) => v / total);
    const rng = createRng("pps-freq");
    const mean = inclusionFrequencies(N, R, () => ppsWithReplacement(p, n, rng));
    for (let i = 0; i < N; i++) {
      const pi = p[i] as number;
      // count of unit i per sample is Binomial(n, p_i)
      const se = Math.sqrt((n * pi * (1 - pi)) / R);
      expect(Math.abs((mean[i] as number) - n * pi)).toBeLessThanOrEqual(5 * se + 1e-12);
    }
  });

  describe("bad input", () => {
    const rng = createRng(1);
    it.each([
      ["NaN", f64(0.5, Number.NaN), 1, /ppsWithReplacement: p\[1\] is not finite/],
      ["Infinity", f64(Number.POSITIVE_INFINITY, 0), 1, /p\[0\] is not finite/],
      ["-Infinity", f64(Number.NEGATIVE_INFINITY, 1), 1, /p\[0\] is not finite/],
      ["negative p", f64(1.5, -0.5), 1, /ppsWithReplacement: p\[1\] is below 0/],
      ["empty population", f64(), 1, /ppsWithReplacement: p is empty/],
      [
        "p not summing to 1",
        f64(0.5, 0.6),
        1,
        /ppsWithReplacement: p must sum to 1 .*\(got 1\.1\)/,
      ],
      ["all-zero p with n > 0", f64(0, 0), 1, /ppsWithReplacement: p must sum to 1/],
      ["n < 0", f64(0.5, 0.5), -1, /ppsWithReplacement: n must be at least 0/],
      ["non-integer n", f64(0.5, 0.5), 0.5, /ppsWithReplacement: n must be an integer/],
      ["NaN n", f64(0.5, 0.5), Number.NaN, /ppsWithReplacement: n must be an integer/],
    ])("%s", (_, p, n, message) => {
      expect(() => ppsWithReplacement(p, n, rng)).toThrow(RangeError);
      expect(() => ppsWithReplacement(p, n, rng)).toThrow(message);
    });
    it("rejects bad types and a bad rng value", () => {
      expect(() => ppsWithReplacement("1" as unknown as Float64Array, 1, rng)).toThrow(TypeError);
      expect(() => ppsWithReplacement(f64(1), 1, null as unknown as () => number)).toThrow(
        TypeError,
      );
      expect(() => ppsWithReplacement(f64(1), 1, () => 2)).toThrow(
        /ppsWithReplacement: rng returned/,
      );
    });
  });
});
