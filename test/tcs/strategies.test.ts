import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import type { Estimate } from "../../src/estimate/confidenceInterval.js";
import { extraStrategies } from "../../src/tcs/extraStrategies.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";
import { strategies } from "../../src/tcs/strategies.js";
import type { Strategy, StrategyName } from "../../src/tcs/types.js";

// A small population with a risk that tracks the failures: 60 units, 12 failures.
const N = 60;
const risk = Float64Array.from({ length: N }, (_, i) => 0.05 + ((i * 37) % N) / N);
const y = Float64Array.from(risk, (r, i) => (r > 0.8 || i % 17 === 0 ? 1 : 0));
const oracle = (i: number): number => y[i] as number;
type Name = StrategyName | "mixture";
const all: Record<Name, Strategy> = { ...strategies, ...extraStrategies };
const withReplacement = new Set<Name>(["sups", "twoUps"]);
const pps = new Set<Name>([
  "sups",
  "rhc",
  "twoUps",
  "systematicPps",
  "balanced",
  "pivotal",
  "mixture",
]);
const stratified = new Set<Name>(["ssrs", "gbs", "twoUps", "mcucb", "d2Strat", "kCenterStrat"]);
const names = Object.keys(strategies) as StrategyName[];

describe("strategies", () => {
  it("holds the 13 strategies of the paper under their names", () => {
    expect(names.sort()).toEqual(
      [
        "balanced",
        "d2Strat",
        "deepEst",
        "gbs",
        "kCenterStrat",
        "mcucb",
        "pivotal",
        "systematicPps",
        "rhc",
        "srs",
        "ssrs",
        "sups",
        "twoUps",
      ].sort(),
    );
    for (const name of names) expect(typeof strategies[name]).toBe("function");
    expect(Object.isFrozen(strategies)).toBe(true);
  });

  it("keeps the defensive mixture apart, in extraStrategies", () => {
    expect(Object.keys(extraStrategies)).toEqual(["mixture", "sequentialPps", "active"]);
    expect(Object.keys(strategies)).not.toContain("mixture");
  });
});

