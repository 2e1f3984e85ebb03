import { describe, expect, it } from "vitest";
import { normalQuantile } from "../../src/core/normal.js";
import { createRng } from "../../src/core/rng.js";
import { UNCHECKED_RNG } from "../../src/tcs/_askTell.js";
import { activeDefaults, activeStrategy, prepareActive } from "../../src/tcs/activeStrategy.js";
import { extraStrategies } from "../../src/tcs/extraStrategies.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";
import { monteCarlo, population } from "./_population.js";

const { risk, y, mu } = population(60, "active-mc");
const oracle = (i: number): number => y[i] as number;
// a predictor: the population's generating probability plus noise, fixed before sampling
const g = createRng("active-mc-predictions");
const predictions = risk.map((r) =>
  Math.min(1, Math.max(0, 0.03 + 0.5 * (r - 0.02) + 0.1 * (g() - 0.5))),
);

describe("extraStrategies.active: unbiasedness by Monte Carlo (N = 60, n = 16, 4,000 seeded runs)", () => {
  const RUNS = 4_000;
  const configs = [
    { name: "defaults (isotonic on the risk)", o: {} },
    { name: "logistic, greedy 0.25", o: { calibration: "logistic" as const, greedy: 0.25 } },
    { name: "predictions, isotonic, min size", o: { predictions, size: "min" as const } },
    { name: "predictions as they are", o: { predictions, calibration: "none" as const } },
    { name: 'weights "active", tau 0.1', o: { weights: "active" as const, tau: 0.1 } },
    { name: 'pilot drawn on the risk ("sized")', o: { pilotDraw: "sized" as const } },
  ];
  for (const c of configs) {
    it(`${c.name}: |z| < 4`, () => {
      // prepared once, started per run: the same runs as activeStrategy afresh (prepared.test.ts)
      const prepared = prepareActive(risk, 16, UNCHECKED_RNG, c.o);
      const r = monteCarlo(
        RUNS,
        mu,
        (k) =>
          runStrategy(prepared.start(createRng(`active:${c.name}:${k}`)), oracle).estimate.estimate,
      );
      console.log(
        `active ${c.name}: mu ${mu}, mean ${r.mean}, bias ${r.bias}, SE ${r.se}, z ${r.z}`,
      );
      expect(Math.abs(r.z)).toBeLessThan(4);
    });
  }
});

describe("extraStrategies.active: interval coverage (N = 2,000, n = 100, 1,000 seeded runs)", () => {
  const big = population(2000, "active-coverage");
  for (const [name, o, least] of [
    ["defaults", {}, 0.93],
    ["greedy 0.2", { greedy: 0.2 }, 0.9],
  ] as const) {
    it(`${name}: 95% interval covers at least ${least * 100}% of the time`, () => {
      let covered = 0;
      const R = 1000;
      const prepared = prepareActive(big.risk, 100, UNCHECKED_RNG, o);
      for (let k = 0; k < R; k++) {
        const e = runStrategy(
          prepared.start(createRng(`cov:${name}:${k}`)),
          (i) => big.y[i] as number,
        ).estimate;
        if (e.ci[0] <= big.mu && big.mu <= e.ci[1]) covered++;
      }
      console.log(`active ${name}: coverage ${covered / R}`);
      expect(covered / R).toBeGreaterThanOrEqual(least);
    });
  }
});

