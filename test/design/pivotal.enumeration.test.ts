import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { pivotal } from "../../src/design/pivotal.js";
import {
  enumeratePivotal,
  enumerateSystematic,
  frequencyCheck,
  jointInclusion,
  proportionalPik,
  sampleKey,
} from "../helpers/enumerate.js";

// The ordered pivotal method's sample distribution and joint inclusion probabilities
// follow from its duels (enumeratePivotal, written from R's UPpivotal); the
// implementation's draws must match them, not only its first-order pik.
const cases = [
  ["sizes 1..6, n = 3", [1, 2, 3, 4, 5, 6], 3],
  ["a certainty unit (size 9 of 16, n = 2)", [1, 9, 2, 3, 1], 2],
  ["unequal sizes, n = 4 of 7", [0.7, 2.5, 1.1, 3.3, 0.4, 1.9, 2.2], 4],
] as const;
const R = 20000;

describe("pivotal(pik, rng) against its exact enumeration", () => {
  for (const [name, size, n] of cases) {
    const pik = proportionalPik(size, n);
    const N = pik.length;
    const draws = (() => {
      const rng = createRng(`pivotal-${name}`);
      return Array.from({ length: R }, () => pivotal(pik, rng));
    })();

    it(`${name}: every sample with its enumerated probability (chi-square, p = 1e-6)`, () => {
      const c = frequencyCheck(enumeratePivotal(pik), draws.map(sampleKey));
      expect(c.impossible).toEqual([]);
      expect(c.statistic).toBeLessThan(c.critical);
      expect(c.worstZ).toBeLessThan(5);
    });

    it(`${name}: joint inclusion frequencies within 5 Monte Carlo SE of the enumerated pi_kl`, () => {
      const exact = jointInclusion(enumeratePivotal(pik), N);
      const count = new Float64Array(N * N);
      for (const s of draws) {
        for (const k of s) for (const l of s) count[k * N + l] = (count[k * N + l] as number) + 1;
      }
      for (let k = 0; k < N; k++) {
        for (let l = 0; l < N; l++) {
          const p = exact[k * N + l] as number;
          const freq = (count[k * N + l] as number) / R;
          if (p === 0) expect(freq).toBe(0);
          else
            expect(Math.abs(freq - p)).toBeLessThanOrEqual(
              5 * Math.sqrt((p * (1 - p)) / R) + 1e-12,
            );
        }
      }
    });
  }

  it("the check can fail: pivotal draws are rejected against systematic sampling with the same pik", () => {
    const [, size, n] = cases[0];
    const pik = proportionalPik(size, n);
    const rng = createRng("pivotal-vs-systematic");
    const keys = Array.from({ length: R }, () => sampleKey(pivotal(pik, rng)));
    const c = frequencyCheck(enumerateSystematic(pik), keys);
    expect(c.impossible.length > 0 || c.statistic > 10 * c.critical).toBe(true);
  });
});
