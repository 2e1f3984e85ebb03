import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { bettingCs } from "../../src/estimate/bettingCs.js";
import { hypergeometricCs } from "../../src/estimate/hypergeometricCs.js";
import { stoppingTime } from "../../src/estimate/stoppingTime.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";
import { sequentialPpsStrategy } from "../../src/tcs/sequentialPpsStrategy.js";
import { srsStrategy } from "../../src/tcs/srsStrategy.js";
import { supsStrategy } from "../../src/tcs/supsStrategy.js";

// 300 units, 30 failures; the risk tracks them
const N = 300;
const y = Float64Array.from({ length: N }, (_, i) => (i % 10 === 3 ? 1 : 0));
const risk = Float64Array.from(y, (v, i) => 0.1 + 0.6 * v + 0.3 * (((i * 7) % 11) / 11));
const mu = 0.1;
const flat = new Float64Array(N);
const oracle = (i: number) => y[i] as number;

describe("srsStrategy with options.sequential", () => {
  it("draws distinct units, stops at the first label where the CS rule fires, and returns that interval", () => {
    for (const cs of ["betting", "hypergeometric"] as const) {
      const run = runStrategy(
        srsStrategy(flat, N, createRng(`seq-srs-${cs}`), { sequential: { halfWidth: 0.1, cs } }),
        oracle,
      );
      expect(new Set(run.indices).size).toBe(run.indices.length);
      const ref = cs === "betting" ? bettingCs(run.labels, N) : hypergeometricCs(run.labels, N);
      const stop = stoppingTime(ref, { halfWidth: 0.1 });
      expect(stop.stopped).toBe(true);
      expect(run.estimate.n).toBe(Math.max(2, stop.t));
      expect(run.estimate.ci).toEqual([stop.lower, stop.upper]);
      expect(run.estimate.estimate).toBeCloseTo(
        run.labels.reduce((s, v) => s + v, 0) / run.labels.length,
        14,
      );
      expect(run.estimate.method).toContain("confidence sequence");
    }
  });

  it("uses the whole budget when the rule never fires, and waits for minLabels", () => {
    const all = runStrategy(
      srsStrategy(flat, 40, createRng("seq-budget"), { sequential: { halfWidth: 1e-9 } }),
      oracle,
    );
    expect(all.indices.length).toBe(40);
    const late = runStrategy(
      srsStrategy(flat, 100, createRng("seq-min"), {
        sequential: { halfWidth: 0.49, minLabels: 60 },
      }),
      oracle,
    );
    expect(late.indices.length).toBe(60);
  });

  it("stops when the interval excludes the threshold, on the correct side", () => {
    const run = runStrategy(
      srsStrategy(flat, N, createRng("seq-thr"), { sequential: { threshold: 0.3 } }),
      oracle,
    );
    expect(run.estimate.ci[1]).toBeLessThan(0.3);
    expect(run.indices.length).toBeLessThan(N);
  });

  it("covers the true rate at the stopping time in at least 95% of runs, up to Monte Carlo error", () => {
    // 300 runs per sequence; 0.05 + 3 SE (0.0126)
    for (const cs of ["betting", "hypergeometric"] as const) {
      let miss = 0;
      for (let r = 0; r < 300; r++) {
        const run = runStrategy(
          srsStrategy(flat, N, createRng(`seq-mc-${cs}-${r}`), {
            sequential: { halfWidth: 0.06, minLabels: 10, cs },
          }),
          oracle,
        );
        if (!(run.estimate.ci[0] <= mu && mu <= run.estimate.ci[1])) miss++;
      }
      expect(miss / 300).toBeLessThanOrEqual(0.088);
    }
  });

  it("rejects a label outside [0, 1] (or non-binary for the hypergeometric CS) and accepts it corrected", () => {
    const gen = srsStrategy(flat, 5, createRng("seq-guard"), { sequential: { halfWidth: 0.01 } });
    gen.next();
    expect(() => gen.next(1.5)).toThrow(
      /strategies.srs: every label must lie in \[0, 1\] \(a confidence sequence/,
    );
    expect(gen.next(0.5).done).toBe(false);
    const hg = srsStrategy(flat, 5, createRng("seq-guard"), {
      sequential: { halfWidth: 0.01, cs: "hypergeometric" },
    });
    hg.next();
    expect(() => hg.next(0.5)).toThrow(RangeError);
    expect(() => hg.next(0.5)).toThrow(/every label must be 0 or 1/);
    expect(hg.next(1).done).toBe(false);
  });

  describe("rejects a bad sequential option", () => {
    const call =
      (sequential: unknown, budget = 10) =>
      () =>
        srsStrategy(flat, budget, createRng("x"), { sequential: sequential as never });
    const cases: [string, () => unknown, ErrorConstructor, RegExp][] = [
      [
        "no rule",
        call({}),
        TypeError,
        /strategies.srs: options.sequential must set halfWidth, threshold or both/,
      ],
      [
        "not an object",
        call(0.1),
        TypeError,
        /strategies.srs: options.sequential must be an object/,
      ],
      [
        "halfWidth 0",
        call({ halfWidth: 0 }),
        RangeError,
        /strategies.srs: options.sequential.halfWidth must be greater than 0/,
      ],
      [
        "threshold NaN",
        call({ threshold: Number.NaN }),
        RangeError,
        /options.sequential.threshold must be finite/,
      ],
      [
        "minLabels above budget",
        call({ halfWidth: 0.1, minLabels: 11 }),
        RangeError,
        /strategies.srs: options.sequential.minLabels must be at most 10/,
      ],
      [
        "minLabels 1",
        call({ halfWidth: 0.1, minLabels: 1 }),
        RangeError,
        /options.sequential.minLabels must be at least 2/,
      ],
      [
        "unknown cs",
        call({ halfWidth: 0.1, cs: "wald" }),
        RangeError,
        /strategies.srs: options.sequential.cs must be one of "betting", "hypergeometric"/,
      ],
    ];
    it.each(cases)("%s", (_, c, type, message) => {
      expect(c).toThrow(type);
      expect(c).toThrow(message);
    });
  });
});

describe("supsStrategy with options.sequential", () => {
  it("stops when the iid betting interval on y / (N p) is narrow enough and covers in most runs", () => {
    let miss = 0;
    let labels = 0;
    for (let r = 0; r < 200; r++) {
      const run = runStrategy(
        supsStrategy(risk, N, createRng(`seq-sups-${r}`), {
          sequential: { halfWidth: 0.06, minLabels: 10 },
        }),
        oracle,
      );
      const [lo, hi] = run.estimate.ci;
      if (run.indices.length < N) expect((hi - lo) / 2).toBeLessThanOrEqual(0.06);
      if (!(lo <= mu && mu <= hi)) miss++;
      labels += run.indices.length;
    }
    // 0.05 + 3 SE (0.0154)
    expect(miss / 200).toBeLessThanOrEqual(0.097);
    expect(labels / 200).toBeLessThan(N);
  });

  it("rejects a zero risk and the hypergeometric sequence", () => {
    const zero = Float64Array.from(risk, (v, i) => (i === 5 ? 0 : v));
    expect(() =>
      supsStrategy(zero, 10, createRng("x"), { sequential: { halfWidth: 0.1 } }),
    ).toThrow(
      /strategies.sups: with options.sequential every risk must be positive \(risk\[5\] is 0\)/,
    );
    expect(() =>
      supsStrategy(risk, 10, createRng("x"), {
        sequential: { halfWidth: 0.1, cs: "hypergeometric" },
      }),
    ).toThrow(
      /strategies.sups: options.sequential.cs must be one of "betting" \(got "hypergeometric"\)/,
    );
    expect(() =>
      srsStrategy(risk, 10, createRng("x"), {
        sequential: { halfWidth: 0.1, cs: "hypergeometrc" as "betting" },
      }),
    ).toThrow(/did you mean "hypergeometric"\?/);
    // an interval that would be read and then ignored (the result was the sequence's anyway)
    expect(() =>
      srsStrategy(risk, 10, createRng("x"), { interval: "wilson", sequential: { halfWidth: 0.2 } }),
    ).toThrow(/^strategies\.srs: options\.interval has no effect with options\.sequential/);
    expect(() =>
      supsStrategy(risk, 10, createRng("x"), { interval: "t", sequential: { halfWidth: 0.2 } }),
    ).toThrow(/^strategies\.sups: options\.interval has no effect/);
  });
});

describe("sequentialPpsStrategy", () => {
  it("draws distinct units (more failures than SRS), stops on the rule and covers in most runs", () => {
    let miss = 0;
    let failures = 0;
    let labels = 0;
    for (let r = 0; r < 200; r++) {
      const run = runStrategy(
        sequentialPpsStrategy(risk, N, createRng(`seq-pps-${r}`), {
          sequential: { halfWidth: 0.06, minLabels: 10 },
        }),
        oracle,
      );
      expect(new Set(run.indices).size).toBe(run.indices.length);
      const [lo, hi] = run.estimate.ci;
      if (!(lo <= mu && mu <= hi)) miss++;
      for (const v of run.labels) failures += v;
      labels += run.labels.length;
    }
    expect(miss / 200).toBeLessThanOrEqual(0.097);
    expect(failures / labels).toBeGreaterThan(0.15);
  });

  it("without a rule uses the whole budget; with lambda 0 it is uniform", () => {
    const run = runStrategy(
      sequentialPpsStrategy(risk, 50, createRng("pps-all"), { lambda: 0 }),
      oracle,
    );
    expect(run.indices.length).toBe(50);
    expect(run.estimate.method).toContain("lambda 0,");
    expect(run.estimate.ci[0]).toBeLessThanOrEqual(run.estimate.ci[1]);
  });

  it("rejects bad options and labels", () => {
    expect(() => sequentialPpsStrategy(risk, 10, createRng("x"), { lambda: 1 })).toThrow(
      /extraStrategies.sequentialPps: options.lambda must be less than 1/,
    );
    expect(() => sequentialPpsStrategy(risk, 10, createRng("x"), { sequential: {} })).toThrow(
      TypeError,
    );
    expect(() => sequentialPpsStrategy(risk, 10, createRng("x"), { interval: "t" })).toThrow(
      /^extraStrategies\.sequentialPps: options\.interval has no effect here/,
    );
    const gen = sequentialPpsStrategy(risk, 10, createRng("x"));
    gen.next();
    expect(() => gen.next(-0.5)).toThrow(
      /extraStrategies.sequentialPps: every label must lie in \[0, 1\] \(a confidence sequence/,
    );
  });
});

describe("sequentialPps: a confidence sequence collapsed to one value", () => {
  it("comes back unreliable with a warning, not as a certain answer (a review's [1, 1] for 0.98)", () => {
    const N = 5000;
    const g = createRng("pop-sp");
    const order = Array.from({ length: N }, (_, i) => i);
    for (let i = N - 1; i > 0; i--) {
      const j = Math.floor(g() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    const y = new Float64Array(N);
    for (let i = 0; i < 4900; i++) y[order[i] as number] = 1;
    // a skewed size unrelated to y: the rare 0s sit where the design rarely looks
    const risk = Float64Array.from(y, () => Math.exp(4 * (g() * 2 - 1)));
    const run = runStrategy(sequentialPpsStrategy(risk, 30, createRng("sp-204")), (i) =>
      y[i] === 1 ? 1 : 0,
    );
    expect(run.estimate.ci).toEqual([1, 1]);
    expect(run.estimate.reliable).toBe(false);
    expect(run.estimate.warning).toMatch(
      /^the confidence sequence rejected every mean but 1 with 4970 of 5000 units unlabelled/,
    );
  });
});

describe("sequentialPps: risks 1e16 times the rest", () => {
  it("keeps the remaining units' risk after the huge ones are drawn (the estimate fell to 0.02 for 0.2)", () => {
    // four units at 1e16, the rest 0.5-1.4: once the four are drawn, the running total and the
    // tree's sums held only rounding error and the draws stopped being proportional to risk
    const N = 400;
    const risk = Float64Array.from({ length: N }, (_, i) => (i < 4 ? 1e16 : 0.5 + (i % 10) / 10));
    const y = Float64Array.from({ length: N }, (_, i) => (i % 5 === 0 ? 1 : 0));
    const runs = 200;
    let sum = 0;
    let covered = 0;
    for (let r = 0; r < runs; r++) {
      const e = runStrategy(
        sequentialPpsStrategy(risk, 40, createRng(r), { lambda: 0.9 }),
        (i) => y[i] as number,
      ).estimate;
      sum += e.estimate;
      if (e.ci[0] <= 0.2 && 0.2 <= e.ci[1]) covered++;
    }
    // the estimate's SD is about 0.06: its mean over 200 runs within 4 SE of 0.2
    expect(Math.abs(sum / runs - 0.2)).toBeLessThan(4 * (0.06 / Math.sqrt(runs)));
    expect(covered / runs).toBeGreaterThan(0.9);
  });
});
