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
