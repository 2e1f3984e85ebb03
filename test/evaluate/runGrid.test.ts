import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import type { Estimate } from "../../src/estimate/confidenceInterval.js";
import type { RunGridOptions } from "../../src/evaluate/runGrid.js";
import { runGrid as grid, runGrid } from "../../src/evaluate/runGrid.js";
import { strategies } from "../../src/tcs/strategies.js";
import type { Strategy } from "../../src/tcs/types.js";

// y has 2 failures in 10 units, so the true failure rate is 2 / 10 = 0.2.
const y = new Uint8Array([1, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
const riskA = new Float64Array([0.9, 0.8, 0.1, 0.2, 0.1, 0.3, 0.2, 0.1, 0.4, 0.2]);
const riskB = new Float64Array([0.5, 0.1, 0.4, 0.2, 0.3, 0.1, 0.5, 0.2, 0.3, 0.1]);

function estimateOf(estimate: number, se: number): Estimate {
  return {
    estimate,
    variance: se * se,
    se,
    ci: [estimate - se, estimate + se],
    level: 0.95,
    n: 2,
    method: "test",
    df: 1,
    nEffective: 2,
    interval: "wald",
    reliable: true,
    warning: "",
  };
}

/** A strategy that yields the given indices and returns a fixed estimate with CI estimate ± halfWidth. */
function scripted(indices: number[], estimate: number, halfWidth: number) {
  return function* (): Generator<number, Estimate, number> {
    for (const i of indices) yield i;
    return estimateOf(estimate, halfWidth);
  };
}

function drawStrategy(): Strategy {
  return (risk, budget, rng) =>
    (function* (): Generator<number, Estimate, number> {
      const N = risk.length;
      const first = Math.floor(rng() * N);
      let s = 0;
      for (let k = 0; k < budget; k++) s += yield (first + k) % N;
      return estimateOf(s / budget, 0.1);
    })();
}

function baseInput(): RunGridOptions {
  return {
    y,
    features: { a: riskA, b: riskB },
    strategies: {
      srs: strategies.srs,
      ssrs: strategies.ssrs,
      systematicPps: strategies.systematicPps,
    },
    budgets: [4, 6],
    repetitions: 3,
    seed: "grid",
  };
}

describe("runGrid", () => {
  it("runGrid(input) returns tidy rows: feature-agnostic srs once per budget, others per feature", () => {
    const g = runGrid(baseInput());
    // srs: 2 budgets x 3 reps = 6 rows; ssrs and systematicPps: 2 features x 2 budgets x 3 reps = 12 each.
    expect(g.rows.length).toBe(6 + 12 + 12);
    expect(g.summary.length).toBe(2 + 4 + 4);
    expect(g.truth).toBe(0.2);
    expect(g.rows.slice(0, 6).map((r) => [r.strategy, r.feature, r.budget, r.repetition])).toEqual([
      ["srs", null, 4, 0],
      ["srs", null, 4, 1],
      ["srs", null, 4, 2],
      ["srs", null, 6, 0],
      ["srs", null, 6, 1],
      ["srs", null, 6, 2],
    ]);
    expect(g.summary.map((c) => [c.strategy, c.feature, c.budget])).toEqual([
      ["srs", null, 4],
      ["srs", null, 6],
      ["ssrs", "a", 4],
      ["ssrs", "a", 6],
      ["ssrs", "b", 4],
      ["ssrs", "b", 6],
      ["systematicPps", "a", 4],
      ["systematicPps", "a", 6],
      ["systematicPps", "b", 4],
      ["systematicPps", "b", 6],
    ]);
    for (const r of g.rows) {
      expect(Object.keys(r).sort()).toEqual(
        [
          "budget",
          "ci",
          "covered",
          "estimate",
          "failuresFound",
          "feature",
          "repetition",
          "se",
          "seed",
          "strategy",
        ].sort(),
      );
      expect(r.covered).toBe(r.ci[0] <= 0.2 && 0.2 <= r.ci[1]);
      expect(r.failuresFound).toBeGreaterThanOrEqual(0);
      expect(r.failuresFound).toBeLessThanOrEqual(2);
    }
  });

  it("runGrid(input) summarises a cell exactly as computed by hand", () => {
    // Four scripted repetitions at budget 2, truth t = 0.2.
    const script = [
      scripted([2, 3], 0.1, 0.15), // 0 failures; CI [-0.05, 0.25] covers 0.2
      scripted([0, 2], 0.2, 0.15), // 1 failure;  CI [0.05, 0.35] covers
      scripted([0, 1], 0.4, 0.15), // 2 failures; CI [0.25, 0.55] misses
      scripted([0, 0], 0.5, 0.15), // unit 0 twice: 1 distinct failure; CI [0.35, 0.65] misses
    ];
    let call = 0;
    const s: Strategy = () => (script[call++] as () => Generator<number, Estimate, number>)();
    const g = runGrid({
      y,
      features: { a: riskA },
      strategies: { s },
      budgets: [2],
      repetitions: 4,
      seed: 0,
    });
    const c = g.summary[0];
    // errors -0.1, 0, 0.2, 0.3; squares sum to 0.14; RMSE = sqrt(0.14 / 4) = sqrt(0.035)
    expect(c?.rmse).toBeCloseTo(Math.sqrt(0.035), 12);
    // mean estimate 1.2 / 4 = 0.3, minus 0.2
    expect(c?.bias).toBeCloseTo(0.1, 12);
    // type-7 quantiles of [0.1, 0.2, 0.4, 0.5]: q25 at h = 0.75 -> 0.175, median 0.3, q75 at h = 2.25 -> 0.425
    expect(c?.estimateMedian).toBeCloseTo(0.3, 12);
    expect(c?.estimateIqr).toBeCloseTo(0.25, 12);
    // |errors| sorted [0, 0.1, 0.2, 0.3]: median 0.15, q25 0.075, q75 0.225
    expect(c?.absErrorMedian).toBeCloseTo(0.15, 12);
    expect(c?.absErrorIqr).toBeCloseTo(0.15, 12);
    // failures sorted [0, 1, 1, 2]: median 1, q25 0.75, q75 1.25
    expect(c?.failuresMedian).toBe(1);
    expect(c?.failuresIqr).toBeCloseTo(0.5, 12);
    expect(c?.coverage).toBe(0.5);
    expect(c?.unusableCi).toBe(0);
    expect(c?.repetitions).toBe(4);
    expect(g.rows.map((r) => r.failuresFound)).toEqual([0, 1, 2, 1]);
    expect(g.rows.map((r) => r.covered)).toEqual([true, true, false, false]);
  });

  it("runGrid(input) counts a negative-variance interval (the whole line) as covering and as unusable", () => {
    const negative: Estimate = {
      estimate: 0.9,
      variance: -1,
      se: Number.NaN,
      ci: [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY],
      level: 0.95,
      n: 2,
      method: "test",
      df: 1,
      nEffective: 2,
      interval: "wald",
      reliable: false,
      warning: "negative variance",
    };
    const s: Strategy = () =>
      (function* (): Generator<number, Estimate, number> {
        yield 0;
        yield 1;
        return negative;
      })();
    const g = runGrid({
      y,
      features: { a: riskA },
      strategies: { s },
      budgets: [2],
      repetitions: 2,
      seed: 0,
    });
    expect(g.summary[0]?.coverage).toBe(1);
    expect(g.summary[0]?.unusableCi).toBe(2);
  });

  it("runGrid(input) seeds run (strategy, feature, budget, r) with createRng(JSON.stringify([seed, strategy, feature, budget, r]))", () => {
    const g = runGrid({
      y,
      features: { a: riskA },
      strategies: { d: drawStrategy() },
      budgets: [2, 3],
      repetitions: 4,
      seed: "s",
    });
    for (const r of g.rows) {
      const key = JSON.stringify(["s", "d", "a", r.budget, r.repetition]);
      expect(r.seed).toBe(key);
      const first = Math.floor(createRng(key)() * 10);
      let fails = 0;
      for (let k = 0; k < r.budget; k++) fails += y[(first + k) % 10] as number;
      expect(r.failuresFound).toBe(fails);
    }
  });

  it("runGrid(input) gives each run the same result whatever the loop order or the other cells", () => {
    const full = runGrid(baseInput());
    const part = runGrid({
      ...baseInput(),
      features: { b: riskB },
      strategies: { systematicPps: strategies.systematicPps },
      budgets: [6, 4],
      repetitions: 2,
    });
    const key = (r: {
      strategy: string;
      feature: string | null;
      budget: number;
      repetition: number;
    }) => `${r.strategy}/${r.feature}/${r.budget}/${r.repetition}`;
    const byKey = new Map(full.rows.map((r) => [key(r), r]));
    expect(part.rows.length).toBe(4);
    for (const r of part.rows) expect(r).toEqual(byKey.get(key(r)));
  });

  it("runGrid(input) is deterministic and does not mutate its inputs", () => {
    const input = baseInput();
    const copies = [Uint8Array.from(y), Float64Array.from(riskA), Float64Array.from(riskB)];
    const budgets = [...input.budgets];
    const a = runGrid(input);
    const b = runGrid(input);
    expect(a).toEqual(b);
    expect(y).toEqual(copies[0]);
    expect(riskA).toEqual(copies[1]);
    expect(riskB).toEqual(copies[2]);
    expect(input.budgets).toEqual(budgets);
    const other = runGrid({ ...input, seed: "other" });
    expect(other.rows.map((r) => r.estimate)).not.toEqual(a.rows.map((r) => r.estimate));
  });

  it("runGrid(input) reports progress after every run", () => {
    const calls: [number, number][] = [];
    runGrid({ ...baseInput(), onProgress: (done, total) => calls.push([done, total]) });
    expect(calls.length).toBe(30);
    expect(calls.map((c) => c[0])).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(calls.every((c) => c[1] === 30)).toBe(true);
  });

  it("runGrid(input) gives a feature-agnostic strategy a constant risk of 1 and the others their feature", () => {
    const seen: [string, ArrayLike<number>][] = [];
    const spy =
      (name: string): Strategy =>
      (risk, budget, rng, options) => {
        seen.push([name, risk]);
        return strategies.srs(risk, budget, rng, options);
      };
    runGrid({
      y,
      features: { a: riskA },
      strategies: { u: spy("u"), v: spy("v") },
      budgets: [2],
      repetitions: 1,
      seed: 1,
      featureAgnostic: ["u"],
    });
    expect(seen[0]?.[0]).toBe("u");
    expect(Array.from(seen[0]?.[1] ?? [])).toEqual(new Array(10).fill(1));
    expect(seen[1]).toEqual(["v", riskA]);
  });

  it("runGrid(input): SRS RMSE over many runs matches the design's exact standard error", () => {
    // SRS without replacement: Var(p_hat) = p (1 - p) / n * (N - n) / (N - 1) (Cochran 1977, eq. 3.4).
    const N = 200;
    const n = 20;
    const pop = Uint8Array.from({ length: N }, (_, i) => (i % 4 === 0 ? 1 : 0)); // p = 0.25
    const R = 3000;
    const g = runGrid({
      y: pop,
      features: {},
      strategies: { srs: strategies.srs },
      budgets: [n],
      repetitions: R,
      seed: "srs-mc",
    });
    const exact = Math.sqrt(((0.25 * 0.75) / n) * ((N - n) / (N - 1)));
    // Monte Carlo SE of the mean squared error, from the spread of the squared errors
    const sq = g.rows.map((r) => (r.estimate - 0.25) ** 2);
    const mse = sq.reduce((a, b) => a + b, 0) / R;
    const sdSq = Math.sqrt(sq.reduce((a, b) => a + (b - mse) ** 2, 0) / (R - 1));
    const c = g.summary[0];
    expect(Math.abs((c?.rmse ?? 0) ** 2 - exact ** 2)).toBeLessThan((4 * sdSq) / Math.sqrt(R));
    // coverage of a 95% Wald interval at n = 20 is near, not at, 95%: only check it is plausible
    expect(c?.coverage).toBeGreaterThan(0.85);
  });

  describe("throws", () => {
    const bad = (patch: Record<string, unknown>) => () =>
      runGrid({ ...baseInput(), ...patch } as unknown as RunGridOptions);

    it("TypeError when input is not an object", () => {
      expect(() => runGrid(null as unknown as RunGridOptions)).toThrow(TypeError);
      expect(() => runGrid(null as unknown as RunGridOptions)).toThrow(/^runGrid: input/);
    });
    it("TypeError when y is not a Uint8Array", () => {
      expect(bad({ y: "10" })).toThrow(TypeError);
    });
    it("RangeError when y holds a value other than 0/1", () => {
      expect(bad({ y: new Uint8Array([0, 2, 0, 0, 0, 0, 0, 0, 0, 0]) })).toThrow(
        /runGrid: y\[1\] must be 0 or 1/,
      );
    });
    it("RangeError when y has fewer than 2 units", () => {
      expect(bad({ y: new Uint8Array([1]), features: {} })).toThrow(/at least 2 units/);
    });
    it("TypeError when strategies is not an object, or a strategy is not a function", () => {
      expect(bad({ strategies: [strategies.srs] })).toThrow(TypeError);
      expect(bad({ strategies: { srs: 3 } })).toThrow(/strategies.srs must be a strategy function/);
    });
    it("RangeError when strategies is empty", () => {
      expect(bad({ strategies: {} })).toThrow(/runGrid: strategies is empty/);
    });
    it("TypeError when features is not an object or a feature is not a Float64Array", () => {
      expect(bad({ features: riskA })).toThrow(TypeError);
      expect(bad({ features: { a: "12" } })).toThrow(/features.a must be a Float64Array/);
    });
    it("RangeError when a feature has NaN, a negative value or the wrong length", () => {
      const nan = Float64Array.from(riskA);
      nan[3] = Number.NaN;
      expect(bad({ features: { a: nan } })).toThrow(/features.a\[3\] is not finite/);
      const neg = Float64Array.from(riskA);
      neg[2] = -0.1;
      expect(bad({ features: { a: neg } })).toThrow(/features.a\[2\] is below 0/);
      expect(bad({ features: { a: new Float64Array(9) } })).toThrow(
        /features.a and y lengths differ \(9 vs 10\)/,
      );
    });
    it("RangeError when no feature is given but a strategy needs one", () => {
      expect(bad({ features: {} })).toThrow(/features is empty/);
    });
    it("TypeError / RangeError for a bad featureAgnostic", () => {
      expect(bad({ featureAgnostic: "srs" })).toThrow(TypeError);
      expect(bad({ featureAgnostic: [1] })).toThrow(TypeError);
      expect(bad({ featureAgnostic: ["nope"] })).toThrow(/featureAgnostic\[0\] is not a key/);
    });
    it("TypeError / RangeError for bad budgets", () => {
      expect(bad({ budgets: 4 })).toThrow(TypeError);
      expect(bad({ budgets: [] })).toThrow(/budgets is empty/);
      expect(bad({ budgets: [4, 1] })).toThrow(/budgets\[1\] must be at least 2/);
      expect(bad({ budgets: [11] })).toThrow(/budgets\[0\] must be at most 10/);
      expect(bad({ budgets: [4.5] })).toThrow(/budgets\[0\] must be an integer/);
      expect(bad({ budgets: [Number.NaN] })).toThrow(RangeError);
      expect(bad({ budgets: [4, 4] })).toThrow(/budgets\[1\] repeats/);
    });
    it("RangeError for repetitions that are not an integer >= 1", () => {
      expect(bad({ repetitions: 0 })).toThrow(/repetitions must be at least 1/);
      expect(bad({ repetitions: Number.NaN })).toThrow(RangeError);
    });
    it("TypeError / RangeError for a bad seed", () => {
      expect(bad({ seed: {} })).toThrow(TypeError);
      expect(bad({ seed: Number.POSITIVE_INFINITY })).toThrow(/seed must be a finite number/);
    });
    it("RangeError for a level outside (0, 1)", () => {
      expect(bad({ level: 1 })).toThrow(/runGrid: level/);
      expect(bad({ level: Number.NaN })).toThrow(RangeError);
    });
    it("TypeError when onProgress is not a function", () => {
      expect(bad({ onProgress: 1 })).toThrow(/onProgress must be a function/);
    });
    it("rethrows a strategy's error with the cell (a TypeError stays one), and returns nothing", () => {
      // all-zero risk cannot drive a PPS design
      const zero = new Float64Array(10);
      expect(bad({ features: { z: zero } })).toThrow(RangeError);
      expect(bad({ features: { z: zero } })).toThrow(
        /^runGrid: strategy "systematicPps" on feature "z" at budget 4, repetition 0 failed: strategies.systematicPps: /,
      );
      const typeErr: Strategy = () => {
        throw new TypeError("custom: broken");
      };
      expect(bad({ strategies: { t: typeErr } })).toThrow(TypeError);
      // anything else becomes a RangeError; the original is kept as its cause
      const plain = new Error("custom: plain");
      const plainErr: Strategy = () => {
        throw plain;
      };
      let caught: unknown;
      try {
        bad({ strategies: { p: plainErr } })();
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(RangeError);
      expect((caught as Error).cause).toBe(plain);
    });
    it("a malformed Estimate returned by a strategy is refused naming runGrid and the cell", () => {
      // a user's strategy: yields its indices, then returns what `ret` says
      const returning = (ret: unknown): Strategy =>
        function* () {
          yield 0;
          yield 1;
          return ret as Estimate;
        };
      const cell = /^runGrid: strategy "s" on feature "a" at budget 4, repetition 0 failed: /;
      const cases: [string, unknown, typeof TypeError | typeof RangeError, RegExp][] = [
        [
          "NaN estimate",
          { ...estimateOf(0.2, 0.1), estimate: Number.NaN },
          RangeError,
          /non-finite estimate \(got NaN\)/,
        ],
        ["no ci", { ...estimateOf(0.2, 0.1), ci: undefined }, TypeError, /no ci of two numbers/],
        ["nothing returned", undefined, TypeError, /returned undefined, not an Estimate/],
        ["null returned", null, TypeError, /returned null, not an Estimate/],
        ["no se", { ...estimateOf(0.2, 0.1), se: undefined }, TypeError, /no number se/],
        [
          "a string estimate",
          { ...estimateOf(0.2, 0.1), estimate: "0.2" },
          TypeError,
          /no number estimate \(got string\)/,
        ],
        [
          "a reversed ci",
          { ...estimateOf(0.2, 0.1), ci: [0.3, 0.1] },
          RangeError,
          /ci that is not an interval \(got \[0.3, 0.1\]\)/,
        ],
        [
          "a NaN ci end",
          { ...estimateOf(0.2, 0.1), ci: [0, Number.NaN] },
          RangeError,
          /ci that is not an interval/,
        ],
      ];
      for (const [what, ret, type, message] of cases) {
        const run = bad({
          features: { a: riskA },
          budgets: [4],
          strategies: { s: returning(ret) },
        });
        expect(run, what).toThrow(type);
        expect(run, what).toThrow(cell);
        expect(run, what).toThrow(message);
      }
      // a NaN se (negative variance) and an unbounded ci stay allowed, as documented
      const unusable = { ...estimateOf(0.2, 0.1), se: Number.NaN, ci: [-Infinity, Infinity] };
      const ok = bad({
        features: { a: riskA },
        budgets: [4],
        strategies: { s: returning(unusable) },
      })();
      expect(ok.summary[0]?.unusableCi).toBe(3);
    });
  });

  it("runGrid(input) returns every row for 131,072 repetitions (a spread into push overflowed the stack)", () => {
    // a trivial feature-agnostic strategy: the rows are the only large thing
    const s: Strategy = function* () {
      yield 0;
      return estimateOf(0.5, 0.1);
    };
    const R = 131_072;
    const g = runGrid({
      y: Uint8Array.of(1, 0),
      features: {},
      strategies: { s },
      featureAgnostic: ["s"],
      budgets: [2],
      repetitions: R,
      seed: 1,
    });
    expect(g.rows).toHaveLength(R);
    expect(g.rows[R - 1]?.repetition).toBe(R - 1);
    expect(g.summary[0]?.repetitions).toBe(R);
  });
});

describe("runGrid with an unknown input field", () => {
  it("throws a TypeError suggesting the field meant", () => {
    expect(() => grid({ ...baseInput(), repetition: 3 } as never)).toThrow(
      /^runGrid: unknown input field "repetition" \(did you mean "repetitions"\?\); valid input fields: y, features,/,
    );
  });
});
