/**
 * Samples at the edge of what an estimator can say: no spread (where rounding
 * leaves ~1e-33 instead of a variance of 0), one dominant weight, one unit,
 * impossible design inputs; and the messages of misspelt or null options.
 * From the review of 2026-12-08 (findings F1-F10).
 */
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import {
  crossPpiMean,
  hajek,
  hansenHurwitz,
  horvitzThompson,
  modelAssisted,
  ppiMean,
  proportionInterval,
  raoHartleyCochran,
  stratifiedMean,
  stratifiedPpiMean,
} from "../../src/estimate/index.js";

const WHOLE = [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];

/** The interval of a proportion with variance 0: Kish's effective size in place of p(1 - p) / variance. */
function zeroVarianceBeta(e: { estimate: number; n: number; df: number; nEffective: number }) {
  const ci = proportionInterval(
    { estimate: e.estimate, variance: 0, n: e.n, df: e.df, nEffective: e.nEffective },
    "beta",
    0.95,
  );
  return [Math.max(0, Math.min(1, ci[0])), Math.max(0, Math.min(1, ci[1]))];
}

describe("no spread is decided from the data, not from a variance of exactly 0 (F2)", () => {
  it("horvitzThompson: every label 1 under equal pik gets the interval of a variance of 0", () => {
    // Deville's variance comes out 2.16e-33 here (exactly 0 with pik 0.5): it gave [0.83333, 0.83333], reliable
    const e = horvitzThompson([1, 1, 1, 1, 1], [0.3, 0.3, 0.3, 0.3, 0.3], 20);
    expect(e.variance).toBe(0);
    expect(e.se).toBe(0);
    expect(e.ci).toEqual(zeroVarianceBeta(e));
    expect(e.ci[1] - e.ci[0]).toBeGreaterThan(0.5);
    expect(e.reliable).toBe(true);
  });

  it("horvitzThompson and hansenHurwitz: the answer does not depend on whether rounding gave 0", () => {
    const rng = createRng(5);
    for (let t = 0; t < 300; t++) {
      const n = 2 + Math.floor(rng() * 8);
      const N = n + 1 + Math.floor(rng() * 40);
      const p = Math.round((0.02 + 0.9 * rng()) * 1000) / 1000;
      const ht = horvitzThompson(new Float64Array(n).fill(1), new Float64Array(n).fill(p), N);
      expect(ht.variance).toBe(0);
      if (ht.estimate <= 1) expect(ht.ci).toEqual(zeroVarianceBeta(ht));
      expect(ht.ci[1] - ht.ci[0]).toBeGreaterThan(0.01);
      const q = Math.round((0.001 + 0.2 * rng()) * 1000) / 1000 + 0.001;
      const hh = hansenHurwitz(new Float64Array(n).fill(1), new Float64Array(n).fill(q), N);
      expect(hh.variance).toBe(0);
      expect(hh.ci[1] - hh.ci[0]).toBeGreaterThan(0.01);
    }
  });

  it("hansenHurwitz: every label 1 with p = 0.07 (variance 3.1e-33 before)", () => {
    const e = hansenHurwitz([1, 1, 1, 1, 1], [0.07, 0.07, 0.07, 0.07, 0.07], 16);
    expect(e.variance).toBe(0);
    expect(e.ci).toEqual(zeroVarianceBeta(e));
    expect(e.reliable).toBe(true);
  });

  it("hajek and stratifiedMean: graded labels all equal get the interval of a variance of 0", () => {
    const h = hajek([0.3, 0.3, 0.3], [0.2, 0.4, 0.3]);
    expect(h.variance).toBe(0);
    expect(h.ci).toEqual(zeroVarianceBeta(h));
    expect(h.ci[1] - h.ci[0]).toBeGreaterThan(0.5);
    const s = stratifiedMean([0.7, 0.7, 0.7, 0.7, 0.7], [0, 0, 0, 1, 1], [10, 20]);
    expect(s.variance).toBe(0);
    expect(s.ci).toEqual(zeroVarianceBeta(s));
    expect(s.reliable).toBe(true);
    const rng = createRng(7);
    for (let t = 0; t < 300; t++) {
      const n = 2 + Math.floor(rng() * 6);
      const c = Math.round(rng() * 100) / 100;
      const pik = Float64Array.from({ length: n }, () => 0.05 + 0.9 * rng());
      const e = hajek(new Float64Array(n).fill(c), pik);
      expect(e.variance).toBe(0);
      expect(e.ci[1] - e.ci[0]).toBeGreaterThan(0.01);
      const m = stratifiedMean(new Float64Array(2 * n).fill(c), new Int32Array(2 * n).fill(0), [
        2 * n + 1 + Math.floor(rng() * 50),
      ]);
      expect(m.variance).toBe(0);
      expect(m.ci[1] - m.ci[0]).toBeGreaterThan(0.01);
    }
  });

  it("raoHartleyCochran: y / p without spread gives a variance of 0", () => {
    // y proportional to the draw probabilities p = share * total (0.5 * 0.6 and 0.75 * 0.4): y / p = 10 for both
    const e = raoHartleyCochran([3, 3], [0.5, 0.75], [0.6, 0.4], 5);
    expect(e.variance).toBe(0);
  });

  it("ppiMean, crossPpiMean and stratifiedPpiMean: real labels without spread give the whole line, flagged", () => {
    // the variance came out 6.2e-33, a zero-width Wald interval marked reliable
    const p = ppiMean([0.7, 0.7, 0.7], [0.5, 0.5, 0.5], [0.5, 0.5, 0.5]);
    expect(p.variance).toBe(0);
    expect(p.ci).toEqual(WHOLE);
    expect(p.reliable).toBe(false);
    const c = crossPpiMean([0.7, 0.7, 0.7], [0.5, 0.5, 0.5], [[0.5], [0.5], [0.5]]);
    expect(c.variance).toBe(0);
    expect(c.ci).toEqual(WHOLE);
    expect(c.reliable).toBe(false);
    const s = stratifiedPpiMean(
      [0.7, 0.7, 0.7, 0.7, 0.7, 0.7],
      [0.5, 0.5, 0.5, 0.5, 0.5, 0.5],
      [0, 0, 0, 1, 1, 1],
      [0.5, 0.5, 0.5, 0.5],
      [0, 0, 1, 1],
    );
    expect(s.variance).toBe(0);
    expect(s.ci).toEqual(WHOLE);
    expect(s.reliable).toBe(false);
  });

  it("ppiMean: flat labels with flat predictions never claim a zero-width reliable interval", () => {
    const rng = createRng(9);
    for (let t = 0; t < 300; t++) {
      const n = 2 + Math.floor(rng() * 6);
      const c = Math.round(rng() * 1000) / 100;
      const f = Math.round(rng() * 100) / 100;
      const e = ppiMean(new Float64Array(n).fill(c), new Float64Array(n).fill(f), [f, f, f]);
      expect(e.variance).toBe(0);
      expect(e.ci).toEqual(WHOLE);
      expect(e.reliable).toBe(false);
    }
  });
});

