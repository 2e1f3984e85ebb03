/**
 * Seeded synthetic outcomes for the coverage benches (bench/coverage.ts,
 * bench/stratified-ppi-coverage.ts). Not part of the library.
 */
import { randomPermutation } from "../src/core/randomPermutation.js";

/** Exactly round(pN) failures (1) at units chosen by a seeded Fisher-Yates shuffle (`randomPermutation`). */
export function randomFailures(rng: () => number, N: number, p: number): Uint8Array {
  const order = randomPermutation("randomFailures", N, rng);
  const y = new Uint8Array(N);
  for (let k = 0; k < Math.round(p * N); k++) y[order[k] as number] = 1;
  return y;
}

/** How a synthetic risk relates to the failures in {@link riskPopulation}. */
export type RiskMode = "reversed" | "adversarial" | "informative" | "realistic" | "uninformative";

/**
 * A population of N units with exactly k failures at random ({@link randomFailures})
 * and a risk per unit drawn after them from the same seeded stream: `reversed`
 * (failures U(0, 0.5), passes U(0.4, 1)), `adversarial` (failures U(0, 0.05),
 * passes U(0.2, 1)), `informative` (failures U(0.5, 1), passes U(0, 0.6)),
 * `realistic` (0.05 + 0.95 sqrt(u) for failures, 0.05 + 0.95 u^2 for passes) or
 * `uninformative` (0.05 + u). Used by bench/anti-risk-coverage.ts and
 * bench/zero-failure-bound.ts.
 */
export function riskPopulation(
  rng: () => number,
  N: number,
  k: number,
  mode: RiskMode,
): { y: Uint8Array; risk: Float64Array; mu: number } {
  const y = randomFailures(rng, N, k / N);
  const risk = Float64Array.from(y, (v) => {
    const u = rng();
    if (mode === "reversed") return v === 1 ? 0.5 * u : 0.4 + 0.6 * u;
    if (mode === "adversarial") return v === 1 ? 0.05 * u : 0.2 + 0.8 * u;
    if (mode === "informative") return v === 1 ? 0.5 + 0.5 * u : 0.6 * u;
    if (mode === "realistic") return v === 1 ? 0.05 + 0.95 * Math.sqrt(u) : 0.05 + 0.95 * u * u;
    return 0.05 + u;
  });
  return { y, risk, mu: k / N };
}