describe.each([...names, "mixture"] as Name[])("%s: the ask/tell protocol", (name) => {
  const strategy: Strategy = all[name];

  it("yields budget indices in [0, N), distinct unless the design is with replacement, and returns an Estimate", () => {
    const run = runStrategy(strategy(risk, 20, createRng(`${name}-a`)), oracle);
    expect(run.indices.length).toBe(20);
    expect(run.labels.length).toBe(20);
    for (const i of run.indices) {
      expect(i).toBeGreaterThanOrEqual(0);
      expect(i).toBeLessThan(N);
    }
    if (!withReplacement.has(name)) expect(new Set(run.indices).size).toBe(20);
    for (let k = 0; k < 20; k++) expect(run.labels[k]).toBe(y[run.indices[k] as number]);
    const e: Estimate = run.estimate;
    expect(e.n).toBe(20);
    expect(e.level).toBe(0.95);
    expect(Number.isFinite(e.estimate)).toBe(true);
    expect(e.variance).toBeGreaterThanOrEqual(0);
    expect(e.se).toBeCloseTo(Math.sqrt(e.variance), 12);
    expect(e.ci[0]).toBeLessThanOrEqual(e.estimate);
    expect(e.ci[1]).toBeGreaterThanOrEqual(e.estimate);
    expect(typeof e.method).toBe("string");
  });

  it("passes options.level to the interval", () => {
    const e90 = runStrategy(strategy(risk, 20, createRng(3), { level: 0.9 }), oracle).estimate;
    const e95 = runStrategy(strategy(risk, 20, createRng(3)), oracle).estimate;
    expect(e90.level).toBe(0.9);
    expect(e90.estimate).toBe(e95.estimate);
    if (e95.se > 0) expect(e90.ci[1] - e90.ci[0]).toBeLessThan(e95.ci[1] - e95.ci[0]);
  });

  it("is deterministic given the seed and the labels, so a session resumes by replaying labels", () => {
    const first = runStrategy(strategy(risk, 15, createRng(`${name}-b`)), oracle);
    // an interrupted session: 7 labels recorded, then a fresh generator replays them
    const resumed = strategy(risk, 15, createRng(`${name}-b`));
    const replayed: number[] = [];
    let r = resumed.next();
    for (let k = 0; k < 7; k++) {
      replayed.push(r.value as number);
      r = resumed.next(first.labels[k] as number);
    }
    while (r.done !== true) {
      replayed.push(r.value);
      r = resumed.next(oracle(r.value));
    }
    expect(replayed).toEqual(Array.from(first.indices));
    expect(r.value).toEqual(first.estimate);
  });

  it("does not mutate risk", () => {
    const copy = Float64Array.from(risk);
    runStrategy(strategy(copy, 10, createRng(1)), oracle);
    expect(copy).toEqual(risk);
  });

  it("ignores the argument of the first next() and throws when next is called after the budget is spent", () => {
    const g = strategy(risk, 3, createRng(2));
    let r = g.next(123 as number);
    let k = 0;
    while (r.done !== true) {
      k++;
      r = g.next(0);
    }
    expect(k).toBe(3);
    expect(() => g.next(0)).toThrow(RangeError);
    expect(() => g.next(0)).toThrow(/next called after the budget of 3 labels was spent/);
  });

  it("rejects labels that are not finite numbers and accepts the corrected label afterwards", () => {
    const g = strategy(risk, 4, createRng(5));
    const first = g.next();
    expect(() => g.next(Number.NaN)).toThrow(RangeError);
    expect(() => g.next(Number.POSITIVE_INFINITY)).toThrow(
      /label sent through next\(y\) must be finite/,
    );
    expect(() => g.next("1" as unknown as number)).toThrow(TypeError);
    expect(() => (g.next as () => IteratorResult<number, Estimate>)()).toThrow(TypeError);
    const second = g.next(oracle(first.value as number));
    expect(second.done).toBe(false);
  });

  it("accepts real-valued labels", () => {
    const run = runStrategy(strategy(risk, 12, createRng(9)), (i) => (y[i] as number) * 2.5 - 0.3);
    expect(Number.isFinite(run.estimate.estimate)).toBe(true);
  });

  it("throws on bad arguments, naming the function and the argument", () => {
    const fn = name === "mixture" ? "extraStrategies\\.mixture" : `strategies\\.${name}`;
    const rng = createRng(1);
    expect(() => strategy(risk, N + 1, rng)).toThrow(RangeError);
    expect(() => strategy(risk, N + 1, rng)).toThrow(new RegExp(`^${fn}: budget must be at most`));
    expect(() => strategy(risk, 0, rng)).toThrow(/budget must be at least 2/);
    expect(() => strategy(risk, 1, rng)).toThrow(/budget must be at least 2/);
    expect(() => strategy(risk, 2.5, rng)).toThrow(/budget must be an integer/);
    expect(() => strategy(risk, "3" as unknown as number, rng)).toThrow(TypeError);
    const nan = Float64Array.from(risk);
    nan[4] = Number.NaN;
    expect(() => strategy(nan, 5, rng)).toThrow(new RegExp(`^${fn}: risk\\[4\\] is not finite`));
    const neg = Float64Array.from(risk);
    neg[2] = -0.1;
    expect(() => strategy(neg, 5, rng)).toThrow(/risk\[2\] is below 0/);
    expect(() => strategy(new Float64Array(0), 5, rng)).toThrow(/risk is empty/);
    expect(() => strategy("0.1, 0.2" as unknown as Float64Array, 2, rng)).toThrow(TypeError);
    expect(() => strategy(risk, 5, 42 as unknown as () => number)).toThrow(TypeError);
    expect(() => strategy(risk, 5, rng, 3 as unknown as object)).toThrow(TypeError);
    expect(() => strategy(risk, 5, rng, { level: 1 })).toThrow(/level must be less than 1/);
    // fixed designs draw when called; adaptive ones draw their first unit at the first next()
    expect(() => strategy(risk, 5, () => 1).next()).toThrow(
      new RegExp(`^${fn}: rng returned a value outside`),
    );
  });

  it.runIf(pps.has(name))("rejects an all-zero risk, pointing at toRisk's floor", () => {
    expect(() => strategy(new Float64Array(N), 5, createRng(1))).toThrow(RangeError);
    expect(() => strategy(new Float64Array(N), 5, createRng(1))).toThrow(
      /toRisk\(score, orientation, \{ floor: 0.05 \}\)/,
    );
  });

  it.runIf(pps.has(name))("rejects a positive risk so small that its weight would overflow", () => {
    const tiny = Float64Array.from(risk);
    tiny[3] = 5e-324;
    expect(() => strategy(tiny, 5, createRng(1))).toThrow(
      /risk\[3\] is .* of the total, so its weight would overflow/,
    );
  });

  it.runIf(stratified.has(name))(
    "rejects more strata than units and budgets below two per stratum",
    () => {
      const s = strategy as (
        r: Float64Array,
        b: number,
        g: () => number,
        o?: { strata?: number },
      ) => unknown;
      expect(() => s(risk.subarray(0, 5), 4, createRng(1), { strata: 6 })).toThrow(
        /options.strata must be at most the number of units \(5\)/,
      );
      expect(() => s(risk, 10, createRng(1), { strata: 0 })).toThrow(
        /options.strata must be at least 1/,
      );
      if (name === "ssrs" || name === "gbs" || name === "twoUps" || name === "mcucb") {
        expect(() => s(risk, 10, createRng(1), { partition: "kmedoids" } as object)).toThrow(
          /options.partition must be one of "quantile", "kmeans" \(got "kmedoids"\)$/,
        );
        expect(() => s(risk, 10, createRng(1), { partition: "kmean" } as object)).toThrow(
          /did you mean "kmeans"\?/,
        );
        expect(() => s(risk, 10, createRng(1), { partition: "kmeans" } as object)).not.toThrow();
      }
      if (name !== "twoUps") {
        expect(() => s(risk, 10, createRng(1), { strata: 8 })).toThrow(
          /budget must be at least 16/,
        );
      }
    },
  );
});

