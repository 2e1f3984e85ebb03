import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { toRisk } from "../../src/features/toRisk.js";
import { UNCHECKED_RNG } from "../../src/tcs/_askTell.js";
import { preparers } from "../../src/tcs/_prepared.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";
import { hasShared, parseSimpleCsv, readShared } from "../helpers/sharedData.js";

// Real confidences: DeepSample's CIFAR-100 model H, graded labels
// y = 0.8 (1 - confidence) + 0.2 U, risk toRisk(confidence, "lower"), ssrs at
// n = 100. Its strata's variances rest on a few labels each: without the
// graded per-stratum floor (flooredStratifiedEstimate, one pseudo-degree of
// freedom of the pooled within-stratum variance) these 1,000 seeded runs
// covered 93.8 %; with it 97.8 % (bench/graded-coverage.ts measures
// eight populations). The bound 0.945 is one Monte Carlo SE (0.7 points at
// 1,000 runs) below the nominal 95 %.
const RUNS = 1000;
describe.skipIf(!hasShared)("ssrs at n = 100 with graded labels on CIFAR-100 model H", () => {
  const text = readShared("deepsample/per_input/modelH_final.csv");
  const rows = text === undefined ? [] : parseSimpleCsv(text);
  const confidence = Float64Array.from(rows, (r) => Number(r.confidence));
  const g = createRng("coverage-graded-ssrs/labels");
  const y = Float64Array.from(confidence, (c) => 0.8 * (1 - c) + 0.2 * g());
  const mu = y.reduce((s, v) => s + v, 0) / y.length;
  const risk = toRisk(confidence, "lower");
  it("the default interval covers", () => {
    const prepared = preparers.ssrs(risk, 100, UNCHECKED_RNG);
    let covered = 0;
    for (let r = 0; r < RUNS; r++) {
      const e = runStrategy(
        prepared.start(createRng(`graded-ssrs/${r}`)),
        (i) => y[i] as number,
      ).estimate;
      if (e.ci[0] <= mu && mu <= e.ci[1]) covered++;
    }
    console.log(`ssrs graded (CIFAR-100 H): coverage ${(covered / RUNS).toFixed(3)}`);
    expect(covered / RUNS).toBeGreaterThanOrEqual(0.945);
  });
});
