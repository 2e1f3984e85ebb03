import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import type { Estimate } from "../../src/estimate/confidenceInterval.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";
import { strategies } from "../../src/tcs/strategies.js";

const N = 60;
const risk = Float64Array.from({ length: N }, (_, i) => 0.05 + ((i * 37) % N) / N);
const y = Float64Array.from(risk, (r, i) => (r > 0.8 || i % 17 === 0 ? 1 : 0));
const oracle = (i: number): number => y[i] as number;

describe("runStrategy(generator, label)", () => {
  it("returns the pick order, the labels and the estimate", () => {
    const run = runStrategy(strategies.deepEst(risk, 6, createRng(4)), oracle);
    expect(run.indices).toBeInstanceOf(Int32Array);
    expect(run.labels).toBeInstanceOf(Float64Array);
    expect(Array.from(run.labels)).toEqual(Array.from(run.indices, oracle));
  });

  it("throws a TypeError for a non-generator or a non-function oracle", () => {
    expect(() => runStrategy({} as Generator<number, Estimate, number>, oracle)).toThrow(
      /^runStrategy: generator must be/,
    );
    expect(() =>
      runStrategy(strategies.srs(risk, 4, createRng(1)), 3 as unknown as (i: number) => number),
    ).toThrow(/^runStrategy: label must be a function/);
  });

  it("propagates the strategy's error for a bad oracle value", () => {
    expect(() => runStrategy(strategies.srs(risk, 4, createRng(1)), () => Number.NaN)).toThrow(
      /^strategies.srs: label sent through next\(y\) must be finite/,
    );
  });

  it("throws for a generator that was already run", () => {
    const g = strategies.ssrs(risk, 20, createRng(1));
    runStrategy(g, oracle);
    expect(() => runStrategy(g, oracle)).toThrow(/next called after the budget/);
  });
});

describe("runStrategy(generator, label) against a broken generator", () => {
  it("refuses a yielded value that is not a unit index instead of looping forever", () => {
    const nan = { next: () => ({ done: false, value: Number.NaN }) } as unknown as Generator<
      number,
      never,
      number
    >;
    expect(() => runStrategy(nan, () => 0)).toThrow(/^runStrategy: the generator yielded NaN/);
  });
});
