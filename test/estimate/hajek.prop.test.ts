import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hajek } from "../../src/estimate/hajek.js";
import {
  enumeratePivotal,
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

// Hájek's ratio estimator R = That / Nhat is biased, so the proof is different:
// 1. Exact bound (Hartley & Ross 1954): since E[Nhat] = N and That = R * Nhat,
//    Cov(R, Nhat) = E[That] - E[R] N = N (mean - E[R]), hence
//    |bias| = |Cov(R, Nhat)| / N <= sd(R) * CV(Nhat)  (Cauchy-Schwarz).
// 2. The bias shrinks like 1/n as the population and the sample grow together.

type Moments = { bias: number; sd: number; cvNhat: number; scale: number };

function hajekMoments(y: Float64Array, pik: Float64Array, outcomes: readonly Outcome[]): Moments {
  const N = y.length;
  const pi2 = jointInclusion(outcomes, N);
  const mu = y.reduce((s, v) => s + v, 0) / N;
  const est = (o: Outcome) =>
    hajek(pick(y, o.sample), pick(pik, o.sample), { pi2: subPi2(pi2, N, o.sample), variance: "ht" })
      .estimate;
  const nHat = (o: Outcome) => pick(pik, o.sample).reduce((s, p) => s + 1 / p, 0);
  const e = expectation(outcomes, est);
  const sd = Math.sqrt(expectation(outcomes, (o) => (est(o) - e) ** 2));
  const cvNhat = Math.sqrt(expectation(outcomes, (o) => (nHat(o) - N) ** 2)) / N;
  return { bias: e - mu, sd, cvNhat, scale: Math.max(1, ...Array.from(y, Math.abs)) };
}

const popArb = populationArb(2, 10, (N) => [1, N]);

describe("hajek(y, pik, options): bias bounded and shrinking, by enumeration", () => {
  for (const [name, enumerate] of [
    ["pivotal", (pik: Float64Array) => enumeratePivotal(pik)],
    ["systematicPps", enumerateSystematic],
  ] as const) {
    it(`${name}: |bias| <= sd(estimate) * CV(Nhat) exactly, and the bias is not zero in general`, () => {
      let biased = 0;
      fc.assert(
        fc.property(popArb, ({ y, size, n }) => {
          const pik = proportionalPik(size, n);
          const m = hajekMoments(Float64Array.from(y), pik, enumerate(pik));
          expect(Math.abs(m.bias)).toBeLessThanOrEqual(m.sd * m.cvNhat + 1e-12 * m.scale);
          if (Math.abs(m.bias) > 1e-6 * m.scale) biased++;
        }),
        { numRuns: 80 },
      );
      // the bound is not vacuous: most random populations do have a bias
      expect(biased).toBeGreaterThan(20);
    });
  }

  it("is exactly unbiased under SRS (equal pik make it the sample mean)", () => {
    fc.assert(
      fc.property(popArb, ({ y, n }) => {
        const N = y.length;
        const pik = new Float64Array(N).fill(n / N);
        const m = hajekMoments(Float64Array.from(y), pik, enumerateSrs(N, n));
        expect(Math.abs(m.bias)).toBeLessThanOrEqual(1e-12 * m.scale * N);
      }),
      { numRuns: 40 },
    );
  });

  it("pivotal: the bias shrinks like 1/n when population and sample grow together", () => {
    // m copies of a 4-unit population (sizes 1, 2, 3, 6; y = 4, 1, 3, 0): N = 4m, n = 2m,
    // so pik = (1/6, 1/3, 1/2, 1) repeated and only n changes.
    const bias: number[] = [];
    const ns: number[] = [];
    for (let m = 1; m <= 6; m++) {
      const N = 4 * m;
      const size = Float64Array.from({ length: N }, (_, k) => [1, 2, 3, 6][k % 4] as number);
      const y = Float64Array.from({ length: N }, (_, k) => [4, 1, 3, 0][k % 4] as number);
      const pik = proportionalPik(size, 2 * m);
      bias.push(Math.abs(hajekMoments(y, pik, enumeratePivotal(pik)).bias));
      ns.push(2 * m);
    }
    for (let i = 1; i < bias.length; i++) {
      expect(bias[i] as number).toBeLessThan(bias[i - 1] as number);
    }
    // O(1/n): n * |bias| stays bounded (it rises towards a limit near 0.6, never above 0.7)
    for (let i = 0; i < bias.length; i++) {
      expect((ns[i] as number) * (bias[i] as number)).toBeLessThan(0.7);
    }
    expect(bias[0] as number).toBeGreaterThan(0.1);
  });

  it("systematicPps on a periodic population: the bias does not shrink (why the claim needs a high-entropy design)", () => {
    // same replicated population: systematic sampling takes the same pattern in every period,
    // so the estimate's distribution, hence its bias, does not depend on m
    const bias: number[] = [];
    for (let m = 1; m <= 4; m++) {
      const N = 4 * m;
      const size = Float64Array.from({ length: N }, (_, k) => [1, 2, 3, 6][k % 4] as number);
      const y = Float64Array.from({ length: N }, (_, k) => [4, 1, 3, 0][k % 4] as number);
      const pik = proportionalPik(size, 2 * m);
      bias.push(Math.abs(hajekMoments(y, pik, enumerateSystematic(pik)).bias));
    }
    for (const b of bias) expect(b).toBeCloseTo(bias[0] as number, 12);
    expect(bias[0] as number).toBeGreaterThan(0.1);
  });

  it("for a population with y smooth in size, |bias| decreases with n at fixed N = 10 and is 0 at n = N", () => {
    const N = 10;
    const size = Float64Array.from({ length: N }, (_, k) => k + 1);
    const y = Float64Array.from({ length: N }, (_, k) => 1 / (k + 1));
    for (const enumerate of [(p: Float64Array) => enumeratePivotal(p), enumerateSystematic]) {
      let previous = Number.POSITIVE_INFINITY;
      for (let n = 1; n <= N; n++) {
        const pik = proportionalPik(size, n);
        const b = Math.abs(hajekMoments(y, pik, enumerate(pik)).bias);
        if (n < N) expect(b).toBeLessThan(previous);
        else expect(b).toBeLessThan(1e-15);
        previous = b;
      }
    }
  });
});
