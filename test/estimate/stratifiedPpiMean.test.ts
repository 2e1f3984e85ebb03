import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { ppiMean } from "../../src/estimate/ppiMean.js";
import {
  stratifiedPpiMean,
  stratifiedPpiMeanDefaults,
} from "../../src/estimate/stratifiedPpiMean.js";

function data(seed: number, n: number, N: number, H: number) {
  const rng = createRng(seed);
  const gen = (m: number) => {
    const y = new Float64Array(m);
    const f = new Float64Array(m);
    const h = new Int32Array(m);
    for (let i = 0; i < m; i++) {
      const s = Math.floor(rng() * H);
      const p = rng();
      y[i] = rng() < p ? 1 : 0;
      // the predictor is sharp in stratum 0 and noisy in the others
      f[i] = Math.min(1, Math.max(0, p + (s === 0 ? 0.05 : 0.6) * (rng() - 0.5)));
      h[i] = s;
    }
    return { y, f, h };
  };
  return { l: gen(n), u: gen(N) };
}

describe("stratifiedPpiMean(y, yhat, strata, yhatUnlabeled, strataUnlabeled, options)", () => {
  it("one stratum is ppiMean exactly (estimate, variance, interval, lambda)", () => {
    const { l, u } = data(1, 80, 600, 1);
    for (const options of [
      {},
      { lambda: 0.4 },
      { alternative: "larger" as const, ddof: 0 as const },
    ]) {
      const s = stratifiedPpiMean(l.y, l.f, l.h, u.f, u.h, options);
      const p = ppiMean(l.y, l.f, u.f, options);
      expect(s.estimate).toBeCloseTo(p.estimate, 14);
      expect(s.variance).toBeCloseTo(p.variance, 16);
      expect(s.ci[0]).toBeCloseTo(p.ci[0], 14);
      expect(s.lambdas[0]).toBe(p.lambda);
    }
  });

  it("hard 0/1 predictions (a judge's verdicts) get ppiMean's verdict floor, per stratum", () => {
    // the labelled units with verdict 0 were all right: without the floor the verdict's error
    // rate counts as known to be 0 (half of ppiMean's variance here; intervals under-covered)
    const y = Float64Array.from([1, 0, 1, 1, 0, 1, 1, 1, 0, 1]);
    const f = Float64Array.from([1, 0, 1, 1, 0, 1, 1, 1, 1, 1]);
    const u = Float64Array.from([1, 0, 1, 1, 1, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1]);
    const s = stratifiedPpiMean(y, f, new Int32Array(10), u, new Int32Array(15));
    const p = ppiMean(y, f, u);
    expect(s.variance).toBeCloseTo(p.variance, 16);
    expect(s.ci[0]).toBeCloseTo(p.ci[0], 14);
    expect(s.ci[1]).toBeCloseTo(p.ci[1], 14);
    // two strata: each stratum's term is that stratum's ppiMean variance (with its floor)
    const strata = Int32Array.from([0, 0, 0, 0, 0, 1, 1, 1, 1, 1]);
    const strataU = Int32Array.from({ length: 15 }, (_, i) => (i < 8 ? 0 : 1));
    const two = stratifiedPpiMean(y, f, strata, u, strataU);
    let v = 0;
    for (let h = 0; h < 2; h++) {
      const ph = ppiMean(
        y.filter((_, i) => strata[i] === h),
        f.filter((_, i) => strata[i] === h),
        u.filter((_, i) => strataU[i] === h),
      );
      const w = strataU.filter((x) => x === h).length / 15;
      v += w * w * ph.variance;
    }
    expect(two.variance).toBeCloseTo(v, 16);
  });

  it("combines per-stratum ppiMean with weights N_h / N, each stratum with its own lambda", () => {
    const { l, u } = data(2, 300, 3000, 3);
    const s = stratifiedPpiMean(l.y, l.f, l.h, u.f, u.h);
    let est = 0;
    let v = 0;
    for (let h = 0; h < 3; h++) {
      const pick = (x: Float64Array, ids: Int32Array) => x.filter((_, i) => ids[i] === h);
      const uh = pick(u.f, u.h);
      const p = ppiMean(pick(l.y, l.h), pick(l.f, l.h), uh);
      const w = uh.length / u.f.length;
      est += w * p.estimate;
      v += w * w * p.variance;
      expect(s.lambdas[h]).toBe(p.lambda);
    }
    expect(s.estimate).toBeCloseTo(est, 14);
    expect(s.variance).toBeCloseTo(v, 16);
    // the sharp stratum gets a larger lambda than the noisy ones
    expect(s.lambdas[0] as number).toBeGreaterThan(s.lambdas[1] as number);
  });

  it("stratumWeights replace the unlabelled shares; a stratum of weight 0 is skipped", () => {
    const { l, u } = data(3, 120, 900, 2);
    const w = Float64Array.of(1, 0);
    const s = stratifiedPpiMean(l.y, l.f, l.h, u.f, u.h, { stratumWeights: w });
    const pick = (x: Float64Array, ids: Int32Array) => x.filter((_, i) => ids[i] === 0);
    const p = ppiMean(pick(l.y, l.h), pick(l.f, l.h), pick(u.f, u.h));
    expect(s.estimate).toBeCloseTo(p.estimate, 14);
    expect(s.lambdas[1]).toBe(0);
  });

  it("a stratum whose predictions have zero variance gets lambda 0 and method names it", () => {
    const y = Float64Array.of(1, 0, 1, 0, 1, 1);
    const f = Float64Array.of(0.9, 0.2, 0.7, 0.5, 0.5, 0.5);
    const h = Int32Array.of(0, 0, 0, 1, 1, 1);
    const fu = Float64Array.of(0.8, 0.1, 0.5, 0.5);
    const hu = Int32Array.of(0, 0, 1, 1);
    const s = stratifiedPpiMean(y, f, h, fu, hu);
    expect(s.lambdas[1]).toBe(0);
    expect(s.method).toMatch(/lambda=0 in stratum 1: the predictions have zero variance there$/);
  });

  it("t interval uses Satterthwaite's df over every stratum's parts; defaults frozen; inputs unchanged", () => {
    const { l, u } = data(4, 40, 400, 2);
    const copy = l.y.slice();
    const t = stratifiedPpiMean(l.y, l.f, l.h, u.f, u.h, { interval: "t" });
    expect(t.df).toBeGreaterThan(1);
    expect(t.df).toBeLessThan(40 + 400);
    expect(l.y).toEqual(copy);
    expect(Object.isFrozen(stratifiedPpiMeanDefaults)).toBe(true);
  });
});

