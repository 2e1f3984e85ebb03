import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { averageRanks } from "../../src/stats/averageRanks.js";
import { friedman } from "../../src/stats/friedman.js";
import { nemenyi } from "../../src/stats/nemenyi.js";
import { expectClose } from "./_fixture.js";

describe("nemenyi(averageRanks, nBlocks, { alpha })", () => {
  it("gives CD = q_alpha * sqrt(k (k + 1) / (6N)) with Demšar's q_alpha", () => {
    // Demšar (2006), table 5(a): q_0.05 = 2.569 for k = 4; N = 14 -> CD = 2.569 * sqrt(20 / 84) = 1.2536...
    const r = nemenyi(new Float64Array([1.5, 2.5, 2.5, 3.5]), 14);
    expect(r.qAlpha).toBeCloseTo(2.569, 3);
    expect(r.criticalDifference).toBeCloseTo(r.qAlpha * Math.sqrt(20 / 84), 14);
    expect(r.alpha).toBe(0.05);
    expect(r.nTreatments).toBe(4);
    expect(r.nBlocks).toBe(14);
  });

  it("marks a pair significant exactly when its rank difference exceeds CD", () => {
    const ranks = new Float64Array([1.2, 2.1, 2.7, 3.9, 4.9]);
    const r = nemenyi(ranks, 12, { alpha: 0.1 });
    const k = 5;
    for (let i = 0; i < k; i++) {
      expect(r.pValue.data[i * k + i]).toBe(1);
      expect(r.statistic.data[i * k + i]).toBe(0);
      for (let j = 0; j < k; j++) {
        if (i === j) continue;
        const diff = Math.abs((ranks[i] as number) - (ranks[j] as number));
        expect((r.pValue.data[i * k + j] as number) < 0.1).toBe(diff > r.criticalDifference);
        expect(r.pValue.data[i * k + j]).toBe(r.pValue.data[j * k + i]);
      }
    }
  });

  it("chains with friedman and averageRanks, without mutating input", () => {
    const m = rowMatrix([
      [0.1, 0.3, 0.2],
      [0.2, 0.4, 0.3],
      [0.1, 0.5, 0.4],
      [0.3, 0.2, 0.6],
    ]);
    const ranks = averageRanks(m);
    const copy = Float64Array.from(ranks);
    const a = nemenyi(ranks, m.rows);
    expect(ranks).toEqual(copy);
    expect(nemenyi(friedman(m).averageRanks, 4)).toEqual(a);
  });

  it("a quantile jStat cannot reach is a named RangeError, not a bare Error", () => {
    const ranks = Float64Array.from({ length: 20 }, (_, i) => 1 + i);
    expect(() => nemenyi(ranks, 10, { alpha: 0.8 })).toThrow(
      /^nemenyi: the studentized range quantile .* does not converge .*use a smaller options.alpha/,
    );
    expect(() => nemenyi(ranks, 10, { alpha: 0.8 })).toThrow(RangeError);
  });

  it("rejects bad input with typed errors", () => {
    const r = new Float64Array([1.5, 1.5]);
    expect(() => nemenyi("1, 2" as never, 5)).toThrow(TypeError);
    expect(() => nemenyi(new Float64Array([1]), 5)).toThrow(
      /nemenyi: averageRanks needs at least 2 treatments/,
    );
    expect(() => nemenyi(new Float64Array([1, Number.NaN]), 5)).toThrow(
      /nemenyi: averageRanks\[1\] is not finite/,
    );
    expect(() => nemenyi(new Float64Array([0.5, 2.5]), 5)).toThrow(
      /nemenyi: averageRanks\[0\] is below 1/,
    );
    expect(() => nemenyi(new Float64Array([1, 3]), 5)).toThrow(
      /nemenyi: averageRanks\[1\] is above 2/,
    );
    expect(() => nemenyi(r, 1)).toThrow(/nemenyi: nBlocks must be at least 2/);
    expect(() => nemenyi(r, 2.5)).toThrow(/nemenyi: nBlocks must be an integer/);
    expect(() => nemenyi(r, 5, { alpha: 0 })).toThrow(
      /nemenyi: options.alpha must be greater than 0/,
    );
    expect(() => nemenyi(r, 5, { alpha: 1 })).toThrow(/nemenyi: options.alpha must be less than 1/);
    expect(() => nemenyi(r, 5, { alpha: Number.NaN })).toThrow(RangeError);
    expect(() => nemenyi(r, 5, "x" as never)).toThrow(TypeError);
  });

  it("for k = 2 uses the exact normal tail, also far below 1e-12", () => {
    // Q_{2,inf} = |Z_1 - Z_2|, so P(Q >= q) = 2 Phi(-q / sqrt(2)). References from R 4.2.2:
    // 2 * pnorm(-10) = 1.5239706048321054e-23, 2 * pnorm(-12 / sqrt(2)) = 2.1519736712499058e-17,
    // 2 * pnorm(-6 / sqrt(2)) = 2.2090496998585478e-05, qnorm(0.975) = 1.9599639845400536,
    // qnorm(0.9995) = 3.2905267314918945 (ptukey(12, 2, Inf, lower.tail = FALSE) gives 1.93e-14)
    // se = sqrt(6 / (12 N)): ranks 1 and 2 over N = 100 blocks give q = 10 sqrt(2)
    expectClose(nemenyi([1, 2], 100).pValue.data[1] as number, 1.5239706048321054e-23, 1e-12);
    expectClose(nemenyi([1, 2], 72).pValue.data[1] as number, 2.1519736712499058e-17, 1e-12);
    expectClose(nemenyi([1.2, 1.8], 50).pValue.data[1] as number, 2.2090496998585478e-5, 1e-13);
    expectClose(nemenyi([1, 2], 10).qAlpha, 1.9599639845400536, 1e-15);
    expectClose(nemenyi([1, 2], 10, { alpha: 0.001 }).qAlpha, 3.2905267314918945, 1e-15);
    // p < alpha exactly when the rank difference exceeds CD, also 1e-12 either side of it
    for (let n = 7; n <= 60; n++) {
      const cd = nemenyi([1, 2], n, { alpha: 0.01 }).criticalDifference;
      for (const f of [0.999999, 1 - 1e-12, 1 + 1e-12, 1.000001]) {
        const p = nemenyi([1, 1 + f * cd], n, { alpha: 0.01 }).pValue.data[1] as number;
        expect(p < 0.01).toBe(f > 1);
      }
    }
  });
});
