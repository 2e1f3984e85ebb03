import { describe, expect, it } from "vitest";
import { fitRateRegression } from "../../../src/subset/irt/fitRateRegression.js";
import { type Outcomes, outcomes } from "../../../src/subset/outcomes.js";
import { normals, simulate } from "./_sim.js";

// Runs a, b, c resolve {x, y}, {x}, {}: rates 1, 1/2, 0.
const h = outcomes([
  { run: "a", item: "x", resolved: 1 },
  { run: "a", item: "y", resolved: 1 },
  { run: "b", item: "x", resolved: 1 },
  { run: "b", item: "y", resolved: 0 },
  { run: "c", item: "x", resolved: 0 },
  { run: "c", item: "y", resolved: 0 },
]);

function sim(seed: string, R = 30, N = 20): Outcomes {
  return simulate(
    seed,
    normals(`${seed}t`, R, 1.5),
    new Float64Array(N).fill(1),
    normals(`${seed}b`, N, 1.5),
  );
}

describe("fitRateRegression(history, observed, options)", () => {
  it("worked example: least squares by hand", () => {
    // x = (1, 1, 0) centred (1/3, 1/3, -2/3); f = (1, 1/2, 0) centred (1/2, 0, -1/2).
    // X'X = 2/3, X'f = 1/6 + 1/3 = 1/2, beta = 3/4.
    const m = fitRateRegression(h, Int32Array.of(0), { ridge: 0 });
    expect(m.weights[0]).toBeCloseTo(0.75, 14);
    expect(m.rateMean).toBeCloseTo(0.5, 14);
    expect(m.itemMean[0]).toBeCloseTo(2 / 3, 14);
    // Run c has leverage 1/3 + (4/9) / (2/3) = 1: its held-out error is unbounded.
    expect(m.looMse).toBe(Number.POSITIVE_INFINITY);
    // With lambda = 1: beta = (1/2) / (2/3 + 1) = 0.3.
    expect(fitRateRegression(h, Int32Array.of(0), { ridge: 1 }).weights[0]).toBeCloseTo(0.3, 14);
  });

  it("the leave-one-out error equals explicit refits without each run", () => {
    const o = sim("loo");
    const S = Int32Array.of(2, 5, 7, 11, 13);
    const m = fitRateRegression(o, S, { ridge: 3 });
    const N = o.items.length;
    let sq = 0;
    for (let r = 0; r < o.runs.length; r++) {
      const others = Array.from({ length: o.runs.length }, (_, t) => t).filter((t) => t !== r);
      const mr = fitRateRegression(o, S, { ridge: 3, runs: others });
      let pred = mr.rateMean;
      let f = 0;
      for (let i = 0; i < N; i++) f += o.data[r * N + i] as number;
      S.forEach((i, j) => {
        pred +=
          ((o.data[r * N + i] as number) - (mr.itemMean[j] as number)) * (mr.weights[j] as number);
      });
      sq += (f / N - pred) ** 2;
    }
    expect(m.looMse).toBeCloseTo(sq / o.runs.length, 12);
  });

  it("a larger ridge penalty shrinks the weights", () => {
    const o = sim("shrink");
    const S = Int32Array.of(0, 3, 4, 9);
    let last = Number.POSITIVE_INFINITY;
    for (const ridge of [0, 1, 10, 100, 1000]) {
      const w = fitRateRegression(o, S, { ridge }).weights;
      const norm = Math.hypot(...w);
      expect(norm).toBeLessThan(last);
      last = norm;
    }
  });

  it("observing every item with no penalty recovers the rate exactly (weights 1/N)", () => {
    const o = sim("all", 40, 6);
    const m = fitRateRegression(o, Int32Array.of(0, 1, 2, 3, 4, 5), { ridge: 0 });
    for (const w of m.weights) expect(w).toBeCloseTo(1 / 6, 10);
    expect(m.looMse).toBeLessThan(1e-20);
  });

  it("is deterministic and leaves its inputs unchanged", () => {
    const o = sim("det");
    const data = Uint8Array.from(o.data);
    const S = Int32Array.of(4, 1, 8);
    const m1 = fitRateRegression(o, S);
    expect(fitRateRegression(o, S)).toEqual(m1);
    expect(o.data).toEqual(data);
    expect(Array.from(S)).toEqual([4, 1, 8]);
    expect(Array.from(m1.observed)).toEqual([4, 1, 8]);
    expect(m1.runs).toBe(30);
  });

  it("throws on bad input", () => {
    expect(() => fitRateRegression({} as Outcomes, Int32Array.of(0))).toThrow(TypeError);
    expect(() => fitRateRegression(h, "0" as unknown as Int32Array)).toThrow(
      /fitRateRegression: observed must be an Int32Array/,
    );
    expect(() => fitRateRegression(h, new Int32Array(0))).toThrow(
      /fitRateRegression: observed is empty/,
    );
    expect(() => fitRateRegression(h, Int32Array.of(2))).toThrow(
      /observed\[0\] must be an item index in \[0, 2\)/,
    );
    expect(() => fitRateRegression(h, Int32Array.of(1, 1))).toThrow(/observed lists item 1 twice/);
    expect(() => fitRateRegression(h, Int32Array.of(0), { ridge: -1 })).toThrow(
      /fitRateRegression: options.ridge must be at least 0/,
    );
    expect(() => fitRateRegression(h, Int32Array.of(0), { ridge: Number.NaN })).toThrow(RangeError);
    expect(() => fitRateRegression(h, Int32Array.of(0), { runs: [1] })).toThrow(
      /fitRateRegression: needs at least 2 runs/,
    );
    expect(() => fitRateRegression(h, Int32Array.of(0), { runs: [0, 5] })).toThrow(RangeError);
    // Both items identical over runs a and c: X'X is singular without a penalty.
    expect(() => fitRateRegression(h, Int32Array.of(0, 1), { ridge: 0, runs: [0, 2] })).toThrow(
      /fitRateRegression: X'X is singular/,
    );
    expect(() => fitRateRegression(h, Int32Array.of(0), 3 as unknown as object)).toThrow(TypeError);
  });
});
