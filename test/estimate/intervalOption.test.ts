import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { hajek } from "../../src/estimate/hajek.js";
import { hansenHurwitz } from "../../src/estimate/hansenHurwitz.js";
import { horvitzThompson } from "../../src/estimate/horvitzThompson.js";
import { intervalDefaults } from "../../src/estimate/intervalDefaults.js";
import { proportionInterval } from "../../src/estimate/proportionInterval.js";
import { stratifiedMean } from "../../src/estimate/stratifiedMean.js";
import { srsStrategy } from "../../src/tcs/srsStrategy.js";
import { supsStrategy } from "../../src/tcs/supsStrategy.js";

const y01 = new Float64Array([0, 1, 0, 0, 1, 0]);
const pik = new Float64Array([0.2, 0.4, 0.3, 0.3, 0.5, 0.3]);

describe("options.interval of the estimators", () => {
  it("horvitzThompson(y, pik, N) defaults to the beta interval for 0/1 labels and t for real y", () => {
    const e = horvitzThompson(y01, pik, 20);
    expect(e.interval).toBe("beta");
    expect(e.reliable).toBe(true);
    expect(e.warning).toBe("");
    const r = horvitzThompson(new Float64Array([0.5, 2, 3, 1, 0, 4]), pik, 20);
    expect(r.interval).toBe("t");
  });

  it("the interval comes from proportionInterval on the estimate's own fields, clipped to [0, 1]", () => {
    const e = horvitzThompson(y01, pik, 20, { interval: "logit" });
    const ci = proportionInterval(
      { estimate: e.estimate, variance: e.variance, n: e.n, df: e.df, nEffective: e.nEffective },
      "logit",
      0.95,
    );
    expect(e.ci).toEqual([Math.max(0, ci[0]), Math.min(1, ci[1])]);
    expect(e.df).toBe(5);
  });

  it("an unknown method is a RangeError listing the valid ones, with a suggestion", () => {
    expect(() => horvitzThompson(y01, pik, 20, { interval: "wilsn" as "wilson" })).toThrow(
      /horvitzThompson: .*interval.*"wilson"/,
    );
    expect(() => hajek(y01, pik, { interval: "nope" as "beta" })).toThrow(RangeError);
    expect(() => hajek(y01, pik, { interval: 3 as unknown as "beta" })).toThrow(/hajek: /);
  });

  it("an SRS-only method does not apply to an unequal-probability design", () => {
    expect(() => horvitzThompson(y01, pik, 20, { interval: "wilson" })).toThrow(
      /horvitzThompson: .*"wilson".*simple random sample/,
    );
    expect(() => hansenHurwitz(y01, pik, 20, { interval: "clopperPearson" })).toThrow(RangeError);
    const strata = Int32Array.from([0, 0, 0, 1, 1, 1]);
    expect(() =>
      stratifiedMean(y01, strata, Int32Array.of(10, 10), { interval: "hypergeometric" }),
    ).toThrow(/stratifiedMean: .*simple random sample/);
  });

  it("a proportion method on y outside [0, 1] is a RangeError naming the value", () => {
    const y = new Float64Array([0, 1.5, 1, 0, 1, 0]);
    expect(() => horvitzThompson(y, pik, 20, { interval: "beta" })).toThrow(
      /horvitzThompson: .*"beta".*y\[1\] is 1\.5/,
    );
  });

  it("labels in [0, 1] that are not all 0/1 (partial credit) get the design's beta interval, clipped to [0, 1]", () => {
    const y = new Float64Array([0, 0.5, 1, 0, 1, 0]);
    const e = horvitzThompson(y, pik, 20);
    expect(e.interval).toBe(intervalDefaults.bounded);
    expect(e.ci[0]).toBeGreaterThanOrEqual(0);
    expect(e.ci[1]).toBeLessThanOrEqual(1);
    expect(e.ci[0]).toBeLessThan(e.estimate);
    expect(horvitzThompson(y, pik, 20, { interval: "beta" }).ci).toEqual(e.ci);
    expect(horvitzThompson(y, pik, 20, { interval: "t" }).interval).toBe("t");
    // every sampled value equal (0.5): Korn–Graubard on the Kish size, not the whole line
    const flat = horvitzThompson(new Float64Array(6).fill(0.5), pik, 20);
    expect(flat.reliable).toBe(true);
    expect(flat.ci[0]).toBeGreaterThan(0);
    expect(flat.ci[1]).toBeLessThan(1);
  });

  it("stratifiedMean with one stratum is a simple random sample: hypergeometric by default", () => {
    const e = stratifiedMean(y01, new Int32Array(6), Int32Array.of(30));
    expect(e.interval).toBe("hypergeometric");
    expect(e.ci[1] - e.ci[0]).toBeGreaterThan(0);
    const w = stratifiedMean(y01, new Int32Array(6), Int32Array.of(30), { interval: "wilson" });
    expect(w.interval).toBe("wilson");
    const two = stratifiedMean(y01, Int32Array.from([0, 0, 0, 1, 1, 1]), Int32Array.of(10, 10));
    expect(two.interval).toBe("beta");
    // Satterthwaite: V^2 / sum v_h^2 / (n_h - 1), at most n - H = 4
    expect(two.df).toBeGreaterThan(0);
    expect(two.df).toBeLessThanOrEqual(4);
  });

  it("no failure seen is never a zero-width interval, short of a census", () => {
    const zero = new Float64Array(6);
    for (const e of [
      horvitzThompson(zero, pik, 20),
      hajek(zero, pik),
      stratifiedMean(zero, new Int32Array(6), Int32Array.of(30)),
    ]) {
      expect(e.ci[0]).toBe(0);
      expect(e.ci[1]).toBeGreaterThan(0);
    }
    const census = stratifiedMean(y01, new Int32Array(6), Int32Array.of(6));
    expect(census.ci).toEqual([census.estimate, census.estimate]);
  });

  it("real-valued labels without spread cannot bound the error: the whole line, flagged", () => {
    const e = stratifiedMean(new Float64Array([2, 2, 2]), new Int32Array(3), Int32Array.of(10));
    expect(e.ci).toEqual([Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY]);
    expect(e.reliable).toBe(false);
    expect(e.warning).toMatch(/same value/);
  });

  it("a variance that is rounding, not spread, is no spread: constant y under equal pik", () => {
    // Deville's variance of a constant y with equal pik is 0 in exact arithmetic
    // but ~2.5e-32 in doubles; it must not pass for a 1e-15-wide "reliable" interval
    // (since 2026-12-08 the estimator decides "no spread" from y / pik and reports 0)
    const e = horvitzThompson(new Float64Array([2, 2, 2]), new Float64Array([0.3, 0.3, 0.3]), 10);
    expect(e.variance).toBe(0);
    expect(e.ci).toEqual([Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY]);
    expect(e.reliable).toBe(false);
    const rng = createRng(11);
    for (let t = 0; t < 500; t++) {
      const n = 3 + Math.floor(rng() * 5);
      // above 1: a constant in [0, 1] is a flat proportion-like sample, which gets the beta interval
      const c = Math.round(rng() * 1000) / 100 + 1.01;
      const p0 = 0.05 + 0.9 * rng();
      const r = horvitzThompson(new Float64Array(n).fill(c), new Float64Array(n).fill(p0), 100);
      expect(r.reliable).toBe(false);
    }
    // a real spread of one part in 1e9 is still a spread
    const s = horvitzThompson(
      new Float64Array([2, 2 + 2e-9, 2]),
      new Float64Array(3).fill(0.3),
      10,
    );
    expect(s.reliable).toBe(true);
    expect(s.ci[1]).toBeGreaterThan(s.ci[0]);
  });

  it('0/1 labels without spread under "t" or "wald": the zero-width interval asked for, flagged', () => {
    const ones = new Float64Array(6).fill(1);
    for (const interval of ["t", "wald"] as const) {
      for (const e of [
        horvitzThompson(ones, new Float64Array(6).fill(0.3), 20, { interval }),
        stratifiedMean(
          Float64Array.of(0, 0, 1, 1),
          Int32Array.of(0, 0, 1, 1),
          Int32Array.of(5, 5),
          {
            interval,
          },
        ),
      ]) {
        expect(e.ci[1] - e.ci[0]).toBeLessThan(1e-12);
        expect(e.reliable).toBe(false);
        expect(e.warning).toMatch(/zero width/);
      }
    }
    // the default interval does not collapse and is not flagged
    const b = stratifiedMean(
      Float64Array.of(0, 0, 1, 1),
      Int32Array.of(0, 0, 1, 1),
      Int32Array.of(5, 5),
    );
    expect(b.ci[1] - b.ci[0]).toBeGreaterThan(0.1);
    expect(b.reliable).toBe(true);
  });

  it("horvitzThompson: every unit drawn is a census only when every pik is 1", () => {
    // Poisson with pik 0.5 draws all 4 units with probability 1/16: the estimate 5 is not the mean 2.5
    const y = Float64Array.of(1, 2, 3, 4);
    const e = horvitzThompson(y, new Float64Array(4).fill(0.5), 4);
    expect(e.estimate).toBe(5);
    expect(e.ci[1] - e.ci[0]).toBeGreaterThan(1);
    expect(e.ci[0]).toBeLessThan(2.5);
    const b = horvitzThompson(Float64Array.of(1, 1, 0, 1), new Float64Array(4).fill(0.5), 4);
    expect(b.ci[1] - b.ci[0]).toBeGreaterThan(0.1);
    const census = horvitzThompson(y, new Float64Array(4).fill(1), 4);
    expect(census.ci).toEqual([2.5, 2.5]);
    expect(census.reliable).toBe(true);
  });

  it("a negative variance estimate is flagged unreliable", () => {
    const y = new Float64Array([3, 5, 10]);
    const p = new Float64Array([0.2, 0.4, 0.8]);
    const pi2 = rowMatrix([
      [0.2, 0.01, 0.19],
      [0.01, 0.4, 0.39],
      [0.19, 0.39, 0.8],
    ]);
    const e = horvitzThompson(y, p, 20, { pi2, variance: "ht" });
    expect(e.variance).toBeLessThan(0);
    expect(e.reliable).toBe(false);
    expect(e.warning).toMatch(/negative/);
    expect(e.ci).toEqual([Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY]);
  });
});

