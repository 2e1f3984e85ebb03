/**
 * The synthetic population of issue 13's speed point for `extraStrategies.active`
 * (N = 415,416, n = 1,000), shared by `bench/model-assisted.ts` and
 * `bench/active-speed.ts` so both time the same input: risk `0.01 + 0.98 u^2`,
 * labels Bernoulli(risk), from the seed "model-assisted-speed".
 */
import { createRng } from "../src/entry/core.js";

/** Units and labels of the speed point. */
export const ACTIVE_SPEED = Object.freeze({ N: 415_416, n: 1000 });

/** The risk and 0/1 labels of the speed point's population. */
export function activeSpeedPopulation(): { risk: Float64Array; y: Uint8Array } {
  const { N } = ACTIVE_SPEED;
  const g = createRng("model-assisted-speed");
  const risk = new Float64Array(N);
  const y = new Uint8Array(N);
  for (let i = 0; i < N; i++) {
    const u = g();
    risk[i] = 0.01 + 0.98 * u * u;
    y[i] = g() < (risk[i] as number) ? 1 : 0;
  }
  return { risk, y };
}
