import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { crossPpiMean } from "../../src/estimate/crossPpiMean.js";
import { hajek } from "../../src/estimate/hajek.js";
import { horvitzThompson } from "../../src/estimate/horvitzThompson.js";
import { modelAssisted } from "../../src/estimate/modelAssisted.js";
import { ppiMean } from "../../src/estimate/ppiMean.js";
import { stratifiedMean } from "../../src/estimate/stratifiedMean.js";

const F = (a: number[]): Float64Array => Float64Array.from(a);

// Each case here came from a review (2026-12-07) that found an Estimate contradicting itself.
describe("an Estimate of 0/1 labels does not contradict itself", () => {
  it("modelAssisted with lambda 0 (fixed, or tuned on labels that all agree) bounds them as Horvitz–Thompson does", () => {
    const yP = F([
      0.05, 0.1, 0.02, 0.3, 0.6, 0.05, 0.1, 0.2, 0.05, 0.02, 0.4, 0.1, 0.05, 0.03, 0.2, 0.1, 0.07,
      0.01, 0.5, 0.2,
    ]);
    const y = F([0, 0, 0, 0, 0]);
    const yh = F([0.05, 0.1, 0.02, 0.3, 0.05]);
    const pik = F([0.25, 0.25, 0.25, 0.25, 0.25]);
    const ht = horvitzThompson(y, pik, 20);
    for (const lambda of [0, "tuned"] as const) {
      const e = modelAssisted(y, yh, pik, yP, { lambda });
      expect(e.lambda).toBe(0);
      expect(e.reliable).toBe(true);
      expect(e.ci[0]).toBe(0);
      expect(e.ci[1]).toBeCloseTo(ht.ci[1], 14);
      expect(e.interval).toBe("beta");
    }
    // a "t" interval asked for: the same bound (ppiMean's), not a zero width
    const t = modelAssisted(y, yh, pik, yP, { lambda: 0, interval: "t" });
    expect(t.reliable).toBe(true);
    expect(t.ci[1]).toBeCloseTo(ht.ci[1], 14);
    // all 1: the mirror bound
    const ones = modelAssisted(F([1, 1, 1, 1, 1]), yh, pik, yP, { lambda: "tuned" });
    expect(ones.ci[1]).toBe(1);
    expect(ones.ci[0]).toBeCloseTo(1 - (ht.ci[1] as number), 14);
  });

  it("an estimate outside [0, 1] under a proportion interval is flagged, as Horvitz–Thompson's is", () => {
    const p = ppiMean(F([1, 1, 0, 1]), F([0, 0, 0, 0.1]), F([1, 1, 1, 1, 1, 1, 1, 1]), {
      lambda: 1,
    });
    expect(p.estimate).toBeGreaterThan(1);
    expect(p.ci[1]).toBe(1);
    expect(p.reliable).toBe(false);
    expect(p.warning).toContain("lies outside [0, 1]");
    const m = modelAssisted(
      F([1, 1, 0, 1]),
      F([0, 0, 0, 0.1]),
      F([0.5, 0.5, 0.5, 0.5]),
      F([1, 1, 1, 1, 0, 0, 0, 0.1]),
    );
    expect(m.estimate).toBeGreaterThan(1);
    expect(m.reliable).toBe(false);
    expect(m.warning).toContain("lies outside [0, 1]");
    // on random samples: every reliable interval holds its estimate
    const rng = createRng("self-consistency");
    const N = 200;
    const f = Float64Array.from({ length: N }, () => 0.1 * rng());
    const yPop = Float64Array.from(f, (v) => (rng() < v / 2 ? 1 : 0));
    for (let r = 0; r < 2000; r++) {
      const s = Int32Array.from({ length: 20 }, () => Math.floor(rng() * N));
      const e = ppiMean(
        Float64Array.from(s, (i) => yPop[i] as number),
        Float64Array.from(s, (i) => f[i] as number),
        f,
      );
      if (e.reliable) {
        expect(e.ci[0]).toBeLessThanOrEqual(e.estimate);
        expect(e.estimate).toBeLessThanOrEqual(e.ci[1]);
      }
    }
  });

  it("labels that all agree: the widened interval is named for its method and cut to [0, 1] and the estimate", () => {
    const m = modelAssisted(
      F([0, 0]),
      F([1, 0]),
      F([2 / 23, 2 / 23]),
      F([1, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
      { lambda: 0.5 },
    );
    // was [-3.18, 2.89] named "beta"
    expect(m.interval).toBe("t");
    expect(m.estimate).toBeLessThan(0);
    expect(m.ci).toEqual([m.estimate, 1]);
    const c = crossPpiMean(F([0, 0, 0, 0, 0, 0]), F([0, 0, 0, 0, 0, 0]), [
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
      [1, 1],
    ]);
    expect(c.interval).toBe("t");
    expect(c.ci[0]).toBe(0);
  });

  it("nEffective is n, not 0, when the labels all agree (their classical variance says nothing)", () => {
    const e = ppiMean(
      F([1, 1, 1, 1, 1, 1, 1]),
      F([1, 1, 1, 1, 1, 1, 1]),
      F([1, 0, 0, 1, 1, 0, 1, 0, 1, 0, 0, 0, 1, 1, 0, 1, 0, 1, 0, 0]),
      { lambda: 1 },
    );
    expect(e.variance).toBeGreaterThan(0);
    expect(e.nEffective).toBe(7);
  });
});

describe("a stratified mean stays between its strata's means", () => {
  it("every label 1 gives 1, not 1.0000000000000002 (the weights N_h / N sum to 1 only to an ulp)", () => {
    const sizes = [23, 22, 27, 11];
    expect(sizes.reduce((a, s) => a + s / 83, 0)).toBeGreaterThan(1);
    const strata = Int32Array.from([0, 0, 1, 1, 2, 2, 3, 3]);
    const e = stratifiedMean(new Float64Array(8).fill(1), strata, sizes);
    expect(e.estimate).toBe(1);
    expect(e.reliable).toBe(true);
  });
});

describe("a zero design variance is not called equal values when the values differ", () => {
  it("says why the interval is the whole line", () => {
    expect(hajek(F([3, 4]), F([1, 1])).warning).toContain("the values differ");
    expect(
      stratifiedMean(F([2, 2, 3, 3]), Int32Array.from([0, 0, 1, 1]), [10, 10]).warning,
    ).toContain("the values differ");
    expect(hajek(F([3, 3]), F([1, 1])).warning).toContain(
      "every sampled unit gives the same value",
    );
  });
});
