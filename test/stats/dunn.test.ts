import { describe, expect, it } from "vitest";
import { dunn } from "../../src/stats/dunn.js";

const f = (v: number[]) => Float64Array.from(v);

describe("dunn(groups, { adjust })", () => {
  const g = [f([1, 2, 3]), f([4, 5, 6]), f([7, 8, 9])];

  it("computes z and p by hand", () => {
    // N = 9, no ties: B = 9*10/12 = 7.5; mean ranks 2, 5, 8; se = sqrt(7.5 * (1/3 + 1/3)) = sqrt(5)
    // z_01 = -3 / sqrt(5) = -1.3416..., z_02 = -6 / sqrt(5) = -2.6832...
    const r = dunn(g, { adjust: "none" });
    expect(r.statistic.data[1]).toBeCloseTo(-3 / Math.sqrt(5), 14);
    expect(r.statistic.data[3]).toBeCloseTo(3 / Math.sqrt(5), 14);
    expect(r.statistic.data[2]).toBeCloseTo(-6 / Math.sqrt(5), 14);
    expect(r.pValue.data[0]).toBe(1);
    expect(r.pValue).toEqual(r.pValueUnadjusted);
    expect(r.adjust).toBe("none");
  });

  it("adjusts with Holm by default and Bonferroni on request", () => {
    const raw = dunn(g, { adjust: "none" }).pValueUnadjusted.data;
    const b = dunn(g, { adjust: "bonferroni" }).pValue.data;
    const h = dunn(g).pValue.data;
    expect(dunn(g).adjust).toBe("holm");
    for (let i = 0; i < 9; i++) {
      if (i % 4 === 0) continue;
      expect(b[i]).toBeCloseTo(Math.min(1, 3 * (raw[i] as number)), 15);
      expect(h[i] as number).toBeGreaterThanOrEqual(raw[i] as number);
      expect(h[i] as number).toBeLessThanOrEqual(b[i] as number);
    }
  });

  it("leaves inputs unchanged", () => {
    const a = f([3, 1]);
    dunn([a, f([2, 9])]);
    expect(Array.from(a)).toEqual([3, 1]);
  });

  it("rejects bad input with typed errors", () => {
    expect(() => dunn([f([1])])).toThrow(/dunn: groups needs at least 2 groups/);
    expect(() => dunn([f([1]), f([])])).toThrow(/dunn: groups\[1\] is empty/);
    expect(() => dunn([f([1]), f([Number.NaN])])).toThrow(RangeError);
    expect(() => dunn([f([1]), f([1])])).toThrow(/all values in groups are identical/);
    expect(() => dunn(g, { adjust: "fdr" as never })).toThrow(/dunn: options.adjust/);
    expect(() => dunn(g, { adjust: "bonferoni" as never })).toThrow(/did you mean "bonferroni"\?/);
    // k x k outputs past the size limit fail before they are allocated (k = 11,586 took 3.7 GB)
    const many = Array.from({ length: 11_586 }, (_, i) => f([i]));
    expect(() => dunn(many, { adjust: "none" })).toThrow(
      /dunn: groups.length squared .* is too large/,
    );
    expect(() => dunn(g, [] as never)).toThrow(TypeError);
  });
});
