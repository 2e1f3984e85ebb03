import { describe, expect, it } from "vitest";
import { normalQuantile } from "../../src/core/normal.js";
import { createRng } from "../../src/core/rng.js";
import { studentTQuantile } from "../../src/core/studentT.js";
import { inclusionProbabilities } from "../../src/design/inclusionProbabilities.js";
import { pivotal } from "../../src/design/pivotal.js";
import { samplePi2 } from "../../src/design/samplePi2.js";
import { srs } from "../../src/design/srs.js";
import { srsPi2 } from "../../src/design/srsPi2.js";
import { hajek } from "../../src/estimate/hajek.js";
import { horvitzThompson } from "../../src/estimate/horvitzThompson.js";
import { modelAssisted, modelAssistedDefaults } from "../../src/estimate/modelAssisted.js";
import { ppiMean } from "../../src/estimate/ppiMean.js";
import { proportionInterval } from "../../src/estimate/proportionInterval.js";

function population(N: number, seed: number) {
  const rng = createRng(seed);
  const y = new Float64Array(N);
  const f = new Float64Array(N);
  const size = new Float64Array(N);
  for (let i = 0; i < N; i++) {
    const x = rng();
    y[i] = 2 + 3 * x + (rng() - 0.5);
    f[i] = 2.2 + 2.6 * x + 0.3 * (rng() - 0.5);
    size[i] = 0.5 + x;
  }
  return { y, f, size };
}

const at = (v: Float64Array, s: Int32Array) => Float64Array.from(s, (k) => v[k] as number);
function mean(v: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] as number;
  return s / v.length;
}
function sampleVar(x: ArrayLike<number>): number {
  const m = mean(x);
  let s = 0;
  for (let i = 0; i < x.length; i++) s += ((x[i] as number) - m) ** 2;
  return s / (x.length - 1);
}

