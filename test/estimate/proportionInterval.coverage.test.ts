import { describe, expect, it } from "vitest";
import { hypergeometricCdf, logHypergeometricPmf } from "../../src/core/hypergeometric.js";
import type { IntervalMethod } from "../../src/estimate/proportionInterval.js";
import { proportionInterval } from "../../src/estimate/proportionInterval.js";

// EXACT coverage: for every true proportion, sum the probability of every
// possible sample count x whose interval contains the truth. No simulation.

const N = 40;
const n = 10;
const level = 0.95;

function binomialPmf(x: number, m: number, p: number): number {
  let c = 1;
  for (let k = 1; k <= x; k++) c = (c * (m - x + k)) / k;
  return c * p ** x * (1 - p) ** (m - x);
}

/** Coverage of `method` under SRS without replacement, for population count M. */
function hyperCoverage(method: IntervalMethod, M: number): number {
  let cover = 0;
  for (let x = Math.max(0, n - (N - M)); x <= Math.min(n, M); x++) {
    const [lo, hi] = proportionInterval(
      { estimate: x / n, variance: 0, n, N, successes: x },
      method,
      level,
    );
    if (lo <= M / N && M / N <= hi) cover += Math.exp(logHypergeometricPmf(x, N, M, n));
  }
  return cover;
}

const cache = new Map<IntervalMethod, [number, number][]>();
function intervalsFor(method: IntervalMethod): [number, number][] {
  let all = cache.get(method);
  if (all === undefined) {
    all = [];
    for (let x = 0; x <= n; x++) {
      const ph = x / n;
      // "wald" here is the textbook binomial p̂ ± z sqrt(p̂(1-p̂)/n)
      all.push(
        proportionInterval(
          { estimate: ph, variance: (ph * (1 - ph)) / n, n, successes: x },
          method,
          level,
        ),
      );
    }
    cache.set(method, all);
  }
  return all;
}

/** Coverage of `method` under Bernoulli sampling (binomial x), true p. */
function binomialCoverage(method: IntervalMethod, p: number): number {
  const all = intervalsFor(method);
  let cover = 0;
  for (let x = 0; x <= n; x++) {
    const [lo, hi] = all[x] as [number, number];
    if (lo <= p && p <= hi) cover += binomialPmf(x, n, p);
  }
  return cover;
}

describe(`exact coverage at level ${level}, n = ${n}`, () => {
  it("the enumerated hypergeometric probabilities sum to 1 for every M", () => {
    for (let M = 0; M <= N; M++) {
      let s = 0;
      for (let x = Math.max(0, n - (N - M)); x <= Math.min(n, M); x++)
        s += Math.exp(logHypergeometricPmf(x, N, M, n));
      expect(s).toBeCloseTo(1, 12);
      expect(hypergeometricCdf(n, N, M, n)).toBe(1);
    }
  });

  it(`"hypergeometric" covers every M in 0..${N} with probability >= level (SRS without replacement, N = ${N})`, () => {
    let worst = 1;
    for (let M = 0; M <= N; M++) {
      const c = hyperCoverage("hypergeometric", M);
      worst = Math.min(worst, c);
      expect(c, `M = ${M}`).toBeGreaterThanOrEqual(level - 1e-12);
    }
    // exact, not trivially conservative: some M comes within a few % of the level
    expect(worst).toBeLessThan(0.99);
  });

  it('"clopperPearson" covers every p on a fine grid with probability >= level (binomial)', () => {
    let worst = 1;
    for (let i = 1; i < 2000; i++) {
      const p = i / 2000;
      const c = binomialCoverage("clopperPearson", p);
      worst = Math.min(worst, c);
      expect(c, `p = ${p}`).toBeGreaterThanOrEqual(level - 1e-12);
    }
    expect(worst).toBeLessThan(0.97);
  });

  it('"clopperPearson" also covers every M under SRS without replacement (it is conservative there)', () => {
    for (let M = 0; M <= N; M++)
      expect(hyperCoverage("clopperPearson", M)).toBeGreaterThanOrEqual(level - 1e-12);
  });

  it('"hypergeometric" is never wider than "clopperPearson" in total, and narrower on average', () => {
    let wHyper = 0;
    let wCp = 0;
    for (let x = 0; x <= n; x++) {
      const a = { estimate: x / n, variance: 0, n, N, successes: x };
      const h = proportionInterval(a, "hypergeometric", level);
      const c = proportionInterval(a, "clopperPearson", level);
      wHyper += h[1] - h[0];
      wCp += c[1] - c[0];
    }
    expect(wHyper).toBeLessThan(wCp);
  });

  it("Wilson, Jeffreys, Agresti-Coull and Wald fall below the level for some p (their known shortfall)", () => {
    const minima: Record<string, number> = {};
    for (const method of ["wilson", "jeffreys", "agrestiCoull", "wald"] as IntervalMethod[]) {
      let worst = 1;
      for (let i = 1; i < 2000; i++) {
        const p = i / 2000;
        const c = binomialCoverage(method, p);
        worst = Math.min(worst, c);
      }
      minima[method] = worst;
    }
    console.info(`minimum exact coverage over p, n = ${n}, level ${level}:`, minima);
    expect(minima.wilson).toBeLessThan(level);
    expect(minima.wald).toBeLessThan(0.5);
    // Agresti-Coull is the most conservative of the three approximate ones
    expect(minima.agrestiCoull).toBeGreaterThan(minima.wilson as number);
  });
});
