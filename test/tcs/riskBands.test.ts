import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { intervalEstimate } from "../../src/estimate/_interval.js";
import type { Estimate } from "../../src/estimate/confidenceInterval.js";
import { horvitzThompson } from "../../src/estimate/horvitzThompson.js";
import {
  BAND_SPREAD,
  flooredWeightedEstimate,
  RISK_BANDS,
  riskBands,
} from "../../src/tcs/_riskBands.js";

const est = { level: 0.95, interval: undefined };
// the design's own estimate, as a weighted strategy would return it
const design: Estimate = {
  estimate: 0.4,
  variance: 0.01,
  se: 0.1,
  ci: [0.2, 0.6],
  level: 0.95,
  n: 3,
  method: "m",
  df: 2,
  nEffective: 3,
  interval: "beta",
  reliable: true,
  warning: "",
};

describe("riskBands(risk)", () => {
  it("cuts at the smallest risks holding j / 8 of the total, ties kept together", () => {
    expect(RISK_BANDS).toBe(8);
    // total 16, cumulative sums of the sorted risks 1 2 3 4 6 8 12 16:
    // cuts for 2, 4, 6, ..., 14 are 1 1 2 2 4 4 4
    const risk = Float64Array.from([4, 1, 2, 1, 1, 4, 2, 1]);
    const copy = Float64Array.from(risk);
    const b = riskBands(risk);
    expect(Array.from(b?.band ?? [])).toEqual([4, 0, 2, 0, 0, 4, 2, 0]);
    expect(b?.sizes).toEqual([4, 0, 2, 0, 2, 0, 0, 0]);
    expect(risk).toEqual(copy);
  });
  it("has no bands for a constant risk", () => {
    expect(riskBands(new Float64Array(10).fill(0.3))).toBeUndefined();
  });
  it("gives every band about total / 8 of the risk on a large population", () => {
    const risk = Float64Array.from({ length: 10_000 }, (_, i) => 1 + ((i * 7919) % 1000) / 10);
    const b = riskBands(risk);
    const mass = new Array(8).fill(0);
    let total = 0;
    for (let i = 0; i < risk.length; i++) {
      mass[b?.band[i] as number] += risk[i] as number;
      total += risk[i] as number;
    }
    for (const m of mass) expect(Math.abs(m / total - 1 / 8)).toBeLessThan(0.002);
  });
});

describe("riskBands(risk, { split: true }): bands wider than BAND_SPREAD are split", () => {
  it("splits a band at its largest risk / 4, / 16, ... and numbers the parts by increasing risk", () => {
    expect(BAND_SPREAD).toBe(4);
    // total 64 + 4 x 0.5 + 4 x 3 + 8 = 86; the equal-risk cuts put the 0.5s, 3s and the 8 in band 0
    // (cumulative 2, 14, 22 against 86 / 8 = 10.75 for the first cut: the cut is 3, so band 0 is
    // {0.5, 3}, the 8 is band 1); band 0's top is 3: 0.5 < 3 / 4 goes to part 1, 3 stays in part 0
    const risk = Float64Array.from([0.5, 3, 0.5, 3, 0.5, 3, 0.5, 3, 8, 64]);
    const b = riskBands(risk, { split: true });
    const band = Array.from(b?.band ?? []);
    // part 1 of band 0 (the 0.5s) is id 0, part 0 of band 0 (the 3s) id 1, then bands 1..7
    expect(band.slice(0, 8)).toEqual([0, 1, 0, 1, 0, 1, 0, 1]);
    expect(band[8]).toBeGreaterThan(1);
    expect(band[9]).toBeGreaterThan(band[8] as number);
    expect(b?.sizes.length).toBe(RISK_BANDS + 1);
    expect(b?.sizes.reduce((x, y) => x + y, 0)).toBe(risk.length);
  });
  it("leaves a population whose bands spread at most 4 as it is, and splits nothing without the option", () => {
    const narrow = Float64Array.from({ length: 1000 }, (_, i) => 1 + ((i * 7919) % 1000) / 400);
    expect(riskBands(narrow, { split: true })).toEqual(riskBands(narrow));
    const wide = Float64Array.from([0.5, 3, 0.5, 3, 0.5, 3, 0.5, 3, 8, 64]);
    expect(Array.from(riskBands(wide)?.band ?? [])).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 2]);
    expect(riskBands(wide)?.sizes.length).toBe(RISK_BANDS);
  });
  it("gives risk 0 a part of its own", () => {
    const risk = Float64Array.from([0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    const b = riskBands(risk, { split: true });
    expect(b?.band[0]).toBe(0);
    expect(b?.band[1]).toBe(0);
    for (let i = 2; i < risk.length; i++) expect(b?.band[i]).toBeGreaterThan(0);
    expect(b?.sizes[0]).toBe(2);
  });
  it("property: no part spans more than a factor 4 of positive risk, and ids follow the risk", () => {
    for (let t = 0; t < 50; t++) {
      const rng = createRng(`bands-${t}`);
      const N = 50 + Math.floor(rng() * 2000);
      const spread = 10 ** (1 + 5 * rng());
      const risk = Float64Array.from({ length: N }, () => spread ** rng());
      const b = riskBands(risk, { split: true });
      if (b === undefined) continue;
      const lo = new Array(b.sizes.length).fill(Number.POSITIVE_INFINITY);
      const hi = new Array(b.sizes.length).fill(0);
      for (let i = 0; i < N; i++) {
        const h = b.band[i] as number;
        lo[h] = Math.min(lo[h], risk[i] as number);
        hi[h] = Math.max(hi[h], risk[i] as number);
      }
      let prevHi = 0;
      for (let h = 0; h < b.sizes.length; h++) {
        if ((b.sizes[h] as number) === 0) continue;
        expect(hi[h] / lo[h]).toBeLessThanOrEqual(BAND_SPREAD);
        expect(lo[h]).toBeGreaterThanOrEqual(prevHi);
        prevHi = hi[h];
      }
    }
  });
  it("floors the large-weight part whose labels agree inside a band whose labels do not", () => {
    // band 0 holds the 0.5s (never a failure among the labelled) and the 3s (one failure,
    // one pass): before the split the band's labels were mixed and nothing was added
    const risk = Float64Array.from([0.5, 3, 0.5, 3, 0.5, 3, 0.5, 3, 8, 64]);
    const b = riskBands(risk, { split: true });
    const e = flooredWeightedEstimate(
      "f",
      { ...design, n: 4 },
      [0, 1, 3, 9],
      Float64Array.from([0, 1, 0, 1]),
      b,
      est,
    );
    const pbar = (4 * 0.4 + 0.5) / 5;
    const m = (0.1 * 4) / 8;
    const q = (0 + m * pbar) / (1 + m);
    // the 0.5s' part (4 of 10 units, 1 label) and the 8's band (1 unit, no label)
    const added = 0.4 ** 2 * (1 - 1 / 4) * q * (1 - q) + 0.1 ** 2 * pbar * (1 - pbar);
    expect(e.variance).toBeCloseTo(0.01 + added, 15);
  });
});

