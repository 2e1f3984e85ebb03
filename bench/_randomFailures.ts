/**
 * Seeded synthetic outcomes for the coverage benches (bench/coverage.ts,
 * bench/stratified-ppi-coverage.ts). Not part of the library.
 */

/** Exactly round(pN) failures (1) at units chosen by a seeded Fisher-Yates shuffle. */
export function randomFailures(rng: () => number, N: number, p: number): Uint8Array {
  const order = Int32Array.from({ length: N }, (_, i) => i);
  for (let i = N - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const t = order[i] as number;
    order[i] = order[j] as number;
    order[j] = t;
  }
  const y = new Uint8Array(N);
  for (let k = 0; k < Math.round(p * N); k++) y[order[k] as number] = 1;
  return y;
}
