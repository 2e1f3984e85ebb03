import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { rhc } from "../../src/design/rhc.js";
import { enumerateRhc, frequencyCheck, type RhcOutcome } from "../helpers/enumerate.js";

// An RHC outcome is the drawn units together with their group shares (different
// groupings can draw the same units), so outcomes are keyed by both.
const key = (indices: ArrayLike<number>, share: ArrayLike<number>, total: ArrayLike<number>) =>
  Array.from(
    indices,
    (i, k) => `${i}:${(share[k] as number).toFixed(9)}:${(total[k] as number).toFixed(9)}`,
  ).join(",");
const outcomeKey = (o: RhcOutcome) => key(o.sample, o.groupShare, o.groupTotal);

describe("rhc(size, n, rng) against its exact enumeration", () => {
  for (const [name, size, n] of [
    ["N = 5, n = 2 (groups of 3 and 2)", [1, 2, 3, 4, 5], 2],
    ["N = 6, n = 3 (groups of 2)", [0.5, 1, 1.5, 2, 4, 1], 3],
    ["N = 7, n = 3 (groups of 3, 2, 2)", [1, 1, 2, 3, 5, 8, 13], 3],
  ] as const) {
    it(`${name}: every (units, group shares) outcome with its enumerated probability (chi-square, p = 1e-6)`, () => {
      const z = Float64Array.from(size);
      const rng = createRng(`rhc-${name}`);
      const keys = Array.from({ length: 30000 }, () => {
        const s = rhc(z, n, rng);
        return key(s.indices, s.groupShare, s.groupTotal);
      });
      const c = frequencyCheck(enumerateRhc(size, n), keys, outcomeKey);
      expect(c.impossible).toEqual([]);
      expect(c.statistic).toBeLessThan(c.critical);
      expect(c.worstZ).toBeLessThan(5);
    });
  }
});
