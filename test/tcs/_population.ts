import { randomPermutation } from "../../src/core/randomPermutation.js";
import { createRng } from "../../src/core/rng.js";
import { toRisk } from "../../src/features/toRisk.js";

/**
 * A seeded synthetic test set: risk_i = 0.02 + u_i^2 and a failure with
 * probability min(1, 0.05 + 0.5 u_i^2), u_i uniform — the risk tracks the
 * failures the way a useful uncertainty feature does. Built once from the
 * seed, so every test sees the same fixed population.
 */
export function population(
  N: number,
  seed: string,
): { risk: Float64Array; y: Float64Array; mu: number } {
  const g = createRng(seed);
  const risk = new Float64Array(N);
  const y = new Float64Array(N);
  for (let i = 0; i < N; i++) {
    const u = g();
    risk[i] = 0.02 + u * u;
    y[i] = g() < Math.min(1, 0.05 + 0.5 * u * u) ? 1 : 0;
  }
  return { risk, y, mu: y.reduce((s, v) => s + v, 0) / N };
}

/** Mean, bias and Monte Carlo standard error of the estimates of `runs` seeded runs. */
export function monteCarlo(
  runs: number,
  mu: number,
  estimate: (run: number) => number,
): { mean: number; bias: number; se: number; z: number } {
  let sum = 0;
  let sq = 0;
  for (let r = 0; r < runs; r++) {
    const e = estimate(r);
    sum += e;
    sq += e * e;
  }
  const mean = sum / runs;
  const se = Math.sqrt((sq / runs - mean * mean) / runs);
  return { mean, bias: mean - mu, se, z: (mean - mu) / se };
}

/**
 * N units with exactly round(p N) failures at seeded random places and
 * risk = toRisk(delta y + e, "higher"), e ~ N(0, 1): the coverage bench's
 * synthetic populations (weak delta = 0.5, strong 2), for small N.
 */
export function shuffledFailures(
  seed: string,
  N: number,
  p: number,
  delta: number,
): { y: Uint8Array; risk: Float64Array; mu: number } {
  const g = createRng(seed);
  const M = Math.round(p * N);
  const order = randomPermutation("shuffledFailures", N, g);
  const y = new Uint8Array(N);
  for (let k = 0; k < M; k++) y[order[k] as number] = 1;
  const score = Float64Array.from(y, (v) => {
    const e = Math.sqrt(-2 * Math.log(1 - g())) * Math.cos(2 * Math.PI * g());
    return delta * v + e;
  });
  return { y, risk: toRisk(score, "higher"), mu: M / N };
}