describe("flooredWeightedEstimate(fn, e, sample, y, bands, est)", () => {
  const risk = Float64Array.from([1, 1, 1, 1, 2, 2, 4, 4]);
  const bands = riskBands(risk);
  it("adds W^2 (1 - n_h/N_h) q (1 - q) / n_h for every band whose labels agree", () => {
    // units 0 (band 0, a pass), 4 (band 2, a failure), 6 (band 4, a failure)
    const e = flooredWeightedEstimate(
      "f",
      design,
      [0, 4, 6],
      Float64Array.from([0, 1, 1]),
      bands,
      est,
    );
    const pbar = (3 * 0.4 + 0.5) / (3 + 1);
    const m = (0.1 * 3) / 8;
    const q0 = (0 + m * pbar) / (1 + m);
    const q1 = (1 + m * pbar) / (1 + m);
    const added =
      0.5 ** 2 * (1 - 1 / 4) * q0 * (1 - q0) + 2 * 0.25 ** 2 * (1 - 1 / 2) * q1 * (1 - q1);
    expect(e.variance).toBeCloseTo(0.01 + added, 15);
    expect(e.estimate).toBe(0.4);
    expect(e.method).toBe("m");
    expect(e.ci[1] - e.ci[0]).toBeGreaterThan(0);
    expect(e.reliable).toBe(true);
  });
  it("counts a band with units but no label as one all-pass label", () => {
    // units 0, 1 (band 0: a pass and a failure), 4 (band 2, a pass); band 4 has no label
    const e = flooredWeightedEstimate(
      "f",
      design,
      [0, 1, 4],
      Float64Array.from([0, 1, 0]),
      bands,
      est,
    );
    const pbar = (3 * 0.4 + 0.5) / 4;
    const m = (0.1 * 3) / 8;
    const q2 = (0 + m * pbar) / (1 + m);
    const q4 = pbar;
    const added = 0.25 ** 2 * (1 - 1 / 2) * q2 * (1 - q2) + 0.25 ** 2 * q4 * (1 - q4);
    expect(e.variance).toBeCloseTo(0.01 + added, 15);
  });
  it("leaves labels that all agree, real-valued labels and a negative variance alone", () => {
    const idx = [0, 4, 6];
    expect(flooredWeightedEstimate("f", design, idx, new Float64Array(3), bands, est)).toBe(design);
    expect(flooredWeightedEstimate("f", design, idx, new Float64Array(3).fill(1), bands, est)).toBe(
      design,
    );
    const real = Float64Array.from([0.5, 1, 0]);
    expect(flooredWeightedEstimate("f", design, idx, real, bands, est)).toBe(design);
    const negative = { ...design, variance: -1 };
    expect(
      flooredWeightedEstimate("f", negative, idx, Float64Array.from([0, 1, 1]), bands, est),
    ).toBe(negative);
    expect(
      flooredWeightedEstimate("f", design, idx, Float64Array.from([0, 1, 1]), undefined, est),
    ).toBe(design);
  });
  it('mends the zero width of a "wald" interval whose design variance is 0', () => {
    // units 4 and 6 at pik 1 fail, units 0 and 1 at pik 0.5 pass: Deville's variance is 0
    const wald = { level: 0.95, interval: "wald" as const };
    const zero = horvitzThompson(Float64Array.of(0, 0, 1, 1), Float64Array.of(0.5, 0.5, 1, 1), 8, {
      interval: "wald",
    });
    expect(zero.variance).toBe(0);
    expect(zero.reliable).toBe(false);
    const e = flooredWeightedEstimate(
      "f",
      zero,
      [0, 1, 4, 6],
      Float64Array.of(0, 0, 1, 1),
      bands,
      wald,
    );
    expect(e.variance).toBeGreaterThan(0);
    expect(e.ci[1] - e.ci[0]).toBeGreaterThan(0.01);
    expect(e.reliable).toBe(true);
  });

  it("keeps a flag the design raised", () => {
    const flagged = { ...design, reliable: false, warning: "one unit carries it" };
    const e = flooredWeightedEstimate(
      "f",
      flagged,
      [0, 4, 6],
      Float64Array.from([0, 1, 1]),
      bands,
      est,
    );
    expect(e.variance).toBeGreaterThan(0.01);
    expect(e.reliable).toBe(false);
    expect(e.warning).toBe("one unit carries it");
  });
});