describe("modelAssisted with lambda 0 keeps the design's outside-[0, 1] flag (F1)", () => {
  const y = [1, 1, 1, 1];
  const pik = [0.3, 0.3, 0.3, 0.3];
  const yp = [0.9, 0.8, 0.95, 0.7, 0.6, 0.9, 0.8, 0.7, 0.9, 0.85];
  it("as horvitzThompson and hansenHurwitz do", () => {
    const ht = horvitzThompson(y, pik, 10);
    expect(ht.reliable).toBe(false);
    for (const lambda of [0, "tuned"] as const) {
      const e = modelAssisted(y, yp.slice(0, 4), pik, yp, { lambda });
      expect(e.lambda).toBe(0);
      expect(e.estimate).toBe(ht.estimate);
      expect(e.ci).toEqual(ht.ci);
      expect(e.reliable).toBe(false);
      expect(e.warning).toBe(ht.warning);
    }
    const hh = modelAssisted([1, 1], [0.3, 0.3], [0.3, 0.3], [0.3, 0.3, 0], {
      estimator: "hansenHurwitz",
      lambda: 0,
    });
    expect(hh.estimate).toBeGreaterThan(1);
    expect(hh.reliable).toBe(false);
    expect(hh.warning).toMatch(/outside \[0, 1\]/);
  });
});

