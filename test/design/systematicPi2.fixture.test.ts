import { describe, expect, it } from "vitest";
import { systematicPi2 } from "../../src/design/index.js";
import fx from "../fixtures/systematicpi2.json";

// Reference matrices: R sampling::UPsystematicpi2 (scripts/fixtures/systematicpi2.R).
describe(`systematicPi2 against sampling ${fx.meta.packages.sampling} (${fx.meta.R})`, () => {
  for (const c of fx.cases) {
    it(`${c.name}: matches ${c.call}`, () => {
      const N = c.pik.length;
      const m = systematicPi2(new Float64Array(c.pik));
      expect([m.rows, m.cols]).toEqual([N, N]);
      c.pi2.forEach((row, k) => {
        row.forEach((want, l) => {
          const got = m.data[k * N + l] as number;
          // Pairs never drawn together are exactly 0 in R; rounding of the
          // breakpoints may leave a few ulps here.
          const err = want === 0 ? Math.abs(got) : Math.abs(got - want) / want;
          expect(err, `pi2[${k}][${l}]: ${got} vs ${want}`).toBeLessThan(
            want === 0 ? 1e-12 : 1e-10,
          );
        });
      });
    });
  }
});
