import { describe, expect, it } from "vitest";
import { neymanAllocation } from "../../src/design/index.js";
import fx from "../fixtures/neyman.json";

// Reference allocations: the Neyman rule with capping and largest-remainder
// rounding written out independently in base R (scripts/fixtures/neyman.R;
// no installed R package implements it).
describe(`neymanAllocation against scripts/fixtures/neyman.R (${fx.meta.R})`, () => {
  for (const c of fx.cases) {
    it(`${c.name}: n = ${c.n}, minPerStratum = ${c.minPerStratum}`, () => {
      const sizes = new Int32Array(c.stratumSizes);
      const sds = new Float64Array(c.stratumSds);
      const got = neymanAllocation(sizes, sds, c.n, { minPerStratum: c.minPerStratum });
      expect(Array.from(got)).toEqual(c.allocation);
      expect(got.reduce((s, v) => s + v, 0)).toBe(c.n);
      got.forEach((v, h) => {
        expect(v).toBeLessThanOrEqual(sizes[h] as number);
      });
    });
  }
});
