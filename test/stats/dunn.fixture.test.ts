import { describe, it } from "vitest";
import { dunn } from "../../src/stats/dunn.js";
import { expectAllClose, fixture } from "./_fixture.js";

type Case = {
  groups: number[][];
  dunnZ: number[];
  dunnP: number[];
  dunnHolm: number[];
  dunnBonferroni: number[];
};

// scikit-posthocs is not installed: the fixture computes Dunn's formula with
// numpy/scipy and adjusts with statsmodels multipletests (scripts/fixtures/stats.py).
describe("dunn vs Dunn's formula in numpy + statsmodels multipletests", () => {
  for (const c of fixture.kruskalDunn as Case[]) {
    it(`k = ${c.groups.length}, N = ${c.groups.flat().length}`, () => {
      const groups = c.groups.map((g) => Float64Array.from(g));
      const none = dunn(groups, { adjust: "none" });
      expectAllClose(none.statistic.data, c.dunnZ, 1e-12, 1e-14);
      expectAllClose(none.pValue.data, c.dunnP, 1e-10, 1e-15);
      expectAllClose(dunn(groups, { adjust: "holm" }).pValue.data, c.dunnHolm, 1e-10, 1e-15);
      expectAllClose(
        dunn(groups, { adjust: "bonferroni" }).pValue.data,
        c.dunnBonferroni,
        1e-10,
        1e-15,
      );
    });
  }
});