describe("options.interval of the strategies", () => {
  it("srsStrategy accepts the SRS methods; the others refuse them before any label", () => {
    const risk = new Float64Array(20).fill(1);
    expect(() => srsStrategy(risk, 5, createRng(1), { interval: "jeffreys" })).not.toThrow();
    expect(() => supsStrategy(risk, 5, createRng(1), { interval: "jeffreys" })).toThrow(
      /strategies.sups: .*simple random sample/,
    );
    expect(() => supsStrategy(risk, 5, createRng(1), { interval: "bta" as "beta" })).toThrow(
      /did you mean "beta"/,
    );
  });

  it("a proportion method makes next(y) refuse a label it cannot take (and take it corrected)", () => {
    // an SRS proportion method: 0 or 1
    const gen = srsStrategy(new Float64Array(10).fill(1), 3, createRng(1), {
      interval: "wilson",
    });
    gen.next();
    expect(() => gen.next(0.5)).toThrow(/strategies.srs: .*0 or 1/);
    expect(gen.next(1).done).toBe(false);
    // a design proportion method (Korn–Graubard): any label in [0, 1]
    const beta = srsStrategy(new Float64Array(10).fill(1), 3, createRng(1), { interval: "beta" });
    beta.next();
    expect(() => beta.next(1.5)).toThrow(/strategies.srs: .*in \[0, 1\]/);
    expect(beta.next(0.5).done).toBe(false);
  });
});

describe("extreme weights", () => {
  it("pik 1e-300 with N = 1e9: a finite Kish size, and the out-of-range estimate is flagged", () => {
    const e = horvitzThompson(new Float64Array([1, 1]), new Float64Array([1e-300, 1e-300]), 1e9);
    expect(e.nEffective).toBe(2);
    expect(e.estimate).toBeGreaterThan(1);
    expect(e.reliable).toBe(false);
    expect(e.warning).toMatch(/outside \[0, 1\]/);
  });
});
