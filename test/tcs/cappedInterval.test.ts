import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { finitePopulationBounds } from "../../src/tcs/_finitePopulation.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";
import { strategies } from "../../src/tcs/strategies.js";

// twoUps, d2Strat, rhc, deepEst, systematicPps and mcucb default to "betaCapped" for 0/1 labels
// (the others to "beta"):
// the same samples and estimates, an interval at least as wide, the user's choice respected
// (an explicit interval without the finite-population bounds of src/tcs/_finitePopulation.ts).
const N = 400;
const risk = Float64Array.from({ length: N }, (_, i) => 0.05 + ((i * 37) % 100) / 100);
const fails = (i: number) => (((i * 37) % 100) / 100 > 0.6 || i % 17 === 0 ? 1 : 0);
describe("the capped default interval", () => {
  it.each(["twoUps", "d2Strat", "rhc", "deepEst", "systematicPps", "mcucb"] as const)(
    "%s",
    (name) => {
      let wider = 0;
      for (let seed = 0; seed < 40; seed++) {
        const run = (o?: { interval: "beta" | "betaCapped" | "logit" }) =>
          runStrategy(strategies[name](risk, 30, createRng(seed), o), fails);
        const d = run();
        const c = run({ interval: "betaCapped" });
        const b = run({ interval: "beta" });
        expect(d.estimate.interval).toBe("betaCapped");
        expect(Array.from(d.indices)).toEqual(Array.from(b.indices));
        expect(d.estimate.estimate).toBe(b.estimate.estimate);
        // the default is the explicit betaCapped interval with the finite-population bounds
        const bounded = (r: typeof d) =>
          finitePopulationBounds(r.estimate, r.indices, r.labels, N).ci;
        expect(d.estimate.ci).toEqual(bounded(c));
        const bb = bounded(b);
        expect(d.estimate.ci[0]).toBeLessThanOrEqual(bb[0]);
        expect(d.estimate.ci[1]).toBeGreaterThanOrEqual(bb[1]);
        if (d.estimate.ci[1] - d.estimate.ci[0] > bb[1] - bb[0] + 1e-12) wider++;
        expect(run({ interval: "logit" }).estimate.interval).toBe("logit");
      }
      // the cap binds on some samples here (a design effect below 1)
      expect(wider).toBeGreaterThan(0);
    },
  );
  it("real-valued labels keep the t interval, graded labels in [0, 1] the uncapped beta; other strategies keep beta", () => {
    const real = (i: number) => (i % 7) / 3;
    expect(runStrategy(strategies.twoUps(risk, 30, createRng(1)), real).estimate.interval).toBe(
      "t",
    );
    // the cap (a design effect of at least 1 against p (1 - p) per label) is for 0/1 labels: a
    // graded score's per-label variance is far below p (1 - p), and capped it was 4-7 times wider
    const graded = (i: number) => 0.3 + (i % 7) / 70;
    const g = runStrategy(strategies.twoUps(risk, 30, createRng(1)), graded).estimate;
    expect(g.interval).toBe("beta");
    const asked = runStrategy(
      strategies.twoUps(risk, 30, createRng(1), { interval: "betaCapped" }),
      graded,
    ).estimate;
    expect(g.ci[1] - g.ci[0]).toBeLessThan(asked.ci[1] - asked.ci[0]);
    expect(runStrategy(strategies.sups(risk, 30, createRng(1)), fails).estimate.interval).toBe(
      "beta",
    );
    for (const other of ["ssrs", "gbs", "pivotal", "balanced", "kCenterStrat"] as const)
      expect(
        runStrategy(strategies[other](risk, 30, createRng(1)), fails).estimate.interval,
        other,
      ).toBe("beta");
  });
});