describe("modelAssisted(y, yhat, pik, yhatPopulation, options)", () => {
  const { y, f, size } = population(200, 1);
  const N = 200;
  const n = 30;
  const s = srs(N, n, createRng(2));
  const ys = at(y, s);
  const fs = at(f, s);
  const pik = new Float64Array(n).fill(n / N);

  it("under SRS with lambda 1 it equals ppiMean(lambda 1) on yhatUnlabeled = yhatPopulation; ppiMean's variance is larger by exactly (s^2(yhatPopulation) + s^2(y - yhat)) / N", () => {
    const ma = modelAssisted(ys, fs, pik, f);
    const ppi = ppiMean(ys, fs, f, { lambda: 1 });
    expect(ma.estimate).toBeCloseTo(ppi.estimate, 13);
    const r = ys.map((v, k) => v - (fs[k] as number));
    const gap = (sampleVar(f) + sampleVar(r)) / N;
    expect(Math.abs(ppi.variance - ma.variance - gap) / ppi.variance).toBeLessThan(1e-12);
    // and the model-assisted variance is the SRS one, (1 - n/N) s^2(r) / n
    expect(ma.variance).toBeCloseTo(((1 - n / N) * sampleVar(r)) / n, 15);
    expect(ma.df).toBe(n - 1);
    expect(ma.lambda).toBe(1);
  });

  it("lambda 0 is the base estimator of y; fixed lambdas shift its interval by lambda mean(yhatPopulation)", () => {
    const ht = horvitzThompson(ys, pik, N, { interval: "t" });
    const ma0 = modelAssisted(ys, fs, pik, f, { lambda: 0 });
    expect(ma0.estimate).toBe(ht.estimate);
    expect(ma0.variance).toBe(ht.variance);
    expect(ma0.nEffective).toBe(n);
    const ma = modelAssisted(ys, fs, pik, f, { lambda: 0.5 });
    const r = ys.map((v, k) => v - 0.5 * (fs[k] as number));
    const base = horvitzThompson(r, pik, N, { interval: "t" });
    const shift = 0.5 * mean(f);
    expect(ma.estimate).toBeCloseTo(base.estimate + shift, 13);
    expect(ma.ci[0]).toBeCloseTo(base.ci[0] + shift, 13);
    expect(ma.ci[1]).toBeCloseTo(base.ci[1] + shift, 13);
    expect(ma.nEffective).toBeCloseTo((n * ht.variance) / ma.variance, 10);
    expect(ma.nEffective).toBeGreaterThan(n);
  });

  it("passes pi2 and variance to the base estimator: SYG with srsPi2 equals Deville under SRS", () => {
    const pi2 = samplePi2(srsPi2(N, n), s);
    const syg = modelAssisted(ys, fs, pik, f, { pi2 });
    const dev = modelAssisted(ys, fs, pik, f);
    expect(syg.method).toBe("modelAssisted (horvitzThompson (syg), lambda=1)");
    expect(syg.variance).toBeCloseTo(dev.variance, 14);
  });

  it("Hájek: lambda mean(yhatPopulation) plus the Hájek mean of the residuals", () => {
    const p = inclusionProbabilities(size, n);
    const t = pivotal(p, createRng(3));
    const e = modelAssisted(at(y, t), at(f, t), at(p, t), f, { estimator: "hajek" });
    const r = at(y, t).map((v, k) => v - (at(f, t)[k] as number));
    const h = hajek(r, at(p, t), { interval: "t" });
    expect(e.estimate).toBeCloseTo(h.estimate + mean(f), 13);
    expect(e.variance).toBe(h.variance);
  });

  it("tuned lambda: the least design variance, C(y, yhat) / V(yhat) by polarisation (SRS: the regression slope)", () => {
    const e = modelAssisted(ys, fs, pik, f, { lambda: "tuned" });
    // under SRS the Deville form is (1 - f) s^2 / n, so the minimiser is cov(y, yhat) / var(yhat)
    const my = mean(ys);
    const mf = mean(fs);
    let sp = 0;
    let sf = 0;
    for (let k = 0; k < n; k++) {
      sp += ((ys[k] as number) - my) * ((fs[k] as number) - mf);
      sf += ((fs[k] as number) - mf) ** 2;
    }
    const slope = Math.min(1, sp / sf);
    expect(e.lambda).toBeCloseTo(slope, 12);
    for (const lambda of [0, 0.25, 0.5, 0.75, 1]) {
      expect(e.variance).toBeLessThanOrEqual(modelAssisted(ys, fs, pik, f, { lambda }).variance);
    }
    expect(e.method).toMatch(/^modelAssisted \(horvitzThompson \(deville\), tuned lambda=/);
  });

  it("tuned lambda with constant predictions falls back to 0 and says so", () => {
    const flat = new Float64Array(n).fill(2);
    const e = modelAssisted(ys, flat, pik, new Float64Array(N).fill(2), { lambda: "tuned" });
    expect(e.lambda).toBe(0);
    expect(e.method).toMatch(/lambda=0: the predictions' design variance is not positive/);
  });

  it("tuned lambda is asymptotically unbiased: Monte Carlo over 2000 pivotal samples, |bias| < 4 Monte Carlo SE", () => {
    const p = inclusionProbabilities(size, 40);
    const rng = createRng("ma-tuned");
    const R = 2000;
    let sum = 0;
    let sum2 = 0;
    let z2 = 0;
    const truth = mean(y);
    for (let r = 0; r < R; r++) {
      const t = pivotal(p, rng);
      const e = modelAssisted(at(y, t), at(f, t), at(p, t), f, { lambda: "tuned" });
      sum += e.estimate;
      sum2 += e.estimate ** 2;
      z2 += (e.estimate - truth) ** 2 / e.variance;
    }
    const m = sum / R;
    const se = Math.sqrt((sum2 / R - m * m) / R);
    expect(Math.abs(m - truth) / se).toBeLessThan(4);
    // and its variance estimate is of the right size: mean of z^2 near 1 (Deville is approximate)
    expect(z2 / R).toBeGreaterThan(0.7);
    expect(z2 / R).toBeLessThan(1.4);
  });

  // hard 0/1 predictions of 8 units, an SRS of units with predictions 1, 0, 0, 0
  const hardPredictions = (labels: Float64Array, interval: "t" | "beta" | "betaCapped" = "t") =>
    modelAssisted(
      labels,
      Float64Array.of(1, 0, 0, 0),
      new Float64Array(4).fill(0.5),
      Float64Array.of(1, 0, 1, 0, 0, 0, 1, 1),
      { lambda: 1, interval },
    );

  it('residuals that happen to be 0 or 1 are real values: interval "t" is not clipped to [0, 1]', () => {
    // hard 0/1 predictions: y - yhat in {0, 1} on the sample, but the residual mean is not a proportion
    const e = hardPredictions(Float64Array.of(1, 0, 1, 0));
    // residuals (0, 0, 1, 0): mean 0.25, Deville = (1 - 4/8) s^2 / 4 with s^2 = 0.25,
    // plus the verdict floor of verdict 1 (its one label agrees; half the population):
    // (W (1 - 0.025^(1/1)))^2 / z^2 with W = 1/2 (verdict 0 holds a disagreement: none)
    const z = normalQuantile(0.975);
    const se = Math.sqrt((0.5 * 0.25) / 4 + (0.5 * (1 - 0.025)) ** 2 / z ** 2);
    const q = studentTQuantile(0.975, 3);
    expect(e.estimate).toBeCloseTo(0.75, 14);
    expect(e.ci[0]).toBeCloseTo(0.75 - q * se, 12);
    expect(e.ci[1]).toBeCloseTo(0.75 + q * se, 12);
    // two labels of each value: the interval is kept, flagged (fewer than 3 of the rarer value)
    expect(e.reliable).toBe(false);
    expect(e.warning).toContain("only 2 of the 4 labels are 1");
    // real y whose residuals are (1, 1) under unequal pik: the interval holds its estimate
    const r = modelAssisted(
      Float64Array.of(3.5, 4.5),
      Float64Array.of(2.5, 3.5),
      Float64Array.of(0.25, 0.5),
      Float64Array.of(2.5, 3.5, 1.5, 4.5),
      { lambda: 1 },
    );
    expect(r.ci[0]).toBeLessThan(r.estimate);
    expect(r.ci[1]).toBeGreaterThan(r.estimate);
  });

  it("0/1 labels get Korn-Graubard's beta interval by default: proportionInterval of the estimate and its variance, B's df, not flagged for 2 of the rarer value", () => {
    const t = hardPredictions(Float64Array.of(1, 0, 1, 0));
    const e = modelAssisted(
      Float64Array.of(1, 0, 1, 0),
      Float64Array.of(1, 0, 0, 0),
      new Float64Array(4).fill(0.5),
      Float64Array.of(1, 0, 1, 0, 0, 0, 1, 1),
    );
    expect(modelAssistedDefaults.interval).toBe("beta");
    expect(e.interval).toBe("beta");
    expect(e.estimate).toBe(t.estimate);
    expect(e.variance).toBe(t.variance);
    expect(e.ci).toEqual(
      proportionInterval(
        { estimate: 0.75, variance: t.variance, n: 4, df: t.df, nEffective: 4 },
        "beta",
        0.95,
      ),
    );
    expect(e.reliable).toBe(true);
    // "betaCapped" on request; real labels default to "t" and refuse the proportion methods
    const c = hardPredictions(Float64Array.of(1, 0, 1, 0), "betaCapped");
    expect(c.ci).toEqual(
      proportionInterval(
        { estimate: 0.75, variance: t.variance, n: 4, df: t.df, nEffective: 4 },
        "betaCapped",
        0.95,
      ),
    );
    const real = modelAssisted(
      Float64Array.of(0.5, 1),
      Float64Array.of(0.5, 0.5),
      Float64Array.of(0.5, 0.5),
      Float64Array.of(0.5, 0.5, 0.5, 0.5),
    );
    expect(real.interval).toBe("t");
    expect(() =>
      modelAssisted(
        Float64Array.of(0.5, 1),
        Float64Array.of(0.5, 0.5),
        Float64Array.of(0.5, 0.5),
        Float64Array.of(0.5, 0.5, 0.5, 0.5),
        { interval: "beta" },
      ),
    ).toThrow(
      /^modelAssisted: options.interval "beta" is for 0\/1 labels but y\[0\] is 0.5; use "wald" or "t"$/,
    );
  });

  it("hard predictions right on every sampled unit: the verdict floor bounds them (soft ones with no residual spread: whole line, flagged)", () => {
    // verdict 1 on 1 labelled unit, verdict 0 on 3, each half the population: all right
    const z = normalQuantile(0.975);
    const floor = (0.5 * (1 - 0.025)) ** 2 / z ** 2 + (0.5 * (1 - 0.025 ** (1 / 3))) ** 2 / z ** 2;
    for (const interval of ["t", "beta"] as const) {
      const e = hardPredictions(Float64Array.of(1, 0, 0, 0), interval);
      expect(e.variance).toBeCloseTo(floor, 15);
      expect(Number.isFinite(e.ci[0]) && Number.isFinite(e.ci[1])).toBe(true);
      expect(e.ci[0]).toBeLessThan(e.estimate);
      expect(e.ci[1]).toBeGreaterThan(e.estimate);
      // one label of the rarer value: "t" is flagged, "beta" is not
      expect(e.reliable).toBe(interval === "beta");
    }
    // soft predictions whose residuals have no spread: nothing bounds the error
    const soft = modelAssisted(
      Float64Array.of(1, 0, 0, 0),
      Float64Array.of(0.75, -0.25, -0.25, -0.25),
      new Float64Array(4).fill(0.5),
      Float64Array.of(0.75, -0.25, 0.5, -0.25, 0.25, -0.25, 0.5, 0.5),
      { lambda: 1 },
    );
    expect(soft.ci).toEqual([Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY]);
    expect(soft.reliable).toBe(false);
    expect(soft.warning).toMatch(/same value/);
  });

  it("an overflowing result is a RangeError, never an infinite estimate", () => {
    const big = new Float64Array(8).fill(1e308);
    expect(() =>
      modelAssisted(Float64Array.of(1, 0), Float64Array.of(0, 0), Float64Array.of(0.25, 0.25), big),
    ).toThrow(/^modelAssisted: result is not finite.*rescale/);
  });

  it("does not mutate its inputs; defaults frozen", () => {
    const copies = [ys.slice(), fs.slice(), pik.slice(), f.slice()];
    modelAssisted(ys, fs, pik, f, { lambda: "tuned" });
    expect([ys, fs, pik, f]).toEqual(copies);
    expect(Object.isFrozen(modelAssistedDefaults)).toBe(true);
  });
});

describe("modelAssisted: bad input throws naming the function and the argument", () => {
  const ys = Float64Array.of(1, 2, 3);
  const fs = Float64Array.of(1.1, 1.9, 3.2);
  const pik = Float64Array.of(0.5, 0.5, 0.5);
  const pop = Float64Array.of(1.1, 1.9, 3.2, 2, 2.5, 1.5);
  const cases: [string, () => unknown, ErrorConstructor, RegExp][] = [
    [
      "NaN in y",
      () => modelAssisted(Float64Array.of(1, Number.NaN, 3), fs, pik, pop),
      RangeError,
      /^modelAssisted: y\[1\] is not finite/,
    ],
    [
      "NaN in yhatPopulation",
      () => modelAssisted(ys, fs, pik, Float64Array.of(1, Number.NaN)),
      RangeError,
      /^modelAssisted: yhatPopulation\[1\] is not finite/,
    ],
    [
      "yhat length",
      () => modelAssisted(ys, fs.subarray(1), pik, pop),
      RangeError,
      /^modelAssisted: y and yhat lengths differ/,
    ],
    [
      "pik length",
      () => modelAssisted(ys, fs, pik.subarray(1), pop),
      RangeError,
      /^modelAssisted: y and pik lengths differ/,
    ],
    [
      "pik above 1",
      () => modelAssisted(ys, fs, Float64Array.of(0.5, 1.5, 0.5), pop),
      RangeError,
      /^modelAssisted: pik\[1\] must lie in \(0, 1\]/,
    ],
    [
      "empty population",
      () => modelAssisted(ys, fs, pik, new Float64Array(0)),
      RangeError,
      /^modelAssisted: yhatPopulation is empty/,
    ],
    [
      "lambda above 1",
      () => modelAssisted(ys, fs, pik, pop, { lambda: 2 }),
      RangeError,
      /^modelAssisted: options.lambda must be at most 1/,
    ],
    [
      "estimator typo",
      () => modelAssisted(ys, fs, pik, pop, { estimator: "hajk" as "hajek" }),
      RangeError,
      /^modelAssisted: options.estimator must be one of .*did you mean "hajek"/,
    ],
    [
      "option of another estimator",
      () => modelAssisted(ys, fs, pik, pop, { groupTotal: pik }),
      RangeError,
      /^modelAssisted: options.groupTotal does not apply to estimator "horvitzThompson"/,
    ],
    [
      "missing strata",
      () => modelAssisted(ys, fs, pik, pop, { estimator: "stratifiedMean" }),
      RangeError,
      /^modelAssisted: options.strata and options.stratumSizes are required/,
    ],
    [
      "stratum sizes not summing to N",
      () =>
        modelAssisted(ys, fs, pik, pop, {
          estimator: "stratifiedMean",
          strata: Int32Array.of(0, 0, 0),
          stratumSizes: Int32Array.of(5),
        }),
      RangeError,
      /^modelAssisted: options.stratumSizes sum to 5, not to N/,
    ],
    [
      "pik not n_h / N_h",
      () =>
        modelAssisted(ys, fs, Float64Array.of(0.5, 0.5, 0.4), pop, {
          estimator: "stratifiedMean",
          strata: Int32Array.of(0, 0, 0),
          stratumSizes: Int32Array.of(6),
        }),
      RangeError,
      /^modelAssisted: pik\[2\] must be n_h \/ N_h = 0.5/,
    ],
    [
      "missing groupTotal",
      () => modelAssisted(ys, fs, pik, pop, { estimator: "raoHartleyCochran" }),
      RangeError,
      /^modelAssisted: options.groupTotal is required/,
    ],
    [
      "base estimator rejects pi2",
      () => modelAssisted(ys, fs, pik, pop, { variance: "syg" }),
      RangeError,
      /^modelAssisted: horvitzThompson: options.variance "syg" needs options.pi2/,
    ],
    [
      "N below n",
      () => modelAssisted(ys, fs, pik, Float64Array.of(1, 2)),
      RangeError,
      /^modelAssisted: horvitzThompson: N must be at least the sample size/,
    ],
    [
      "interval not t, wald, beta or betaCapped",
      () => modelAssisted(ys, fs, pik, pop, { interval: "wilson" as "t" }),
      RangeError,
      /^modelAssisted: options.interval must be one of "wald", "t", "beta", "betaCapped"/,
    ],
    [
      "unknown option",
      () => modelAssisted(ys, fs, pik, pop, { stratumSize: Int32Array.of(6) } as never),
      TypeError,
      /^modelAssisted: unknown option "stratumSize" \(did you mean "stratumSizes"\?\)/,
    ],
  ];
  it.each(cases)("%s", (_label, call, type, message) => {
    expect(call).toThrow(type);
    expect(call).toThrow(message);
  });
});
