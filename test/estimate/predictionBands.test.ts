import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import {
  bandVariance,
  predictionBands,
  predictionBandVariance,
} from "../../src/estimate/_predictionBands.js";
import { riskBandSizes, riskBands } from "../../src/estimate/_riskBands.js";

const rng = createRng("predictionBands.test");
// soft predictions with exact 0s and 1s among them, and a few outside [0, 1]
const pred = (m: number) =>
  Float64Array.from({ length: m }, () => {
    const u = rng();
    return u < 0.05 ? 0 : u < 0.1 ? 1 : u < 0.12 ? 1.3 : u < 0.14 ? -0.2 : rng();
  });

describe("riskBandSizes(risk, total, lo, hi)", () => {
  it("gives riskBands' sizes and cuts without the bands (undefined where it is)", () => {
    for (const risk of [
      pred(5000).map((v) => Math.min(1, Math.max(0, v))),
      Float64Array.from([4, 1, 2, 1, 1, 4, 2, 1]),
      new Float64Array(10).fill(0.3),
    ]) {
      let total = 0;
      let lo = Number.POSITIVE_INFINITY;
      let hi = Number.NEGATIVE_INFINITY;
      for (const r of risk) {
        total += r;
        lo = Math.min(lo, r);
        hi = Math.max(hi, r);
      }
      const full = riskBands(risk);
      const sizes = riskBandSizes(risk, total, lo, hi);
      expect(sizes === undefined).toBe(full === undefined);
      if (full !== undefined && sizes !== undefined) {
        expect(Array.from(sizes.sizes)).toEqual(full.sizes);
        expect(sizes.cuts).toEqual(full.cuts);
      }
    }
  });
});

describe("predictionBands(parts, rareIsOne)", () => {
  it("bands a population given in parts as the parts concatenated, and counts each part's exact 0s and 1s", () => {
    const a = pred(300);
    const b = pred(4000);
    const all = new Float64Array(a.length + b.length);
    all.set(a);
    all.set(b, a.length);
    for (const rareIsOne of [true, false]) {
      const parts = predictionBands([a, b], rareIsOne);
      const whole = predictionBands([all], rareIsOne);
      expect(parts.sizes).toEqual(whole.sizes);
      expect(parts.cuts).toEqual(whole.cuts);
      expect(parts.N).toBe(all.length);
      expect(Array.from(parts.zeros)).toEqual([
        a.filter((v) => v === 0).length,
        b.filter((v) => v === 0).length,
      ]);
      expect(Array.from(parts.ones)).toEqual([
        a.filter((v) => v === 1).length,
        b.filter((v) => v === 1).length,
      ]);
      // band 0: the predictions of mass 0 (<= 0 when the rarer value is 1, >= 1 else)
      expect(parts.sizes[0]).toBe(all.filter((v) => (rareIsOne ? v <= 0 : v >= 1)).length);
    }
  });
  it("gives predictionBandVariance's floor through bandVariance", () => {
    const yhat = pred(200);
    const y = Float64Array.from(yhat, (f) => (rng() < Math.min(1, Math.max(0, f)) * 0.2 ? 1 : 0));
    const pik = new Float64Array(200).fill(0.05);
    const pop = pred(4000);
    const estimate = 0.1;
    const direct = predictionBandVariance(y, yhat, pik, pop, estimate);
    expect(direct).toBeGreaterThanOrEqual(0);
    expect(bandVariance(y, yhat, pik, predictionBands([pop], true), estimate)).toBe(direct);
  });
});