describe("activeStrategy(risk, budget, rng, options)", () => {
  it("is registered as extraStrategies.active and follows ask/tell", () => {
    expect(extraStrategies.active).toBe(activeStrategy);
    const gen = activeStrategy(risk, 6, createRng(1));
    let r = gen.next();
    let n = 0;
    while (r.done !== true) {
      n++;
      r = gen.next(oracle(r.value));
    }
    expect(n).toBe(6);
    expect(r.value.method).toMatch(/^active \(pilot 2, active 4, isotonic/);
    expect(() => gen.next(0)).toThrow(/^extraStrategies.active: next called after the budget/);
  });
  it("is a deterministic function of the seed and the labels, and picks distinct units", () => {
    const a = runStrategy(activeStrategy(risk, 20, createRng("d"), { greedy: 0.2 }), oracle);
    const b = runStrategy(activeStrategy(risk, 20, createRng("d"), { greedy: 0.2 }), oracle);
    expect(Array.from(a.indices)).toEqual(Array.from(b.indices));
    expect(new Set(a.indices).size).toBe(20);
  });
  it("greedy picks the highest scores first", () => {
    const run = runStrategy(activeStrategy(risk, 10, createRng(2), { greedy: 0.3 }), oracle);
    const top = Array.from({ length: risk.length }, (_, i) => i)
      .sort((p, q) => (risk[q] as number) - (risk[p] as number) || p - q)
      .slice(0, 3);
    expect(Array.from(run.indices.slice(0, 3))).toEqual(top);
  });
  it("a census is exact", () => {
    const small = risk.slice(0, 8);
    const e = runStrategy(activeStrategy(small, 8, createRng(3), { pilot: 0.25 }), oracle).estimate;
    let m = 0;
    for (let i = 0; i < 8; i++) m += y[i] as number;
    expect(e.estimate).toBeCloseTo(m / 8, 12);
    expect(e.ci[0]).toBeCloseTo(e.ci[1], 12);
  });
  it("leaves its inputs unchanged", () => {
    const r = risk.slice();
    const p = predictions.slice();
    runStrategy(activeStrategy(r, 10, createRng(4), { predictions: p }), oracle);
    expect(Array.from(r)).toEqual(Array.from(risk));
    expect(Array.from(p)).toEqual(Array.from(predictions));
  });
  it("pilotDraw: equal by default, with or without predictions; the two draws differ", () => {
    const picks = (o: object) =>
      Array.from(runStrategy(activeStrategy(risk, 16, createRng("pilot-draw"), o), oracle).indices);
    expect(picks({})).toEqual(picks({ pilotDraw: "equal" }));
    expect(picks({})).not.toEqual(picks({ pilotDraw: "sized" }));
    expect(picks({ predictions })).toEqual(picks({ predictions, pilotDraw: "equal" }));
    expect(picks({ predictions })).not.toEqual(picks({ predictions, pilotDraw: "sized" }));
  });

  it("activeDefaults is frozen", () => {
    expect(Object.isFrozen(activeDefaults)).toBe(true);
  });
  it("rejects bad input at the call, naming the function and the argument", () => {
    const rng = createRng(5);
    const call =
      (o: object, n = 10) =>
      () =>
        activeStrategy(risk, n, rng, o);
    expect(call({ pilotDraw: "equals" })).toThrow(
      /^extraStrategies.active: options.pilotDraw .*did you mean "equal"/,
    );
    expect(call({ predictions: predictions.map((p, i) => (i === 3 ? 1.5 : p)) })).toThrow(
      /^extraStrategies.active: options.predictions\[3\] is above 1/,
    );
    expect(call({ predictions: predictions.map((p, i) => (i === 3 ? -0.1 : p)) })).toThrow(
      /^extraStrategies.active: options.predictions\[3\] is below 0/,
    );
    expect(call({ predictions: predictions.map((p, i) => (i === 3 ? Number.NaN : p)) })).toThrow(
      /^extraStrategies.active: options.predictions\[3\] is not finite/,
    );
    expect(call({ failureWeight: 1.5 })).toThrow(
      "extraStrategies.active: options.failureWeight must be at most 1 (got 1.5)",
    );
    expect(call({ failureWeight: Number.NaN })).toThrow(/options\.failureWeight must be finite/);
    expect(call({ failureWeigth: 0.5 })).toThrow(/did you mean "failureWeight"/);
    expect(call({ predictions: predictions.slice(1) })).toThrow(
      /^extraStrategies.active: risk and options.predictions lengths differ \(60 vs 59\)/,
    );
    expect(call({ predictions: "0.5" as never })).toThrow(TypeError);
    expect(call({ tau: 1.2 })).toThrow(/^extraStrategies.active: options.tau must be at most 1/);
    expect(call({ tau: -0.1 })).toThrow(/^extraStrategies.active: options.tau must be at least 0/);
    expect(call({ tau: Number.NaN })).toThrow(
      /^extraStrategies.active: options.tau must be finite/,
    );
    expect(call({ pilot: 1 })).toThrow(
      /^extraStrategies.active: options.pilot must be less than 1/,
    );
    expect(call({ greedy: Number.NaN })).toThrow(
      /^extraStrategies.active: options.greedy must be finite/,
    );
    expect(call({ pilot: 0.5, greedy: 0.4 })).toThrow(
      /leave 1 of the budget 10 for the active sample/,
    );
    expect(call({ pilot: 0.1 })).toThrow(
      /^extraStrategies.active: options.pilot gives a pilot of 1 label/,
    );
    expect(call({ pilot: 0 })).toThrow(
      /^extraStrategies.active: options.pilot and options.greedy give no labels/,
    );
    expect(call({ calibration: "none" })).toThrow(
      /^extraStrategies.active: options.calibration "none" needs options.predictions/,
    );
    expect(call({ calibration: "platt" })).toThrow(/^extraStrategies.active: options.calibration/);
    expect(call({ size: "var" })).toThrow(/^extraStrategies.active: options.size/);
    expect(call({ weights: "variance" })).toThrow(/^extraStrategies.active: options.weights/);
    expect(call({ lambda: 1 })).toThrow(TypeError);
    expect(call({}, 1)).toThrow(/^extraStrategies.active: budget must be at least 2/);
    expect(() =>
      activeStrategy(
        risk.map((r, i) => (i ? r : Number.NaN)),
        10,
        rng,
      ),
    ).toThrow(/^extraStrategies.active: risk\[0\] is not finite/);
  });
  it("rejects a label outside [0, 1] while calibrating, and NaN always", () => {
    const gen = activeStrategy(risk, 10, createRng(6));
    gen.next();
    expect(() => gen.next(2)).toThrow(
      /^extraStrategies.active: label sent through next\(y\) must lie in \[0, 1\]/,
    );
    const gen2 = activeStrategy(risk, 10, createRng(6));
    gen2.next();
    expect(() => gen2.next(Number.NaN)).toThrow(
      /^extraStrategies.active: label sent through next\(y\) must be finite/,
    );
  });
});

describe("active with hard 0/1 predictions (a judge's verdicts)", () => {
  // 20,000 units, 30 % predicted failures, the judge missing failures at 5 % of
  // the units: a verdict right on every label has residuals exactly 0
  const N = 20_000;
  const rng = createRng("active/verdicts");
  const verdicts = Float64Array.from({ length: N }, () => (rng() < 0.3 ? 1 : 0));
  const y = Float64Array.from(verdicts, (v) => (v === 0 && rng() < 0.05 / 0.7 ? 1 : v));
  let mu = 0;
  for (const v of y) mu += v / N;

  it("a run whose labels all match their verdicts is bounded by the verdict floor, not the residuals' zero variance", () => {
    // the 30 highest-risk units: verdict 1, all failures, so every label matches
    const yes = Float64Array.from(verdicts);
    const run = runStrategy(
      extraStrategies.active(verdicts, 40, createRng("active/verdicts/one"), {
        predictions: verdicts,
        calibration: "none",
      }),
      (i) => yes[i] as number,
    );
    // the labels all match their verdicts: the residual variance is 0, the verdict floor is not
    let ones = 0;
    for (const v of verdicts) ones += v;
    const z = normalQuantile(0.975);
    let floor = 0;
    for (const v of [0, 1]) {
      const nv = Array.from(run.indices).filter((u) => verdicts[u] === v).length;
      const W = v === 1 ? ones / N : 1 - ones / N;
      floor += (W * (nv > 0 ? 1 - 0.025 ** (1 / nv) : 1)) ** 2 / z ** 2;
    }
    expect(run.estimate.variance).toBeCloseTo(floor, 12);
    expect(run.estimate.ci[0]).toBeLessThanOrEqual(ones / N);
    expect(run.estimate.ci[1]).toBeGreaterThanOrEqual(ones / N);
  });

  it("covers the failure rate (150 runs of n = 100, calibration none)", () => {
    let covered = 0;
    const runs = 150;
    for (let r = 0; r < runs; r++) {
      const run = runStrategy(
        extraStrategies.active(verdicts, 100, createRng(`active/verdicts/${r}`), {
          predictions: verdicts,
          calibration: "none",
        }),
        (i) => y[i] as number,
      );
      if (run.estimate.ci[0] <= mu && mu <= run.estimate.ci[1]) covered++;
    }
    expect(covered / runs).toBeGreaterThanOrEqual(0.95);
  });
});
