import { describe, expect, it } from "vitest";
import { kruskalWallis } from "../../src/stats/kruskalWallis.js";

const f = (v: number[]) => Float64Array.from(v);

describe("kruskalWallis(groups)", () => {
  it("computes a worked example by hand", () => {
    // ranks 1..9; R = 6, 15, 24; H = 12 / (9*10) * (36 + 225 + 576) / 3 - 3*10
    //   = (12/90) * 279 - 30 = 37.2 - 30 = 7.2; p = P(chi2_2 >= 7.2) = exp(-3.6)
    const r = kruskalWallis([f([1, 2, 3]), f([4, 5, 6]), f([7, 8, 9])]);
    expect(r.statistic).toBeCloseTo(7.2, 12);
    expect(r.pValue).toBeCloseTo(Math.exp(-3.6), 14);
    expect(r.df).toBe(2);
    expect(r.n).toBe(9);
    expect(Array.from(r.meanRanks)).toEqual([2, 5, 8]);
  });

  it("applies the tie correction", () => {
    // values 1,1 | 2,3: ranks 1.5,1.5 | 3,4; R = 3, 7; raw = 12/20 * (9/2 + 49/2) - 15 = 2.4
    // ties: one pair -> 6; C = 1 - 6 / (64 - 4) = 0.9; H = 2.4 / 0.9
    const r = kruskalWallis([f([1, 1]), f([2, 3])]);
    expect(r.statistic).toBeCloseTo(2.4 / 0.9, 12);
  });

  it("leaves inputs unchanged and is deterministic", () => {
    const g = [f([3, 1, 2]), f([6, 4])];
    const a = kruskalWallis(g);
    expect(kruskalWallis(g)).toEqual(a);
    expect(Array.from(g[0] as Float64Array)).toEqual([3, 1, 2]);
  });

  it("rejects bad input with typed errors", () => {
    expect(() => kruskalWallis(f([1, 2]) as never)).toThrow(TypeError);
    expect(() => kruskalWallis([f([1, 2])])).toThrow(
      /kruskalWallis: groups needs at least 2 groups/,
    );
    expect(() => kruskalWallis([f([1]), f([])])).toThrow(/kruskalWallis: groups\[1\] is empty/);
    expect(() => kruskalWallis([f([1]), "2" as never])).toThrow(TypeError);
    expect(() => kruskalWallis([f([1]), f([Number.NaN])])).toThrow(
      /kruskalWallis: groups\[1\]\[0\] is not finite/,
    );
    expect(() => kruskalWallis([f([2, 2]), f([2])])).toThrow(/all values in groups are identical/);
  });
});
