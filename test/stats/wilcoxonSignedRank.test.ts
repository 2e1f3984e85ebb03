import { describe, expect, it } from "vitest";
import { wilcoxonSignedRank } from "../../src/stats/wilcoxonSignedRank.js";

const f = (v: number[]) => Float64Array.from(v);

describe("wilcoxonSignedRank(x, y, options)", () => {
  it("reproduces scipy's documented example (exact and approximate)", () => {
    // scipy 1.10 docs, Fisher's Zea mays differences: (24.0, 0.041259765625) exact,
    // 96.0 / 0.0206298828125 for alternative='greater', approx p 0.04088813291185591
    const d = f([6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75]);
    const y = new Float64Array(15);
    const r = wilcoxonSignedRank(d, y);
    expect(r.statistic).toBe(24);
    expect(r.pValue).toBe(0.041259765625);
    expect(r.method).toBe("exact");
    expect(r.z).toBeUndefined();
    const g = wilcoxonSignedRank(d, y, { alternative: "greater" });
    expect(g.statistic).toBe(96);
    expect(g.pValue).toBe(0.0206298828125);
    const a = wilcoxonSignedRank(d, y, { exact: false });
    expect(a.method).toBe("approx");
    expect(a.pValue).toBeCloseTo(0.04088813291185591, 14);
  });

  it("computes a tiny exact case by hand", () => {
    // d = [1, -2, 3]: ranks 1, 2, 3; R+ = 4, R- = 2; T = 2.
    // All 8 sign patterns give R+ in {0,1,2,3,3,4,5,6}: P(R+ <= 2) = 3/8, P(R+ >= 4) = 3/8,
    // two-sided p = 2 * 3/8 = 0.75
    const r = wilcoxonSignedRank(f([1, -2, 3]), f([0, 0, 0]));
    expect(r.statistic).toBe(2);
    expect(r.pValue).toBe(0.75);
    expect(wilcoxonSignedRank(f([1, -2, 3]), f([0, 0, 0]), { alternative: "less" }).pValue).toBe(
      6 / 8,
    );
  });

  it("conditions the exact test on ties (not scipy 1.10's truncation)", () => {
    // d = [1, 1, -1]: ranks all 2 (mid-rank); R+ = 4, R- = 2.
    // Sign patterns: R+ in {0, 2, 2, 2, 4, 4, 4, 6}; P(R+ >= 4) = 4/8 -> two-sided p = 1.
    // greater: P(R+ >= 4) = 0.5 (scipy 1.10 would use the no-ties ranks 1..3: P(R+ >= 4) = 3/8).
    const r = wilcoxonSignedRank(f([1, 1, -1]), f([0, 0, 0]), { alternative: "greater" });
    expect(r.statistic).toBe(4);
    expect(r.pValue).toBe(0.5);
  });

  it("drops zeros under 'wilcox' and counts them", () => {
    const r = wilcoxonSignedRank(f([1, 2, 3, 4]), f([1, 0, 0, 0]), { exact: true });
    // d = [0, 2, 3, 4] -> non-zero [2, 3, 4] all positive: ranks 1..3, R- = 0; p = 2 * 1/8
    expect(r.nZero).toBe(1);
    expect(r.n).toBe(3);
    expect(r.statistic).toBe(0);
    expect(r.pValue).toBe(0.25);
  });

  it("switches to the normal approximation above 50 pairs or with zeros", () => {
    const x = Float64Array.from({ length: 51 }, (_, i) => i + 1);
    const y = new Float64Array(51);
    expect(wilcoxonSignedRank(x, y).method).toBe("approx");
    expect(wilcoxonSignedRank(x.subarray(0, 50), y.subarray(0, 50)).method).toBe("exact");
    expect(wilcoxonSignedRank(f([0, 1, 2]), f([0, 0, 0])).method).toBe("approx");
  });

  it("does not mutate inputs and is deterministic", () => {
    const x = f([1.5, 2, 3.25, 4, -1]);
    const y = f([1, 2.5, 3, 1, 0]);
    const cx = Float64Array.from(x);
    const cy = Float64Array.from(y);
    const a = wilcoxonSignedRank(x, y, { zeroMethod: "zsplit", correction: true });
    expect(wilcoxonSignedRank(x, y, { zeroMethod: "zsplit", correction: true })).toEqual(a);
    expect(x).toEqual(cx);
    expect(y).toEqual(cy);
  });

  it("rejects bad input with typed errors", () => {
    const x = f([1, 2, 3]);
    expect(() => wilcoxonSignedRank("1, 2" as never, x)).toThrow(TypeError);
    expect(() => wilcoxonSignedRank(x, f([1, Number.NaN, 2]))).toThrow(
      /wilcoxonSignedRank: y\[1\] is not finite/,
    );
    expect(() => wilcoxonSignedRank(x, f([1, 2]))).toThrow(
      /wilcoxonSignedRank: x and y lengths differ \(3 vs 2\)/,
    );
    expect(() => wilcoxonSignedRank(f([]), f([]))).toThrow(/wilcoxonSignedRank: x and y are empty/);
    expect(() => wilcoxonSignedRank(x, x)).toThrow(/every difference x - y is zero/);
    expect(() => wilcoxonSignedRank(x, x, { zeroMethod: "pratt" })).toThrow(RangeError);
    expect(wilcoxonSignedRank(x, x, { zeroMethod: "zsplit" }).pValue).toBe(1);
    expect(() => wilcoxonSignedRank(f([1e308]), f([-1e308]))).toThrow(/overflows/);
    expect(() => wilcoxonSignedRank(x, f([0, 0, 0]), { alternative: "up" as never })).toThrow(
      /options.alternative/,
    );
    expect(() => wilcoxonSignedRank(x, f([0, 0, 0]), { zeroMethod: "drop" as never })).toThrow(
      /options.zeroMethod/,
    );
    expect(() => wilcoxonSignedRank(x, f([0, 0, 0]), { alternative: "greter" as never })).toThrow(
      /did you mean "greater"\?/,
    );
    expect(() => wilcoxonSignedRank(x, f([0, 0, 0]), { zeroMethod: "prat" as never })).toThrow(
      /did you mean "pratt"\?/,
    );
    expect(() => wilcoxonSignedRank(x, f([0, 0, 0]), { exact: 1 as never })).toThrow(TypeError);
    expect(() => wilcoxonSignedRank(x, f([0, 0, 0]), { correction: "no" as never })).toThrow(
      TypeError,
    );
    expect(() => wilcoxonSignedRank(x, f([0, 0, 0]), 5 as never)).toThrow(TypeError);
    const big = Float64Array.from({ length: 501 }, (_, i) => i + 1);
    expect(() => wilcoxonSignedRank(big, new Float64Array(501), { exact: true })).toThrow(
      /at most 500/,
    );
  });
});
