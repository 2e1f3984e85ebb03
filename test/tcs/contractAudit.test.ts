import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import type { Estimate } from "../../src/estimate/confidenceInterval.js";
import { extraStrategies } from "../../src/tcs/extraStrategies.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";
import { strategies } from "../../src/tcs/strategies.js";
import type { RiskStrataOptions, Strategy } from "../../src/tcs/types.js";

// Contract gaps found by an audit (rejected labels, huge finite risk, misspelt
// nested option keys); each test fails without its fix.

/** Picks and Estimate of a run answering 1 on every third index. */
function runThirds(gen: Generator<number, Estimate, number>): {
  picks: number[];
  estimate: Estimate;
} {
  const picks: number[] = [];
  let s = gen.next();
  while (s.done !== true) {
    picks.push(s.value);
    s = gen.next(s.value % 3 === 0 ? 1 : 0);
  }
  return { picks, estimate: s.value };
}

const base = Float64Array.from({ length: 40 }, (_, i) => 0.05 + ((i * 37) % 19) / 20);
const times = (x: Float64Array, c: number): Float64Array => x.map((v) => v * c);

describe("extraStrategies.active: a rejected label keeps the session", () => {
  const risk = Float64Array.from({ length: 20 }, (_, i) => 0.1 + i / 25);
  const y = (i: number): number => (i % 4 === 0 ? 1 : 0);

  it("refuses a label outside [0, 1], then takes the corrected one and runs as if never sent", () => {
    const clean = runStrategy(extraStrategies.active(risk, 6, createRng(1)), y);
    const g = extraStrategies.active(risk, 6, createRng(1));
    const picks: number[] = [];
    let s = g.next();
    let first = true;
    while (s.done !== true) {
      picks.push(s.value);
      if (first) {
        expect(() => g.next(2)).toThrow(RangeError);
        expect(() => g.next(-0.5)).toThrow(
          /^extraStrategies\.active: label sent through next\(y\) must lie in \[0, 1\] when the score is calibrated \(got -0\.5\)/,
        );
        first = false;
      }
      s = g.next(y(s.value));
    }
    expect(picks).toEqual(Array.from(clean.indices));
    expect(s.value).toEqual(clean.estimate);
  });

  it('takes a label outside [0, 1] with calibration "none" (nothing is calibrated)', () => {
    const predictions = risk.map((r) => Math.min(1, r));
    const g = extraStrategies.active(risk, 6, createRng(1), { predictions, calibration: "none" });
    g.next();
    expect(() => g.next(2)).not.toThrow();
  });
});

describe("strategies.deepEst: risk whose total overflows", () => {
  it("gives the picks and estimate of the same risk rescaled (every risk 1e307 or 1e308 = every risk 1)", () => {
    const one = runThirds(strategies.deepEst(new Float64Array(40).fill(1), 8, createRng(3)));
    for (const v of [1e307, 1e308]) {
      const huge = runThirds(strategies.deepEst(new Float64Array(40).fill(v), 8, createRng(3)));
      expect(huge.picks).toEqual(one.picks);
      expect(huge.estimate.estimate).toBeCloseTo(one.estimate.estimate, 12);
      expect(huge.estimate.ci[0]).toBeLessThanOrEqual(huge.estimate.estimate);
      expect(huge.estimate.estimate).toBeLessThanOrEqual(huge.estimate.ci[1]);
    }
  });

  it("is bit for bit the run of the risk divided by a power of two", () => {
    const a = runThirds(strategies.deepEst(base, 12, createRng(3)));
    // 2^1023: every risk finite, their total not
    for (const p of [1000, 1023]) {
      const b = runThirds(strategies.deepEst(times(base, 2 ** p), 12, createRng(3)));
      expect(b.picks).toEqual(a.picks);
      expect(b.estimate).toEqual(a.estimate);
    }
  });
});

describe("extraStrategies.active: its risk bands survive a risk total that overflows", () => {
  it("gives bit for bit the run of the risk divided by a power of two", () => {
    const a = runThirds(extraStrategies.active(base, 12, createRng(3)));
    const b = runThirds(extraStrategies.active(times(base, 2 ** 1023), 12, createRng(3)));
    expect(b.picks).toEqual(a.picks);
    expect(b.estimate).toEqual(a.estimate);
  });
});