describe("stratifiedPpiMean: bad input throws naming the function and the argument", () => {
  const y = Float64Array.of(1, 0, 1, 0);
  const f = Float64Array.of(0.9, 0.2, 0.7, 0.4);
  const h = Int32Array.of(0, 0, 1, 1);
  const fu = Float64Array.of(0.8, 0.1, 0.5, 0.6);
  const hu = Int32Array.of(0, 0, 1, 1);
  const cases: [string, () => unknown, ErrorConstructor, RegExp][] = [
    [
      "NaN in yhat",
      () => stratifiedPpiMean(y, Float64Array.of(0.9, Number.NaN, 0.7, 0.4), h, fu, hu),
      RangeError,
      /^stratifiedPpiMean: yhat\[1\] is not finite/,
    ],
    [
      "strata length",
      () => stratifiedPpiMean(y, f, h.subarray(1), fu, hu),
      RangeError,
      /^stratifiedPpiMean: y and strata lengths differ/,
    ],
    [
      "negative stratum",
      () => stratifiedPpiMean(y, f, Int32Array.of(0, 0, 1, -1), fu, hu),
      RangeError,
      /^stratifiedPpiMean: strata\[3\] must lie in/,
    ],
    [
      "strata not Int32Array",
      () => stratifiedPpiMean(y, f, "0, 0, 1, 1" as unknown as Int32Array, fu, hu),
      TypeError,
      /^stratifiedPpiMean: strata must be an Int32Array/,
    ],
    [
      "yhatUnlabeled empty",
      () => stratifiedPpiMean(y, f, h, new Float64Array(0), new Int32Array(0)),
      RangeError,
      /^stratifiedPpiMean: yhatUnlabeled is empty/,
    ],
    [
      "stratum with one label",
      () => stratifiedPpiMean(y, f, Int32Array.of(0, 0, 0, 1), fu, hu),
      RangeError,
      /^stratifiedPpiMean: stratum 1 needs at least two labelled units \(got 1\)/,
    ],
    [
      "labels in a stratum without unlabelled units",
      () =>
        stratifiedPpiMean(
          Float64Array.of(1, 0, 1, 0, 1, 1),
          Float64Array.of(0.9, 0.2, 0.7, 0.4, 0.5, 0.6),
          Int32Array.of(0, 0, 1, 1, 2, 2),
          fu,
          hu,
        ),
      RangeError,
      /^stratifiedPpiMean: stratum 2 has 2 labelled units but no unlabelled unit/,
    ],
    [
      "weights not summing to 1",
      () => stratifiedPpiMean(y, f, h, fu, hu, { stratumWeights: Float64Array.of(0.5, 0.6) }),
      RangeError,
      /^stratifiedPpiMean: options.stratumWeights must sum to 1/,
    ],
    [
      "too few weights",
      () => stratifiedPpiMean(y, f, h, fu, hu, { stratumWeights: Float64Array.of(1) }),
      RangeError,
      /^stratifiedPpiMean: options.stratumWeights has 1 strata but a stratum id is 1/,
    ],
    [
      "lambda outside [0, 1]",
      () => stratifiedPpiMean(y, f, h, fu, hu, { lambda: 1.01 }),
      RangeError,
      /^stratifiedPpiMean: options.lambda must be at most 1/,
    ],
    [
      "a stray huge stratum id",
      () => stratifiedPpiMean(y, f, h, fu, Int32Array.of(0, 0, 1, 2 ** 31 - 1)),
      RangeError,
      /^stratifiedPpiMean: a stratum id is 2147483647: stratum ids must be below the number of units \(8\)/,
    ],
    [
      "unknown option",
      () => stratifiedPpiMean(y, f, h, fu, hu, { weights: Float64Array.of(1) } as never),
      TypeError,
      /^stratifiedPpiMean: unknown option "weights"/,
    ],
  ];
  it.each(cases)("%s", (_label, call, type, message) => {
    expect(call).toThrow(type);
    expect(call).toThrow(message);
  });
  it("floors an all-pass stratum towards the design-weighted rate with 0.1 n / H pseudo-labels, adding no df", () => {
    // stratum 0 (90 units, weight 0.9): 2 labels, both passes; stratum 1 (10 units): 8 labels, 4
    // failures. Flat predictions (0.015, 0.5) so the unlabelled parts vanish; lambda 1.
    const y = Float64Array.from([0, 0, 1, 1, 1, 1, 0, 0, 0, 0]);
    const yhat = Float64Array.from([0.015, 0.015, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5]);
    const strata = Int32Array.from([0, 0, 1, 1, 1, 1, 1, 1, 1, 1]);
    const u = Float64Array.from({ length: 100 }, (_, i) => (i < 90 ? 0.015 : 0.5));
    const hu = Int32Array.from({ length: 100 }, (_, i) => (i < 90 ? 0 : 1));
    const e = stratifiedPpiMean(y, yhat, strata, u, hu, { lambda: 1 });
    // the labels' stratified mean 0.9 * 0 + 0.1 * 0.5 = 0.05 as 10 labels, Jeffreys-smoothed
    const pbar = (10 * 0.05 + 0.5) / 11;
    const m = (0.1 * 10) / 2;
    const q = (m * pbar) / (2 + m);
    const v0 = (0.81 * q * (1 - q)) / 2;
    // stratum 1: residuals +-0.5, s^2 = 2 / 7 (ddof 1)
    const v1 = (0.01 * (2 / 7)) / 8;
    expect(e.variance).toBeCloseTo(v0 + v1, 15);
    expect(e.method).toContain("variance floored in stratum 0");
    // Satterthwaite's df counts stratum 1's estimated part only
    expect(e.df).toBeCloseTo((v0 + v1) ** 2 / (v1 ** 2 / 7), 9);
  });
});
