import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { horvitzThompson } from "../../src/estimate/horvitzThompson.js";
import {
  enumeratePivotal,
  enumeratePoisson,
  enumerateSrs,
  enumerateSystematic,
  expectation,
  jointInclusion,
  type Outcome,
  pick,
  populationArb,
  proportionalPik,
  subPi2,
} from "../helpers/enumerate.js";

// Exact proof by enumeration: for every possible sample s with probability p(s),
// E[estimate] = sum_s p(s) * estimate(s) must equal the population mean, and for the
// unbiased variance forms E[v(s)] must equal the true variance
// sum_s p(s) * (estimate(s) - mean)^2 computed from the same enumeration.

const yArb = (N: number) =>
  fc.array(
    fc.integer({ min: -500, max: 500 }).map((v) => v / 10),
    { minLength: N, maxLength: N },
  );

/** Population of N <= 10 units with values, sizes and a sample size 1 <= n <= N. */
const popArb = populationArb(2, 10, (N) => [1, N]);

function mean(y: readonly number[]): number {
  return y.reduce((s, v) => s + v, 0) / y.length;
}

type Check = {
  meanError: number;
  scale: number;
  trueVar: number;
  expectedVar: Map<string, number>;
};

/** Exact moments of horvitzThompson over a design's outcomes, for the given variance forms. */
function moments(
  y: readonly number[],
  pik: Float64Array,
  outcomes: readonly Outcome[],
  forms: readonly ("syg" | "ht")[],
): Check {
  const N = y.length;
  const yv = Float64Array.from(y);
  const pi2 = jointInclusion(outcomes, N);
  const mu = mean(y);
  const est = (o: Outcome) =>
    horvitzThompson(pick(yv, o.sample), pick(pik, o.sample), N, {
      pi2: subPi2(pi2, N, o.sample),
      variance: forms[0] ?? "ht",
    });
  const e = expectation(outcomes, (o) => est(o).estimate);
  const trueVar = expectation(outcomes, (o) => (est(o).estimate - mu) ** 2);
  const expectedVar = new Map<string, number>();
  for (const form of forms) {
    expectedVar.set(
      form,
      expectation(
        outcomes,
        (o) =>
          horvitzThompson(pick(yv, o.sample), pick(pik, o.sample), N, {
            pi2: subPi2(pi2, N, o.sample),
            variance: form,
          }).variance,
      ),
    );
  }
  let minPik = 1;
  for (const p of pik) if (p < minPik) minPik = p;
  const scale = Math.max(1, ...y.map(Math.abs)) / minPik;
  return { meanError: Math.abs(e - mu), scale, trueVar, expectedVar };
}

function allPositive(pi2: Float64Array): boolean {
  return pi2.every((v) => v > 1e-12);
}