describe("the graded floor (labels in [0, 1], not all 0/1): a review of its arithmetic", () => {
  const est = { level: 0.95, interval: undefined };
  function designEstimate(
    method: string,
    y: readonly number[],
    variance: number,
    N: number,
    estimate?: number,
  ) {
    return intervalEstimate("t", {
      method,
      estimate: estimate ?? y.reduce((a, b) => a + b, 0) / y.length,
      variance,
      level: 0.95,
      n: y.length,
      y: Float64Array.from(y),
      design: { srs: false, df: y.length - 1, N, census: false, nEffective: y.length },
      interval: undefined,
    });
  }
  it("counts a unit a with-replacement design drew twice once: two of three units seen is no census", () => {
    const bands = {
      band: Uint8Array.from([0, 0, 0, 1, 1, 1]),
      sizes: [3, 3],
      cuts: new Float64Array(),
    };
    const y = [0.1, 0.1, 0.3, 0.7, 0.9, 0.9];
    const e = designEstimate("sups (hansenHurwitz)", y, 1e-6, 6);
    // draws 0, 0, 1 and 3, 4, 4: three draws a band, two distinct units
    const f = flooredWeightedEstimate(
      "x",
      e,
      [0, 0, 1, 3, 4, 4],
      Float64Array.from(y),
      bands,
      est,
      true,
    );
    expect(f.variance).toBeGreaterThan(1e-4);
    expect(f.ci[1] - f.ci[0]).toBeGreaterThan(e.ci[1] - e.ci[0]);
  });
  it("says in method when a Hájek estimate's interval is widened to the post-stratified one", () => {
    const N = 1000;
    const band = Uint8Array.from({ length: N }, (_, i) => (i < 500 ? 0 : i < 800 ? 1 : 2));
    const bands = { band, sizes: [500, 300, 200], cuts: new Float64Array() };
    const sample = [0, 1, 500, 501, 502, 800, 801, 802, 803, 804];
    const y = [0.9, 0.95, 0.5, 0.55, 0.6, 0.1, 0.15, 0.2, 0.1, 0.12];
    const e = designEstimate("balanced (hajek)", y, 0.002, N, 0.3);
    const f = flooredWeightedEstimate("x", e, sample, Float64Array.from(y), bands, est, true);
    const own = intervalEstimate("t", {
      method: e.method,
      estimate: f.estimate,
      variance: f.variance,
      level: 0.95,
      n: f.n,
      y: Float64Array.from(y),
      design: { srs: false, df: f.df, N, census: false, nEffective: f.nEffective },
      interval: undefined,
    });
    expect(f.ci[1]).toBeGreaterThan(own.ci[1]);
    expect(f.method).toBe("balanced (hajek); interval widened to hold the post-stratified one");
  });
});
