import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { crossPpiMean } from "../../src/estimate/crossPpiMean.js";
import { ppiMean } from "../../src/estimate/ppiMean.js";
import { stratifiedPpiMean } from "../../src/estimate/stratifiedPpiMean.js";

// A soft predictor that misses half of the failures with scores near 0 (a review's cells,
// 2,000 runs: ppiMean, crossPpiMean and stratifiedPpiMean covered 80 % at n = 10, p = 0.2,
// with the variance of the residuals alone): when no missed failure is labelled, the low
// band's residuals are all about 0 and the variance took its failure rate as known. The
// prediction-band floor (predictionFloor in src/estimate/_ppi.ts) mends it.
const REPS = 1000;
const NU = 1000;

/** Soft scores near 0 for the missed failures (`soft`), or exactly 0 with 0.9 for the seen ones (`certain`). */
function draw(
  m: number,
  p: number,
  rng: () => number,
  kind: "soft" | "certain" = "soft",
): { y: Float64Array; f: Float64Array } {
  const y = new Float64Array(m);
  const f = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    y[i] = rng() < p ? 1 : 0;
    const u = rng();
    const seen = y[i] === 1 && rng() < 0.5;
    f[i] = kind === "soft" ? (seen ? 0.7 + 0.3 * u : 0.1 * u) : seen ? 0.9 : 0;
  }
  return { y, f };
}

type Estimator = (
  y: Float64Array,
  f: Float64Array,
  fu: Float64Array,
) => { ci: readonly [number, number] };

const estimators: Record<string, Estimator> = {
  ppiMean: (y, f, fu) => ppiMean(y, f, fu),
  crossPpiMean: (y, f, fu) =>
    crossPpiMean(
      y,
      f,
      Array.from(fu, (v) => [v]),
    ),
  stratifiedPpiMean: (y, f, fu) =>
    stratifiedPpiMean(
      y,
      f,
      Int32Array.from(y, (_, i) => i % 2),
      fu,
      Int32Array.from(fu, (_, i) => i % 2),
    ),
};

// The same with scores exactly 0 for the missed failures and 0.9 for the others: the units
// predicted exactly 0 are a verdict among soft predictions, and the band floor's shrunk rate
// alone left 75-80 % at n = 10 (1,000 runs); their Clopper-Pearson floor (capped at the
// labels-alone variance) covers 99.7-99.9 %.
describe.each(["soft", "certain"] as const)(
  "the PPI family's default interval with a predictor that scores missed failures near 0 (%s)",
  (kind) => {
    it.each(Object.keys(estimators))("%s covers at n = 10, p = 0.2", (name) => {
      const estimate = estimators[name] as Estimator;
      const p = 0.2;
      let covered = 0;
      for (let r = 0; r < REPS; r++) {
        const rng = createRng(`ppi-floor/${r}`);
        const L = draw(10, p, rng, kind);
        const U = draw(NU, p, rng, kind);
        const e = estimate(L.y, L.f, U.f);
        if (e.ci[0] <= p && p <= e.ci[1]) covered++;
      }
      // 93 % less two Monte Carlo SEs at 1,000 runs (measured 93.7-96.4 % with the floor)
      expect(covered / REPS).toBeGreaterThanOrEqual(0.915);
    });
  },
);
