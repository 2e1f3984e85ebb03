import { describe, expect, it } from "vitest";
import type { WilcoxonSignedRankOptions } from "../../src/stats/wilcoxonSignedRank.js";
import { wilcoxonSignedRank } from "../../src/stats/wilcoxonSignedRank.js";
import { expectClose, fixture } from "./_fixture.js";

type Case = {
  x: number[];
  y: number[];
  options: WilcoxonSignedRankOptions;
  statistic: number;
  pValue: number;
  note: string;
  z?: number;
  method?: "exact" | "approx";
  scipyPValue?: number;
};

describe("wilcoxonSignedRank vs scipy 1.10 wilcoxon and brute-force enumeration", () => {
  const cases = fixture.wilcoxon as Case[];
  cases.forEach((c, i) => {
    it(`#${i} n = ${c.x.length}, ${JSON.stringify(c.options)}: ${c.note}`, () => {
      const r = wilcoxonSignedRank(Float64Array.from(c.x), Float64Array.from(c.y), c.options);
      expectClose(r.statistic, c.statistic, 1e-12);
      expectClose(r.pValue, c.pValue, 1e-10, 1e-15);
      if (c.method !== undefined) expect(r.method).toBe(c.method);
      if (c.z !== undefined) expectClose(r.z as number, c.z, 1e-10);
    });
  });

  it("differs from scipy 1.10's exact p-value with ties on purpose (documented)", () => {
    const tied = cases.filter((c) => c.scipyPValue !== undefined);
    expect(tied.length).toBeGreaterThan(0);
    const differing = tied.filter((c) => Math.abs(c.pValue - (c.scipyPValue as number)) > 1e-6);
    expect(differing.length).toBeGreaterThan(0);
  });
});