describe("an effective sample size below 2 is flagged, its numbers kept (F3)", () => {
  it("hajek with one weight of 1e6 among four", () => {
    const e = hajek([1, 0, 1, 0], [1e-6, 0.5, 0.9, 0.3]);
    expect(e.nEffective).toBeLessThan(1.001);
    // the interval R survey 4.1.1's svyciprop also gives: narrow, kept as it is
    expect(e.ci[1] - e.ci[0]).toBeLessThan(1e-4);
    expect(e.reliable).toBe(false);
    expect(e.warning).toMatch(/effective sample size of 1[\d.]* \(Kish.*below 2/);
    const ht = horvitzThompson([1, 0, 1, 0], [1e-6, 0.5, 0.9, 0.3], 1e7);
    expect(ht.reliable).toBe(false);
    const hh = hansenHurwitz([1, 0, 1, 0], [1e-6, 0.5, 0.2, 0.2], 1e7);
    expect(hh.reliable).toBe(false);
    const ma = modelAssisted(
      [1, 0, 1, 0],
      [0.9, 0.1, 0.8, 0.2],
      [1e-6, 0.5, 0.9, 0.3],
      [0.9, 0.1, 0.8, 0.2, 0.5],
    );
    expect(ma.reliable).toBe(false);
    expect(ma.warning).toMatch(/effective sample size/);
  });

  it("an effective size of 2 or more is not flagged for it", () => {
    const e = hajek([1, 0, 1, 0], [0.2, 0.5, 0.9, 0.3]);
    expect(e.nEffective).toBeGreaterThan(2);
    expect(e.reliable).toBe(true);
  });
});

describe("one-unit and empty samples (F8)", () => {
  it('horvitzThompson: one unit with the "ht" variance is flagged (no degrees of freedom)', () => {
    const e = horvitzThompson([3], [0.5], 2, { pi2: [[0.5]], variance: "ht" });
    expect(e.df).toBe(0);
    expect(e.ci).toEqual(WHOLE);
    expect(e.reliable).toBe(false);
    expect(e.warning).toMatch(/no degrees of freedom/);
  });

  it("horvitzThompson: an empty sample reports df 0, not -1", () => {
    const e = horvitzThompson([], [], 5, { pi2: [] });
    expect(e.df).toBe(0);
    expect(e.reliable).toBe(false);
  });
});

describe("ppiMean names the verdict floor that widens its interval (F10)", () => {
  // 12 labels; verdict 0 wrong once, verdict 1 right on all 8 labelled units that got it
  const y = [1, 1, 0, 1, 1, 0, 1, 1, 1, 0, 1, 1];
  const yh = [1, 1, 0, 1, 0, 0, 1, 1, 1, 0, 1, 1];
  const rng = createRng(3);
  const yu = Float64Array.from({ length: 200 }, () => (rng() < 0.7 ? 1 : 0));
  it("under wald, ddof 0, lambda 1 (the settings that match ppi_py otherwise)", () => {
    const e = ppiMean(y, yh, yu, { ddof: 0, interval: "wald", lambda: 1 });
    expect(e.method).toMatch(
      /^ppi \(lambda=1, fixed\); verdict floor \(\+[\d.e-]+ to the variance\)$/,
    );
  });
  it("and says nothing when each verdict has a labelled error (no floor)", () => {
    const y2 = [...y, 0];
    const yh2 = [...yh, 1];
    const e = ppiMean(y2, yh2, yu, { ddof: 0, interval: "wald", lambda: 1 });
    expect(e.method).toBe("ppi (lambda=1, fixed)");
  });
  it("crossPpiMean and stratifiedPpiMean too", () => {
    const rows = Array.from(yu, (v) => [v]);
    expect(crossPpiMean(y, yh, rows, { interval: "wald" }).method).toMatch(/; verdict floor/);
    const s = stratifiedPpiMean(y, yh, new Int32Array(12), yu, new Int32Array(200), {
      interval: "wald",
      lambda: 1,
    });
    expect(s.method).toMatch(/; verdict floor in stratum 0$/);
  });
});

describe("option values: did you mean, and null (F4, F5)", () => {
  it("a misspelt options.variance or options.lambda gets a hint", () => {
    expect(() =>
      // @ts-expect-error a misspelt value
      horvitzThompson([1, 0, 1], [0.5, 0.5, 0.5], 6, { variance: "Deville" }),
    ).toThrow(/^horvitzThompson: options\.variance must be one of .*; did you mean "deville"\?$/);
    expect(() =>
      // @ts-expect-error a misspelt value
      hajek([1, 0, 1], [0.5, 0.5, 0.5], { variance: "sgy" }),
    ).toThrow(/did you mean "syg"\?$/);
    expect(() =>
      // @ts-expect-error a misspelt value
      ppiMean([1, 0, 1], [0.5, 0.5, 0.2], [0.1, 0.2], { lambda: "tune" }),
    ).toThrow(
      /^ppiMean: options\.lambda must be "tuned" or a number in \[0, 1\] \(got "tune"\); did you mean "tuned"\?$/,
    );
    expect(() =>
      // @ts-expect-error not a lambda
      ppiMean([1, 0, 1], [0.5, 0.5, 0.2], [0.1, 0.2], { lambda: "best" }),
    ).toThrow(/\(got "best"\)$/);
  });

  it("null is refused as horvitzThompson refuses it, not taken as the default", () => {
    const level = null as unknown as number;
    expect(() => horvitzThompson([1, 0, 1], [0.5, 0.5, 0.5], 6, { level })).toThrow(TypeError);
    expect(() => ppiMean([1, 0, 1], [0.5, 0.5, 0.2], [0.1, 0.2], { level })).toThrow(
      /^ppiMean: .*level must be a number \(got null\)/,
    );
    expect(() => crossPpiMean([1, 0, 1], [0.5, 0.5, 0.2], [[0.1], [0.2]], { level })).toThrow(
      TypeError,
    );
    expect(() =>
      stratifiedPpiMean([1, 0, 1, 0], [0.5, 0.5, 0.2, 0.3], [0, 0, 0, 0], [0.1, 0.2], [0, 0], {
        level,
      }),
    ).toThrow(TypeError);
    const pop = [0.5, 0.5, 0.2, 0.1, 0.3, 0.3];
    expect(() =>
      modelAssisted([1, 0, 1], [0.5, 0.5, 0.2], [0.5, 0.5, 0.5], pop, { level }),
    ).toThrow(TypeError);
    expect(() =>
      modelAssisted([1, 0, 1], [0.5, 0.5, 0.2], [0.5, 0.5, 0.5], pop, {
        estimator: null as unknown as "hajek",
      }),
    ).toThrow(/^modelAssisted: options\.estimator must be one of .*\(got null\)/);
  });
});

describe("pi2 must be a possible design's (F6)", () => {
  it("a unit with pik 1 is in every sample: pi_kl = pik_l", () => {
    expect(() =>
      horvitzThompson([5, 1, 3], [1, 0.5, 0.5], 4, {
        pi2: [
          [1, 0.2, 0.5],
          [0.2, 0.5, 0.1],
          [0.5, 0.1, 0.5],
        ],
      }),
    ).toThrow(
      /^horvitzThompson: options\.pi2\[0, 1\] must be at least pik\[0\] \+ pik\[1\] - 1 = 0\.5 .*pik 1 is in every sample/,
    );
  });

  it("a joint probability below pik_k + pik_l - 1 is refused; the consistent matrix is not", () => {
    expect(() =>
      hajek([5, 1, 3], [0.9, 0.9, 0.5], {
        pi2: [
          [0.9, 0.1, 0.45],
          [0.1, 0.9, 0.45],
          [0.45, 0.45, 0.5],
        ],
      }),
    ).toThrow(/options\.pi2\[0, 1\] must be at least pik\[0\] \+ pik\[1\] - 1/);
    const ok = horvitzThompson([5, 1, 3], [1, 0.5, 0.5], 4, {
      pi2: [
        [1, 0.5, 0.5],
        [0.5, 0.5, 0.1],
        [0.5, 0.1, 0.5],
      ],
    });
    expect(ok.variance).toBeCloseTo(1.5, 12);
    // within the tolerance (1e-9) of the bound
    expect(() =>
      horvitzThompson([5, 1, 3], [1, 0.5, 0.5], 4, {
        pi2: [
          [1, 0.5 - 1e-12, 0.5],
          [0.5 - 1e-12, 0.5, 0.1],
          [0.5, 0.1, 0.5],
        ],
      }),
    ).not.toThrow();
  });
});

describe("raoHartleyCochran with n = N (F7)", () => {
  it("refuses a groupShare that is not 1 and takes the census", () => {
    expect(() => raoHartleyCochran([4, 9], [0.5, 0.5], [0.5, 0.5], 2)).toThrow(
      /^raoHartleyCochran: groupShare\[0\] must be 1 when n = N = 2/,
    );
    const e = raoHartleyCochran([4, 9], [1, 1], [0.5, 0.5], 2);
    expect(e.estimate).toBe(6.5);
    expect(e.ci).toEqual([6.5, 6.5]);
  });
});

describe("overflow messages name their cause (F9)", () => {
  it("a subnormal pik: its weight overflows", () => {
    expect(() => hajek([1, 0, 1], [1e-310, 0.5, 0.5])).toThrow(
      /^hajek: pik\[0\] is so small that its weight 1 \/ pik\[0\] overflows \(got 1e-310\)$/,
    );
    expect(() => horvitzThompson([1, 0, 1], [0.5, 1e-310, 0.5], 10)).toThrow(
      /pik\[1\] is so small/,
    );
  });

  it("ppiMean: a sum of squares that overflows is named as such", () => {
    expect(() => ppiMean([1, 0, 1], [1, 0, 1], [1e200, 0, 1])).toThrow(
      /^ppiMean: yhatUnlabeled spreads too widely for its variance \(the sum of squares overflows\); rescale it$/,
    );
    expect(() => ppiMean([1, 0, 1], [1, 0, 1], [1.5e308, 1.5e308, 1])).toThrow(
      /yhatUnlabeled is too large to average \(the sum overflows\)/,
    );
  });
});

describe("real labels that differ only in their last digits keep the variance computed (a review of the F2 fix)", () => {
  it("the variance is reported as computed, the interval is the whole line and flagged", () => {
    // values 2e-13 apart (14 times the 64-ulp bound of 1): they differ, so the
    // variance of the 1,000 labels is not zeroed; it is too small to bound the
    // error, so the interval is the whole line, unreliable
    const n = 1000;
    const y = Float64Array.from({ length: n }, (_, k) => 1 + (k % 2) * 2e-13);
    const e = stratifiedMean(y, new Int32Array(n), [2000]);
    expect(e.variance).toBeGreaterThan(0);
    expect(e.se).toBe(Math.sqrt(e.variance));
    expect(e.ci).toEqual(WHOLE);
    expect(e.reliable).toBe(false);
    expect(e.warning).toMatch(/only in their last digits/);
    // strata 1e13 apart: a census stratum of 1e6 and a sampled one of labels below 1.2e-7
    const y2 = Float64Array.from([
      1e6,
      1e6,
      ...Array.from({ length: 20 }, (_, k) => 3e-8 * (k % 5)),
    ]);
    const s2 = Int32Array.from([0, 0, ...Array<number>(20).fill(1)]);
    const e2 = stratifiedMean(y2, s2, [2, 100]);
    expect(e2.variance).toBeGreaterThan(0);
    expect(e2.ci).toEqual(WHOLE);
    expect(e2.reliable).toBe(false);
  });
});
