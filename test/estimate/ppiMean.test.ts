import { describe, expect, it } from "vitest";
import { normalQuantile } from "../../src/core/normal.js";
import { createRng } from "../../src/core/rng.js";
import { srs } from "../../src/design/srs.js";
import { ppiMean, ppiMeanDefaults } from "../../src/estimate/ppiMean.js";
import { proportionInterval } from "../../src/estimate/proportionInterval.js";

const y = Float64Array.of(1, 0, 1, 1, 0, 1);
const yhat = Float64Array.of(0.9, 0.2, 0.7, 0.8, 0.4, 0.6);
const yu = Float64Array.of(0.8, 0.3, 0.9, 0.5, 0.7, 0.2, 0.6, 0.9);

function sampleVar(x: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < x.length; i++) m += x[i] as number;
  m /= x.length;
  let s = 0;
  for (let i = 0; i < x.length; i++) s += ((x[i] as number) - m) ** 2;
  return s / (x.length - 1);
}

describe("ppiMean(y, yhat, yhatUnlabeled, options)", () => {
  it("lambda 1 is PPI: mean of the unlabelled predictions plus the mean residual, variances added", () => {
    const e = ppiMean(y, yhat, yu, { lambda: 1, interval: "wald" });
    const r = y.map((v, i) => v - (yhat[i] as number));
    const mu = yu.reduce((s, v) => s + v, 0) / yu.length;
    const mr = r.reduce((s, v) => s + v, 0) / r.length;
    expect(e.estimate).toBeCloseTo(mu + mr, 14);
    expect(e.variance).toBeCloseTo(sampleVar(yu) / yu.length + sampleVar(r) / r.length, 14);
    expect(e.method).toBe("ppi (lambda=1, fixed)");
    expect(e.df).toBe(Number.POSITIVE_INFINITY);
    expect(e.interval).toBe("wald");
    expect(e.nEffective).toBeCloseTo((y.length * sampleVar(y)) / y.length / e.variance, 12);
  });

  it("lambda 0 is the classical mean of the labels with its variance s^2 / n", () => {
    const e = ppiMean(y, yhat, yu, { lambda: 0 });
    expect(e.estimate).toBeCloseTo(4 / 6, 15);
    expect(e.variance).toBeCloseTo(sampleVar(y) / 6, 15);
    expect(e.nEffective).toBeCloseTo(6, 12);
  });

  it("the tuned lambda is within 1 % of the least variance over a grid of fixed lambdas (it uses the pooled prediction variance)", () => {
    const rng = createRng(7);
    const n = 300;
    const N = 3000;
    const make = (m: number) => {
      const a = new Float64Array(m);
      const b = new Float64Array(m);
      for (let i = 0; i < m; i++) {
        const p = rng();
        a[i] = rng() < p ? 1 : 0;
        b[i] = p + 0.4 * (rng() - 0.5);
      }
      return [a, b] as const;
    };
    const [yy, ff] = make(n);
    const [, fu] = make(N);
    const tuned = ppiMean(yy, ff, fu);
    expect(tuned.lambda).toBeGreaterThan(0);
    expect(tuned.lambda).toBeLessThan(1);
    expect(tuned.method).toBe(`ppi++ (lambda=${Number(tuned.lambda.toPrecision(4))})`);
    for (let k = 0; k <= 20; k++) {
      const fixed = ppiMean(yy, ff, fu, { lambda: k / 20 });
      expect(tuned.variance).toBeLessThanOrEqual(fixed.variance * (1 + 1e-2));
    }
  });

  it("a predictor with zero variance falls back to lambda 0 and says so in method", () => {
    const flat = new Float64Array(6).fill(0.3);
    const flatU = new Float64Array(8).fill(0.3);
    const e = ppiMean(y, flat, flatU);
    expect(e.lambda).toBe(0);
    expect(e.method).toMatch(/^ppi\+\+ \(lambda=0: the predictions have zero variance/);
    expect(e.estimate).toBeCloseTo(4 / 6, 15);
    expect(Number.isFinite(e.ci[0]) && Number.isFinite(e.ci[1])).toBe(true);
  });

  it("a tuned lambda above 1 is clipped to 1 and method shows the raw value", () => {
    const e = ppiMean(y, yhat, yu);
    expect(e.lambda).toBe(1);
    expect(e.method).toMatch(/^ppi\+\+ \(lambda=1, clipped from 1\.\d+\)$/);
  });

  it("one-sided alternatives put 1 - level in one tail; t widens with Satterthwaite's df", () => {
    const two = ppiMean(y, yhat, yu, { lambda: 1, level: 0.9 });
    const larger = ppiMean(y, yhat, yu, { lambda: 1, level: 0.95, alternative: "larger" });
    const smaller = ppiMean(y, yhat, yu, { lambda: 1, level: 0.95, alternative: "smaller" });
    expect(larger.ci[0]).toBeCloseTo(two.ci[0], 14);
    expect(larger.ci[1]).toBe(Number.POSITIVE_INFINITY);
    expect(smaller.ci[1]).toBeCloseTo(two.ci[1], 14);
    expect(smaller.ci[0]).toBe(Number.NEGATIVE_INFINITY);
    const t = ppiMean(y, yhat, yu, { lambda: 1, interval: "t" });
    const z = ppiMean(y, yhat, yu, { lambda: 1 });
    expect(t.interval).toBe("t");
    expect(t.df).toBeGreaterThan(5);
    expect(t.df).toBeLessThan(6 + 8);
    expect(t.ci[1] - t.ci[0]).toBeGreaterThan(z.ci[1] - z.ci[0]);
  });

  it("real labels and predictions with no spread give an unreliable whole-line interval", () => {
    const half = new Float64Array(4).fill(0.5);
    const e = ppiMean(half, half, new Float64Array(5).fill(0.5), { lambda: 1 });
    expect(e.variance).toBe(0);
    expect(e.reliable).toBe(false);
    expect(e.ci).toEqual([Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY]);
  });

  it("0/1 labels that all agree get the labels-alone Clopper-Pearson bound, whatever the predictions", () => {
    // 4 of 4 labels 1, no spread anywhere: [0.025^(1/4), 1]
    const ones = new Float64Array(4).fill(1);
    const e = ppiMean(ones, ones, new Float64Array(5).fill(1), { lambda: 1 });
    expect(e.variance).toBe(0);
    expect(e.reliable).toBe(true);
    expect(e.ci[0]).toBeCloseTo(0.025 ** 0.25, 14);
    expect(e.ci[1]).toBe(1);
    expect(e.method).toContain("every label 1: interval widened");
    // no failure in 100 labels, predictions with a small spread (lambda 1): the interval
    // used to be the predictions' spread alone, about +-1e-4 around 0
    const zeros = new Float64Array(100);
    const f = Float64Array.from({ length: 100 }, (_, k) => 0.001 + 0.00001 * k);
    const u = Float64Array.from({ length: 1000 }, (_, k) => 0.001 + 0.000001 * k);
    const w = ppiMean(zeros, f, u, { lambda: 1 });
    expect(w.reliable).toBe(true);
    expect(w.ci[0]).toBeLessThan(w.estimate);
    expect(w.ci[1]).toBeCloseTo(1 - 0.025 ** (1 / 100), 14);
    // one-sided: the bound moves to the one tail, at the same level
    const up = ppiMean(zeros, f, u, { lambda: 1, alternative: "smaller" });
    expect(up.ci[0]).toBe(Number.NEGATIVE_INFINITY);
    expect(up.ci[1]).toBeCloseTo(1 - 0.05 ** (1 / 100), 14);
    // PPI++ on the same labels tunes lambda to 0 (no covariance): the bound is the interval
    const tuned = ppiMean(zeros, f, u);
    expect(tuned.variance).toBe(0);
    expect(tuned.reliable).toBe(true);
    expect(tuned.ci).toEqual([0, 1 - 0.025 ** (1 / 100)]);
    // one failure among the labels: no widening
    const one = zeros.slice();
    one[0] = 1;
    expect(ppiMean(one, f, u, { lambda: 1 }).method).not.toContain("widened");
  });

  it("does not mutate its inputs, and the defaults object is frozen", () => {
    const copies = [y.slice(), yhat.slice(), yu.slice()];
    ppiMean(y, yhat, yu);
    expect([y, yhat, yu]).toEqual(copies);
    expect(Object.isFrozen(ppiMeanDefaults)).toBe(true);
  });

  it("interval coverage: 2000 seeded replications of n = 100 labels, N = 1000 unlabelled, 90 % two-sided", () => {
    // superpopulation: p ~ U(0, 1), y ~ Bernoulli(p), yhat = a noisy, biased view of p; mean 0.5
    const rng = createRng("ppi-coverage");
    const R = 2000;
    const n = 100;
    const N = 1000;
    const yy = new Float64Array(n);
    const ff = new Float64Array(n);
    const fu = new Float64Array(N);
    const pred = (p: number) => Math.min(1, Math.max(0, 0.8 * p + 0.15 + 0.3 * (rng() - 0.5)));
    const hits = { tuned: 0, one: 0, tunedLarger: 0, waldTuned: 0, waldLarger: 0 };
    for (let r = 0; r < R; r++) {
      for (let i = 0; i < n; i++) {
        const p = rng();
        yy[i] = rng() < p ? 1 : 0;
        ff[i] = pred(p);
      }
      for (let i = 0; i < N; i++) fu[i] = pred(rng());
      const a = ppiMean(yy, ff, fu, { level: 0.9 });
      const b = ppiMean(yy, ff, fu, { level: 0.9, lambda: 1 });
      const c = ppiMean(yy, ff, fu, { level: 0.9, alternative: "larger" });
      if (a.ci[0] <= 0.5 && 0.5 <= a.ci[1]) hits.tuned++;
      if (b.ci[0] <= 0.5 && 0.5 <= b.ci[1]) hits.one++;
      if (c.ci[0] <= 0.5) hits.tunedLarger++;
      const d = ppiMean(yy, ff, fu, { level: 0.9, interval: "wald" });
      const g = ppiMean(yy, ff, fu, { level: 0.9, alternative: "larger", interval: "wald" });
      if (d.ci[0] <= 0.5 && 0.5 <= d.ci[1]) hits.waldTuned++;
      if (g.ci[0] <= 0.5) hits.waldLarger++;
    }
    // binomial SE of a coverage near 0.9 over 2000 runs: 0.0067; allow 4 SE. ppi_py's normal
    // interval ("wald") is on target; the default adds the prediction-band floor where a band's
    // labels all agree (here the lowest predictions' 0s), a little conservative: at most 4.5
    // points over (measured 93.25 % one-sided when the floor was added)
    for (const [name, h] of Object.entries(hits)) {
      expect(h / R, `${name}: coverage ${h / R}`).toBeGreaterThan(0.9 - 0.027);
      const over = name.startsWith("wald") ? 0.027 : 0.045;
      expect(h / R, `${name}: coverage ${h / R}`).toBeLessThan(0.9 + over);
    }
  });
});

describe("ppiMean: the beta interval for 0/1 labels", () => {
  it("is the default for 0/1 labels: proportionInterval of the estimate and variance, Satterthwaite's df, n", () => {
    const e = ppiMean(y, yhat, yu, { lambda: 1 });
    const t = ppiMean(y, yhat, yu, { lambda: 1, interval: "t" });
    expect(ppiMeanDefaults.interval).toBe("beta");
    expect(e.interval).toBe("beta");
    expect(e.estimate).toBe(t.estimate);
    expect(e.variance).toBe(t.variance);
    expect(e.df).toBe(t.df);
    const input = { estimate: e.estimate, variance: e.variance, n: 6, df: t.df, nEffective: 6 };
    expect(e.ci).toEqual(proportionInterval(input, "beta", 0.95));
    expect(ppiMean(y, yhat, yu, { lambda: 1, interval: "betaCapped" }).ci).toEqual(
      proportionInterval(input, "betaCapped", 0.95),
    );
    // one-sided: one end of the two-sided interval at level 2 level - 1
    const two90 = proportionInterval(input, "beta", 2 * 0.95 - 1);
    expect(ppiMean(y, yhat, yu, { lambda: 1, alternative: "larger" }).ci).toEqual([
      two90[0],
      Number.POSITIVE_INFINITY,
    ]);
    expect(ppiMean(y, yhat, yu, { lambda: 1, alternative: "smaller" }).ci).toEqual([
      Number.NEGATIVE_INFINITY,
      two90[1],
    ]);
    // real labels keep the normal interval
    const real = ppiMean(Float64Array.of(0.5, 1, 0), Float64Array.of(0.4, 0.9, 0.1), yu);
    expect(real.interval).toBe("wald");
  });

  it("refuses real labels and a one-sided level at or below 0.5", () => {
    expect(() =>
      ppiMean(Float64Array.of(0.5, 1, 0), Float64Array.of(0.4, 0.9, 0.1), yu, { interval: "beta" }),
    ).toThrow(
      /^ppiMean: options.interval "beta" is for 0\/1 labels but y\[0\] is 0.5; use "wald" or "t"$/,
    );
    expect(() => ppiMean(y, yhat, yu, { alternative: "larger", level: 0.5 })).toThrow(
      /^ppiMean: a one-sided "beta" interval needs a level above 0.5 \(got 0.5\); use "wald" or "t"$/,
    );
    expect(
      ppiMean(y, yhat, yu, { alternative: "larger", level: 0.5, interval: "wald" }).ci[1],
    ).toBe(Number.POSITIVE_INFINITY);
  });
});

describe("ppiMean: bad input throws naming the function and the argument", () => {
  const cases: [string, () => unknown, ErrorConstructor, RegExp][] = [
    [
      "y not a Float64Array",
      () => ppiMean("1, 0" as unknown as Float64Array, yhat, yu),
      TypeError,
      /^ppiMean: y must be a Float64Array/,
    ],
    [
      "NaN in y",
      () => ppiMean(Float64Array.of(1, Number.NaN), Float64Array.of(1, 0), yu),
      RangeError,
      /^ppiMean: y\[1\] is not finite/,
    ],
    [
      "NaN in yhat",
      () =>
        ppiMean(
          y,
          yhat.map((v, i) => (i === 2 ? Number.NaN : v)),
          yu,
        ),
      RangeError,
      /^ppiMean: yhat\[2\] is not finite/,
    ],
    [
      "Infinity in yhatUnlabeled",
      () => ppiMean(y, yhat, Float64Array.of(0.1, Number.POSITIVE_INFINITY)),
      RangeError,
      /^ppiMean: yhatUnlabeled\[1\] is not finite/,
    ],
    [
      "length mismatch",
      () => ppiMean(y, yhat.subarray(1), yu),
      RangeError,
      /^ppiMean: y and yhat lengths differ \(6 vs 5\)/,
    ],
    [
      "yhatUnlabeled empty",
      () => ppiMean(y, yhat, new Float64Array(0)),
      RangeError,
      /^ppiMean: yhatUnlabeled is empty/,
    ],
    [
      "one unlabelled unit",
      () => ppiMean(y, yhat, Float64Array.of(0.5)),
      RangeError,
      /^ppiMean: yhatUnlabeled needs at least two/,
    ],
    [
      "one label",
      () => ppiMean(Float64Array.of(1), Float64Array.of(1), yu),
      RangeError,
      /^ppiMean: y needs at least two labelled units/,
    ],
    [
      "lambda above 1",
      () => ppiMean(y, yhat, yu, { lambda: 1.5 }),
      RangeError,
      /^ppiMean: options.lambda must be at most 1/,
    ],
    [
      "lambda negative",
      () => ppiMean(y, yhat, yu, { lambda: -0.1 }),
      RangeError,
      /^ppiMean: options.lambda must be at least 0/,
    ],
    [
      "lambda NaN",
      () => ppiMean(y, yhat, yu, { lambda: Number.NaN }),
      RangeError,
      /^ppiMean: options.lambda must be finite/,
    ],
    [
      "lambda unknown word",
      () => ppiMean(y, yhat, yu, { lambda: "auto" as "tuned" }),
      RangeError,
      /^ppiMean: options.lambda must be "tuned" or a number/,
    ],
    [
      "level 1",
      () => ppiMean(y, yhat, yu, { level: 1 }),
      RangeError,
      /^ppiMean: options.level must be less than 1/,
    ],
    [
      "alternative typo",
      () => ppiMean(y, yhat, yu, { alternative: "lager" as "larger" }),
      RangeError,
      /^ppiMean: options.alternative must be one of .*did you mean "larger"/,
    ],
    [
      "interval unknown",
      () => ppiMean(y, yhat, yu, { interval: "wilson" as "t" }),
      RangeError,
      /^ppiMean: options.interval must be one of "wald", "t", "beta", "betaCapped"/,
    ],
    [
      "ddof 2",
      () => ppiMean(y, yhat, yu, { ddof: 2 as 1 }),
      RangeError,
      /^ppiMean: options.ddof must be 0 or 1/,
    ],
    [
      "unknown option",
      () => ppiMean(y, yhat, yu, { lamda: 1 } as never),
      TypeError,
      /^ppiMean: unknown option "lamda" \(did you mean "lambda"\?\)/,
    ],
  ];
  it.each(cases)("%s", (_label, call, type, message) => {
    expect(call).toThrow(type);
    expect(call).toThrow(message);
  });
});

describe("ppiMean: hard 0/1 predictions (a judge's verdicts)", () => {
  it("a verdict right on every labelled unit adds its Clopper-Pearson floor; soft predictions add none", () => {
    // 10 labelled: verdict 1 on 4 (all fail), verdict 0 on 6 (all pass); 100 unlabelled, 30 % verdict 1
    const yl = Float64Array.of(1, 1, 1, 1, 0, 0, 0, 0, 0, 0);
    const fl = Float64Array.from(yl);
    const fu = Float64Array.from({ length: 100 }, (_, i) => (i < 30 ? 1 : 0));
    const e = ppiMean(yl, fl, fu, { lambda: 1, interval: "wald" });
    // each verdict's share times its Clopper-Pearson bound (0 errors in n_v) as a normal half-width
    const z = normalQuantile(0.975);
    const floor = (W: number, nv: number): number => (W * (1 - 0.025 ** (1 / nv))) ** 2 / z ** 2;
    const unlabelled = sampleVar(fu) / 100;
    // the floor is held below the labels-alone variance (capFloor): with 10 labels the two
    // verdicts' floors (0.0375 with the unlabelled part) pass it (s^2(y) / n = 0.0267)
    const alone = sampleVar(yl) / 10;
    const capped = (f: number) => unlabelled + Math.min(f, Math.max(0, alone - unlabelled));
    expect(unlabelled + floor(0.3, 4) + floor(0.7, 6)).toBeGreaterThan(alone);
    expect(e.variance).toBeCloseTo(capped(floor(0.3, 4) + floor(0.7, 6)), 15);
    // one-sided: all of 1 - level in one tail
    const one = ppiMean(yl, fl, fu, { lambda: 1, interval: "wald", alternative: "larger" });
    const z1 = normalQuantile(0.95);
    const floor1 = (W: number, nv: number): number => (W * (1 - 0.05 ** (1 / nv))) ** 2 / z1 ** 2;
    expect(one.variance).toBeCloseTo(capped(floor1(0.3, 4) + floor1(0.7, 6)), 15);
    // 40 labels (16 fail, 24 pass, all as their verdicts): the floor is under the cap, added whole
    const y40 = Float64Array.from({ length: 40 }, (_, i) => (i < 16 ? 1 : 0));
    const e40 = ppiMean(y40, Float64Array.from(y40), fu, { lambda: 1, interval: "wald" });
    expect(unlabelled + floor(0.3, 16) + floor(0.7, 24)).toBeLessThan(sampleVar(y40) / 40);
    expect(e40.variance).toBeCloseTo(unlabelled + floor(0.3, 16) + floor(0.7, 24), 15);
    expect(e.reliable).toBe(true);
    // soft predictions: ppi_py's variance, no floor
    const soft = Float64Array.from(fl, (v) => (v === 1 ? 0.9 : 0.1));
    const s = ppiMean(yl, soft, fu, { lambda: 1, interval: "wald" });
    const r = Float64Array.from(yl, (v, k) => v - (soft[k] as number));
    expect(s.variance).toBeCloseTo(unlabelled + sampleVar(r) / 10, 15);
  });

  it("covers a judge that misses failures (2 % of 20,000 units), where the variance without the floor does not (400 samples of 50)", () => {
    const rng = createRng("ppiMean/hard");
    const N = 20_000;
    const yhat = Float64Array.from({ length: N }, () => (rng() < 0.3 ? 1 : 0));
    const yAll = Float64Array.from(yhat, (v) => (v === 0 && rng() < 0.02 / 0.7 ? 1 : v));
    let mu = 0;
    for (const v of yAll) mu += v / N;
    const draw = createRng("ppiMean/hard/draws");
    let covered = 0;
    let coveredBare = 0;
    const runs = 400;
    for (let r = 0; r < runs; r++) {
      const s = srs(N, 50, draw);
      const ys = Float64Array.from(s, (i) => yAll[i] as number);
      const fs = Float64Array.from(s, (i) => yhat[i] as number);
      const e = ppiMean(ys, fs, yhat);
      if (e.ci[0] <= mu && mu <= e.ci[1]) covered++;
      // the variance without the floor: PPI's two parts alone (ddof 1, the default); the floor
      // itself is capped, so subtracting the uncapped one was not it
      const rs = Float64Array.from(ys, (v, k) => v - e.lambda * (fs[k] as number));
      const bare = sampleVar(rs) / 50 + (e.lambda * e.lambda * sampleVar(yhat)) / N;
      const half = 1.96 * Math.sqrt(bare);
      if (e.estimate - half <= mu && mu <= e.estimate + half) coveredBare++;
    }
    expect(covered / runs).toBeGreaterThanOrEqual(0.95);
    expect(coveredBare / runs).toBeLessThan(0.8);
  });
});