describe("the risk-stratified strategies: risk whose squares overflow", () => {
  // (twoUps draws in proportion to the risk, so it needs the total: see the PPS errors below)
  for (const key of ["ssrs", "gbs", "mcucb"] as const) {
    for (const partition of ["quantile", "kmeans"] as const) {
      it(`${key}, ${partition}: the run of the risk divided by a power of two`, () => {
        const s = strategies[key] as Strategy<RiskStrataOptions>;
        const a = runThirds(s(base, 12, createRng(3), { partition }));
        const b = runThirds(s(times(base, 2 ** 1022), 12, createRng(3), { partition }));
        expect(b.picks).toEqual(a.picks);
        expect(b.estimate).toEqual(a.estimate);
      });
    }
  }

  it("ssrs no longer names neymanAllocation: every risk near 1e300 or 1e308 runs", () => {
    const risk = times(base, 1e300);
    expect(() => runThirds(strategies.ssrs(risk, 8, createRng(3)))).not.toThrow();
    const flat = runThirds(strategies.ssrs(new Float64Array(40).fill(1e308), 8, createRng(3)));
    const unit = runThirds(strategies.ssrs(new Float64Array(40).fill(1), 8, createRng(3)));
    expect(flat).toEqual(unit);
  });
});

describe("the PPS strategies: a risk total that overflows is named as such", () => {
  const pps = ["sups", "rhc", "twoUps", "systematicPps", "balanced", "pivotal"] as const;
  const extra = ["mixture", "sequentialPps"] as const;
  const cases: [string, Strategy][] = [
    ...pps.map((k): [string, Strategy] => [`strategies.${k}`, strategies[k] as Strategy]),
    ...extra.map((k): [string, Strategy] => [
      `extraStrategies.${k}`,
      extraStrategies[k] as Strategy,
    ]),
  ];
  it.each(cases)("%s", (name, s) => {
    const call = () => s(new Float64Array(40).fill(1e308), 8, createRng(3)).next();
    expect(call).toThrow(RangeError);
    expect(call).toThrow(
      new RegExp(
        `^${name.replace(".", "\\.")}: risk is too large: its total overflows the largest double .*rescale risk`,
      ),
    );
    expect(call).not.toThrow(/of the total/);
  });
});

describe("options.sequential: unknown keys", () => {
  const risk = new Float64Array(200).fill(0.3);
  const seq = (sequential: object) => ({ sequential }) as never;

  it("srs refuses minLabls and cz, naming the path and the key meant", () => {
    expect(() =>
      strategies.srs(risk, 150, createRng(1), seq({ halfWidth: 0.2, minLabls: 100 })),
    ).toThrow(TypeError);
    expect(() =>
      strategies.srs(risk, 150, createRng(1), seq({ halfWidth: 0.2, minLabls: 100 })),
    ).toThrow(
      /^strategies\.srs: unknown key "options\.sequential\.minLabls" \(did you mean "minLabels"\?\); valid keys of options\.sequential: halfWidth, threshold, minLabels, cs$/,
    );
    expect(() =>
      strategies.srs(risk, 150, createRng(1), seq({ halfWidth: 0.2, cz: "hypergeometric" })),
    ).toThrow(/^strategies\.srs: unknown key "options\.sequential\.cz" \(did you mean "cs"\?\)/);
  });

  it("names a misspelt halfWidth rather than saying the rule is missing", () => {
    expect(() => strategies.srs(risk, 150, createRng(1), seq({ halfWidht: 0.2 }))).toThrow(
      /^strategies\.srs: unknown key "options\.sequential\.halfWidht" \(did you mean "halfWidth"\?\)/,
    );
  });

  it("sups and sequentialPps refuse them too", () => {
    expect(() =>
      strategies.sups(risk, 150, createRng(1), seq({ threshold: 0.5, minLabl: 3 })),
    ).toThrow(
      /^strategies\.sups: unknown key "options\.sequential\.minLabl" \(did you mean "minLabels"\?\)/,
    );
    expect(() =>
      extraStrategies.sequentialPps(risk, 150, createRng(1), seq({ threshold: 0.5, foo: 1 })),
    ).toThrow(
      /^extraStrategies\.sequentialPps: unknown key "options\.sequential\.foo"; valid keys/,
    );
  });

  it("still honours the spelt-right keys", () => {
    const r = runStrategy(
      strategies.srs(risk, 150, createRng(1), seq({ halfWidth: 0.2, minLabels: 100 })),
      () => 0,
    );
    expect(r.indices.length).toBe(100);
  });
});