describe("horvitzThompson(y, pik, N, options): exact unbiasedness by enumeration", () => {
  it("SRS: E[estimate] = mean, E[SYG] = E[HT form] = true variance", () => {
    fc.assert(
      fc.property(popArb, ({ y, n }) => {
        const N = y.length;
        const pik = new Float64Array(N).fill(n / N);
        const c = moments(y, pik, enumerateSrs(N, n), ["syg", "ht"]);
        expect(c.meanError).toBeLessThanOrEqual(1e-12 * c.scale);
        // with n = 1 no pair is ever sampled together (pi_kl = 0): no unbiased variance exists
        if (n === 1) return;
        for (const v of c.expectedVar.values()) {
          expect(Math.abs(v - c.trueVar)).toBeLessThanOrEqual(1e-10 * c.scale ** 2);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("SRS: Deville's variance (no pi2) reduces to N^2 (1 - n/N) s^2 / n, so it is unbiased too", () => {
    fc.assert(
      fc.property(popArb, ({ y, n }) => {
        const N = y.length;
        fc.pre(n >= 2 && n < N);
        const yv = Float64Array.from(y);
        const pik = new Float64Array(N).fill(n / N);
        const outcomes = enumerateSrs(N, n);
        const mu = mean(y);
        const est = (o: Outcome) => horvitzThompson(pick(yv, o.sample), pick(pik, o.sample), N);
        const trueVar = expectation(outcomes, (o) => (est(o).estimate - mu) ** 2);
        const eVar = expectation(outcomes, (o) => est(o).variance);
        const scale = (Math.max(1, ...y.map(Math.abs)) * N) / n;
        expect(Math.abs(eVar - trueVar)).toBeLessThanOrEqual(1e-10 * scale ** 2);
      }),
      { numRuns: 40 },
    );
  });

  it("Poisson: E[estimate] = mean and E[HT-form variance] = true variance (empty sample included)", () => {
    const pikArb = fc.integer({ min: 1, max: 10 }).chain((N) =>
      fc.record({
        y: yArb(N),
        pik: fc.array(fc.double({ min: 0.05, max: 1, noNaN: true }), {
          minLength: N,
          maxLength: N,
        }),
      }),
    );
    fc.assert(
      fc.property(pikArb, ({ y, pik }) => {
        const p = Float64Array.from(pik);
        const outcomes = enumeratePoisson(p);
        const c = moments(y, p, outcomes, ["ht"]);
        expect(c.meanError).toBeLessThanOrEqual(1e-12 * c.scale);
        const v = c.expectedVar.get("ht") as number;
        expect(Math.abs(v - c.trueVar)).toBeLessThanOrEqual(1e-10 * c.scale ** 2);
      }),
      { numRuns: 40 },
    );
  });

  /** Large n / N and similar sizes: most duels and systematic gaps then leave every pi_kl > 0. */
  const denseArb = fc.integer({ min: 3, max: 10 }).chain((N) =>
    fc.record({
      y: yArb(N),
      size: fc.array(fc.double({ min: 1, max: 1.5, noNaN: true }), {
        minLength: N,
        maxLength: N,
      }),
      n: fc.integer({ min: Math.floor(N / 2) + 1, max: N - 1 }),
    }),
  );

  for (const [name, enumerate] of [
    ["systematicPps", enumerateSystematic],
    ["pivotal", (pik: Float64Array) => enumeratePivotal(pik)],
  ] as const) {
    it(`${name}: enumerated inclusion probabilities equal pik, sample size is n, E[estimate] = mean`, () => {
      fc.assert(
        fc.property(popArb, ({ y, size, n }) => {
          const N = y.length;
          const pik = proportionalPik(size, n);
          const outcomes = enumerate(pik);
          const pi2 = jointInclusion(outcomes, N);
          for (let k = 0; k < N; k++) {
            expect(Math.abs((pi2[k * N + k] as number) - (pik[k] as number))).toBeLessThanOrEqual(
              1e-12,
            );
          }
          for (const o of outcomes) expect(o.sample.length).toBe(n);
          const c = moments(y, pik, outcomes, ["ht"]);
          expect(c.meanError).toBeLessThanOrEqual(1e-12 * c.scale);
        }),
        { numRuns: 80 },
      );
    });

    it(`${name}: E[SYG] = E[HT form] = true variance whenever every pi_kl > 0`, () => {
      let checked = 0;
      fc.assert(
        fc.property(denseArb, ({ y, size, n }) => {
          const N = y.length;
          const pik = proportionalPik(size, n);
          const outcomes = enumerate(pik);
          const pi2 = jointInclusion(outcomes, N);
          fc.pre(allPositive(pi2));
          const c = moments(y, pik, outcomes, ["syg", "ht"]);
          expect(c.meanError).toBeLessThanOrEqual(1e-12 * c.scale);
          if (c.trueVar > 0) checked++;
          for (const v of c.expectedVar.values()) {
            expect(Math.abs(v - c.trueVar)).toBeLessThanOrEqual(1e-10 * c.scale ** 2);
          }
        }),
        { numRuns: 60 },
      );
      // the property must have met populations where the variance is not trivially 0
      expect(checked).toBeGreaterThanOrEqual(20);
    });
  }

  it("the SYG form is biased under Poisson sampling (random size): the proof can fail", () => {
    // y proportional to pik makes SYG zero on every sample while the estimate varies
    const pik = new Float64Array([0.3, 0.6, 0.9]);
    const y = [0.3, 0.6, 0.9];
    const c = moments(y, pik, enumeratePoisson(pik), ["syg"]);
    expect(c.expectedVar.get("syg")).toBe(0);
    expect(c.trueVar).toBeGreaterThan(0.01);
  });
});
