import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { iterateTemporalSplits } from "../../src/evaluate/iterateTemporalSplits.js";
import {
  temporalSplitCount,
  temporalSplits,
  temporalSplitsDefaults,
} from "../../src/evaluate/temporalSplits.js";

describe("temporalSplitCount(R, W)", () => {
  it("counts the splits temporalSplits enumerates", () => {
    for (let R = 2; R <= 9; R++) {
      for (let W = 1; W < R; W++) {
        expect(temporalSplitCount(R, W), `R ${R} W ${W}`).toBe(
          Array.from(iterateTemporalSplits(R, W)).length,
        );
      }
    }
  });

  it("is C(R - 1, W), exact at the sizes evaluateSubset samples at", () => {
    expect(temporalSplitCount(25, 3)).toBe(2024);
    expect(temporalSplitCount(1000, 2)).toBe(498_501);
    expect(temporalSplitCount(41, 20)).toBe(137_846_528_820);
    expect(temporalSplitCount(2 ** 27, 2 ** 26)).toBe(Number.POSITIVE_INFINITY);
  });

  it("is exact whenever the count is a safe integer (checked against BigInt)", () => {
    // C(56, 23) = 3167295784216200 (Python's math.comb); the doubles alone gave ...201
    expect(temporalSplitCount(57, 23)).toBe(3_167_295_784_216_200);
    const exact = (n: number, k: number): bigint => {
      let c = 1n;
      for (let i = 1; i <= k; i++) c = (c * BigInt(n - k + i)) / BigInt(i);
      return c;
    };
    let checked = 0;
    for (let R = 2; R <= 160; R++) {
      for (let W = 1; W < R; W++) {
        const e = exact(R - 1, Math.min(W, R - 1 - W));
        if (e > BigInt(Number.MAX_SAFE_INTEGER)) continue;
        checked++;
        if (BigInt(temporalSplitCount(R, W)) !== e) {
          expect(temporalSplitCount(R, W), `R ${R} W ${W}`).toBe(Number(e));
        }
      }
    }
    expect(checked).toBeGreaterThan(3000);
    // large R, small W: C(2^27 - 1, 2) is a safe integer, exact as well
    expect(temporalSplitCount(2 ** 27, 2)).toBe(Number(exact(2 ** 27 - 1, 2)));
    // beyond 2^53: the close double approximation (C(79, 40) = 53753604366668088230810)
    expect(Math.abs(temporalSplitCount(80, 40) / 53_753_604_366_668_088_230_810 - 1)).toBeLessThan(
      1e-14,
    );
  });

  it("tells when temporalSplits samples: above temporalSplitsDefaults.maxSplits", () => {
    expect(Object.isFrozen(temporalSplitsDefaults)).toBe(true);
    const max = temporalSplitsDefaults.maxSplits;
    expect(temporalSplitCount(142, 2)).toBeLessThanOrEqual(max); // C(141, 2) = 9870
    expect(temporalSplits(142, 2)).toHaveLength(temporalSplitCount(142, 2));
    expect(temporalSplitCount(143, 2)).toBeGreaterThan(max); // C(142, 2) = 10011
    expect(temporalSplits(143, 2, createRng(1))).toHaveLength(max);
    expect(() => temporalSplits(143, 2)).toThrow(RangeError);
  });

  it("refuses what temporalSplits refuses, under its own name", () => {
    expect(() => temporalSplitCount(4, 4)).toThrow(
      /^temporalSplitCount: W must be at most R - 1 = 3/,
    );
    expect(() => temporalSplitCount(1, 1)).toThrow(/^temporalSplitCount: R must be at least 2/);
    expect(() => temporalSplitCount(5, 1.5)).toThrow(/^temporalSplitCount: W must be an integer/);
    expect(() => temporalSplitCount(5, 0)).toThrow(RangeError);
    expect(() => temporalSplitCount("5" as never, 1)).toThrow(TypeError);
  });
});
