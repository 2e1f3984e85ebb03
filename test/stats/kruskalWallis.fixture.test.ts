import { describe, it } from "vitest";
import { kruskalWallis } from "../../src/stats/kruskalWallis.js";
import { expectAllClose, expectClose, fixture } from "./_fixture.js";

type Case = { groups: number[][]; statistic: number; pValue: number; meanRanks: number[] };

describe("kruskalWallis vs scipy.stats.kruskal", () => {
  for (const c of fixture.kruskalDunn as Case[]) {
    it(`k = ${c.groups.length}, N = ${c.groups.flat().length}`, () => {
      const r = kruskalWallis(c.groups.map((g) => Float64Array.from(g)));
      expectClose(r.statistic, c.statistic, 1e-10);
      expectClose(r.pValue, c.pValue, 1e-9, 1e-15);
      expectAllClose(r.meanRanks, c.meanRanks, 1e-13);
    });
  }
});
