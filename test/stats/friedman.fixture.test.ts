import { describe, expect, it } from "vitest";
import { averageRanks } from "../../src/stats/averageRanks.js";
import { friedman } from "../../src/stats/friedman.js";
import { expectAllClose, expectClose, fixture } from "./_fixture.js";

type Case = {
  rows: number;
  cols: number;
  data: number[];
  statistic: number;
  pValue: number;
  averageRanks: number[];
  averageRanksDescending: number[];
};

describe("friedman vs scipy.stats.friedmanchisquare (test/fixtures/stats.json)", () => {
  const cases = fixture.friedman as Case[];
  it("covers k = 2..10 treatments, with and without ties", () => {
    expect(new Set(cases.map((c) => c.cols))).toEqual(new Set([2, 3, 4, 5, 6, 7, 8, 9, 10]));
  });
  for (const c of cases) {
    it(`N = ${c.rows}, k = ${c.cols}`, () => {
      const m = { data: Float64Array.from(c.data), rows: c.rows, cols: c.cols };
      const r = friedman(m);
      expectClose(r.statistic, c.statistic, 1e-10, 1e-12);
      expectClose(r.pValue, c.pValue, 1e-9, 1e-15);
      expectAllClose(r.averageRanks, c.averageRanks, 1e-12);
      expectAllClose(averageRanks(m, { descending: true }), c.averageRanksDescending, 1e-12);
    });
  }
});
