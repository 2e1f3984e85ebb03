import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { toRisk } from "../../src/features/toRisk.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";
import { strategies } from "../../src/tcs/strategies.js";
import type { Strategy } from "../../src/tcs/types.js";

// Graded labels tied to the risk (a judge's continuous score): y = 0.8 (1 - c)
// + 0.2 U with Beta(2, 1) confidences c, risk toRisk(c, "lower"). The PPS
// designs' own variances are small exactly when the estimate is low (few or
// low labels from the heavy low-risk band), so their intervals missed from
// below; balanced and pivotal (Hájek) missed from above when that band drew
// few labels. Without the graded risk-band floor (flooredGradedEstimate in
// src/tcs/_riskBands.ts) these 300 runs covered systematicPps 87.7 %, sups
// 92.3 %, rhc 86.7 %, twoUps 94.3 %, balanced 90.0 %, pivotal 89.7 %; with it
// 97.0-100 %. The bound 0.93 is about 2 Monte Carlo SEs (1.4 points each at
// 300 runs) below 96 %.
const N = 2000;
const g = createRng("coverage-graded/population");
const confidence = Float64Array.from({ length: N }, () => Math.sqrt(g()));
const y = Float64Array.from(confidence, (c) => 0.8 * (1 - c) + 0.2 * g());
const mu = y.reduce((s, v) => s + v, 0) / N;
const risk = toRisk(confidence, "lower");

describe("weighted strategies at n = 30 with graded labels: the default interval covers", () => {
  it.each(["systematicPps", "sups", "rhc", "twoUps", "balanced", "pivotal"])("%s", (name) => {
    const strategy = strategies[name as keyof typeof strategies] as Strategy;
    let covered = 0;
    const runs = 300;
    for (let r = 0; r < runs; r++) {
      const e = runStrategy(
        strategy(risk, 30, createRng(`graded-${name}-${r}`)),
        (i) => y[i] as number,
      ).estimate;
      if (e.ci[0] <= mu && mu <= e.ci[1]) covered++;
    }
    console.log(`${name} graded: coverage ${(covered / runs).toFixed(3)}`);
    expect(covered / runs).toBeGreaterThanOrEqual(0.93);
  });
});
