import { describe, expect, it } from "vitest";
import { midRanks } from "../../src/core/midRanks.js";
import { expectAllClose, fixture } from "../stats/_fixture.js";

describe("midRanks(x) (internal)", () => {
  it("averages tied ranks and sums t^3 - t", () => {
    // sorted: 1 (rank 1), 2 2 (ranks 2,3 -> 2.5), 5 (rank 4); one pair tied -> 8 - 2 = 6
    const r = midRanks(new Float64Array([5, 2, 1, 2]));
    expect(Array.from(r.ranks)).toEqual([4, 2.5, 1, 2.5]);
    expect(r.tieSum).toBe(6);
  });

  it("matches scipy.stats.rankdata", () => {
    for (const c of fixture.midRanks as { x: number[]; ranks: number[]; tieSum: number }[]) {
      const r = midRanks(Float64Array.from(c.x));
      expectAllClose(r.ranks, c.ranks, 0);
      expect(r.tieSum).toBe(c.tieSum);
    }
  });
});
