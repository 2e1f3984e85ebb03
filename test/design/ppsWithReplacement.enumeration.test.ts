import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { ppsWithReplacement } from "../../src/design/ppsWithReplacement.js";
import { enumeratePpsWithReplacement, frequencyCheck, sampleKey } from "../helpers/enumerate.js";

describe("ppsWithReplacement(p, n, rng) against its exact enumeration", () => {
  it("draws each sorted multiset of 3 draws with its multinomial probability (chi-square, p = 1e-6)", () => {
    const p = new Float64Array([0.1, 0.2, 0.3, 0.4]);
    const rng = createRng("ppswr-enumeration");
    const keys = Array.from({ length: 30000 }, () => sampleKey(ppsWithReplacement(p, 3, rng)));
    const c = frequencyCheck(enumeratePpsWithReplacement(p, 3), keys);
    expect(c.impossible).toEqual([]);
    // C(4 + 3 - 1, 3) = 20 multisets
    expect(c.df).toBe(19);
    expect(c.statistic).toBeLessThan(c.critical);
    expect(c.worstZ).toBeLessThan(5);
  });

  it("never draws a unit with p = 0", () => {
    const p = new Float64Array([0.5, 0, 0.25, 0.25]);
    const rng = createRng("ppswr-zero");
    const keys = Array.from({ length: 5000 }, () => sampleKey(ppsWithReplacement(p, 2, rng)));
    const c = frequencyCheck(enumeratePpsWithReplacement(p, 2), keys);
    expect(c.impossible).toEqual([]);
    expect(c.statistic).toBeLessThan(c.critical);
  });
});
