import { describe, it } from "vitest";
import { nemenyi } from "../../src/stats/nemenyi.js";
import { expectAllClose, expectClose, fixture } from "./_fixture.js";

type Case = {
  averageRanks: number[];
  nBlocks: number;
  alpha: number;
  qAlpha: number;
  criticalDifference: number;
  statistic: number[];
  pValue: number[];
};

// jStat's qtukey port stops iterating at a looser tolerance than scipy's
// studentized_range.ppf: measured agreement ~6e-8 relative, so 1e-6 here;
// the CDF (hence the p-values) agrees to ~4e-9.
describe("nemenyi vs scipy.stats.studentized_range (df = inf)", () => {
  for (const c of fixture.nemenyi as Case[]) {
    const k = c.averageRanks.length;
    it(`k = ${k}, N = ${c.nBlocks}, alpha = ${c.alpha}`, () => {
      const r = nemenyi(Float64Array.from(c.averageRanks), c.nBlocks, { alpha: c.alpha });
      expectClose(r.qAlpha, c.qAlpha, 1e-6);
      expectClose(r.criticalDifference, c.criticalDifference, 1e-6);
      expectAllClose(r.statistic.data, c.statistic, 1e-12, 1e-14);
      expectAllClose(r.pValue.data, c.pValue, 1e-7, 1e-10);
    });
  }

  // The table is printed to 3 decimals and not always rounded (k = 3: 2.3437 is
  // printed 2.343), so the check allows one unit in the last printed digit.
  it("reproduces Demšar (2006) table 5 for k = 2..10 at alpha 0.05 and 0.10 (3 decimals)", () => {
    const t = fixture.demsarTable as { k: number[]; q05: number[]; q10: number[] };
    t.k.forEach((k, i) => {
      const ranks = new Float64Array(k).fill((k + 1) / 2);
      expectClose(nemenyi(ranks, 10).qAlpha, t.q05[i] as number, 0, 1e-3);
      expectClose(nemenyi(ranks, 10, { alpha: 0.1 }).qAlpha, t.q10[i] as number, 0, 1e-3);
    });
  });
});
