import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { toRisk } from "../../src/features/toRisk.js";
import { weightTailShare } from "../../src/tcs/_weightTail.js";
import { extraStrategies } from "../../src/tcs/extraStrategies.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";
import { strategies } from "../../src/tcs/strategies.js";
import { hasShared, parseSimpleCsv, readShared } from "../helpers/sharedData.js";

// The PPS strategies flag their estimate when >= 1 % of the units are drawn at
// less than 1/21 of the uniform rate (weights above 21 N / n).
const TAIL = /drawn at less than 1\/21 of the uniform rate/;
const N = 1000;
/** `tiny` units (the first ones) with risk 1e-4, the others 0.2-1.19; every 3rd unit fails. */
function population(tiny: number): Float64Array {
  return Float64Array.from({ length: N }, (_, i) =>
    i < tiny ? 1e-4 : 0.2 + ((i * 37) % 100) / 100,
  );
}
const fails = (i: number) => (i % 3 === 0 ? 1 : 0);
const FLAGGED = {
  sups: strategies.sups,
  rhc: strategies.rhc,
  systematicPps: strategies.systematicPps,
  balanced: strategies.balanced,
  pivotal: strategies.pivotal,
  "mixture (lambda 1)": (r: Float64Array, n: number, g: () => number) =>
    extraStrategies.mixture(r, n, g, { lambda: 1 }),
} as const;

describe("weightTailShare", () => {
  it("counts the units below 1/21 of the mean size, zeros included", () => {
    const p = new Float64Array(100).fill(1);
    expect(weightTailShare(p)).toBe(0);
    // mean (98 + 2 x) / 100: the cut is mean / 21 = 0.0467 for x = 0.04 or 0.05
    p[0] = 0.04;
    p[1] = 0.04;
    expect(weightTailShare(p)).toBe(0.02);
    p[0] = 0.05;
    p[1] = 0.05;
    expect(weightTailShare(p)).toBe(0);
    p[0] = 0;
    expect(weightTailShare(p)).toBe(0.01);
    expect(weightTailShare(new Float64Array(3))).toBe(0);
  });
  it("is 0 for every risk made by toRisk with its default floor", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 200 }),
        fc.constantFrom("higher" as const, "lower" as const),
        (score, orientation) => weightTailShare(toRisk(score, orientation)) === 0,
      ),
      { numRuns: 300 },
    );
  });
});

describe("the weight-tail flag", () => {
  it.each(Object.keys(FLAGGED) as (keyof typeof FLAGGED)[])(
    "%s: flagged with 2 % of the units in the tail, not with 0.9 % or after toRisk",
    (name) => {
      const s = FLAGGED[name];
      for (let seed = 0; seed < 10; seed++) {
        const e = runStrategy(s(population(20), 50, createRng(seed)), fails).estimate;
        expect(e.reliable).toBe(false);
        expect(e.warning).toMatch(TAIL);
        expect(e.warning).toContain("2.0 % of the units");
        expect(e.warning).toContain("toRisk");
        // the estimate and its interval are those of the design, only flagged
        expect(Number.isFinite(e.estimate) && e.ci[0] <= e.estimate && e.estimate <= e.ci[1]).toBe(
          true,
        );
        const below = runStrategy(s(population(9), 50, createRng(seed)), fails).estimate;
        expect(below.warning).not.toMatch(TAIL);
        const floored = runStrategy(
          s(toRisk(population(20), "higher"), 50, createRng(seed)),
          fails,
        ).estimate;
        expect(floored.warning).not.toMatch(TAIL);
      }
    },
  );
  it("twoUps: its draw probabilities are stratum averages, so it takes a tail of whole strata", () => {
    for (let seed = 0; seed < 10; seed++) {
      // 10 quantile strata of 100 units: 3 strata of tiny risks are in the tail
      const e = runStrategy(
        strategies.twoUps(population(300), 50, createRng(seed)),
        fails,
      ).estimate;
      expect(e.warning).toMatch(TAIL);
      expect(e.warning).toContain("30.0 % of the units");
      // 20 tiny units share their stratum with 80 ordinary ones: the average is not in the tail
      const mixed = runStrategy(strategies.twoUps(population(20), 50, createRng(seed)), fails);
      expect(mixed.estimate.warning).not.toMatch(TAIL);
    }
  });
  it("applies whatever the interval method and the labels", () => {
    const r = population(20);
    const chosen = runStrategy(
      strategies.pivotal(r, 50, createRng(1), { interval: "wald" }),
      fails,
    );
    expect(chosen.estimate.interval).toBe("wald");
    expect(chosen.estimate.warning).toMatch(TAIL);
    const real = runStrategy(strategies.sups(r, 50, createRng(1)), (i) => (i % 7) / 7);
    expect(real.estimate.warning).toMatch(TAIL);
  });
  it("appends to the single-failure warning", () => {
    // one unit so risky that systematic PPS takes it for sure, the only failure
    const r = population(20);
    r[999] = 1e4;
    const only = (i: number) => (i === 999 ? 1 : 0);
    const e = runStrategy(strategies.systematicPps(r, 50, createRng(3)), only).estimate;
    expect(e.reliable).toBe(false);
    expect(e.warning).toMatch(/^a single sampled failure carries the estimate/);
    expect(e.warning).toMatch(/; also .*1\/21 of the uniform rate/);
  });
  it("the stratified and adaptive strategies do not carry it", () => {
    const r = population(20);
    for (const name of ["ssrs", "gbs", "deepEst", "mcucb", "d2Strat", "kCenterStrat"] as const) {
      const e = runStrategy(strategies[name](r, 50, createRng(1)), fails).estimate;
      expect(e.warning, name).not.toMatch(TAIL);
    }
  });
});

// Real data: DeepSample's CIFAR-10 model F with DeepSample's raw risk 1 - confidence
// (zeros raised to the smallest positive risk): 39.4 % of the units in the tail,
// flagged; the min-max scaled DSA column has 8 of 33,500 (0.02 %), not flagged.
describe.skipIf(!hasShared)("the weight-tail flag on CIFAR-10 model F", () => {
  const text = readShared("deepsample/per_input/modelF_final.csv");
  const rows = text === undefined ? [] : parseSimpleCsv(text);
  const y = Float64Array.from(rows, (r) => (r.outcome === "Fail" ? 1 : 0));
  const raw = (col: string, f: (v: number) => number) => {
    const r = rows.map((x) => f(Number(x[col])));
    let m = Number.POSITIVE_INFINITY;
    for (const v of r) if (v > 0 && v < m) m = v;
    return Float64Array.from(r, (v) => (v > 0 ? v : m));
  };
  it("raw 1 - confidence is flagged, raw DSA and toRisk(confidence) are not", () => {
    const conf = raw("confidence", (v) => 1 - v);
    expect(weightTailShare(conf)).toBeCloseTo(0.394, 3);
    const e = runStrategy(strategies.systematicPps(conf, 200, createRng(1)), (i) => y[i] as number);
    expect(e.estimate.warning).toMatch(TAIL);
    const dsa = raw("dsa", (v) => v);
    expect(weightTailShare(dsa)).toBeLessThan(0.001); // 8 of 33,500 units
    const d = runStrategy(strategies.systematicPps(dsa, 200, createRng(1)), (i) => y[i] as number);
    expect(d.estimate.warning).not.toMatch(TAIL);
    expect(weightTailShare(toRisk(conf, "higher"))).toBe(0);
  });
});