describe("mixtureStrategy options", () => {
  it("rejects lambda outside [0, 1] and an unknown estimator", () => {
    const m = extraStrategies.mixture as (
      r: Float64Array,
      n: number,
      g: () => number,
      o?: object,
    ) => unknown;
    expect(() => m(risk, 5, createRng(1), { lambda: 1.5 })).toThrow(
      /^extraStrategies.mixture: options.lambda must be at most 1/,
    );
    expect(() => m(risk, 5, createRng(1), { lambda: Number.NaN })).toThrow(
      /options.lambda must be finite/,
    );
    expect(() => m(risk, 5, createRng(1), { estimator: "mean" })).toThrow(
      /options.estimator must be one of "hajek", "ht" \(got "mean"\)/,
    );
    expect(() => m(risk, 5, createRng(1), { estimator: "hjek" as "hajek" })).toThrow(
      /did you mean "hajek"\?/,
    );
  });

  it("with lambda = 0 needs no positive risk and has equal probabilities (estimate = sample mean)", () => {
    const m = extraStrategies.mixture as (
      r: Float64Array,
      n: number,
      g: () => number,
      o?: object,
    ) => Generator<number, Estimate, number>;
    const run = runStrategy(m(new Float64Array(N), 10, createRng(3), { lambda: 0 }), oracle);
    const sampleMean = run.labels.reduce((s, v) => s + v, 0) / 10;
    expect(run.estimate.estimate).toBeCloseTo(sampleMean, 12);
  });
});
